import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema, messageReplySchema } from '../../../domain/auth';
import {
  carriesFullCardNumber,
  FULL_CARD_NUMBER_REFUSED,
  paymentMethodCreateSchema,
  paymentMethodListQuerySchema,
  paymentMethodSchema,
  paymentMethodUpdateSchema,
} from '../../../domain/payment-method-schemas';
import type { AppContext } from '../../context';
import { badRequest } from '../../platform/errors';
import { actorOf, type Guards } from '../auth/guard';
import { createPaymentMethod, deletePaymentMethod, getPaymentMethod, listPaymentMethods, updatePaymentMethod } from './service';

const idParams = z.object({ id: z.uuid({ error: 'Payment method not found' }) });
const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema };
const secured = { tags: ['payment-methods'], security: [{ bearerAuth: [] }] };

/** Runs before validation, so a full card number is refused before any field is looked at, and never stored. */
const refuseCardNumbers = async (request: FastifyRequest) => {
  if (carriesFullCardNumber(request.body)) throw badRequest(FULL_CARD_NUMBER_REFUSED);
};

export const paymentMethodsRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = { onRequest: guards.signedIn };
  const db = ctx.db;

  r.get(
    '/payment-methods',
    { ...user, schema: { ...secured, querystring: paymentMethodListQuerySchema, response: { 200: z.array(paymentMethodSchema), ...errors } } },
    async (request) => listPaymentMethods({ db, actor: actorOf(request), brandId: request.query.brand_id }),
  );

  r.post(
    '/payment-methods',
    { ...user, preValidation: refuseCardNumbers, schema: { ...secured, body: paymentMethodCreateSchema, response: { 201: paymentMethodSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await createPaymentMethod({ db, actor: actorOf(request), input: request.body })),
  );

  r.get('/payment-methods/:id', { ...user, schema: { ...secured, params: idParams, response: { 200: paymentMethodSchema, ...errors } } }, async (request) =>
    getPaymentMethod({ db, actor: actorOf(request), id: request.params.id }),
  );

  r.put(
    '/payment-methods/:id',
    {
      ...user,
      preValidation: refuseCardNumbers,
      schema: { ...secured, params: idParams, body: paymentMethodUpdateSchema, response: { 200: paymentMethodSchema, ...errors } },
    },
    async (request) => updatePaymentMethod({ db, actor: actorOf(request), id: request.params.id, input: request.body }),
  );

  r.delete('/payment-methods/:id', { ...user, schema: { ...secured, params: idParams, response: { 200: messageReplySchema, ...errors } } }, async (request) => {
    await deletePaymentMethod({ db, actor: actorOf(request), id: request.params.id });
    return { message: 'Payment method deleted successfully' };
  });
};
