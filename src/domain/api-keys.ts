/**
 * API keys (issue 25, decision 030): what a key may do. A key acts as its owner, narrowed by its
 * scopes; some calls are never open to a key at all (signing in, passwords, profile, users, keys).
 */
import { z } from 'zod';
import { requiredText } from './validation';

export const API_KEY_SCOPES = ['read', 'orders', 'media', 'billing', 'webhooks'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The visible start of every secret; the `prefix` shown in lists is this plus the secret's next 6 characters. */
export const API_KEY_SECRET_PREFIX = 'sb_live_';

export const isApiKeySecret = (token: string) => token.startsWith(API_KEY_SECRET_PREFIX);

export const API_KEY_NOT_ALLOWED = 'API keys cannot be used for this call';
export const missingScopeMessage = (scope: ApiKeyScope) => `This API key lacks the "${scope}" scope`;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Account calls a key never makes, whatever its scopes (reading who it acts as is allowed). */
const NEVER_FOR_KEYS = ['/api/api-keys', '/api/auth/', '/api/users'];
const READABLE_ACCOUNT_CALLS = new Set(['GET /api/auth/me', 'GET /api/auth/profile']);
const WRITE_SCOPES: [prefix: string, scope: ApiKeyScope][] = [
  ['/api/webhooks', 'webhooks'],
  ['/api/media', 'media'],
  ['/api/billing', 'billing'],
  ['/api/my/invoices', 'billing'],
];

/**
 * The scope a call needs from a key, or 'never'. Reads need `read` (webhook settings need `webhooks`);
 * writes need the scope of their area: media, billing, webhooks, and `orders` for everything else
 * (orders and their items, brands, coupons, cards, campaigns, makegoods, and for station keys the
 * rate card, traffic, as-run, reconciliation and station settings).
 */
export const requiredScope = (method: string, routeUrl: string): ApiKeyScope | 'never' => {
  if (READABLE_ACCOUNT_CALLS.has(`${method} ${routeUrl}`)) return 'read';
  if (NEVER_FOR_KEYS.some((prefix) => routeUrl.startsWith(prefix))) return 'never';
  if (routeUrl.startsWith('/api/webhooks')) return 'webhooks';
  if (READS.has(method)) return 'read';
  return WRITE_SCOPES.find(([prefix]) => routeUrl.startsWith(prefix))?.[1] ?? 'orders';
};

export const createApiKeySchema = z.object({
  name: requiredText('Name is required', 100),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: `Scopes must be among ${API_KEY_SCOPES.join(', ')}` }), { error: 'Scopes must be a list' })
    .min(1, 'Choose at least one scope')
    .max(20, 'Too many scopes')
    .transform((scopes) => [...new Set(scopes)])
    .optional(),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  station: z.boolean(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createdApiKeyReplySchema = z.object({ api_key: apiKeySchema, secret: z.string() });
export const apiKeyListReplySchema = z.object({ api_keys: z.array(apiKeySchema) });
