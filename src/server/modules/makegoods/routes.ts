/** Makegoods: an order's offers (its owner or admins), moving an offer's day (admins), accepting or declining it. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema } from '../../../domain/auth';
import { ESTIMATE_MESSAGES } from '../../../domain/estimate-schemas';
import { MAKEGOOD_MESSAGES, makegoodChangeSchema, makegoodReplySchema, orderMakegoodsSchema } from '../../../domain/makegoods';
import type { AppContext } from '../../context';
import { asSystem } from '../../platform/audit-context';
import { notFound } from '../../platform/errors';
import { isAdmin } from '../../../domain/roles';
import { actorOf, type Guards } from '../auth/guard';
import { notifyMakegoodReply } from '../notifications';
import { makegoodById, orderMakegoods, orderNameOf } from './queries';
import { acceptMakegood, changeMakegoodDay, declineMakegood } from './service';

const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };
const tags = { tags: ['makegoods'], security: [{ bearerAuth: [] }] };
const offerParams = z.object({ id: z.uuid({ error: MAKEGOOD_MESSAGES.notFound }) });

export const makegoodRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The offer as it is now; open order pages refresh. */
  const answer = async (estimateId: string, id: string, message: string) => {
    ctx.realtime.emitEstimateUpdate({ estimateId, status: null });
    const makegood = await makegoodById(ctx.db, ctx.time, id);
    if (!makegood) throw notFound(MAKEGOOD_MESSAGES.notFound);
    return { message, makegood };
  };

  /** The advertiser answered an offer: the admins hear of it (issue 29, item 18); an admin answering for them needs no telling. */
  const tellDesk = async (
    actor: ReturnType<typeof actorOf>,
    reply: { makegood: { estimate_id: string; missed_date: string | null } },
    accepted: boolean,
    log: { error: (o: object, m: string) => void },
  ) => {
    if (isAdmin(actor.role)) return;
    const estimateName = (await orderNameOf(ctx.db, reply.makegood.estimate_id)) ?? '';
    await notifyMakegoodReply(ctx, {
      estimateId: reply.makegood.estimate_id,
      estimateName,
      missedDate: reply.makegood.missed_date,
      accepted,
      by: actor.email,
    }).catch((error: unknown) => log.error({ err: error }, 'makegood notification failed'));
  };

  r.get(
    '/estimates/:id/makegoods',
    {
      onRequest: guards.signedIn,
      schema: {
        ...tags,
        description: "The order's makegood offers with their history, its credits and its billable amount (total less credits).",
        params: z.object({ id: z.uuid({ error: ESTIMATE_MESSAGES.notFound }) }),
        response: { 200: orderMakegoodsSchema, ...errors },
      },
    },
    (request) => orderMakegoods({ db: ctx.db, time: ctx.time, actor: actorOf(request), id: request.params.id }),
  );

  r.put(
    '/makegoods/:id',
    {
      onRequest: guards.adminOnly,
      schema: {
        ...tags,
        description: 'Offers another day (within the flight or 14 days after it, capacity permitting).',
        params: offerParams,
        body: makegoodChangeSchema,
        response: { 200: makegoodReplySchema, ...errors },
      },
    },
    async (request) => {
      const estimateId = await changeMakegoodDay({
        db: ctx.db,
        actor: actorOf(request),
        id: request.params.id,
        airDate: request.body.air_date,
        now: ctx.time.now(),
        timeZone: ctx.time.timeZone,
      });
      return answer(estimateId, request.params.id, MAKEGOOD_MESSAGES.changed);
    },
  );

  r.post(
    '/makegoods/:id/accept',
    {
      onRequest: guards.signedIn,
      schema: {
        ...tags,
        description: "Accepts the offer (the order's owner, or an admin for them): a spot is placed on the offered day.",
        params: offerParams,
        response: { 200: makegoodReplySchema, ...errors },
      },
    },
    async (request) => {
      const { estimateId, kind } = await acceptMakegood({
        db: ctx.db,
        actor: actorOf(request),
        id: request.params.id,
        now: ctx.time.now(),
        timeZone: ctx.time.timeZone,
      });
      // Placed now when the day is within the log's horizon (later runs keep it placed).
      await asSystem(() => ctx.stationClock.tick()).catch((error: unknown) => request.log.error({ err: error }, 'station clock run after a makegood failed'));
      const reply = await answer(estimateId, request.params.id, kind === 'adu' ? MAKEGOOD_MESSAGES.aduAccepted : MAKEGOOD_MESSAGES.accepted);
      await tellDesk(actorOf(request), reply, true, request.log);
      return reply;
    },
  );

  r.post(
    '/makegoods/:id/decline',
    {
      onRequest: guards.signedIn,
      schema: {
        ...tags,
        description: 'Declines the offer: the missed spot is credited (its cost leaves the billable amount).',
        params: offerParams,
        response: { 200: makegoodReplySchema, ...errors },
      },
    },
    async (request) => {
      const { estimateId, kind } = await declineMakegood({ db: ctx.db, actor: actorOf(request), id: request.params.id, now: ctx.time.now() });
      const reply = await answer(estimateId, request.params.id, kind === 'adu' ? MAKEGOOD_MESSAGES.aduDeclined : MAKEGOOD_MESSAGES.declined);
      await tellDesk(actorOf(request), reply, false, request.log);
      return reply;
    },
  );
};
