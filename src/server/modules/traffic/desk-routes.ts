/** The traffic desk's actions on one spot of the log (issue 44, decision 058): admins; a limited admin their channels' spots (channel-scope). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorReplySchema } from '../../../domain/auth';
import { DESK_MESSAGES, spotActionReplySchema, spotMakegoodSchema, spotMoveSchema, spotParams, spotReasonSchema } from '../../../domain/traffic-desk';
import type { AppContext } from '../../context';
import type { Guards } from '../auth/guard';
import type { Staged } from '../notifications';
import { notFound } from '../../platform/errors';
import { cancelSpot, moveSpot, offerSpotMakegood, preemptSpot } from './desk';
import { channelOfSpot } from './public';
import { channelClockOf } from '../channels/public';
import { isDayPlaced, spotById } from './queries';

const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };
const tags = { tags: ['traffic'], security: [{ bearerAuth: [] }] };

export const trafficDeskRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const answer = async (result: { spotId: string; staged: Staged[]; message: string }) => {
    for (const staged of result.staged) ctx.notifier.deliver(staged);
    ctx.stationClock.nudge();
    const spot = await spotById(ctx.db, ctx.time, result.spotId);
    if (!spot) throw notFound(DESK_MESSAGES.notFound);
    return { message: result.message, spot };
  };
  /** A spot's clock is its channel's (decision 053, "Time zones"). */
  const clockOfSpot = async (id: string) => channelClockOf(ctx.db, ctx.time, await channelOfSpot(ctx.db, id));
  const common = async (id: string) => ({ db: ctx.db, timeZone: (await clockOfSpot(id)).timeZone });

  r.post(
    '/traffic/spots/:id/preempt',
    {
      onRequest: guards.adminOnly,
      schema: {
        ...tags,
        description:
          'Preempts a scheduled spot that has not aired: it is missed (on the affidavit, not billed) and a makegood is offered as for a missed spot; the day is held; the order is unchanged. Audited; the advertiser is notified.',
        params: spotParams,
        body: spotReasonSchema,
        response: { 200: spotActionReplySchema, ...errors },
      },
    },
    async (request) =>
      answer(
        await preemptSpot({
          ...(await common(request.params.id)),
          id: request.params.id,
          now: ctx.time.now(),
          reason: request.body.reason,
          expiryHours: ctx.config.makegoodExpiryHours,
        }),
      ),
  );

  r.post(
    '/traffic/spots/:id/cancel',
    {
      onRequest: guards.adminOnly,
      schema: {
        ...tags,
        description:
          'Cancels a scheduled spot that has not aired: neither aired nor billed; the day is held; the order is unchanged. Audited; the advertiser is notified.',
        params: spotParams,
        body: spotReasonSchema,
        response: { 200: spotActionReplySchema, ...errors },
      },
    },
    async (request) =>
      answer(await cancelSpot({ ...(await common(request.params.id)), id: request.params.id, now: ctx.time.now(), reason: request.body.reason })),
  );

  r.post(
    '/traffic/spots/:id/move',
    {
      onRequest: guards.adminOnly,
      schema: {
        ...tags,
        description:
          "Moves a scheduled spot that has not aired to `time` (station wall clock) on broadcast day `date`, inside its order's flight and its daypart's window; answers the new spot (the old one is cancelled as moved). Both days are held. Audited; the advertiser is notified.",
        params: spotParams,
        body: spotMoveSchema,
        response: { 200: spotActionReplySchema, ...errors },
      },
    },
    async (request) => {
      // A day beyond the horizon is placed first, so that the moved spot joins a placed log.
      const channelId = await channelOfSpot(ctx.db, request.params.id);
      if (channelId && request.body.date >= (await clockOfSpot(request.params.id)).today() && !(await isDayPlaced(ctx.db, channelId, request.body.date)))
        await ctx.stationClock.placeDay(request.body.date);
      return answer(await moveSpot({ ...(await common(request.params.id)), id: request.params.id, now: ctx.time.now(), move: request.body }));
    },
  );

  r.post(
    '/traffic/spots/:id/makegood',
    {
      onRequest: guards.adminOnly,
      schema: {
        ...tags,
        description:
          "The desk offers a makegood for a missed spot with no makegood decision yet (the station's `auto_offer_makegoods` off): the nearest free day of its window, answer due before it airs; with no free day, the spot is credited. 409 otherwise.",
        params: spotParams,
        body: spotMakegoodSchema,
        response: { 200: spotActionReplySchema, ...errors },
      },
    },
    async (request) =>
      answer(
        await offerSpotMakegood({
          ...(await common(request.params.id)),
          id: request.params.id,
          now: ctx.time.now(),
          expiryHours: ctx.config.makegoodExpiryHours,
        }),
      ),
  );
};
