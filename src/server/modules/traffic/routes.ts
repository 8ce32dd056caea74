import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema } from '../../../domain/auth';
import { ESTIMATE_MESSAGES } from '../../../domain/estimate-schemas';
import { isIsoDate } from '../../../domain/dates';
import { badRequest, conflict } from '../../platform/errors';
import {
  TRAFFIC_MESSAGES,
  discrepanciesSchema,
  orderSpotsSchema,
  spotsQuerySchema,
  trafficDateParams,
  trafficExportQuerySchema,
  trafficLogQuerySchema,
  trafficLogSchema,
} from '../../../domain/traffic-schemas';
import { channelClock, channelFileTag, channelForAdmin, channelsInScope } from '../channels/public';
import type { AppContext } from '../../context';
import { actorOf, type Guards } from '../auth/guard';
import { stationMasterControl } from '../station/service';
import { trafficBxf, trafficCsv } from './export';
import { listDiscrepancies } from './discrepancies';
import { getTrafficLog, markExported, orderSpots } from './queries';

const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema };
const tags = { tags: ['traffic'], security: [{ bearerAuth: [] }] };
const estimateParams = z.object({ id: z.uuid({ error: ESTIMATE_MESSAGES.notFound }) });

const checkedDate = (date: string) => {
  if (!isIsoDate(date)) throw badRequest(TRAFFIC_MESSAGES.badDate, 'date');
  return date;
};

/** The traffic log (admins) and an order's own spots (its owner or admins). */
export const trafficRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/traffic/logs/:date',
    {
      onRequest: guards.adminOnly,
      schema: {
        ...tags,
        description: "A broadcast day's spots in air order with each daypart's fill; beyond the horizon, what is placed so far.",
        params: trafficDateParams,
        querystring: trafficLogQuerySchema,
        response: { 200: trafficLogSchema, ...errors },
      },
    },
    async (request) => {
      const date = checkedDate(request.params.date);
      const channel = await channelForAdmin(ctx.db, actorOf(request), request.query.channel_id);
      // The channel's broadcast day, in its time zone (decision 053, "Time zones").
      return getTrafficLog({ db: ctx.db, time: channelClock(ctx.time, channel), channelId: channel.id, date });
    },
  );

  r.get(
    '/traffic/discrepancies',
    {
      onRequest: guards.adminOnly,
      schema: {
        ...tags,
        description:
          'What the traffic desk must look at: unconfirmed spots, missed spots without a makegood decision, unmatched as-run rows, late bookings (decision 031); of one channel with `channel_id`, else of every channel (a limited admin: theirs).',
        querystring: trafficLogQuerySchema,
        response: { 200: discrepanciesSchema, ...errors },
      },
    },
    async (request) => listDiscrepancies({ db: ctx.db, time: ctx.time, channels: await channelsInScope(ctx.db, actorOf(request), request.query.channel_id) }),
  );

  r.get(
    '/traffic/logs/:date/export',
    {
      onRequest: guards.adminOnly,
      schema: {
        ...tags,
        description:
          "The day as CSV or as a SMPTE ST 2021 (BXF) schedule; the first export freezes the day's times. A day not placed yet is placed first (a past one is refused, 409); `changes=since-export` sends only what changed since the last export.",
        params: trafficDateParams,
        querystring: trafficExportQuerySchema,
      },
    },
    async (request, reply) => {
      const date = checkedDate(request.params.date);
      const channel = await channelForAdmin(ctx.db, actorOf(request), request.query.channel_id);
      const channelId = channel.id;
      const time = channelClock(ctx.time, channel);
      // Never freeze a day empty (decision 031): place it first, or refuse a past one that never was.
      if (!(await getTrafficLog({ db: ctx.db, time, channelId, date })).placed) {
        if (date < time.today()) throw conflict(TRAFFIC_MESSAGES.neverPlaced);
        await ctx.stationClock.placeDay(date);
      }
      const changesOnly = request.query.changes === 'since-export';
      const log = await getTrafficLog({ db: ctx.db, time, channelId, date, onlyChanges: changesOnly });
      await markExported(ctx.db, channelId, date, time.now());
      // Another channel's file of the same day must not overwrite this one's on master control's disk.
      const file = channel.isDefault ? `traffic-log-${date}` : `traffic-log-${channelFileTag(channel)}-${date}`;
      if (request.query.format === 'bxf') {
        const masterControl = await stationMasterControl(ctx.db);
        return reply
          .type('application/xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file}.bxf.xml"`)
          .send(
            trafficBxf(
              log,
              {
                name: channel.name,
                channelNumber: channel.channelNumber,
                shortName: channel.shortName,
                frameRate: masterControl.frameRate,
                dropFrame: masterControl.dropFrame,
              },
              new Date(),
              { changesOnly: changesOnly && log.exported_at !== null },
            ),
          );
      }
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file}.csv"`).send(trafficCsv(log));
    },
  );

  r.get(
    '/estimates/:id/spots',
    {
      onRequest: guards.signedIn,
      schema: {
        ...tags,
        description: "The order's spots by broadcast day (default: 30 days from today or the flight's start).",
        params: estimateParams,
        querystring: spotsQuerySchema,
        response: { 200: orderSpotsSchema, ...errors },
      },
    },
    (request) => orderSpots({ db: ctx.db, time: ctx.time, actor: actorOf(request), id: request.params.id, from: request.query.from, to: request.query.to }),
  );
};
