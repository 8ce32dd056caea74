import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';

/** Hides secrets that can appear in a URL: reset tokens in the path, tokens in the query. */
export const redactUrl = (url: string): string =>
  url.replace(/(\/reset-password\/)[^/?#]+/i, '$1[redacted]').replace(/([?&](?:token|access_token)=)[^&#]*/gi, '$1[redacted]');

const HIDDEN_KEYS = new Set(['params', 'parameters', 'detail']);
const PARAMS_IN_TEXT = /\nparams: [\s\S]*$/;

/** Removes the values a failed query carries (its parameters: password hashes, tokens, personal details). */
const scrub = (value: unknown, depth = 0): unknown => {
  if (typeof value === 'string') return value.replace(PARAMS_IN_TEXT, '\nparams: [redacted]');
  if (!value || typeof value !== 'object' || depth > 5) return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, HIDDEN_KEYS.has(k) ? '[redacted]' : k === 'stack' && typeof v === 'string' ? v.split('\nparams: ')[0] : scrub(v, depth + 1)]));
};

/** Errors as pino serializes them, without the parameters of failed queries (drizzle puts them in the message too). */
export const safeErrorSerializer = (err: Error) => scrub(pino.stdSerializers.err(err)) as { [key: string]: unknown; type: string; message: string; stack: string };

export const loggerOptions = (level: string): FastifyServerOptions['logger'] => ({
  level,
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.newPassword', '*.token'],
    censor: '[redacted]',
  },
  serializers: {
    err: safeErrorSerializer,
    error: safeErrorSerializer,
    req: (req: { method: string; url: string; ip?: string; id?: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url), ip: req.ip }),
  },
});
