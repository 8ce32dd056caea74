/**
 * Correcting invoices and receivables (admin only, decision 013): POST /billing/:id/void answers the
 * cancelled invoice; POST /billing/:id/credit-notes answers `{ message, credit_note, invoice }` (201);
 * GET /billing/credit-notes/:id/pdf streams the credit note; GET /billing/ageing and
 * /billing/ageing/export (CSV, formula-safe) show the open balance by days past due.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema } from '../../../domain/auth';
import { BILLING_MESSAGES } from '../../../domain/billing';
import {
  AGEING_CSV_COLUMNS,
  AGEING_PAGE_SIZE,
  CORRECTION_MESSAGES,
  ageingQuerySchema,
  ageingReplySchema,
  creditNoteBodySchema,
  creditNoteSchema,
  voidInvoiceBodySchema,
} from '../../../domain/billing-corrections';
import { invoiceSchema } from '../../../domain/billing-schemas';
import { channelFilterSchema } from '../../../domain/channel-schemas';
import { csvLine } from '../../../domain/reconciliation';
import type { AppContext } from '../../context';
import { actorOf, type Guards } from '../auth/guard';
import { channelsInScope } from '../channels/public';
import { notifyCreditNoteIssued } from '../notifications';
import { issuerOf } from './issued-parties';
import { receivablesAgeing } from './ageing';
import { voidInvoice } from './corrections';
import { creditNotePdfFilename, renderCreditNotePdf } from './credit-note-pdf';
import { getCreditNote, issueCreditNote } from './credit-notes';
import { getInvoice, getInvoiceDetail } from './queries';

const invoiceParams = z.object({ id: z.uuid({ error: BILLING_MESSAGES.invoiceNotFound }) });
const creditNoteParams = z.object({ id: z.uuid({ error: CORRECTION_MESSAGES.creditNoteNotFound }) });
const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };
const tags = { tags: ['billing'], security: [{ bearerAuth: [] }] };

/** Streams a credit note's PDF (shared with the advertiser's own route). */
export const sendCreditNotePdf = async (ctx: AppContext, note: Awaited<ReturnType<typeof getCreditNote>>, reply: FastifyReply) => {
  const invoice = await getInvoiceDetail({ db: ctx.db, id: note.invoice_id, today: ctx.time.today(), timeZone: ctx.time.timeZone });
  const doc = renderCreditNotePdf({ note, invoice, station: await issuerOf(ctx.db, invoice.id) });
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${creditNotePdfFilename(note)}"`)
    .header('cache-control', 'no-store')
    .send(doc);
};

export const billingCorrectionRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.adminOnly };
  const db = ctx.db;

  r.post(
    '/billing/:id/void',
    {
      ...admin,
      schema: {
        ...tags,
        description:
          'Voids a draft, sent or overdue invoice with no payments and no credit notes: status cancelled, the reason kept, the number never reused; the order may be invoiced again.',
        params: invoiceParams,
        body: voidInvoiceBodySchema,
        response: { 200: z.object({ message: z.string(), invoice: invoiceSchema }), ...errors },
      },
    },
    async (request) => {
      const invoice = await voidInvoice({ db, actorId: actorOf(request).id, id: request.params.id, reason: request.body.reason, today: ctx.time.today() });
      return { message: CORRECTION_MESSAGES.voided, invoice };
    },
  );

  r.post(
    '/billing/:id/credit-notes',
    {
      ...admin,
      schema: {
        ...tags,
        description: 'Issues a credit note (CN-YYYY-NNNNNN) against a sent, overdue or paid invoice, for at most its net less what is already credited.',
        params: invoiceParams,
        body: creditNoteBodySchema,
        response: { 201: z.object({ message: z.string(), credit_note: creditNoteSchema, invoice: invoiceSchema }), ...errors },
      },
    },
    async (request, reply) => {
      const today = ctx.time.today();
      const note = await issueCreditNote({
        db,
        actorId: actorOf(request).id,
        id: request.params.id,
        amount: request.body.amount,
        reason: request.body.reason,
        today,
      });
      const invoice = await getInvoice(db, request.params.id, today);
      // The advertiser hears of it (issue 29, item 18); never fails the credit note.
      await notifyCreditNoteIssued(ctx, {
        customerId: invoice.customer_id,
        estimateId: invoice.estimate_id,
        estimateName: invoice.estimate_name,
        creditNumber: note.credit_number,
        invoiceNumber: invoice.invoice_number,
        amount: note.amount,
      }).catch((error: unknown) => request.log.error({ err: error }, 'credit note notification failed'));
      return reply.code(201).send({ message: CORRECTION_MESSAGES.creditIssued, credit_note: note, invoice });
    },
  );

  r.get(
    '/billing/credit-notes/:id/pdf',
    {
      ...admin,
      schema: {
        ...tags,
        params: creditNoteParams,
        description: 'The credit note as a PDF file (application/pdf, streamed).',
        response: { 200: z.any().describe('application/pdf'), ...errors },
      },
    },
    async (request, reply) => sendCreditNotePdf(ctx, await getCreditNote(db, request.params.id), reply),
  );

  r.get(
    '/billing/ageing',
    {
      ...admin,
      schema: {
        ...tags,
        description:
          "Open balances of sent and overdue invoices per advertiser, by days past due on the station's today: current, 1–30, 31–60, 61–90, 90+; with each row's total and grand totals. With `limit` (and `offset`), only those rows of the list and `pagination`; the totals stay everyone's.",
        querystring: ageingQuerySchema,
        response: { 200: ageingReplySchema, ...errors },
      },
    },
    async (request) => {
      const { limit, offset = 0 } = request.query;
      const channels = await channelsInScope(db, actorOf(request), request.query.channel_id);
      if (limit === undefined && request.query.offset === undefined) {
        const { count: _, ...ageing } = await receivablesAgeing({ db, today: ctx.time.today(), channels });
        return ageing;
      }
      const size = limit ?? AGEING_PAGE_SIZE;
      const { count, ...ageing } = await receivablesAgeing({ db, today: ctx.time.today(), page: { offset, limit: size }, channels });
      return { ...ageing, pagination: { offset, limit: size, total: count } };
    },
  );

  r.get(
    '/billing/ageing/export',
    {
      ...admin,
      schema: {
        ...tags,
        description: 'The ageing table as CSV (text/csv; formula-safe cells).',
        querystring: channelFilterSchema,
        response: { 200: z.unknown(), ...errors },
      },
    },
    async (request, reply) => {
      const today = ctx.time.today();
      const channels = await channelsInScope(db, actorOf(request), request.query.channel_id);
      const { count: _, ...ageing } = await receivablesAgeing({ db, today, channels });
      const totals = { customer_name: 'Total', customer_email: '', ...ageing.totals };
      const lines = [
        csvLine(AGEING_CSV_COLUMNS),
        ...[...ageing.rows, totals].map((row) =>
          csvLine(AGEING_CSV_COLUMNS.map((c) => (typeof row[c] === 'number' && c !== 'invoices' ? (row[c] as number).toFixed(2) : row[c]))),
        ),
      ];
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="receivables-ageing-${today}.csv"`)
        .send(Readable.from(lines));
    },
  );
};
