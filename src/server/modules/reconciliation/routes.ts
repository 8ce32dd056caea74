/** Reconciliation (admins): the dashboard, orders awaiting actuals, reconciling one, its variance, the export. */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema } from '../../../domain/auth';
import {
  RECONCILIATION_MESSAGES,
  VARIANCE_CSV_COLUMNS,
  csvLine,
  exportQuerySchema,
  pendingQuerySchema,
  pendingReplySchema,
  reconcileBodySchema,
  reconcileReplySchema,
  reconciliationDashboardQuerySchema,
  reconciliationDashboardSchema,
  varianceSchema,
} from '../../../domain/reconciliation';
import type { AppContext } from '../../context';
import { actorOf, type Guards } from '../auth/guard';
import { channelsInScope } from '../channels/public';
import { listPending, orderVariance, reconciledPage, reconciliationDashboard } from './queries';
import { reconcileOrder } from './service';

const idParams = z.object({ id: z.uuid({ error: RECONCILIATION_MESSAGES.notFound }) });
const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };
const tags = { tags: ['reconciliation'], security: [{ bearerAuth: [] }] };
const EXPORT_BATCH = 1000;

export const reconciliationRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.adminOnly };

  r.get(
    '/reconciliation/dashboard',
    {
      ...admin,
      schema: {
        ...tags,
        description: 'Variance summary, brands, daily trends and reconciliation status of the last `timeframe` days (default 30).',
        querystring: reconciliationDashboardQuerySchema,
        response: { 200: reconciliationDashboardSchema, ...errors },
      },
    },
    async (request) =>
      reconciliationDashboard({
        db: ctx.db,
        days: request.query.timeframe,
        brandId: request.query.brand_id,
        channels: await channelsInScope(ctx.db, actorOf(request), request.query.channel_id),
        time: ctx.time,
      }),
  );

  r.get(
    '/reconciliation/pending',
    {
      ...admin,
      schema: {
        ...tags,
        description: 'Booked orders (approved, scheduled, active or completed) awaiting their actual figures, oldest first.',
        querystring: pendingQuerySchema,
        response: { 200: pendingReplySchema, ...errors },
      },
    },
    async (request) =>
      listPending({
        db: ctx.db,
        page: request.query.page,
        limit: request.query.limit,
        brandId: request.query.brand_id,
        channels: await channelsInScope(ctx.db, actorOf(request), request.query.channel_id),
        today: ctx.time.today(),
      }),
  );

  r.put(
    '/reconciliation/reconcile/:id',
    {
      ...admin,
      schema: {
        ...tags,
        description: 'Records (or corrects) the actual spend and impressions of a booked order.',
        params: idParams,
        body: reconcileBodySchema,
        response: { 200: reconcileReplySchema, ...errors },
      },
    },
    async (request) => ({
      message: RECONCILIATION_MESSAGES.reconciled,
      reconciliation: await reconcileOrder({ db: ctx.db, actorId: actorOf(request).id, estimateId: request.params.id, input: request.body }),
    }),
  );

  r.get(
    '/reconciliation/variance/:id',
    {
      ...admin,
      schema: {
        ...tags,
        description: 'Projected against actual figures of one booked order (status pending until reconciled).',
        params: idParams,
        response: { 200: varianceSchema, ...errors },
      },
    },
    (request) => orderVariance(ctx.db, request.params.id),
  );

  r.get(
    '/reconciliation/export/variance',
    {
      ...admin,
      schema: {
        ...tags,
        description:
          'The variances of the orders reconciled in the last `timeframe` days: JSON `{ rows }` or, with `format=csv`, a CSV file streamed in batches.',
        querystring: exportQuerySchema,
        // JSON { timeframe, rows } or a CSV stream: not serialized by a schema.
        response: { 200: z.unknown(), ...errors },
      },
    },
    async (request, reply) => {
      const { timeframe, format, brand_id: brandId } = request.query;
      const today = ctx.time.today();
      const channels = await channelsInScope(ctx.db, actorOf(request), request.query.channel_id);
      const page = (offset: number) => reconciledPage({ db: ctx.db, days: timeframe, brandId, channels, offset, limit: EXPORT_BATCH, today });
      if (format === 'json') {
        const rows = [];
        for (let offset = 0; ; offset += EXPORT_BATCH) {
          const batch = await page(offset);
          rows.push(...batch);
          if (batch.length < EXPORT_BATCH) break;
        }
        return { timeframe, rows };
      }
      async function* lines() {
        yield csvLine(VARIANCE_CSV_COLUMNS);
        for (let offset = 0; ; offset += EXPORT_BATCH) {
          const batch = await page(offset);
          for (const row of batch) yield csvLine(VARIANCE_CSV_COLUMNS.map((column) => row[column]));
          if (batch.length < EXPORT_BATCH) break;
        }
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="reconciliation-variance-${ctx.time.today()}.csv"`)
        .send(Readable.from(lines()));
    },
  );
};
