/**
 * Helmet's security headers (CSP, frame and referrer policies, nosniff…), worked out once at start.
 * @fastify/helmet ran helmet afresh on every request (parsing the CSP each time, in two async hooks);
 * with no per-request part (no nonces, no directive computed from the request) the headers are the
 * same for every reply, so they are set from one object (issue 11, decision 026).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets with these options, by name. */
export const securityHeaders = (options: HelmetOptions): Record<string, string> => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return headers;
};

/** Set on the raw response, as helmet does, so that a hijacked reply (the upload progress stream) has them too. */
export const registerSecurityHeaders = (app: FastifyInstance, options: HelmetOptions) => {
  const headers = Object.entries(securityHeaders(options));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
};
