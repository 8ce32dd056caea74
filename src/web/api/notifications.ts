import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSetting } from '../../domain/notification-schemas';
import type { Notification, NotificationType } from '../../domain/realtime';
import { api } from './typed';

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

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  types: ['notifications', 'types'] as const,
  settings: ['notifications', 'settings'] as const,
};

export const fetchNotifications = (signal?: AbortSignal): Promise<NotificationList> => api.get('/api/notifications', { signal });
export const markNotificationRead = (id: string) => api.patch('/api/notifications/{id}/read', { path: { id } });
export const markAllNotificationsRead = () => api.patch('/api/notifications/read-all');
export const clearNotifications = () => api.delete('/api/notifications');

export const fetchNotificationTypes = async (signal?: AbortSignal) => (await api.get('/api/notifications/types', { signal })).types;
export const fetchNotificationSettings = async (signal?: AbortSignal) => (await api.get('/api/notifications/settings', { signal })).settings;
export const createNotificationSetting = (body: SettingCreateBody) => api.post('/api/notifications/settings', { body });
export const updateNotificationSetting = (id: string, body: SettingUpdateBody) => api.put('/api/notifications/settings/{id}', { path: { id }, body });
export const deleteNotificationSetting = (id: string) => api.delete('/api/notifications/settings/{id}', { path: { id } });

/** The bell's history; live notifications are merged into this cache by the realtime provider. */
export const useNotificationHistory = (enabled: boolean) =>
  useQuery({ queryKey: notificationKeys.list, queryFn: ({ signal }) => fetchNotifications(signal), enabled, staleTime: 60_000 });

/** The notification types never change while the app runs. */
export const useNotificationTypes = () =>
  useQuery({ queryKey: notificationKeys.types, queryFn: ({ signal }) => fetchNotificationTypes(signal), staleTime: Infinity });
export const useNotificationSettings = () => useQuery({ queryKey: notificationKeys.settings, queryFn: ({ signal }) => fetchNotificationSettings(signal) });

const useSettingMutation = <TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.settings }) });
};

export const useCreateNotificationSetting = () => useSettingMutation((body: SettingCreateBody) => createNotificationSetting(body));
export const useUpdateNotificationSetting = () =>
  useSettingMutation(({ id, body }: { id: string; body: SettingUpdateBody }) => updateNotificationSetting(id, body));
export const useDeleteNotificationSetting = () => useSettingMutation((id: string) => deleteNotificationSetting(id));
