import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema } from '../../../domain/auth';
import { CHANNEL_MESSAGES } from '../../../domain/channel-schemas';
import {
  PROGRAM_FILE_MAX_BYTES,
  PROGRAM_MESSAGES,
  programImportQuerySchema,
  programImportReplySchema,
  programInputSchema,
  programSchema,
  programUpdateSchema,
} from '../../../domain/program-schemas';
import type { AppContext } from '../../context';
import { HttpError, badRequest } from '../../platform/errors';
import { actorOf, type Guards } from '../auth/guard';
import { readProgramFile } from './import-file';
import { channelOfAdmin, createProgram, deleteProgram, importPrograms, listPrograms, updateProgram } from './service';

const channelParams = z.object({ id: z.uuid({ error: CHANNEL_MESSAGES.notFound }) });
const programParams = z.object({ id: z.uuid({ error: PROGRAM_MESSAGES.notFound }) });
const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema };
const tags = { tags: ['programs'], security: [{ bearerAuth: [] }] };

/** A channel's program schedule (decision 060): admins; a limited admin their channels' only. */
export const programsRoutes = async (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admins = { onRequest: guards.adminOnly };

  r.get(
    '/channels/:id/programs',
    {
      ...admins,
      schema: { ...tags, description: "The channel's programs, by start time.", params: channelParams, response: { 200: z.array(programSchema), ...errors } },
    },
    (request) => listPrograms(ctx.db, actorOf(request), request.params.id),
  );

  r.post(
    '/channels/:id/programs',
    {
      ...admins,
      schema: {
        ...tags,
        description:
          'Adds a program: its name, days, start and end (station wall clock; an end at or before the start is the next day), optional dates. A program airing at the same time as another of the channel is refused, naming it.',
        params: channelParams,
        body: programInputSchema,
        response: { 201: programSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createProgram({ db: ctx.db, actor: actorOf(request), channelId: request.params.id, input: request.body })),
  );

  r.patch(
    '/programs/:id',
    {
      ...admins,
      schema: { ...tags, description: 'Changes a program.', params: programParams, body: programUpdateSchema, response: { 200: programSchema, ...errors } },
    },
    (request) => updateProgram({ db: ctx.db, actor: actorOf(request), id: request.params.id, input: request.body }),
  );

  r.delete(
    '/programs/:id',
    {
      ...admins,
      schema: {
        ...tags,
        description: 'Removes a program; schedule lines that targeted it target none.',
        params: programParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteProgram({ db: ctx.db, actor: actorOf(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { files: 1, fileSize: PROGRAM_FILE_MAX_BYTES, fields: 2, parts: 3 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/channels/:id/programs/import',
      {
        ...admins,
        bodyLimit: PROGRAM_FILE_MAX_BYTES + 64 * 1024,
        schema: {
          ...tags,
          consumes: ['multipart/form-data'],
          description:
            "Imports programs from multipart `file`: a CSV with a header (name, days, start, end[, start_date, end_date]) or a SMPTE BXF Schedule (its ProgramEvents read as a weekly grid), told apart by content. `mode=add` (default) keeps the channel's programs, `mode=replace` removes them first; `dry_run=true` answers what would be imported and writes nothing. The file is read whole or refused naming the line (400); 413 above 5 MB.",
          params: channelParams,
          querystring: programImportQuerySchema,
          response: { 200: programImportReplySchema, 201: programImportReplySchema, ...errors, 413: errorReplySchema },
        },
      },
      async (request, reply) => {
        await channelOfAdmin(ctx.db, actorOf(request), request.params.id);
        if (!request.isMultipart()) throw badRequest('Send the programs as multipart/form-data in the field "file"', 'file');
        let file;
        try {
          file = await request.file();
        } catch {
          throw badRequest('The upload could not be read as multipart/form-data', 'file');
        }
        if (!file || file.fieldname !== 'file') throw badRequest('Send the programs in the field "file"', 'file');
        let buffer: Buffer;
        try {
          buffer = await file.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, PROGRAM_MESSAGES.tooLarge);
          throw badRequest('The upload could not be read as multipart/form-data', 'file');
        }
        const { format, programs } = readProgramFile(buffer.toString('utf8'));
        const dryRun = request.query.dry_run === 'true';
        const result = await importPrograms({
          db: ctx.db,
          actor: actorOf(request),
          channelId: request.params.id,
          format,
          programs,
          mode: request.query.mode ?? 'add',
          dryRun,
        });
        return reply.code(dryRun ? 200 : 201).send(result);
      },
    );
  });
};
