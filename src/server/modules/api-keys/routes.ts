import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeyListReplySchema, apiKeySchema, createApiKeySchema, createdApiKeyReplySchema } from '../../../domain/api-keys';
import { errorReplySchema } from '../../../domain/auth';
import type { AppContext } from '../../context';
import { actorOf, type Guards } from '../auth/guard';
import { apiKeySessionId, createApiKey, listApiKeys, revokeApiKey } from './service';

const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema };
const security = [{ bearerAuth: [] }];

/** The signed-in user's API keys (decision 030). Keys themselves never reach these calls (guard.ts). */
export const apiKeysRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api-keys',
    { onRequest: guards.signedIn, schema: { tags: ['api-keys'], security, body: createApiKeySchema, response: { 201: createdApiKeyReplySchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await createApiKey({ db: ctx.db, actor: actorOf(request), input: request.body })),
  );

  r.get(
    '/api-keys',
    { onRequest: guards.signedIn, schema: { tags: ['api-keys'], security, response: { 200: apiKeyListReplySchema, ...errors } } },
    async (request) => ({
      api_keys: await listApiKeys({ db: ctx.db, actor: actorOf(request) }),
    }),
  );

  r.delete(
    '/api-keys/:id',
    {
      onRequest: guards.signedIn,
      schema: {
        tags: ['api-keys'],
        security,
        params: z.object({ id: z.uuid({ error: 'API key not found' }) }),
        response: { 200: z.object({ api_key: apiKeySchema }), ...errors },
      },
    },
    async (request) => {
      const apiKey = await revokeApiKey({ db: ctx.db, actor: actorOf(request), id: request.params.id });
      // Every instance forgets the key at once (the realtime adapter), not after its cache entry ages out.
      ctx.realtime.sessionsChanged({ sessionId: apiKeySessionId(apiKey.id) });
      return { api_key: apiKey };
    },
  );
};
