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
