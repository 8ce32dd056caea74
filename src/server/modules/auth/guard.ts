import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAdmin } from '../../../domain/roles';
import type { AppContext } from '../../context';
import { forbidden, unauthorized } from '../../platform/errors';
import { actorFromToken, type Actor } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

const bearerToken = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
};

/** onRequest hooks (run before the body is read or validated): `signedIn` admits any live session, `adminOnly` only traffic admins. */
export const createGuards = (ctx: AppContext) => {
  const signedIn = async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    const actor = token ? await actorFromToken({ db: ctx.db, tokens: ctx.tokens, token, cache: ctx.sessionCache }) : undefined;
    if (!actor) throw unauthorized(token ? 'Invalid or expired session' : 'Authentication required');
    request.actor = actor;
  };
  const adminOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    await signedIn(request, reply);
    if (!isAdmin(request.actor?.role)) throw forbidden('Admin access required');
  };
  return { signedIn, adminOnly };
};
export type Guards = ReturnType<typeof createGuards>;

/** The actor of a request that passed a guard. */
export const actorOf = (request: FastifyRequest): Actor => {
  if (!request.actor) throw unauthorized();
  return request.actor;
};
