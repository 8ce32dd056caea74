/**
 * A traffic admin limited to channels acts on those channels' records only (decision 053). Every route
 * whose path names a record (an order, an invoice, a campaign, a makegood offer, a log spot…) answers
 * 404 for a record of another channel, as for a stranger, before its handler runs. Each record's owning
 * module publishes how to find its order or channel; this is the one place that maps routes to them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUDIENCE_MESSAGES } from '../domain/audience-schemas';
import { CAMPAIGN_MESSAGES } from '../domain/campaign-schemas';
import { CORRECTION_MESSAGES } from '../domain/billing-corrections';
import { BILLING_MESSAGES } from '../domain/billing';
import { ESTIMATE_MESSAGES } from '../domain/estimate-schemas';
import { MAKEGOOD_MESSAGES } from '../domain/makegoods';
import { RECONCILIATION_MESSAGES } from '../domain/reconciliation';
import { adminChannels } from '../domain/orders';
import { isAdmin } from '../domain/roles';
import type { Tx } from './platform/db';
import { notFound } from './platform/errors';
import { channelOfInvoice, orderOfCreditNote } from './modules/billing/public';
import { channelOfBook } from './modules/audience/public';
import { channelOfCampaign } from './modules/campaigns/public';
import { orderOfOffer } from './modules/makegoods/public';
import { channelOfOrder } from './modules/orders/public';
import { daypartsByIds } from './modules/dayparts/public';
import { channelOfSpot } from './modules/traffic/public';
import { channelOfProgram } from './modules/programs/public';
import { PROGRAM_MESSAGES } from '../domain/program-schemas';

type ChannelOf = (db: Tx, id: string) => Promise<string | null>;

const channelOfDaypart: ChannelOf = async (db, id) => (await daypartsByIds(db, [id])).get(id)?.channelId ?? null;

const viaOrder =
  (orderOf: (db: Tx, id: string) => Promise<string | null>): ChannelOf =>
  async (db, id) => {
    const orderId = await orderOf(db, id);
    return orderId === null ? null : channelOfOrder(db, orderId);
  };

/** Route paths (after /api) naming a record, first match wins: the parameter, how to find its channel, the not-found message. */
const RECORDS: readonly { path: RegExp; param: string; channelOf: ChannelOf; message: string }[] = [
  { path: /^\/estimates\/:id(\/|$)/, param: 'id', channelOf: channelOfOrder, message: ESTIMATE_MESSAGES.notFound },
  { path: /^\/estimate-items\/:estimateId(\/|$)/, param: 'estimateId', channelOf: channelOfOrder, message: ESTIMATE_MESSAGES.notFound },
  { path: /^\/dayparts\/(availability\/)?:id(\/|$)/, param: 'id', channelOf: channelOfDaypart, message: ESTIMATE_MESSAGES.daypartNotFound },
  { path: /^\/billing\/from-estimate\/:id$/, param: 'id', channelOf: channelOfOrder, message: ESTIMATE_MESSAGES.notFound },
  { path: /^\/billing\/credit-notes\/:id(\/|$)/, param: 'id', channelOf: viaOrder(orderOfCreditNote), message: CORRECTION_MESSAGES.creditNoteNotFound },
  { path: /^\/billing\/:id(\/|$)/, param: 'id', channelOf: channelOfInvoice, message: BILLING_MESSAGES.invoiceNotFound },
  { path: /^\/campaigns\/from-estimate\/:estimateId$/, param: 'estimateId', channelOf: channelOfOrder, message: ESTIMATE_MESSAGES.notFound },
  { path: /^\/campaigns\/:id(\/|$)/, param: 'id', channelOf: channelOfCampaign, message: CAMPAIGN_MESSAGES.notFound },
  { path: /^\/makegoods\/:id(\/|$)/, param: 'id', channelOf: viaOrder(orderOfOffer), message: MAKEGOOD_MESSAGES.notFound },
  { path: /^\/reconciliation\/(reconcile|variance)\/:id$/, param: 'id', channelOf: channelOfOrder, message: RECONCILIATION_MESSAGES.notFound },
  { path: /^\/adcp\/changes\/:id\//, param: 'id', channelOf: channelOfOrder, message: ESTIMATE_MESSAGES.notFound },
  { path: /^\/books\/:id(\/|$)/, param: 'id', channelOf: channelOfBook, message: AUDIENCE_MESSAGES.bookNotFound },
  { path: /^\/traffic\/spots\/:id(\/|$)/, param: 'id', channelOf: channelOfSpot, message: 'Spot not found' },
  { path: /^\/programs\/:id$/, param: 'id', channelOf: channelOfProgram, message: PROGRAM_MESSAGES.notFound },
];

const recordOf = (url: string | undefined) => {
  const path = url?.replace(/^\/api(?=\/)/, '');
  return path === undefined ? undefined : RECORDS.find((r) => r.path.test(path));
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Adds the check to every route registered after it, before the body is validated: whose record it is
 * is answered first, as for a stranger (an id that is not one is left to the route's validation).
 */
export const registerChannelScope = (app: FastifyInstance, db: Tx) => {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const actor = request.actor;
    if (!actor || !isAdmin(actor.role)) return;
    const allowed = adminChannels(actor);
    if (allowed === null) return;
    const record = recordOf(request.routeOptions.url);
    if (!record) return;
    const id = (request.params as Record<string, unknown> | undefined)?.[record.param];
    if (typeof id !== 'string' || !UUID.test(id)) return;
    const channelId = await record.channelOf(db, id);
    // A record that does not exist is left to the handler (its own 404).
    if (channelId !== null && !allowed.includes(channelId)) throw notFound(record.message);
  });
};
