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
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      HIDDEN_KEYS.has(k) ? '[redacted]' : k === 'stack' && typeof v === 'string' ? v.split('\nparams: ')[0] : scrub(v, depth + 1),
    ]),
  );
};

/**
 * What a failed query's cause (the database's error) may show: which rule failed, never its message or
 * detail, which can quote the values (a failing row, an invalid input).
 */
const CAUSE_KEYS = ['code', 'severity', 'constraint', 'table', 'column', 'schema'] as const;
const causeOf = (err: Error) => {
  const cause = (err as { cause?: unknown }).cause;
  if (!cause || typeof cause !== 'object') return undefined;
  const fields = Object.fromEntries(
    CAUSE_KEYS.flatMap((key) => (typeof (cause as Record<string, unknown>)[key] === 'string' ? [[key, (cause as Record<string, string>)[key]]] : [])),
  );
  return Object.keys(fields).length > 0 ? { type: cause.constructor?.name ?? 'Error', ...fields } : undefined;
};

/** Errors as pino serializes them, without the parameters of failed queries (drizzle puts them in the message too). */
export const safeErrorSerializer = (err: Error) => {
  const serialized = scrub(pino.stdSerializers.err(err)) as { [key: string]: unknown; type: string; message: string; stack: string };
  const cause = err && typeof err === 'object' ? causeOf(err) : undefined;
  return cause ? { ...serialized, cause } : serialized;
};

/** The app's logger settings; `stream` replaces standard output (tests read what would be logged). */
export const loggerOptions = (level: string, stream?: pino.DestinationStream): FastifyServerOptions['logger'] => ({
  level,
  ...(stream && { stream }),
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
