import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema } from '../../../domain/auth';
import {
  CAMPAIGN_MESSAGES,
  campaignListQuerySchema,
  campaignSchema,
  campaignStatsSchema,
  campaignStatusBodySchema,
  historyQuerySchema,
  performanceHistorySchema,
  realtimePerformanceSchema,
  simulateImpressionReplySchema,
} from '../../../domain/campaign-schemas';
import { channelFilterSchema } from '../../../domain/channel-schemas';
import type { AppContext } from '../../context';
import { actorOf, type Guards } from '../auth/guard';
import { channelsInScope } from '../channels/public';
import {
  campaignStats,
  changeCampaignStatus,
  createCampaignFromEstimate,
  getCampaign,
  listCampaigns,
  performanceHistory,
  realtimePerformance,
  simulateImpression,
} from './service';

const idParams = z.object({ id: z.uuid({ error: CAMPAIGN_MESSAGES.notFound }) });
const estimateParams = z.object({ estimateId: z.uuid({ error: CAMPAIGN_MESSAGES.estimateNotFound }) });
const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };
const tags = { tags: ['campaigns'], security: [{ bearerAuth: [] }] };

/**
 * Campaigns (second document, section 7). Clients see the campaigns of their own orders (another
 * client's is 404); admins see all and alone create, pause, resume and simulate airings.
 */
export const campaignsRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: guards.signedIn };
  const admin = { onRequest: guards.adminOnly };

  r.get(
    '/campaigns/stats/dashboard',
    {
      ...signedIn,
      schema: {
        ...tags,
        description: 'Totals over the campaigns the caller may see (of one channel with `channel_id`); money in dollars.',
        querystring: channelFilterSchema,
        response: { 200: campaignStatsSchema, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return campaignStats({ db: ctx.db, actor, channels: await channelsInScope(ctx.db, actor, request.query.channel_id), today: ctx.time.today() });
    },
  );

  r.get(
    '/campaigns',
    {
      ...signedIn,
      schema: {
        ...tags,
        description: '`status` filters by display status.',
        querystring: campaignListQuerySchema,
        response: { 200: z.array(campaignSchema), ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const channels = await channelsInScope(ctx.db, actor, request.query.channel_id);
      return listCampaigns({ db: ctx.db, actor, query: request.query, channels, today: ctx.time.today() });
    },
  );

  r.post(
    '/campaigns/from-estimate/:estimateId',
    {
      ...admin,
      schema: {
        ...tags,
        description: 'Makes a campaign of an approved, scheduled or active order (409 when it has one).',
        params: estimateParams,
        response: { 201: campaignSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createCampaignFromEstimate({ db: ctx.db, actor: actorOf(request), estimateId: request.params.estimateId, today: ctx.time.today() })),
  );

  r.get('/campaigns/:id', { ...signedIn, schema: { ...tags, params: idParams, response: { 200: campaignSchema, ...errors } } }, (request) =>
    getCampaign({ db: ctx.db, actor: actorOf(request), id: request.params.id, today: ctx.time.today() }),
  );

  r.patch(
    '/campaigns/:id/status',
    {
      ...admin,
      schema: {
        ...tags,
        description: 'Pause an active campaign or resume a paused one.',
        params: idParams,
        body: campaignStatusBodySchema,
        response: { 200: campaignSchema, ...errors },
      },
    },
    async (request) => {
      const campaign = await changeCampaignStatus({
        db: ctx.db,
        actor: actorOf(request),
        id: request.params.id,
        to: request.body.status,
        today: ctx.time.today(),
      });
      ctx.stationClock.nudge();
      return campaign;
    },
  );

  r.get(
    '/campaigns/:id/performance/realtime',
    { ...signedIn, schema: { ...tags, params: idParams, response: { 200: realtimePerformanceSchema, ...errors } } },
    (request) => realtimePerformance({ db: ctx.db, actor: actorOf(request), id: request.params.id, today: ctx.time.today() }),
  );

  r.get(
    '/campaigns/:id/performance/history',
    {
      ...signedIn,
      schema: {
        ...tags,
        description: 'Daily totals of the last `days` (1–365, default 30) days of the station calendar.',
        params: idParams,
        querystring: historyQuerySchema,
        response: { 200: performanceHistorySchema, ...errors },
      },
    },
    (request) => performanceHistory({ db: ctx.db, actor: actorOf(request), id: request.params.id, days: request.query.days, time: ctx.time }),
  );

  r.post(
    '/campaigns/:id/simulate-impression',
    {
      ...admin,
      schema: {
        ...tags,
        description:
          'Records one simulated airing of an active campaign (1366 × multiplier impressions, spend at the CPM, never past the budget), never certified or billed. With demo data (SPOTBOOK_DEMO) it airs a log spot whose time has passed; without, it touches no log spot.',
        params: idParams,
        response: { 200: simulateImpressionReplySchema, ...errors },
      },
    },
    (request) =>
      simulateImpression({ db: ctx.db, actor: actorOf(request), id: request.params.id, demo: ctx.config.demo, now: ctx.time.now(), today: ctx.time.today() }),
  );
};
