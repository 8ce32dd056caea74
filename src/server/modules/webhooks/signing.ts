/**
 * Standard Webhooks signatures (standardwebhooks.com): `webhook-signature: v1,<base64 HMAC-SHA256 of
 * "id.timestamp.body">`, keyed with the base64 part of the endpoint's `whsec_…` secret.
 */
import { createHmac, randomBytes } from 'node:crypto';

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

export const signWebhook = (secret: string, id: string, timestamp: number, body: string) => {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
};

/**
 * AdCP push authentication (decision 035) for an endpoint whose secret is the buyer's credentials
 * (`whsec_<base64 of them>`): `Bearer` sends them as `Authorization: Bearer <credentials>`;
 * `HMAC-SHA256` signs `"<timestamp>.<body>"` with them as AdCP's `X-ADCP-Signature: sha256=<hex>` and
 * `X-ADCP-Timestamp`. Both come besides the Standard Webhooks headers.
 */
export const pushAuthHeaders = (scheme: string | null, secret: string, timestamp: number, body: string): Record<string, string> => {
  if (!scheme) return {};
  const credentials = Buffer.from(secret.replace(/^whsec_/, ''), 'base64').toString('utf8');
  if (scheme === 'Bearer') return { authorization: `Bearer ${credentials}` };
  if (scheme === 'HMAC-SHA256')
    return {
      'x-adcp-signature': `sha256=${createHmac('sha256', credentials).update(`${timestamp}.${body}`).digest('hex')}`,
      'x-adcp-timestamp': String(timestamp),
    };
  return {};
};
