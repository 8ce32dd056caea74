import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema, messageReplySchema } from '../../../domain/auth';
import {
  ESTIMATE_MESSAGES,
  estimateCreateSchema,
  estimateDetailSchema,
  estimateListQuerySchema,
  estimateSchema,
  estimateStatsSchema,
  estimateUpdateSchema,
  reviewBodySchema,
} from '../../../domain/estimate-schemas';
import { channelFilterSchema } from '../../../domain/channel-schemas';
import type { ReviewDecision } from '../../../domain/orders';
import type { AppContext } from '../../context';
import { listReplySerializer } from '../../platform/list-replies';
import { actorOf, type Guards } from '../auth/guard';
import { channelsInScope } from '../channels/public';
import { estimateStats, getEstimate, listEstimates, listPendingEstimates } from './queries';
import { createEstimate, deleteEstimate, updateEstimate } from './service';
import { scheduleUntouchedDraftSweep } from './untouched-drafts';
import { reviewOrder } from './status';
import { withdrawOrder } from './withdraw';
import type { Staged } from '../notifications';

const idParams = z.object({ id: z.uuid({ error: ESTIMATE_MESSAGES.notFound }) });
const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };
const tags = { tags: ['estimates'], security: [{ bearerAuth: [] }] };

const REVIEWS: Record<string, ReviewDecision> = { approve: 'approved', reject: 'rejected', modify: 'modified' };

export const estimatesRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A draft New Order made and nobody touched (a closed tab) goes after an hour (issue 29, item 13).
  scheduleUntouchedDraftSweep({ db: ctx.db, jobs: ctx.jobs, minutes: 10, now: ctx.time.now, log: ctx.log });
  const signedIn = { onRequest: guards.signedIn };
  const admin = { onRequest: guards.adminOnly };

  // Fixed paths first, so that they are never read as an order id.
  r.get(
    '/estimates/stats/dashboard',
    { ...signedIn, schema: { ...tags, querystring: channelFilterSchema, response: { 200: estimateStatsSchema, ...errors } } },
    async (request) => {
      const actor = actorOf(request);
      return estimateStats({ db: ctx.db, actor, channels: await channelsInScope(ctx.db, actor, request.query.channel_id) });
    },
  );

  // The order lists are the hottest replies: encoded with the schema's keys (decision 026).
  const list = { serializerCompiler: listReplySerializer };

  r.get('/estimates/pending', { ...admin, ...list, schema: { ...tags, response: { 200: z.array(estimateSchema), ...errors } } }, (request) =>
    listPendingEstimates({ db: ctx.db, actor: actorOf(request) }),
  );

  r.get(
    '/estimates',
    { ...signedIn, ...list, schema: { ...tags, querystring: estimateListQuerySchema, response: { 200: z.array(estimateSchema), ...errors } } },
    async (request, reply) => {
      const page = await listEstimates({ db: ctx.db, actor: actorOf(request), query: request.query });
      if (page.nextCursor) void reply.header('x-next-cursor', page.nextCursor);
      return page.estimates;
    },
  );

  r.post(
    '/estimates',
    { ...signedIn, schema: { ...tags, body: estimateCreateSchema.nullish(), response: { 201: estimateDetailSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await createEstimate({ db: ctx.db, actor: actorOf(request), input: request.body ?? {}, time: ctx.time })),
  );

  r.get('/estimates/:id', { ...signedIn, schema: { ...tags, params: idParams, response: { 200: estimateDetailSchema, ...errors } } }, (request) =>
    getEstimate({ db: ctx.db, actor: actorOf(request), id: request.params.id }),
  );

  /** Runs a status-changing operation, then delivers the notifications it stored once it has committed. */
  const thenNotify = async <T>(run: (events: Staged[]) => Promise<T>): Promise<T> => {
    const events: Staged[] = [];
    const result = await run(events);
    for (const event of events) ctx.notifier.deliver(event);
    // A status changed: the traffic log follows (its spots are placed, cancelled or freed).
    if (events.length > 0) ctx.stationClock.nudge();
    return result;
  };

  r.put(
    '/estimates/:id',
    { ...signedIn, schema: { ...tags, params: idParams, body: estimateUpdateSchema, response: { 200: estimateDetailSchema, ...errors } } },
    (request) =>
      thenNotify((events) => updateEstimate({ db: ctx.db, actor: actorOf(request), id: request.params.id, input: request.body, events, time: ctx.time })),
  );

  r.delete('/estimates/:id', { ...signedIn, schema: { ...tags, params: idParams, response: { 200: messageReplySchema, ...errors } } }, async (request) => {
    await deleteEstimate({ db: ctx.db, actor: actorOf(request), id: request.params.id });
    return { message: ESTIMATE_MESSAGES.deleted };
  });

  r.post(
    '/estimates/:id/withdraw',
    {
      ...signedIn,
      schema: {
        ...tags,
        description: 'The owner takes a submitted order that is not yet reviewed back to draft, releasing its coupon use (decision 018).',
        params: idParams,
        response: { 200: estimateDetailSchema, ...errors },
      },
    },
    (request) => thenNotify((events) => withdrawOrder({ db: ctx.db, actor: actorOf(request), id: request.params.id, events })),
  );

  for (const [action, decision] of Object.entries(REVIEWS)) {
    r.patch(
      `/estimates/:id/${action}`,
      { ...admin, schema: { ...tags, params: idParams, body: reviewBodySchema, response: { 200: estimateDetailSchema, ...errors } } },
      (request) =>
        thenNotify((events) => reviewOrder({ db: ctx.db, actor: actorOf(request), id: request.params.id, decision, notes: request.body?.notes, events })),
    );
  }
};
