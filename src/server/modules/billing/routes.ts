/**
 * Billing & Invoicing (admin only). Replies: an invoice object (see invoiceSchema), the list
 * `{ invoices, pagination }`, a detail with `lines` and `payments`; POST …/payments answers
 * `{ invoice, payment }` and POST …/send `{ message, invoice }`. Overdue is computed on read.
 */
import { channelsInScope } from '../channels/public';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema } from '../../../domain/auth';
import { BILLING_MESSAGES } from '../../../domain/billing';
import {
  billingAnalyticsQuerySchema,
  billingAnalyticsSchema,
  createInvoiceBodySchema,
  invoiceDetailSchema,
  invoiceListQuerySchema,
  invoiceListReplySchema,
  invoicePaymentSchema,
  invoiceSchema,
  paymentBodySchema,
  sendInvoiceBodySchema,
} from '../../../domain/billing-schemas';
import { isBroadcastMonthKey } from '../../../domain/broadcast-calendar';
import { invoiceEi, monthEi } from './ei';
import type { AppContext } from '../../context';
import { actorOf, type Guards } from '../auth/guard';
import { notifyInvoiceSent } from '../notifications';
import { billingAnalytics } from './analytics';
import { composeInvoiceMail } from './mail';
import { invoicePdfAttachment } from './invoice-attachment';
import { invoicePdfFilename, renderInvoicePdf } from './pdf';
import { issuerOf } from './issued-parties';
import { getInvoiceDetail, listInvoices } from './queries';
import { createInvoiceFromEstimate, markInvoiceSent, recordPayment } from './service';
import { clientBillingRoutes } from './client-routes';
import { statementRoutes } from './statement-routes';
import { billingCorrectionRoutes } from './correction-routes';
import { recordRefund } from './corrections';

const invoiceParams = z.object({ id: z.uuid({ error: BILLING_MESSAGES.invoiceNotFound }) });
const estimateParams = z.object({ id: z.uuid({ error: BILLING_MESSAGES.estimateNotFound }) });
const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };
const tags = { tags: ['billing'], security: [{ bearerAuth: [] }] };

export const billingRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.adminOnly };
  const db = ctx.db;

  r.get(
    '/billing/analytics/overview',
    {
      ...admin,
      schema: {
        ...tags,
        description:
          'Invoices issued in the last `timeframe` days (default 30), cancelled ones left out: billed, collected (paid so far), outstanding (draft and sent, overdue included), counts; payments per day by payment date; the 8 customers billed most.',
        querystring: billingAnalyticsQuerySchema,
        response: { 200: billingAnalyticsSchema, ...errors },
      },
    },
    async (request) =>
      billingAnalytics({
        db,
        timeframe: request.query.timeframe,
        today: ctx.time.today(),
        channels: await channelsInScope(db, actorOf(request), request.query.channel_id),
      }),
  );

  r.get(
    '/billing',
    { ...admin, schema: { ...tags, querystring: invoiceListQuerySchema, response: { 200: invoiceListReplySchema, ...errors } } },
    async (request) =>
      listInvoices({ db, query: request.query, today: ctx.time.today(), channels: await channelsInScope(db, actorOf(request), request.query.channel_id) }),
  );

  r.get('/billing/:id', { ...admin, schema: { ...tags, params: invoiceParams, response: { 200: invoiceDetailSchema, ...errors } } }, (request) =>
    getInvoiceDetail({ db, id: request.params.id, today: ctx.time.today(), timeZone: ctx.time.timeZone }),
  );

  r.post(
    '/billing/from-estimate/:id',
    { ...admin, schema: { ...tags, params: estimateParams, body: createInvoiceBodySchema, response: { 201: invoiceSchema, ...errors } } },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createInvoiceFromEstimate({ db, actor: actorOf(request), estimateId: request.params.id, input: request.body, today: ctx.time.today() })),
  );

  r.get(
    '/billing/:id/pdf',
    {
      ...admin,
      schema: {
        ...tags,
        params: invoiceParams,
        description: 'The invoice as a PDF file (application/pdf, streamed).',
        response: { 200: z.any().describe('application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const invoice = await getInvoiceDetail({ db, id: request.params.id, today: ctx.time.today(), timeZone: ctx.time.timeZone });
      const doc = renderInvoicePdf({ invoice, station: await issuerOf(db, invoice.id), timeZone: ctx.time.timeZone });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${invoicePdfFilename(invoice)}"`)
        .header('cache-control', 'no-store')
        .send(doc);
    },
  );

  // The 4A's electronic invoice (issue 27, decision 034): one invoice, or a broadcast month's as one transmission.
  const eiReply = (reply: FastifyReply, file: { body: string; filename: string }) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  r.get(
    '/billing/ei',
    {
      ...admin,
      schema: {
        ...tags,
        description: "Every issued invoice of a broadcast month as one 4A's electronic invoice (EI) transmission (text/plain, records 21–12; decision 034).",
        querystring: z.object({
          month: z.string({ error: 'month is required (YYYY-MM)' }).refine(isBroadcastMonthKey, 'month must be a broadcast month, YYYY-MM'),
        }),
        response: { 200: z.any().describe('text/plain'), ...errors },
      },
    },
    async (request, reply) => eiReply(reply, await monthEi(db, request.query.month, ctx.time)),
  );
  r.get(
    '/billing/:id/ei',
    {
      ...admin,
      schema: {
        ...tags,
        params: invoiceParams,
        description: "The invoice as a 4A's electronic invoice (EI) file (text/plain; decision 034).",
        response: { 200: z.any().describe('text/plain'), ...errors },
      },
    },
    async (request, reply) => eiReply(reply, await invoiceEi(db, request.params.id, ctx.time)),
  );

  r.post(
    '/billing/:id/send',
    {
      ...admin,
      schema: {
        ...tags,
        params: invoiceParams,
        body: sendInvoiceBodySchema,
        response: { 200: z.object({ message: z.string(), invoice: invoiceSchema }), ...errors },
      },
    },
    async (request) => {
      const today = ctx.time.today();
      const invoice = await markInvoiceSent({
        db,
        id: request.params.id,
        today,
        timeZone: ctx.time.timeZone,
        mailer: ctx.mailer,
        // The e-mail carries the invoice PDF (as sent: the status it has once marked sent).
        compose: async (detail, station) =>
          detail.customer_email
            ? {
                ...composeInvoiceMail({ appUrl: ctx.config.appUrl, invoice: detail, customMessage: request.body.custom_message, stationName: station.name }),
                attachments: [await invoicePdfAttachment({ invoice: detail, station, timeZone: ctx.time.timeZone })],
              }
            : null,
      });
      // The advertiser hears of it in the app too (issue 29, item 18); never fails the send.
      await notifyInvoiceSent(ctx, {
        customerId: invoice.customer_id,
        estimateId: invoice.estimate_id,
        estimateName: invoice.estimate_name,
        invoiceNumber: invoice.invoice_number,
        balanceDue: invoice.balance_due,
        dueDate: invoice.due_date,
      }).catch((error: unknown) => request.log.error({ err: error }, 'invoice notification failed'));
      return { message: 'Invoice sent successfully', invoice };
    },
  );

  r.post(
    '/billing/:id/payments',
    {
      ...admin,
      schema: {
        ...tags,
        params: invoiceParams,
        body: paymentBodySchema,
        response: { 201: z.object({ invoice: invoiceSchema, payment: invoicePaymentSchema }), ...errors },
      },
    },
    async (request, reply) => {
      const { amount, payment_date, notes, direction, method, reference } = request.body;
      const record = direction === 'refund' ? recordRefund : recordPayment;
      const result = await record({
        db,
        actorId: actorOf(request).id,
        id: request.params.id,
        amount,
        paymentDate: payment_date,
        notes,
        method,
        reference,
        today: ctx.time.today(),
        timeZone: ctx.time.timeZone,
      });
      return reply.code(201).send(result);
    },
  );

  // Voids, credit notes, ageing (admin) and the advertiser's own invoices: decision 013.
  billingCorrectionRoutes(app, ctx, guards);
  clientBillingRoutes(app, ctx, guards);
  statementRoutes(app, ctx, guards);
};
