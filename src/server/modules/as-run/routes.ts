import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AS_RUN_PROFILES, AS_RUN_PROFILE_ERROR, asRunProfileOf } from '../../../domain/as-run-profiles';
import { affidavitQuerySchema, asRunImportSchema, asRunReportSchema } from '../../../domain/as-run';
import { ESTIMATE_MESSAGES } from '../../../domain/estimate-schemas';
import { CHANNEL_MESSAGES } from '../../../domain/channel-schemas';
import { adminChannels } from '../../../domain/orders';
import { getStationProfile, stationMasterControl } from '../station/service';
import { affidavitCsv, affidavitFilename, buildAffidavit, renderAffidavitPdf } from './affidavit';
import { errorReplySchema } from '../../../domain/auth';
import type { AppContext } from '../../context';
import { badRequest } from '../../platform/errors';
import { documentChannel } from '../channels/public';
import { actorOf, type Guards } from '../auth/guard';
import { asRunReport, listAsRunImports, receiveAsRun } from './service';

const closeDayQuery = z.object({
  close_day: z.enum(['true', 'false', '1', '0'], { error: 'close_day must be true or false' }).optional(),
  profile: z.enum(AS_RUN_PROFILES, { error: AS_RUN_PROFILE_ERROR }).optional(),
  channel_id: z.uuid({ error: CHANNEL_MESSAGES.notFound }).optional(),
});

/** A multipart field's value: `close_day` sent before the file. */
const fieldValue = (field: unknown) => (field && typeof field === 'object' && 'value' in field && typeof field.value === 'string' ? field.value : undefined);
const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 413: errorReplySchema };
const tags = { tags: ['traffic'], security: [{ bearerAuth: [] }] };
const idParams = z.object({ id: z.uuid({ error: 'As-run import not found' }) });

/** As-run import (admins): a CSV or BXF file of what aired, matched to the traffic log. */
export const asRunRoutes = async (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  await app.register(async (scope) => {
    const maxBytes = ctx.config.asRunMaxMb * 1024 * 1024;
    await scope.register(multipart, { limits: { files: 1, fileSize: maxBytes, fields: 5, parts: 6 } });
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/traffic/as-run',
      {
        onRequest: guards.adminOnly,
        bodyLimit: maxBytes + 64 * 1024,
        schema: {
          ...tags,
          consumes: ['multipart/form-data'],
          description:
            "Multipart `file`: delimited text (date, time, house_code, duration, status[, spot_id][, channel], or the usual automation headers) or a SMPTE BXF as-run; optional fields (before the file) or query: `channel_id` the channel of rows that name none (default: the default channel; a BXF Schedule's `Channel` or a `channel` column names a row's channel by number, short name or call letters, and a file naming an unknown channel is refused whole); `close_day=true` closes the whole broadcast days of its spots; `profile` (auto, itx for Grass Valley iTX, marina for Pebble Beach Marina) reads the text layout of that playout system. Read and checked before one transaction; the same file twice changes nothing.",
          querystring: closeDayQuery,
          response: { 200: asRunReportSchema, 201: asRunReportSchema, ...errors },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw badRequest('Send the as-run file as multipart/form-data in the field "file"');
        let file;
        try {
          file = await request.file();
        } catch {
          throw badRequest('The upload could not be read as multipart/form-data');
        }
        if (!file || file.fieldname !== 'file') throw badRequest('Send the as-run file in the field "file"');
        const closeDayText = fieldValue(file.fields.close_day) ?? request.query.close_day;
        if (closeDayText !== undefined && !['true', 'false', '1', '0', 'on', ''].includes(closeDayText))
          throw badRequest('close_day must be true or false', 'close_day');
        const profile = asRunProfileOf(fieldValue(file.fields.profile) ?? request.query.profile);
        if (!profile) throw badRequest(AS_RUN_PROFILE_ERROR);
        const channelText = fieldValue(file.fields.channel_id) ?? request.query.channel_id;
        if (channelText !== undefined && !z.uuid().safeParse(channelText).success) throw badRequest(CHANNEL_MESSAGES.notFound, 'channel_id');
        const station = await stationMasterControl(ctx.db);
        const actor = actorOf(request);
        const report = await receiveAsRun({
          db: ctx.db,
          channelId: channelText,
          allowedChannels: adminChannels(actor),
          file,
          tmpDir: path.join(ctx.config.dataDir, 'tmp'),
          importedBy: actor.id,
          maxMb: ctx.config.asRunMaxMb,
          closeDay: closeDayText === 'true' || closeDayText === '1' || closeDayText === 'on',
          readOptions: { frameRate: station.frameRate, dateOrder: station.dateOrder, stationMaterial: station.stationMaterial },
          profile,
          toleranceMinutes: ctx.config.asRunToleranceMinutes,
          timeZone: ctx.time.timeZone,
          now: ctx.time.now,
          makegoodExpiryHours: ctx.config.makegoodExpiryHours,
          deliver: (staged) => ctx.notifier.deliver(staged),
        });
        // A large import changes many rows: the embedded database's planner learns their new shape.
        if (!report.duplicate && report.import.rows > 1000) ctx.statistics.nudge();
        return reply.code(report.duplicate ? 200 : 201).send(report);
      },
    );

    r.get(
      '/estimates/:id/affidavit',
      {
        onRequest: guards.signedIn,
        schema: {
          ...tags,
          description: "The order's affidavit of performance (its owner or admins): aired and missed spots of the period (default: the flight), as PDF or CSV.",
          params: z.object({ id: z.uuid({ error: ESTIMATE_MESSAGES.notFound }) }),
          querystring: affidavitQuerySchema,
        },
      },
      async (request, reply) => {
        const affidavit = await buildAffidavit({
          db: ctx.db,
          time: ctx.time,
          actor: actorOf(request),
          id: request.params.id,
          from: request.query.from,
          to: request.query.to,
        });
        const format = request.query.format;
        reply.header('content-disposition', `attachment; filename="${affidavitFilename(affidavit, format)}"`).header('cache-control', 'no-store');
        if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(affidavitCsv(affidavit));
        const channel = (await documentChannel(ctx.db, affidavit.channelId))?.label ?? null;
        return reply.type('application/pdf').send(renderAffidavitPdf(affidavit, { ...(await getStationProfile(ctx.db)), channel }));
      },
    );

    r.get(
      '/traffic/as-run',
      {
        onRequest: guards.adminOnly,
        schema: { ...tags, description: 'The last 100 imports, newest first.', response: { 200: z.array(asRunImportSchema), ...errors } },
      },
      (request) => listAsRunImports(ctx.db, adminChannels(actorOf(request))),
    );

    r.get(
      '/traffic/as-run/:id',
      { onRequest: guards.adminOnly, schema: { ...tags, params: idParams, response: { 200: asRunReportSchema, ...errors } } },
      (request) => asRunReport(ctx.db, request.params.id, false, adminChannels(actorOf(request))),
    );
  });
};
