/**
 * Advertisers' own invoices once issued (read-only, decision 013; drafts are not shown): GET /my/invoices answers
 * `{ invoices, credit_notes, pagination }` (newest first, paginated like /billing; credit_notes are
 * all of the caller's, newest first); GET /my/invoices/:id the detail with its payments and credit
 * notes; the PDFs of both. Another customer's invoice or credit note answers 404, as a missing one does.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema } from '../../../domain/auth';
import { BILLING_MESSAGES } from '../../../domain/billing';
import { CORRECTION_MESSAGES, creditNoteSchema } from '../../../domain/billing-corrections';
import { invoiceDetailSchema, invoiceListQuerySchema, invoiceListReplySchema } from '../../../domain/billing-schemas';
import type { StationTime } from '../../../domain/dates';
import type { AppContext } from '../../context';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { actorOf, type Guards } from '../auth/guard';
import { issuerOf } from './issued-parties';
import { sendCreditNotePdf } from './correction-routes';
import { creditNotesOfCustomer, getCreditNote } from './credit-notes';
import { invoicePdfFilename, renderInvoicePdf } from './pdf';
import { getInvoiceDetail, listInvoices } from './queries';

const invoiceParams = z.object({ id: z.uuid({ error: BILLING_MESSAGES.invoiceNotFound }) });
const creditNoteParams = z.object({ id: z.uuid({ error: CORRECTION_MESSAGES.creditNoteNotFound }) });
const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema };
const tags = { tags: ['my billing'], security: [{ bearerAuth: [] }] };
const myListQuerySchema = invoiceListQuerySchema.pick({ page: true, limit: true, status: true });

/**
 * The caller's invoice, or 404 (missing, someone else's, and a draft the station has not sent yet
 * read the same: a draft is the station's work in progress, decision 013).
 */
const ownInvoice = async (db: Db, time: StationTime, customerId: string, id: string) => {
  const invoice = await getInvoiceDetail({ db, id, today: time.today(), timeZone: time.timeZone }).catch(() => null);
  if (!invoice || invoice.customer_id !== customerId || invoice.status === 'draft') throw notFound(BILLING_MESSAGES.invoiceNotFound);
  return invoice;
};

export const clientBillingRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = { onRequest: guards.signedIn };
  const db = ctx.db;

  r.get(
    '/my/invoices',
    {
      ...user,
      schema: {
        ...tags,
        description: "The caller's invoices the station has issued (voided ones too, as cancelled; not drafts), newest first, and all of their credit notes.",
        querystring: myListQuerySchema,
        response: { 200: invoiceListReplySchema.extend({ credit_notes: z.array(creditNoteSchema) }), ...errors },
      },
    },
    async (request) => {
      const customerId = actorOf(request).id;
      const list = await listInvoices({ db, query: { ...request.query, customer_id: customerId }, today: ctx.time.today(), issuedOnly: true });
      return { ...list, credit_notes: await creditNotesOfCustomer(db, customerId) };
    },
  );

  r.get('/my/invoices/:id', { ...user, schema: { ...tags, params: invoiceParams, response: { 200: invoiceDetailSchema, ...errors } } }, (request) =>
    ownInvoice(db, ctx.time, actorOf(request).id, request.params.id),
  );

  r.get(
    '/my/invoices/:id/pdf',
    {
      ...user,
      schema: { ...tags, params: invoiceParams, description: 'The invoice as a PDF file.', response: { 200: z.any().describe('application/pdf'), ...errors } },
    },
    async (request, reply) => {
      const invoice = await ownInvoice(db, ctx.time, actorOf(request).id, request.params.id);
      const doc = renderInvoicePdf({ invoice, station: await issuerOf(db, invoice.id), timeZone: ctx.time.timeZone });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${invoicePdfFilename(invoice)}"`)
        .header('cache-control', 'no-store')
        .send(doc);
    },
  );

  r.get(
    '/my/credit-notes/:id/pdf',
    {
      ...user,
      schema: {
        ...tags,
        params: creditNoteParams,
        description: 'A credit note as a PDF file.',
        response: { 200: z.any().describe('application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const note = await getCreditNote(db, request.params.id).catch(() => null);
      if (!note || note.customer_id !== actorOf(request).id) throw notFound(CORRECTION_MESSAGES.creditNoteNotFound);
      return sendCreditNotePdf(ctx, note, reply);
    },
  );
};
