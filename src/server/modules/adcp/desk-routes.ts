/**
 * The traffic desk's side of AdCP changes (decision 035): Order Management lists the budget and flight
 * changes that buyers ask of approved buys, and approves or rejects each.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeDecisionReplySchema, pendingChangeSchema } from '../../../domain/adcp-changes';
import { errorReplySchema } from '../../../domain/auth';
import { MAX_TEXT } from '../../../domain/validation';
import type { AppContext } from '../../context';
import { actorOf, type Guards } from '../auth/guard';
import { decideBuyChange, listPendingChanges } from './changes';

const idParams = z.object({ id: z.uuid({ error: 'This order has no AdCP change waiting for review' }) });
const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };
const tags = { tags: ['adcp'], security: [{ bearerAuth: [] }] };
const decisionBody = z.object({ notes: z.string().trim().max(MAX_TEXT, `Notes must be at most ${MAX_TEXT} characters`).nullish() }).default({});

export const adcpDeskRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.adminOnly };

  r.get('/adcp/changes', { ...admin, schema: { ...tags, response: { 200: z.object({ changes: z.array(pendingChangeSchema) }), ...errors } } }, async () => ({
    changes: await listPendingChanges({ db: ctx.db }),
  }));

  for (const [path, approve] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    r.post(
      `/adcp/changes/:id/${path}`,
      { ...admin, schema: { ...tags, params: idParams, body: decisionBody, response: { 200: changeDecisionReplySchema, ...errors } } },
      (request) => decideBuyChange({ db: ctx.db, actor: actorOf(request), id: request.params.id, approve, notes: request.body?.notes }),
    );
  }
};
