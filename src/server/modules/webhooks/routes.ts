import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema, messageReplySchema } from '../../../domain/auth';
import { WEBHOOK_URL_PRIVATE, createWebhookSchema, updateWebhookSchema, webhookDeliverySchema, webhookSchema } from '../../../domain/webhooks';
import type { AppContext } from '../../context';
import { HttpError } from '../../platform/errors';
import { actorOf, type Guards } from '../auth/guard';
import { resolvesToPublic } from './address-guard';
import type { WebhookDispatcher } from './dispatcher';
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, retryDelivery, sendTestEvent, updateWebhook, WEBHOOK_NOT_FOUND } from './store';

const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };
const security = [{ bearerAuth: [] }];
const idParams = z.object({ id: z.uuid({ error: WEBHOOK_NOT_FOUND }) });

/** An advertiser's own webhook endpoints; an administrator's are the station's (decision 030). */
export const webhooksRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards, dispatcher: WebhookDispatcher) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const checkAddress = async (url: string | undefined) => {
    if (url !== undefined && !(await resolvesToPublic(url, ctx.config.webhookAllowPrivate))) throw new HttpError(400, WEBHOOK_URL_PRIVATE);
  };

  r.post(
    '/webhooks',
    {
      onRequest: guards.signedIn,
      schema: {
        tags: ['webhooks'],
        security,
        body: createWebhookSchema,
        response: { 201: z.object({ webhook: webhookSchema, secret: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      await checkAddress(request.body.url);
      return reply.code(201).send(await createWebhook({ db: ctx.db, actor: actorOf(request), input: request.body }));
    },
  );

  r.get(
    '/webhooks',
    { onRequest: guards.signedIn, schema: { tags: ['webhooks'], security, response: { 200: z.object({ webhooks: z.array(webhookSchema) }), ...errors } } },
    async (request) => ({
      webhooks: await listWebhooks({ db: ctx.db, actor: actorOf(request) }),
    }),
  );

  r.patch(
    '/webhooks/:id',
    {
      onRequest: guards.signedIn,
      schema: { tags: ['webhooks'], security, params: idParams, body: updateWebhookSchema, response: { 200: z.object({ webhook: webhookSchema }), ...errors } },
    },
    async (request) => {
      await checkAddress(request.body.url);
      return { webhook: await updateWebhook({ db: ctx.db, actor: actorOf(request), id: request.params.id, input: request.body }) };
    },
  );

  r.delete(
    '/webhooks/:id',
    { onRequest: guards.signedIn, schema: { tags: ['webhooks'], security, params: idParams, response: { 200: messageReplySchema, ...errors } } },
    async (request) => {
      await deleteWebhook({ db: ctx.db, actor: actorOf(request), id: request.params.id });
      return { message: 'Webhook deleted' };
    },
  );

  r.get(
    '/webhooks/:id/deliveries',
    {
      onRequest: guards.signedIn,
      schema: { tags: ['webhooks'], security, params: idParams, response: { 200: z.object({ deliveries: z.array(webhookDeliverySchema) }), ...errors } },
    },
    async (request) => ({ deliveries: await listDeliveries({ db: ctx.db, actor: actorOf(request), id: request.params.id }) }),
  );

  r.post(
    '/webhooks/:id/test',
    {
      onRequest: guards.signedIn,
      schema: { tags: ['webhooks'], security, params: idParams, response: { 202: z.object({ delivery_id: z.uuid() }), ...errors } },
    },
    async (request, reply) => {
      const deliveryId = await sendTestEvent({ db: ctx.db, actor: actorOf(request), id: request.params.id });
      dispatcher.kick();
      return reply.code(202).send({ delivery_id: deliveryId });
    },
  );

  r.post(
    '/webhooks/deliveries/:id/retry',
    {
      onRequest: guards.signedIn,
      schema: {
        tags: ['webhooks'],
        security,
        params: z.object({ id: z.uuid({ error: 'Delivery not found' }) }),
        response: { 202: messageReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      await retryDelivery({ db: ctx.db, actor: actorOf(request), deliveryId: request.params.id });
      dispatcher.kick();
      return reply.code(202).send({ message: 'Delivery queued' });
    },
  );
};
