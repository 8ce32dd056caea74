/**
 * The machine API in the OpenAPI description (issue 25, decision 030): the API key scheme, the
 * Idempotency-Key header on every write, and the `webhooks` section, one entry per event.
 */
import { WEBHOOK_EVENT_TYPES } from '../../domain/webhooks';

export const apiKeySecurityScheme = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'sb_live_…',
  description:
    'An API key made on Profile → API keys (or POST /api/api-keys), sent as `Authorization: Bearer sb_live_…`. It acts as its owner within its scopes (read, orders, media, billing, webhooks); outside them 403. Keys never sign in, change passwords or make keys.',
} as const;

const idempotencyKeyHeader = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  pattern: '^[\\x21-\\x7E]+$',
  description:
    'Optional. The first answer under this key is stored for IDEMPOTENCY_TTL_HOURS (24) and replayed to a repeat of the same request with `Idempotency-Replayed: true`; another request under the key answers 422, a repeat while the first runs 409 with Retry-After; 5xx answers are not stored.',
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Adds the Idempotency-Key header to the description of every signed-in write under /api. */
export const withIdempotencyHeader = <T extends { schema: object; url: string }>(transformed: T, method: string | string[]): T => {
  const schema = transformed.schema as { security?: unknown; headers?: { properties?: Record<string, unknown> } };
  const methods = [method].flat();
  if (!transformed.url.startsWith('/api/') || !methods.some((m) => WRITES.has(m)) || !schema.security) return transformed;
  const headers = schema.headers ?? {};
  return {
    ...transformed,
    schema: { ...schema, headers: { ...headers, type: 'object', properties: { ...headers.properties, 'idempotency-key': idempotencyKeyHeader } } },
  };
};

const signatureHeaders = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description: 'The event id (`msg_…`), the same on every retry: receivers drop duplicates by it.',
  },
  { name: 'webhook-timestamp', in: 'header', required: true, schema: { type: 'string' }, description: 'Seconds since 1970 when this attempt was signed.' },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description:
      '`v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed with the endpoint secret (`whsec_…`): Standard Webhooks, verifiable with the `standardwebhooks` package.',
  },
];

const DATA: Record<string, Record<string, { type: string | string[]; items?: { type: string | string[] } }>> = {
  order: { order_id: { type: 'string' }, name: { type: 'string' }, status: { type: 'string' }, previous_status: { type: ['string', 'null'] } },
  invoice: { invoice_id: { type: 'string' }, invoice_number: { type: 'string' }, order_id: { type: 'string' } },
  credit_note: {
    credit_note_id: { type: 'string' },
    credit_number: { type: 'string' },
    invoice_id: { type: 'string' },
    amount: { type: 'number' },
    reason: { type: 'string' },
  },
  makegood: { makegood_id: { type: 'string' }, order_id: { type: 'string' } },
  adu: {
    order_id: { type: 'string' },
    adus: { type: 'integer' },
    makegood_ids: { type: 'array', items: { type: 'string' } },
    air_dates: { type: 'array', items: { type: 'string' } },
  },
  media: {
    media_id: { type: 'string' },
    brand_id: { type: 'string' },
    filename: { type: 'string' },
    ad_id: { type: ['string', 'null'] },
    status: { type: 'string' },
    previous_status: { type: 'string' },
  },
  delivery: {
    order_id: { type: 'string' },
    name: { type: 'string' },
    as_run_import_id: { type: 'string' },
    aired: { type: 'integer' },
    missed: { type: 'integer' },
    made_good: { type: 'integer' },
    unconfirmed: { type: 'integer' },
    scheduled: { type: 'integer' },
  },
};

/** The `webhooks` section: what each event's POST to an endpoint carries. */
export const webhooksSection = () =>
  Object.fromEntries(
    [...WEBHOOK_EVENT_TYPES, 'webhook.test'].map((type) => [
      type,
      {
        post: {
          summary: `${type}`,
          description:
            'Delivered at least once; retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 24 h until a 2xx. 410 disables the endpoint; 15 s timeout.',
          parameters: signatureHeaders,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['type', 'timestamp', 'data'],
                  properties: {
                    type: { type: 'string', enum: [type] },
                    timestamp: { type: 'string', format: 'date-time' },
                    data: { type: 'object', properties: DATA[type.split('.')[0]!] ?? {} },
                  },
                },
              },
            },
          },
          responses: { '2XX': { description: 'Received' }, '410': { description: 'Gone: the endpoint is disabled' } },
        },
      },
    ]),
  );
