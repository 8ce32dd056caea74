/** An order's schedule (issue 42, decision 056): read and replace it, and import agency orders (AAAA Proposal XML). */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema } from '../../../domain/auth';
import { ESTIMATE_MESSAGES } from '../../../domain/estimate-schemas';
import { IMPORT_MESSAGES, PROPOSAL_MAX_BYTES, proposalImportSchema, scheduleInputSchema, scheduleReplySchema } from '../../../domain/schedule-schemas';
import { badRequest, HttpError } from '../../platform/errors';
import { importProposal } from './proposal-import';
import { exportProposal } from './proposal-export';
import type { AppContext } from '../../context';
import { actorOf, type Guards } from '../auth/guard';
import type { Staged } from '../notifications';
import { getOrderSchedule, putOrderSchedule } from './schedule-service';
import { decideRevision, listRevisions, proposeRevision } from './schedule-revisions';
import {
  REVISION_MESSAGES,
  revisionDecisionSchema,
  revisionInputSchema,
  revisionListSchema,
  revisionReplySchema,
} from '../../../domain/schedule-revision-schemas';

const idParams = z.object({ id: z.uuid({ error: ESTIMATE_MESSAGES.notFound }) });
const revisionParams = z.object({
  id: z.uuid({ error: ESTIMATE_MESSAGES.notFound }),
  revisionId: z.uuid({ error: REVISION_MESSAGES.notFound }),
});
const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };
const tags = { tags: ['estimates'], security: [{ bearerAuth: [] }] };

export const scheduleRoutes = async (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: guards.signedIn };
  /** Runs a change, then delivers the notifications it stored once it has committed (a revision's, decision 064). */
  const thenNotify = async <T>(run: (events: Staged[]) => Promise<T>): Promise<T> => {
    const events: Staged[] = [];
    const result = await run(events);
    for (const event of events) ctx.notifier.deliver(event);
    return result;
  };

  r.get(
    '/estimates/:id/schedule',
    {
      ...signedIn,
      schema: {
        ...tags,
        description:
          "The order's weekly schedule (its owner or admins): lines with spots per week and rates per spot, totals per line, per week and in all; `schedule: null` when the order has none.",
        params: idParams,
        response: { 200: scheduleReplySchema, ...errors },
      },
    },
    (request) => getOrderSchedule({ db: ctx.db, actor: actorOf(request), id: request.params.id }),
  );

  r.put(
    '/estimates/:id/schedule',
    {
      ...signedIn,
      schema: {
        ...tags,
        description:
          "Replaces a draft order's schedule whole (its owner or admins). Each line names a daypart of the order's channel holding its days and broadcast-day times (05:00–29:59), a spot length (15, 30, 60), a rate per spot and one number of spots per week of the flight (weeks cut by week_start_day). The order's budget and dates then come from the schedule. No lines removes it. 409 on an order that is not a draft or holds daypart items.",
        params: idParams,
        body: scheduleInputSchema,
        response: { 200: scheduleReplySchema, ...errors },
      },
    },
    (request) => putOrderSchedule({ db: ctx.db, actor: actorOf(request), id: request.params.id, input: request.body }),
  );

  r.get(
    '/estimates/:id/schedule/revisions',
    {
      ...signedIn,
      schema: {
        ...tags,
        description:
          "The order's schedule revisions, the latest first (its owner or admins): each with its changes line by line, its spots and gross, and the desk's decision.",
        params: idParams,
        response: { 200: revisionListSchema, ...errors },
      },
    },
    (request) => listRevisions({ db: ctx.db, actor: actorOf(request), id: request.params.id }),
  );

  r.post(
    '/estimates/:id/schedule/revisions',
    {
      ...signedIn,
      schema: {
        ...tags,
        description:
          "Proposes a revision of a submitted or booked order's schedule (its owner or admins; decision 064): the whole new schedule, checked as PUT …/schedule checks it. Lines are revised by position; a booked order keeps every line (set its weeks to 0). One revision waits at a time (409); the desk approves or rejects it.",
        params: idParams,
        body: revisionInputSchema,
        response: { 201: revisionReplySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await thenNotify((events) => proposeRevision({ db: ctx.db, actor: actorOf(request), id: request.params.id, input: request.body, events }))),
  );

  for (const decision of ['approve', 'reject'] as const)
    r.patch(
      `/estimates/:id/schedule/revisions/:revisionId/${decision}`,
      {
        onRequest: guards.adminOnly,
        schema: {
          ...tags,
          description:
            decision === 'approve'
              ? "Approves a pending revision (admins): the schedule is replaced, the order's budget and flight recomputed, and a booked order's weeks checked against availability (409 naming the week and daypart; nothing changes); an order with a live invoice is refused."
              : 'Rejects a pending revision (admins); the schedule stays as it was, the revision stays in the history.',
          params: revisionParams,
          body: revisionDecisionSchema.optional(),
          response: { 200: revisionReplySchema, ...errors },
        },
      },
      (request) =>
        thenNotify((events) =>
          decideRevision({
            db: ctx.db,
            actor: actorOf(request),
            id: request.params.id,
            revisionId: request.params.revisionId,
            approve: decision === 'approve',
            notes: request.body?.notes,
            events,
          }),
        ),
    );

  r.get(
    '/estimates/:id/proposal.xml',
    {
      ...signedIn,
      schema: {
        ...tags,
        description:
          "The order's schedule as an AAAA/TVB Spot TV Proposal XML 0.3.0.5A (its owner or admins): the channel as Seller and outlet, the lines with their weeks, rates and demo values. An imported order keeps its uniqueIdentifier and is sent as Revised at the next version. 404 when the order has no schedule.",
        params: idParams,
      },
    },
    async (request, reply) => {
      const xml = await exportProposal({ db: ctx.db, actor: actorOf(request), id: request.params.id, now: ctx.time.now() });
      return reply.type('application/xml; charset=utf-8').header('content-disposition', `attachment; filename="proposal-${request.params.id}.xml"`).send(xml);
    },
  );

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { files: 1, fileSize: PROPOSAL_MAX_BYTES, fields: 3, parts: 4 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/estimates/import',
      {
        ...signedIn,
        bodyLimit: PROPOSAL_MAX_BYTES + 64 * 1024,
        schema: {
          ...tags,
          consumes: ['multipart/form-data'],
          description:
            'Imports an agency order: multipart `file`, an AAAA/TVB Spot TV Proposal XML (0.3.0.5, 0.3.0.5A, 0.3.0.5R). Each outlet (TelevisionStation@callLetters) matched to an active channel becomes one draft order of the account (an admin names it with `account_id`, a field before the file or the query), with a schedule whose lines are mapped to the channel daypart holding their days and times (unmapped lines are listed with the reason). The same uniqueIdentifier at a higher version revises the drafts and lists the differences; the same or a lower version answers 409. No DTD, capped nesting and size (413 above 5 MB); nothing is written unless the whole file reads.',
          querystring: z.strictObject({ account_id: z.uuid({ error: IMPORT_MESSAGES.accountNotFound }).optional() }),
          response: { 201: proposalImportSchema, ...errors, 413: errorReplySchema },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw badRequest('Send the proposal as multipart/form-data in the field "file"', 'file');
        let file;
        try {
          file = await request.file();
        } catch {
          throw badRequest('The upload could not be read as multipart/form-data', 'file');
        }
        if (!file || file.fieldname !== 'file') throw badRequest('Send the proposal in the field "file"', 'file');
        let buffer: Buffer;
        try {
          buffer = await file.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, IMPORT_MESSAGES.tooLarge);
          throw badRequest('The upload could not be read as multipart/form-data', 'file');
        }
        const field = file.fields.account_id;
        const fieldText = field && typeof field === 'object' && 'value' in field && typeof field.value === 'string' ? field.value : undefined;
        const accountId = fieldText ?? request.query.account_id;
        if (accountId !== undefined && !z.uuid().safeParse(accountId).success) throw badRequest(IMPORT_MESSAGES.accountNotFound, 'account_id');
        const result = await thenNotify((events) => importProposal({ db: ctx.db, actor: actorOf(request), accountId, xml: buffer.toString('utf8'), events }));
        return reply.code(201).send(result);
      },
    );
  });
};
