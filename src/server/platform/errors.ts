import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { fieldPath } from '../../domain/validation';

/**
 * A failure with a status and a message meant for the person who caused it; `field` names the input
 * it is about, in the request's naming (decision 043), and is answered beside the message.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** A 400; `field` when the refusal is about one input (`start_date`, `selectedDayparts[0].user_defined_cpm`). */
export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'Access denied') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message = 'Too many requests. Please try again later.') => new HttpError(429, message);

/** The client closed the connection before its reply: queued database work is not started (decision 022). Nobody reads the reply. */
export class ClientGoneError extends HttpError {
  constructor() {
    super(499, 'Client closed request');
  }
}

interface ValidationIssue {
  message?: string;
  instancePath?: string;
  params?: { issue?: { message?: string } };
}

/** The reply of an error: `{ error }`, and `field` after it when the error names one (decision 043). */
export const errorReply = (message: string, field?: string): { error: string; field?: string } => (field ? { error: message, field } : { error: message });

/** Turns every error into `{ error }` (with its `field` when it has one) and a fitting status; a 500 never leaks internals. */
export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((thrown: FastifyError | HttpError, request, reply) => {
    // A query refused because its client had gone reaches here wrapped ("Failed query: ...", issue 29 item 21).
    const error = clientGoneCause(thrown) ?? thrown;
    if (error instanceof ClientGoneError) {
      // Nobody reads this reply: the browser aborted the request (a page left quickly). Not an error of ours.
      request.log.info('request aborted by the client before its database work started');
      return reply.code(499).send({ error: error.message });
    }
    if (request.raw.socket?.destroyed && !(error instanceof HttpError)) {
      // The client left and then the work failed: kept in the log, but as a warning, not as an error of the service.
      request.log.warn({ err: error }, 'request failed after the client had gone');
      return reply.code(500).send({ error: 'Internal server error' });
    }
    if (error instanceof HttpError) {
      const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
      return reply.code(error.statusCode).send(errorReply(error.message, error.field));
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0] as ValidationIssue | undefined;
      const message = first?.params?.issue?.message ?? first?.message ?? 'Invalid request';
      // A path id that cannot exist (not a uuid) is simply not found: no field, the resource is missing.
      const inPath = (error as { validationContext?: string }).validationContext === 'params';
      if (inPath) return reply.code(404).send({ error: message });
      return reply.code(400).send(errorReply(message, fieldPath(pathOf(first?.instancePath))));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ error: 'Internal server error' });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({ error: clientErrorMessage(error as FastifyError) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'Internal server error' });
  });
};

/**
 * The zod issue's path from the plugin's `instancePath` (`/selectedDayparts/2/user_defined_cpm`), the
 * only place it keeps it: a segment of digits is a list position.
 */
export const pathOf = (instancePath: string | undefined): (string | number)[] =>
  (instancePath ?? '')
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));

/** The ClientGoneError behind an error (drizzle wraps a refused query in DrizzleQueryError's `cause`). */
const clientGoneCause = (error: unknown): ClientGoneError | undefined => {
  for (let at: unknown = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth++) {
    if (at instanceof ClientGoneError) return at;
  }
  return undefined;
};

const clientErrorMessage = (error: FastifyError): string => {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Malformed JSON in request body';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    default:
      return error.message || 'Bad request';
  }
};
