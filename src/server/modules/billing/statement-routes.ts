/**
 * Account statements (decision 038): GET /billing/statements/:customerId (admins, any advertiser) and
 * GET /my/statement (the caller's own), each with `from`, `to` (the month so far by default) and an
 * optional `brand_id`; `/pdf` after either answers the same statement as a PDF on the station's letterhead.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema } from '../../../domain/auth';
import {
  STATEMENT_MESSAGES,
  statementPdfFilename,
  statementPeriod,
  statementQuerySchema,
  statementSchema,
  type StatementQuery,
} from '../../../domain/statement';
import type { AppContext } from '../../context';
import { badRequest } from '../../platform/errors';
import type { OrderActor } from '../../../domain/orders';
import { actorOf, type Guards } from '../auth/guard';
import { channelsInScope } from '../channels/public';
import { getStationProfile } from '../station/service';
import { getStatement, statementBrand } from './statement';
import { renderStatementPdf } from './statement-pdf';

const customerParams = z.object({ customerId: z.uuid({ error: STATEMENT_MESSAGES.customerNotFound }) });
const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema };
const pdfReply = { 200: z.any().describe('application/pdf'), ...errors };
const description =
  'Opening balance, every invoice (net due), payment, credit note, refund and void of the period with the running balance, the totals, the closing balance and the ageing of what is owed at its end. Issued invoices only (not drafts).';

export const statementRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.db;

  const statementOf = async (actor: OrderActor, customerId: string, query: StatementQuery) => {
    const period = statementPeriod(query, ctx.time.today());
    // A start given alone may fall after today, where the period would end.
    if (period.from > period.to) throw badRequest(STATEMENT_MESSAGES.fromAfterTo, 'from');
    const channels = await channelsInScope(db, actor, query.channel_id);
    const statement = await getStatement({ db, customerId, brandId: query.brand_id ?? null, channels, ...period, timeZone: ctx.time.timeZone });
    return { statement, brand: await statementBrand(db, customerId, query.brand_id) };
  };
  const sendPdf = async (reply: FastifyReply, actor: OrderActor, customerId: string, query: StatementQuery) => {
    const { statement, brand } = await statementOf(actor, customerId, query);
    const doc = renderStatementPdf({ statement, station: await getStationProfile(db), brandName: brand?.name ?? null, timeZone: ctx.time.timeZone });
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${statementPdfFilename(statement.customer.name, statement.period_end)}"`)
      .header('cache-control', 'no-store')
      .send(doc);
  };

  const admin = {
    onRequest: guards.adminOnly,
    schema: { tags: ['billing'], security: [{ bearerAuth: [] }], params: customerParams, querystring: statementQuerySchema },
  };
  r.get('/billing/statements/:customerId', { ...admin, schema: { ...admin.schema, description, response: { 200: statementSchema, ...errors } } }, (request) =>
    statementOf(actorOf(request), request.params.customerId, request.query).then(({ statement }) => statement),
  );
  r.get(
    '/billing/statements/:customerId/pdf',
    { ...admin, schema: { ...admin.schema, description: 'The statement as a PDF file.', response: pdfReply } },
    (request, reply) => sendPdf(reply, actorOf(request), request.params.customerId, request.query),
  );

  const own = { onRequest: guards.signedIn, schema: { tags: ['my billing'], security: [{ bearerAuth: [] }], querystring: statementQuerySchema } };
  r.get(
    '/my/statement',
    { ...own, schema: { ...own.schema, description: `The caller's own statement. ${description}`, response: { 200: statementSchema, ...errors } } },
    (request) => statementOf(actorOf(request), actorOf(request).id, request.query).then(({ statement }) => statement),
  );
  r.get(
    '/my/statement/pdf',
    { ...own, schema: { ...own.schema, description: "The caller's own statement as a PDF file.", response: pdfReply } },
    (request, reply) => sendPdf(reply, actorOf(request), actorOf(request).id, request.query),
  );
};
