/** The analytics dashboard's five data sets (any signed-in user; scoped to their own orders unless admin). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  analyticsQuerySchema,
  budgetReplySchema,
  forecastReplySchema,
  overviewReplySchema,
  performanceReplySchema,
  revenueTrendsQuerySchema,
  revenueTrendsReplySchema,
} from '../../../domain/analytics';
import { errorReplySchema } from '../../../domain/auth';
import type { AppContext } from '../../context';
import { actorOf, type Guards } from '../auth/guard';
import { channelsInScope } from '../channels/public';
import type { AnalyticsScope } from './scope';
import { analyticsOverview, budgetAnalysis, forecastPredictions, performanceMetrics, revenueTrends } from './queries';

const errors = { 400: errorReplySchema, 401: errorReplySchema, 404: errorReplySchema };
const tags = { tags: ['analytics'], security: [{ bearerAuth: [] }] };

export const analyticsRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: guards.signedIn };
  /** The caller's orders, of the channel `channel_id` names (a limited admin's channels when none). */
  const scopeOf = async (request: FastifyRequest & { query: { channel_id?: string } }): Promise<AnalyticsScope> => {
    const actor = actorOf(request);
    return { actor, channels: await channelsInScope(ctx.db, actor, request.query.channel_id) };
  };

  r.get(
    '/analytics/dashboard/overview',
    {
      ...signedIn,
      schema: {
        ...tags,
        description: 'Campaign figures, order summary and the conversion funnel of the last `timeframe` days (default 30).',
        querystring: analyticsQuerySchema,
        response: { 200: overviewReplySchema, ...errors },
      },
    },
    async (request) => analyticsOverview({ db: ctx.db, scope: await scopeOf(request), timeframe: request.query.timeframe, time: ctx.time }),
  );
  r.get(
    '/analytics/revenue/trends',
    {
      ...signedIn,
      schema: {
        ...tags,
        description: 'Booked revenue per day, week or month of the last `timeframe` days (default 90).',
        querystring: revenueTrendsQuerySchema,
        response: { 200: revenueTrendsReplySchema, ...errors },
      },
    },
    async (request) =>
      revenueTrends({ db: ctx.db, scope: await scopeOf(request), timeframe: request.query.timeframe, granularity: request.query.granularity, time: ctx.time }),
  );
  r.get(
    '/analytics/performance/metrics',
    {
      ...signedIn,
      schema: {
        ...tags,
        description: 'Revenue per daypart and the top 5 brands.',
        querystring: analyticsQuerySchema,
        response: { 200: performanceReplySchema, ...errors },
      },
    },
    async (request) => performanceMetrics({ db: ctx.db, scope: await scopeOf(request), timeframe: request.query.timeframe, time: ctx.time }),
  );
  r.get(
    '/analytics/budget/analysis',
    {
      ...signedIn,
      schema: {
        ...tags,
        description: 'Submitted budgets per daypart and per month.',
        querystring: analyticsQuerySchema,
        response: { 200: budgetReplySchema, ...errors },
      },
    },
    async (request) => budgetAnalysis({ db: ctx.db, scope: await scopeOf(request), timeframe: request.query.timeframe, time: ctx.time }),
  );
  r.get(
    '/analytics/forecast/predictions',
    {
      ...signedIn,
      schema: {
        ...tags,
        description: 'Weekly booked revenue of the last 12 weeks and a straight-line forecast of the next 4.',
        querystring: analyticsQuerySchema,
        response: { 200: forecastReplySchema, ...errors },
      },
    },
    async (request) => forecastPredictions({ db: ctx.db, scope: await scopeOf(request), time: ctx.time }),
  );
};
