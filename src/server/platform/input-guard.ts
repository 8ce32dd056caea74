/**
 * One rule for every string the API accepts: no NUL character (PostgreSQL cannot store it in text,
 * so it would fail deep in a query). Checked once for all routes, on the query and the JSON body,
 * before validation: 400 naming the field. See docs/decisions/008-hardening.md.
 */
import type { FastifyInstance } from 'fastify';
import { fieldPath } from '../../domain/validation';
import { badRequest } from './errors';

const MAX_DEPTH = 64;

/** The keys down to the first string or key holding a NUL ([] for the value itself), or null. */
export const nulPath = (value: unknown, depth = 0): (string | number)[] | null => {
  if (typeof value === 'string') return value.includes('\u0000') ? [] : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, child] of Object.entries(value)) {
    const segment = Array.isArray(value) ? Number(key) : key;
    if (key.includes('\u0000')) return [key.split('\u0000').join('')];
    const inner = nulPath(child, depth + 1);
    if (inner !== null) return [segment, ...inner];
  }
  return null;
};

export const registerInputGuard = (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    // Path ids are checked by each route's schema (an id that cannot exist is a 404, NUL or not).
    for (const [part, value] of [
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const at = nulPath(value);
      if (at !== null) throw badRequest(`${at.join('.') || part} must not contain the NUL character (\\u0000)`, fieldPath(at));
    }
  });
};
