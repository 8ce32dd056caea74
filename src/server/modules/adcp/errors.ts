/** AdCP errors (decision 035): `{ errors: [{ code, message, field, suggestion }] }`, never a crash. */
import type { ZodError } from 'zod';
import { HttpError } from '../../platform/errors';

export interface AdcpErrorBody {
  code: string;
  message: string;
  field?: string;
  suggestion?: string;
  details?: Record<string, unknown>;
  retry_after?: number;
  recovery?: 'transient' | 'correctable' | 'terminal';
}

export class AdcpError extends Error {
  constructor(readonly body: AdcpErrorBody) {
    super(body.message);
  }
}

export const adcpError = (code: string, message: string, extra: Omit<AdcpErrorBody, 'code' | 'message'> = {}) =>
  new AdcpError({ code, message, recovery: 'correctable', ...extra });

/** The first problems of a failed schema check, each naming its field. */
export const validationErrors = (error: ZodError): AdcpErrorBody[] =>
  error.issues.slice(0, 5).map((issue) => ({
    code: 'INVALID_REQUEST',
    message: issue.message,
    ...(issue.path.length > 0 && { field: issue.path.map(String).join('.') }),
    suggestion: 'Correct the field as the AdCP schema of this task describes it',
    recovery: 'correctable' as const,
  }));

const HTTP_CODES: Record<number, string> = {
  400: 'INVALID_REQUEST',
  401: 'AUTH_REQUIRED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  422: 'INVALID_REQUEST',
  429: 'RATE_LIMITED',
};

/** Any failure as AdCP errors: Spotbook's own messages keep their words; a fault never shows its internals. */
export const toAdcpErrors = (error: unknown): { errors: AdcpErrorBody[]; internal: boolean } => {
  if (error instanceof AdcpError) return { errors: [error.body], internal: false };
  if (error instanceof HttpError && error.statusCode < 500) {
    return {
      errors: [
        { code: HTTP_CODES[error.statusCode] ?? 'INVALID_REQUEST', message: error.message, recovery: error.statusCode === 429 ? 'transient' : 'correctable' },
      ],
      internal: false,
    };
  }
  return {
    errors: [{ code: 'SERVICE_UNAVAILABLE', message: 'The station could not complete this task; please retry shortly', recovery: 'transient' }],
    internal: true,
  };
};
