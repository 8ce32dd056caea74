import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSetting } from '../../domain/notification-schemas';
import type { Notification, NotificationType } from '../../domain/realtime';
import { apiRequest } from './client';

/** GET /api/notifications: the signed-in user's stored history (newest 50). */
export interface NotificationList {
  notifications: Notification[];
  unread_count: number;
  total: number;
}

export interface NotificationTypeInfo {
  type: NotificationType;
  name: string;
  description: string;
}

export type { NotificationSetting };

export interface SettingCreateBody {
  notification_type: string;
  recipient_email: string;
}

export interface SettingUpdateBody {
  recipient_email?: string;
  is_active?: boolean;
}

interface MessageReply {
  message: string;
}

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  types: ['notifications', 'types'] as const,
  settings: ['notifications', 'settings'] as const,
};

const settingPath = (id: string) => `/notifications/settings/${encodeURIComponent(id)}`;

export const fetchNotifications = (signal?: AbortSignal) => apiRequest<NotificationList>('/notifications', { signal });
export const markNotificationRead = (id: string) => apiRequest<MessageReply>(`/notifications/${encodeURIComponent(id)}/read`, { method: 'PATCH' });
export const markAllNotificationsRead = () => apiRequest<MessageReply>('/notifications/read-all', { method: 'PATCH' });
export const clearNotifications = () => apiRequest<MessageReply>('/notifications', { method: 'DELETE' });

export const fetchNotificationTypes = async (signal?: AbortSignal) =>
  (await apiRequest<{ types: NotificationTypeInfo[] }>('/notifications/types', { signal })).types;
export const fetchNotificationSettings = async (signal?: AbortSignal) =>
  (await apiRequest<{ settings: NotificationSetting[] }>('/notifications/settings', { signal })).settings;
export const createNotificationSetting = (body: SettingCreateBody) =>
  apiRequest<NotificationSetting>('/notifications/settings', { method: 'POST', body });
export const updateNotificationSetting = (id: string, body: SettingUpdateBody) =>
  apiRequest<NotificationSetting>(settingPath(id), { method: 'PUT', body });
export const deleteNotificationSetting = (id: string) => apiRequest<MessageReply>(settingPath(id), { method: 'DELETE' });

/** The bell's history; live notifications are merged into this cache by the realtime provider. */
export const useNotificationHistory = (enabled: boolean) =>
  useQuery({ queryKey: notificationKeys.list, queryFn: ({ signal }) => fetchNotifications(signal), enabled, staleTime: 60_000 });

/** The notification types never change while the app runs. */
export const useNotificationTypes = () =>
  useQuery({ queryKey: notificationKeys.types, queryFn: ({ signal }) => fetchNotificationTypes(signal), staleTime: Infinity });
export const useNotificationSettings = () =>
  useQuery({ queryKey: notificationKeys.settings, queryFn: ({ signal }) => fetchNotificationSettings(signal) });

const useSettingMutation = <TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.settings }) });
};

export const useCreateNotificationSetting = () => useSettingMutation((body: SettingCreateBody) => createNotificationSetting(body));
export const useUpdateNotificationSetting = () =>
  useSettingMutation(({ id, body }: { id: string; body: SettingUpdateBody }) => updateNotificationSetting(id, body));
export const useDeleteNotificationSetting = () => useSettingMutation((id: string) => deleteNotificationSetting(id));
