/** Reading invoices: the filtered, paginated list and one invoice with its lines and payments. */
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { BILLING_MESSAGES, type InvoiceStatus } from '../../../domain/billing';
import type { InvoiceDetail, InvoiceListQuery, InvoiceListReply } from '../../../domain/billing-schemas';
import { toDollars } from '../../../domain/money';
import { selectionDefaults } from '../../../domain/pricing';
import { itemsWithDayparts, listItems, selectionOf } from '../orders/public';
import { issuedPartiesOf } from './issued-parties';
import { invoicePayments, invoices } from '../../db/schema';
import { brandNameSql, brandSummary } from '../brands/public';
import { mediaIdentities } from '../media/public';
import { userEmailSql, userNameSql } from '../users/public';
import { ordersView } from '../orders/views';
import { containsPattern, type Tx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { creditNotesOfInvoice } from './credit-notes';
import { billedSpotsOf, storedInvoiceLines } from './invoice-lines';
import { selectInvoices, toInvoice, toPayment, withParties } from './present';
import { couponCodeOf } from './up-front-lines';

/** Past due with a balance: what turns a sent invoice into an overdue one. */
const pastDue = (today: string) =>
  and(
    sql`${invoices.totalCents} - ${invoices.commissionCents} - ${invoices.creditedCents} - ${invoices.paidCents} + ${invoices.refundedCents} > 0`,
    lt(invoices.dueDate, today),
  )!;

/** The shown status as a condition on stored columns (overdue is computed, never stored). */
export const statusCondition = (status: InvoiceStatus, today: string): SQL => {
  if (status === 'overdue') return and(eq(invoices.status, 'sent'), pastDue(today))!;
  if (status === 'sent') return and(eq(invoices.status, 'sent'), sql`not (${pastDue(today)})`)!;
  return eq(invoices.status, status);
};

const listConditions = (query: InvoiceListQuery, today: string): SQL | undefined => {
  const search = query.search ? containsPattern(query.search) : undefined;
  return and(
    query.status ? statusCondition(query.status, today) : undefined,
    query.customer_id ? eq(invoices.customerId, query.customer_id) : undefined,
    query.brand_id ? eq(invoices.brandId, query.brand_id) : undefined,
    query.date_from ? gte(invoices.issueDate, query.date_from) : undefined,
    query.date_to ? lte(invoices.issueDate, query.date_to) : undefined,
    search
      ? or(
          ilike(invoices.invoiceNumber, search),
          ilike(ordersView.estimateName, search),
          ilike(ordersView.agencyEstimateNumber, search),
          ilike(brandNameSql(invoices.brandId), search),
          ilike(userEmailSql(invoices.customerId), search),
          ilike(userNameSql(invoices.customerId), search),
        )
      : undefined,
  );
};

/**
 * Newest first; the count runs over the same filters. Orders and customers are joined only to
 * search them (every invoice has both: required foreign keys), and the page's ids are chosen
 * before the reply's joins, so that an offset never joins the rows it skips.
 */
export const listInvoices = async ({
  db,
  query,
  today,
  issuedOnly = false,
  channels = null,
}: {
  db: Tx;
  query: InvoiceListQuery;
  today: string;
  issuedOnly?: boolean;
  /** The channels whose orders' invoices are listed (decision 053); null: every channel. */
  channels?: readonly string[] | null;
}): Promise<InvoiceListReply> => {
  const where = and(
    listConditions(query, today),
    issuedOnly ? ne(invoices.status, 'draft') : undefined,
    channels
      ? inArray(
          invoices.estimateId,
          db
            .select({ id: ordersView.id })
            .from(ordersView)
            .where(inArray(ordersView.channelId, [...channels])),
        )
      : undefined,
  );
  const counted = db.select({ n: count() }).from(invoices).$dynamic();
  const candidates = db.select({ id: invoices.id }).from(invoices).$dynamic();
  if (query.search) for (const select of [counted, candidates]) select.innerJoin(ordersView, eq(ordersView.id, invoices.estimateId));
  const [totalRow] = await counted.where(where);
  const total = Number(totalRow?.n ?? 0);
  const page = candidates
    .where(where)
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const rows = await withParties(db, await selectInvoices(db).where(inArray(invoices.id, page)).orderBy(desc(invoices.createdAt), desc(invoices.id)));
  return {
    invoices: rows.map((row) => toInvoice(row, today)),
    pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
  };
};

/** One invoice, 404 when missing. */
export const getInvoice = async (db: Tx, id: string, today: string) => {
  const [row] = await withParties(db, await selectInvoices(db).where(eq(invoices.id, id)).limit(1));
  if (!row) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  return toInvoice(row, today);
};

/** One invoice with the order's time slots (its lines) and the payments, oldest first. */
export const getInvoiceDetail = async ({ db, id, today, timeZone }: { db: Tx; id: string; today: string; timeZone: string }): Promise<InvoiceDetail> => {
  const invoice = await getInvoice(db, id, today);
  const [order] = await db.select().from(ordersView).where(eq(ordersView.id, invoice.estimate_id)).limit(1);
  const brand = invoice.brand_id ? await brandSummary(db, invoice.brand_id) : undefined;
  const commercial = order?.mediaAssetId ? (await mediaIdentities(db, [order.mediaAssetId])).get(order.mediaAssetId) : undefined;
  const items = await listItems(db, invoice.estimate_id);
  // Each line's CPM as the order prices it: the booked rate once booked (decision 029).
  const cpmOf = new Map((await itemsWithDayparts(db, invoice.estimate_id)).map(({ item, daypart }) => [item.id, selectionOf(daypart, item).cpm]));
  const payments = await db
    .select()
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, id))
    .orderBy(asc(invoicePayments.paymentDate), asc(invoicePayments.createdAt));
  // An issued invoice names the party billed as it was when issued (decision 029).
  const frozen = (await issuedPartiesOf(db, id))?.billed;
  return {
    ...invoice,
    ...frozen,
    order_start_date: order?.startDate ?? null,
    order_end_date: order?.endDate ?? null,
    order_gross: toDollars(order?.totalSpendCents ?? 0),
    coupon_code: order ? await couponCodeOf(db, order) : null,
    agency_estimate_number: order?.agencyEstimateNumber ?? null,
    client_code: order?.clientCode ?? null,
    product_code: order?.productCode ?? null,
    po_number: order?.poNumber ?? null,
    commercial_ad_id: commercial?.adId ?? null,
    commercial_title: commercial?.title ?? null,
    brand_legal_name: frozen ? frozen.brand_legal_name : (brand?.legalName ?? null),
    brand_address: frozen ? frozen.brand_address : (brand?.address ?? null),
    lines: items.map((item) => ({
      daypart_name: item.daypart_name,
      start_time: item.start_time,
      end_time: item.end_time,
      days_of_week: item.days_of_week,
      spots_per_occurrence: item.spots_per_occurrence,
      cpm:
        cpmOf.get(item.id) ??
        item.user_defined_cpm ??
        selectionDefaults({ name: item.daypart_name, spotFrequency: item.spot_frequency, minCpm: item.min_cpm, baseCpm: item.base_cpm }).cpm,
      weekly_cost: item.weekly_cost,
    })),
    invoice_lines: await storedInvoiceLines(db, id),
    billed_spots: invoice.kind === 'up_front' ? [] : await billedSpotsOf(db, id, timeZone),
    payments: payments.map(toPayment),
    credit_notes: await creditNotesOfInvoice(db, id),
  };
};
