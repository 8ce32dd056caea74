import type { FastifyServerOptions } from 'fastify';

/** Hides secrets that can appear in a URL: reset tokens in the path, tokens in the query. */
export const redactUrl = (url: string): string =>
  url.replace(/(\/reset-password\/)[^/?#]+/i, '$1[redacted]').replace(/([?&](?:token|access_token)=)[^&#]*/gi, '$1[redacted]');

export const loggerOptions = (level: string): FastifyServerOptions['logger'] => ({
  level,
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.newPassword', '*.token'],
    censor: '[redacted]',
  },
  serializers: {
    req: (req: { method: string; url: string; ip?: string; id?: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url), ip: req.ip }),
  },
});
