/**
 * The audit trail: admins list and export it with filters; an order's owner and admins read the
 * order's timeline. Nothing here writes: events are written by the database's triggers.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUDIT_CSV_COLUMNS,
  AUDIT_MESSAGES,
  advertiserTimeline,
  auditCsvCell,
  auditListReplySchema,
  auditQuerySchema,
  timelineReplySchema,
} from '../../../domain/audit';
import { errorReplySchema } from '../../../domain/auth';
import { ESTIMATE_MESSAGES } from '../../../domain/estimate-schemas';
import { csvLine } from '../../../domain/reconciliation';
import { isAdmin } from '../../../domain/roles';
import type { AppContext } from '../../context';
import { actorOf, type Guards } from '../auth/guard';
import { readableOrder } from '../orders/public';
import { apiKeyExists, auditEventBatches, listAuditEvents, orderTimeline } from './queries';
import { badRequest } from '../../platform/errors';

const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema };
const tags = { tags: ['audit'], security: [{ bearerAuth: [] }] };

export const auditRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** An api_key_id that names no key is refused like any other bad filter. */
  const knownKey = async (id: string | undefined) => {
    if (id && !(await apiKeyExists(ctx.db, id))) throw badRequest(AUDIT_MESSAGES.unknownApiKey, 'api_key_id');
  };

  r.get(
    '/audit',
    {
      onRequest: guards.adminOnly,
      schema: {
        ...tags,
        description:
          'Audit events, newest first, filtered by entity, action, actor (part of the e-mail, or "system"), entity id, API key and station dates; each event names the API key it was made through; `next_cursor` pages on.',
        querystring: auditQuerySchema,
        response: { 200: auditListReplySchema, ...errors },
      },
    },
    async (request) => {
      await knownKey(request.query.api_key_id);
      return listAuditEvents(ctx.db, request.query, ctx.time.timeZone);
    },
  );

  r.get(
    '/audit/export',
    {
      onRequest: guards.adminOnly,
      schema: {
        ...tags,
        description: 'The filtered audit events as a CSV file (streamed; cells that look like formulas are quoted with an apostrophe).',
        querystring: auditQuerySchema,
        response: { 200: z.unknown(), ...errors },
      },
    },
    async (request, reply) => {
      await knownKey(request.query.api_key_id);
      const { cursor: _cursor, limit: _limit, ...filters } = request.query;
      async function* lines() {
        yield csvLine(AUDIT_CSV_COLUMNS);
        for await (const batch of auditEventBatches(ctx.db, filters, ctx.time.timeZone)) {
          for (const event of batch) yield csvLine(AUDIT_CSV_COLUMNS.map((column) => auditCsvCell(event, column)));
        }
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${ctx.time.today()}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines()));
    },
  );

  r.get(
    '/estimates/:id/timeline',
    {
      onRequest: guards.signedIn,
      schema: {
        ...tags,
        description:
          "The order's history, oldest first: who changed the order, its items, campaign, media, makegoods, reconciliation, invoices, payments and credit notes, and what changed.",
        params: z.object({ id: z.uuid({ error: ESTIMATE_MESSAGES.notFound }) }),
        response: { 200: timelineReplySchema, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const order = await readableOrder(ctx.db, actor, request.params.id);
      const timeline = await orderTimeline(ctx.db, order.id);
      return isAdmin(actor.role) ? timeline : { ...timeline, events: advertiserTimeline(timeline.events, actor.id) };
    },
  );
};
