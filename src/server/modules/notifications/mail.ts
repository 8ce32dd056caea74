/** E-mail for an event: one message per active recipient of its type in notification_settings. */
import { and, eq } from 'drizzle-orm';
import { NOTIFICATION_TYPE_INFO } from '../../../domain/notification-schemas';
import type { NotificationType } from '../../../domain/realtime';
import { notificationSettings } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { MailMessage } from '../../platform/mail';
import type { NotificationInput } from './store';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Where the e-mail's link leads in the app. */
export const linkFor = (appUrl: string, input: NotificationInput): string => {
  if (input.estimateId) return `${appUrl}/app/estimates/${input.estimateId}`;
  if (input.type === 'new_media_upload' || input.type === 'media_status_change') return `${appUrl}/app/admin/media-approvals`;
  return `${appUrl}/app/dashboard`;
};

export const activeRecipients = async (db: Db, type: NotificationType): Promise<string[]> => {
  const rows = await db
    .select({ email: notificationSettings.recipientEmail })
    .from(notificationSettings)
    .where(and(eq(notificationSettings.notificationType, type), eq(notificationSettings.isActive, true)));
  return rows.map((r) => r.email);
};

export const composeMail = (appUrl: string, to: string, input: NotificationInput): MailMessage => {
  const link = linkFor(appUrl, input);
  const details = [
    input.estimateName ? `Order: ${input.estimateName}` : undefined,
    input.filename ? `File: ${input.filename}` : undefined,
    input.status ? `Status: ${input.status}` : undefined,
  ].filter((line): line is string => line !== undefined);
  const heading = NOTIFICATION_TYPE_INFO[input.type].name;
  const subject = `Spotbook: ${input.message}`.replace(/[\r\n]+/g, ' ').slice(0, 200);
  return {
    to,
    subject,
    text: [
      input.message,
      '',
      ...details,
      ...(details.length > 0 ? [''] : []),
      `Open it in Spotbook: ${link}`,
      '',
      `You receive this because you are a recipient of "${heading}" notifications.`,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(input.message)}</p>`,
      ...(details.length > 0 ? [`<p>${details.map(escapeHtml).join('<br>')}</p>`] : []),
      `<p><a href="${escapeHtml(link)}">Open it in Spotbook</a></p>`,
      `<p style="color:#666">You receive this because you are a recipient of "${escapeHtml(heading)}" notifications.</p>`,
    ].join(''),
  };
};
