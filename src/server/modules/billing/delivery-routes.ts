/**
 * Billing on delivery (admins, decision 014): an order's billing mode, and billing a broadcast
 * month. `PUT /estimates/:id/billing-mode` answers `{ message, estimate_id, billing_mode }`;
 * `POST /billing/broadcast-month` answers `{ message, month, invoices }` (201 when it made any).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema } from '../../../domain/auth';
import { BILLING_MESSAGES, BILLING_MODES } from '../../../domain/billing';
import { billingModeBodySchema, broadcastMonthBodySchema } from '../../../domain/billing-delivery';
import { invoiceSchema } from '../../../domain/billing-schemas';
import type { AppContext } from '../../context';
import { actorOf, type Guards } from '../auth/guard';
import { billBroadcastMonth, setBillingMode } from './broadcast-month';

const estimateParams = z.object({ id: z.uuid({ error: BILLING_MESSAGES.estimateNotFound }) });
const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };
const monthReplySchema = z.object({
  message: z.string(),
  month: z.object({ month: z.string(), label: z.string(), start: z.string(), end: z.string() }),
  invoices: z.array(invoiceSchema),
});

export const billingDeliveryRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.adminOnly };

  r.put(
    '/estimates/:id/billing-mode',
    {
      ...admin,
      schema: {
        tags: ['billing'],
        security: [{ bearerAuth: [] }],
        description:
          'How the order is billed: up_front (the whole order, POST /billing/from-estimate) or monthly (what aired each broadcast month). Refused (409) while the order has a live invoice.',
        params: estimateParams,
        body: billingModeBodySchema,
        response: { 200: z.object({ message: z.string(), estimate_id: z.uuid(), billing_mode: z.enum(BILLING_MODES) }), ...errors },
      },
    },
    (request) => setBillingMode({ db: ctx.db, actor: actorOf(request), estimateId: request.params.id, mode: request.body.billing_mode }),
  );

  r.post(
    '/billing/broadcast-month',
    {
      ...admin,
      schema: {
        tags: ['billing'],
        security: [{ bearerAuth: [] }],
        description:
          'Bills a finished broadcast month (YYYY-MM): one invoice per monthly-billed order with aired, unbilled spots in it, one line per daypart (spots × cost per spot at the item CPM). 201 with the invoices made, or 200 with none.',
        body: broadcastMonthBodySchema,
        response: { 200: monthReplySchema, 201: monthReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await billBroadcastMonth({ db: ctx.db, actor: actorOf(request), body: request.body, today: ctx.time.today() });
      return reply.code(result.invoices.length > 0 ? 201 : 200).send(result);
    },
  );
};
