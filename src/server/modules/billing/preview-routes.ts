import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorReplySchema } from '../../../domain/auth';
import { estimateSchema } from '../../../domain/estimate-schemas';
import { invoicePreviewQuerySchema, invoicePreviewSchema } from '../../../domain/invoice-preview-schemas';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { actorOf, type Guards } from '../auth/guard';
import { listInvoiceableOrders } from './invoiceable';
import { previewInvoice } from './preview';

const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };

/**
 * GET /api/billing/preview (admins): Create Invoice's total before the invoice exists (decision 019).
 * GET /api/billing/invoiceable-orders (admins): the orders Create Invoice can bill (decision 033).
 */
export const billingPreviewRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/billing/invoiceable-orders',
    {
      onRequest: guards.adminOnly,
      schema: {
        tags: ['billing'],
        security: [{ bearerAuth: [] }],
        description:
          'The orders an invoice can be created for now: approved, scheduled, active or completed orders billed up front with no live (not void) invoice, and completed orders billed monthly with no live final invoice. Newest first.',
        response: { 200: z.array(estimateSchema), ...errors },
      },
    },
    (request) => listInvoiceableOrders(ctx.db, actorOf(request)),
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/billing/preview',
    {
      onRequest: guards.adminOnly,
      schema: {
        tags: ['billing'],
        security: [{ bearerAuth: [] }],
        description:
          'What creating an invoice for the order would bill (subtotal, discount, tax, total, commission, amount due) with the given tax_rate (a fraction) and discount_amount; nothing is created. Refused as creating would be.',
        querystring: invoicePreviewQuerySchema,
        response: { 200: invoicePreviewSchema, ...errors },
      },
    },
    (request) =>
      previewInvoice({
        db: ctx.db,
        actor: actorOf(request),
        estimateId: request.query.estimate_id,
        taxRate: request.query.tax_rate,
        discountAmount: request.query.discount_amount,
      }),
  );
};
