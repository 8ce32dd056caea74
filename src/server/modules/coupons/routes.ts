import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema, messageReplySchema } from '../../../domain/auth';
import {
  COUPON_CODE_REQUIRED,
  couponCreateSchema,
  couponListQuerySchema,
  couponSchema,
  couponUpdateSchema,
  couponUsageReplySchema,
  useCouponBodySchema,
  useCouponReplySchema,
  validateCouponBodySchema,
  validateCouponRefusedSchema,
  validateCouponReplySchema,
} from '../../../domain/coupon-schemas';
import type { AppContext } from '../../context';
import { actorOf, type Guards } from '../auth/guard';
import { createCoupon, deleteCoupon, getCoupon, listCoupons, updateCoupon } from './admin';
import { couponUsageReport, useCoupon, validateCoupon } from './usage';

const idParams = z.object({ id: z.uuid({ error: 'Coupon not found' }) });
const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema };
const secured = { tags: ['coupons'], security: [{ bearerAuth: [] }] };

export const couponsRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.adminOnly };
  const user = { onRequest: guards.signedIn };
  const db = ctx.db;

  r.post(
    '/coupons/validate',
    {
      ...user,
      schema: { ...secured, body: validateCouponBodySchema, response: { 200: validateCouponReplySchema, ...errors, 400: validateCouponRefusedSchema } },
    },
    async (request, reply) => {
      const { coupon_code, estimate_amount, daypart_ids } = request.body;
      if (!coupon_code) return reply.code(400).send({ error: COUPON_CODE_REQUIRED, valid: false, coupon: null, message: COUPON_CODE_REQUIRED });
      return validateCoupon({
        db,
        userId: actorOf(request).id,
        code: coupon_code,
        amount: estimate_amount,
        daypartIds: daypart_ids ?? [],
        today: ctx.time.today(),
      });
    },
  );

  r.get(
    '/coupons',
    { ...admin, schema: { ...secured, querystring: couponListQuerySchema, response: { 200: z.array(couponSchema), ...errors } } },
    async (request) => {
      const { active_only, search } = request.query;
      return listCoupons({ db, activeOnly: active_only === 'true' || active_only === '1', search, today: ctx.time.today() });
    },
  );

  r.post(
    '/coupons',
    { ...admin, schema: { ...secured, body: couponCreateSchema, response: { 201: couponSchema, 409: errorReplySchema, ...errors } } },
    async (request, reply) => {
      const coupon = await createCoupon({ db, actorId: actorOf(request).id, fields: request.body, today: ctx.time.today() });
      return reply.code(201).send(coupon);
    },
  );

  r.get('/coupons/:id', { ...admin, schema: { ...secured, params: idParams, response: { 200: couponSchema, ...errors } } }, async (request) =>
    getCoupon({ db, id: request.params.id, today: ctx.time.today() }),
  );

  r.put(
    '/coupons/:id',
    { ...admin, schema: { ...secured, params: idParams, body: couponUpdateSchema, response: { 200: couponSchema, 409: errorReplySchema, ...errors } } },
    async (request) => updateCoupon({ db, id: request.params.id, fields: request.body, today: ctx.time.today() }),
  );

  r.delete('/coupons/:id', { ...admin, schema: { ...secured, params: idParams, response: { 200: messageReplySchema, ...errors } } }, async (request) => {
    await deleteCoupon({ db, id: request.params.id });
    return { message: 'Coupon deleted successfully' };
  });

  r.get('/coupons/:id/usage', { ...admin, schema: { ...secured, params: idParams, response: { 200: couponUsageReplySchema, ...errors } } }, async (request) =>
    couponUsageReport({ db, couponId: request.params.id }),
  );

  r.post(
    '/coupons/:id/use',
    {
      ...user,
      schema: {
        ...secured,
        params: idParams,
        body: useCouponBodySchema,
        response: { 200: useCouponReplySchema, 201: useCouponReplySchema, ...errors, 409: errorReplySchema },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { usage, created } = await useCoupon({
        db,
        actor,
        couponId: request.params.id,
        estimateId: request.body.estimate_id,
        originalAmount: request.body.original_amount,
        today: ctx.time.today(),
      });
      if (!created) return reply.code(200).send({ message: 'Coupon usage already recorded for this estimate', usage });
      return reply.code(201).send({ message: 'Coupon usage recorded', usage });
    },
  );
};
