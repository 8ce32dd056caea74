/** The analytics dashboard's five data sets (any signed-in user; scoped to their own orders unless admin). */
import type { FastifyInstance } from 'fastify';
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
import { analyticsOverview, budgetAnalysis, forecastPredictions, performanceMetrics, revenueTrends } from './queries';

const errors = { 400: errorReplySchema, 401: errorReplySchema };
const tags = { tags: ['analytics'], security: [{ bearerAuth: [] }] };

export const analyticsRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: guards.signedIn };

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
    (request) => analyticsOverview({ db: ctx.db, actor: actorOf(request), timeframe: request.query.timeframe, time: ctx.time }),
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
    (request) =>
      revenueTrends({ db: ctx.db, actor: actorOf(request), timeframe: request.query.timeframe, granularity: request.query.granularity, time: ctx.time }),
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
    (request) => performanceMetrics({ db: ctx.db, actor: actorOf(request), timeframe: request.query.timeframe, time: ctx.time }),
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
    (request) => budgetAnalysis({ db: ctx.db, actor: actorOf(request), timeframe: request.query.timeframe, time: ctx.time }),
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
    (request) => forecastPredictions({ db: ctx.db, actor: actorOf(request), time: ctx.time }),
  );
};
