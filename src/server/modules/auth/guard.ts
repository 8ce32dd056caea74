import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAdmin } from '../../../domain/roles';
import type { AppContext } from '../../context';
import { forbidden, unauthorized } from '../../platform/errors';
import { API_KEY_NOT_ALLOWED, isApiKeySecret, missingScopeMessage, requiredScope } from '../../../domain/api-keys';
import { actorFromApiKey } from '../api-keys/service';
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
    if (token && isApiKeySecret(token)) {
      // An API key (decision 030): its owner, narrowed by its scopes; account calls are never open to it.
      const actor = await actorFromApiKey({ db: ctx.db, secret: token, cache: ctx.apiKeyCache });
      if (!actor) throw unauthorized('Invalid or revoked API key');
      const scope = requiredScope(request.method, request.routeOptions.url ?? request.url);
      if (scope === 'never') throw forbidden(API_KEY_NOT_ALLOWED);
      if (!actor.apiKey!.scopes.includes(scope)) throw forbidden(missingScopeMessage(scope));
      request.actor = actor;
      return;
    }
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
