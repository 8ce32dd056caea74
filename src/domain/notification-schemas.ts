/** Reply and request shapes of /api/notifications (the bell's history and the e-mail recipient settings). */
import { z } from 'zod';
import { NOTIFICATION_TYPES, SYSTEM_SUB_TYPES, isNotificationType, type NotificationType } from './realtime';
import { MAX_EMAIL, isValidEmail } from './validation';

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found',
  markedRead: 'Notification marked as read',
  allRead: 'All notifications marked as read',
  cleared: 'All notifications cleared',
  settingRequired: 'Notification type and email are required',
  invalidEmail: 'Please enter a valid email address',
  unknownType: 'Unknown notification type',
  typeFixed: 'Notification type cannot be changed',
  isActiveBoolean: 'is_active must be true or false',
  duplicate: 'This email already receives this notification type',
  settingNotFound: 'Setting not found',
  settingDeleted: 'Setting deleted successfully',
} as const;

export const NOTIFICATION_TYPE_INFO: Record<NotificationType, { name: string; description: string }> = {
  estimate_status_change: { name: 'Order Status Changes', description: 'An order is approved, rejected, sent back for changes or moved to another status' },
  new_estimate: { name: 'New Orders', description: 'A client submits an order for approval' },
  media_status_change: { name: 'Media Status Changes', description: 'A media file is approved or rejected' },
  new_media_upload: { name: 'New Media Uploads', description: 'A client uploads a media file that needs approval' },
  system_message: { name: 'System Messages', description: 'Announcements and system alerts' },
  makegood_offer: { name: 'Makegood Offers', description: 'A spot did not air and a makegood is offered to the advertiser' },
};

export const notificationSchema = z.object({
  id: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  message: z.string(),
  subType: z.enum(SYSTEM_SUB_TYPES).nullable(),
  status: z.string().nullable(),
  estimateId: z.uuid().nullable(),
  estimateName: z.string().nullable(),
  mediaId: z.uuid().nullable(),
  filename: z.string().nullable(),
  timestamp: z.string(),
  read: z.boolean(),
});

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread_count: z.number().int(),
  total: z.number().int(),
});

export const notificationTypesReplySchema = z.object({
  types: z.array(z.object({ type: z.enum(NOTIFICATION_TYPES), name: z.string(), description: z.string() })),
});

export const notificationSettingSchema = z.object({
  id: z.uuid(),
  notification_type: z.enum(NOTIFICATION_TYPES),
  recipient_email: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;
export const notificationSettingsReplySchema = z.object({ settings: z.array(notificationSettingSchema) });

const M = NOTIFICATION_MESSAGES;
const requiredField = z.string({ error: M.settingRequired }).trim().min(1, M.settingRequired);

export const settingCreateSchema = z
  .object(
    { notification_type: requiredField.max(64, M.unknownType), recipient_email: requiredField.max(MAX_EMAIL, M.invalidEmail) },
    { error: M.settingRequired },
  )
  .superRefine((body, check) => {
    if (!isValidEmail(body.recipient_email)) check.addIssue({ code: 'custom', message: M.invalidEmail, path: ['recipient_email'] });
    else if (!isNotificationType(body.notification_type)) check.addIssue({ code: 'custom', message: M.unknownType, path: ['notification_type'] });
  })
  .transform((body) => ({ notification_type: body.notification_type as NotificationType, recipient_email: body.recipient_email.toLowerCase() }));
export type SettingCreateInput = z.infer<typeof settingCreateSchema>;

export const settingUpdateSchema = z
  .object(
    {
      notification_type: z.string({ error: M.typeFixed }).max(64, M.typeFixed).optional(),
      recipient_email: z
        .string({ error: M.invalidEmail })
        .trim()
        .min(1, M.settingRequired)
        .max(MAX_EMAIL, M.invalidEmail)
        .refine(isValidEmail, M.invalidEmail)
        .transform((value) => value.toLowerCase())
        .optional(),
      is_active: z.boolean({ error: M.isActiveBoolean }).optional(),
    },
    { error: 'Invalid request body' },
  )
  .nullish()
  .transform((body) => body ?? {});
export type SettingUpdateInput = z.infer<typeof settingUpdateSchema>;
