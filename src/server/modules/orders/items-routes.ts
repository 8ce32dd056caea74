import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema, messageReplySchema } from '../../../domain/auth';
import { ESTIMATE_MESSAGES, estimateItemSchema, itemBulkSchema, itemCreateSchema, itemUpdateSchema } from '../../../domain/estimate-schemas';
import type { AppContext } from '../../context';
import { actorOf, type Guards } from '../auth/guard';
import { addItem, deleteItem, listOrderItems, replaceItems, updateItem } from './items-service';

const orderParams = z.object({ estimateId: z.uuid({ error: ESTIMATE_MESSAGES.notFound }) });
const itemParams = orderParams.extend({ itemId: z.uuid({ error: ESTIMATE_MESSAGES.itemNotFound }) });
const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };
const tags = { tags: ['estimate-items'], security: [{ bearerAuth: [] }] };

export const estimateItemsRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: guards.signedIn };

  r.get(
    '/estimate-items/:estimateId',
    { ...signedIn, schema: { ...tags, params: orderParams, response: { 200: z.array(estimateItemSchema), ...errors } } },
    (request) => listOrderItems({ db: ctx.db, actor: actorOf(request), estimateId: request.params.estimateId }),
  );

  r.post(
    '/estimate-items/:estimateId',
    { ...signedIn, schema: { ...tags, params: orderParams, body: itemCreateSchema, response: { 201: estimateItemSchema, ...errors } } },
    async (request, reply) =>
      reply.code(201).send(await addItem({ db: ctx.db, actor: actorOf(request), estimateId: request.params.estimateId, input: request.body })),
  );

  r.post(
    '/estimate-items/:estimateId/bulk',
    { ...signedIn, schema: { ...tags, params: orderParams, body: itemBulkSchema, response: { 200: z.array(estimateItemSchema), ...errors } } },
    (request) => replaceItems({ db: ctx.db, actor: actorOf(request), estimateId: request.params.estimateId, input: request.body }),
  );

  r.put(
    '/estimate-items/:estimateId/:itemId',
    { ...signedIn, schema: { ...tags, params: itemParams, body: itemUpdateSchema, response: { 200: estimateItemSchema, ...errors } } },
    (request) => updateItem({ db: ctx.db, actor: actorOf(request), estimateId: request.params.estimateId, itemId: request.params.itemId, input: request.body }),
  );

  r.delete(
    '/estimate-items/:estimateId/:itemId',
    { ...signedIn, schema: { ...tags, params: itemParams, response: { 200: messageReplySchema, ...errors } } },
    async (request) => {
      await deleteItem({ db: ctx.db, actor: actorOf(request), estimateId: request.params.estimateId, itemId: request.params.itemId });
      return { message: ESTIMATE_MESSAGES.itemDeleted };
    },
  );
};
