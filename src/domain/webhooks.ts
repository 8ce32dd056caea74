/**
 * Signed webhooks (issue 25, decision 030): the events an endpoint may subscribe to, and the shapes of
 * the calls that manage endpoints and their deliveries.
 */
import { z } from 'zod';

export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.submitted',
  'order.status_changed',
  /** A schedule revision was proposed, approved or rejected (decision 064). */
  'order.schedule_revision',
  'media.status_changed',
  'delivery.updated',
  'makegood.offered',
  'makegood.accepted',
  'makegood.declined',
  'makegood.expired',
  /** ADUs (no-charge spots for an audience shortfall, decision 057) were offered on an order; each is then a makegood offer. */
  'adu.offered',
  'invoice.sent',
  'invoice.paid',
  'invoice.voided',
  'credit_note.issued',
  /** An AdCP task's status changed (decision 035): the buyer's push notification. */
  'adcp.task_status',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number] | 'webhook.test';

export const WEBHOOK_URL_INVALID = 'Webhook URL must be an http or https address';
export const WEBHOOK_URL_PRIVATE = 'Webhook URL must not point to a loopback, private, link-local or metadata address';

const url = z
  .string({ error: WEBHOOK_URL_INVALID })
  .trim()
  .max(2000, 'Webhook URL must be at most 2000 characters')
  .refine((value) => {
    try {
      const parsed = new URL(value);
      return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && !parsed.username && !parsed.password;
    } catch {
      return false;
    }
  }, WEBHOOK_URL_INVALID);
const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `Events must be among ${WEBHOOK_EVENT_TYPES.join(', ')}` }), { error: 'Events must be a list' })
  .min(1, 'Choose at least one event')
  .max(50, 'Too many events')
  .transform((list) => [...new Set(list)]);

export const createWebhookSchema = z.object({
  url,
  events,
  description: z.string().trim().max(500, 'Description must be at most 500 characters').nullish(),
});
export const updateWebhookSchema = z.object({
  url: url.optional(),
  events: events.optional(),
  enabled: z.boolean({ error: 'Enabled must be true or false' }).optional(),
});

export const webhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable(),
  station: z.boolean(),
  created_at: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookDeliverySchema = z.object({
  id: z.uuid(),
  event_id: z.string(),
  event_type: z.string(),
  state: z.enum(['pending', 'succeeded', 'failed']),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  attempts: z.array(z.object({ attempted_at: z.string(), status_code: z.number().nullable(), error: z.string().nullable(), duration_ms: z.number() })),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** The body every endpoint receives, but for AdCP's task events. */
export interface WebhookPayload {
  type: WebhookEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * Events whose data is already the whole body in another protocol's shape: `adcp.task_status` is
 * AdCP's webhook payload (task_id, task_type, status, timestamp, result), what a buying agent parses
 * (decision 035). Signed the same way as every other body.
 */
const BARE_EVENTS: readonly string[] = ['adcp.task_status'];

export const webhookBodyOf = (type: string, occurredAt: Date, data: Record<string, unknown>): string =>
  JSON.stringify(BARE_EVENTS.includes(type) ? data : ({ type: type as WebhookEventType, timestamp: occurredAt.toISOString(), data } satisfies WebhookPayload));
