import { z } from 'zod';

/** Longest free-text value accepted anywhere; keeps hostile payloads small. */
export const MAX_TEXT = 500;
export const MAX_EMAIL = 254;
export const MAX_PASSWORD = 200;

// A dotted domain, or localhost: the first administrator's default address is admin@localhost.
const EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@]+\.[^\s@]+|localhost)$/i;

export const isValidEmail = (value: string): boolean => EMAIL_PATTERN.test(value);

/** A string that must be present and non-blank; every failure (missing, wrong type, blank) says `message`. */
export const requiredText = (message: string, max = MAX_TEXT) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${message.replace(/ is required$/, '')} must be at most ${max} characters`);

/** Required e-mail, trimmed and lower-cased. */
export const requiredEmail = (requiredMessage: string, invalidMessage = 'Please enter a valid email address') =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(MAX_EMAIL, invalidMessage)
    .refine(isValidEmail, invalidMessage)
    .transform((value) => value.toLowerCase());

/** The first message of a failed zod parse: the spec shows one message at a time. */
export const firstIssueMessage = (error: z.ZodError): string => error.issues[0]?.message ?? 'Invalid input';

/**
 * The field an error is about, in the request's own naming (decision 043): object keys joined by
 * dots, list positions in brackets (`start_date`, `selectedDayparts[2].user_defined_cpm`). Undefined
 * for an empty path: the error is about the request as a whole.
 */
export const fieldPath = (path: readonly PropertyKey[]): string | undefined => {
  let field = '';
  for (const key of path) {
    if (typeof key === 'number') field += `[${key}]`;
    else field += field ? `.${String(key)}` : String(key);
  }
  return field || undefined;
};

/** The field of a failed zod parse's first issue (the one whose message is answered). */
export const firstIssueField = (error: z.ZodError): string | undefined => fieldPath(error.issues[0]?.path ?? []);

/**
 * A file name sent with a multipart upload, as it is kept and shown: its last path segment, without
 * control characters (NUL, which PostgreSQL cannot store, included: decision 008), trimmed, at most
 * `max` characters (its end kept: the extension); `fallback` when nothing is left.
 */
export const cleanFileName = (name: string, fallback: string, max = 255): string =>
  (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .trim()
    .slice(-max) || fallback;
