/**
 * Invoices made from aired spots (billing on delivery, decision 014): the order's aired spots not
 * billed yet, each at its item's CPM (the cost a makegood credit uses), one line per daypart, and
 * the spots marked with the invoice that billed them. Also the stored lines of any invoice.
 */
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { type InvoiceKind } from '../../../domain/billing';
import { couponLineLabel, dateRangeLabel, orderCouponOf, toStoredLine, type InvoiceLineDraft } from '../../../domain/billing-up-front';
import { couponShareCents, deliveryLines, type BillableSpot, type StoredInvoiceLine } from '../../../domain/billing-delivery';
import type { InvoiceDetail } from '../../../domain/billing-schemas';
import { localClockOf } from '../../../domain/dates';
import { toDollars } from '../../../domain/money';
import { invoiceLines, invoices } from '../../db/schema';
import { daypartsByIds } from '../dayparts/public';
import { lockUnbilledSpots as lockUnbilledSpotRows, markSpotsBilled, spotsOfInvoice } from '../traffic/public';
import { orderItemsView } from '../orders/views';
import type { Tx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { BILLING_MESSAGES } from '../../../domain/billing';
import type { OrderRow } from '../orders/public';
import { scheduleLineTerms, spotCostCents } from '../makegoods/offer';
import { insertInvoice, isLiveInvoice } from './invoice-rows';
import { couponCodeOf } from './up-front-lines';

export interface LockedSpot extends BillableSpot {
  id: string;
}

/** The order's aired, unbilled spots (within [from, to] when given), locked, with their cost in cents. */
export const lockUnbilledSpots = async (tx: Tx, estimateId: string, period?: { from: string; to: string }): Promise<LockedSpot[]> => {
  const spots = await lockUnbilledSpotRows(tx, estimateId, period);
  const priced = await pricedSpots(tx, spots);
  return priced.map(({ spot, daypart, item, line }) => ({
    id: spot.id,
    daypartId: daypart.id,
    daypartName: daypart.name,
    startTime: daypart.startTime,
    endTime: daypart.endTime,
    costCents: spotCostCents(daypart, item, line),
  }));
};

/**
 * The spots with their dayparts (the dayparts module's, in one query; a spot whose daypart is gone is
 * left out) and their order lines (the orders view, in one query; null when the line is gone).
 */
const pricedSpots = async <S extends { daypartId: string; estimateItemId: string | null; scheduleLineId: string | null }>(db: Tx, spots: S[]) => {
  const itemIds = [...new Set(spots.flatMap((spot) => (spot.estimateItemId ? [spot.estimateItemId] : [])))];
  const [parts, items, lines] = await Promise.all([
    daypartsByIds(
      db,
      spots.map((spot) => spot.daypartId),
    ),
    itemIds.length > 0 ? db.select().from(orderItemsView).where(inArray(orderItemsView.id, itemIds)) : [],
    // A schedule line's spot bills the line's rate per spot (issue 42).
    scheduleLineTerms(
      db,
      spots.map((spot) => spot.scheduleLineId),
    ),
  ]);
  const itemOf = new Map(items.map((item) => [item.id, item]));
  return spots.flatMap((spot) => {
    const daypart = parts.get(spot.daypartId);
    const line = (spot.scheduleLineId && lines.get(spot.scheduleLineId)) || null;
    return daypart ? [{ spot, daypart, item: (spot.estimateItemId && itemOf.get(spot.estimateItemId)) || null, line }] : [];
  });
};

export interface DeliveryInvoiceInput {
  dueDays: number;
  taxRate: number;
  discountCents: number;
  paymentTerms: string;
  notes: string | null;
}

/**
 * The order's coupon share on a delivery invoice of these lines (decision 051): a delivery invoice's
 * only line without a daypart is its coupon line, so the live ones' add up to what was taken.
 */
const couponShareOf = async (tx: Tx, order: OrderRow, lines: readonly InvoiceLineDraft[]): Promise<number> => {
  const { grossCents, couponCents } = orderCouponOf(order);
  if (couponCents === 0) return 0;
  const [taken] = await tx
    .select({ cents: sql<string>`coalesce(-sum(${invoiceLines.amountCents}), 0)` })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(and(eq(invoices.estimateId, order.id), isLiveInvoice, isNull(invoiceLines.daypartId), lt(invoiceLines.amountCents, 0)));
  return couponShareCents({
    billedCents: lines.reduce((sum, line) => sum + line.amountCents, 0),
    orderGrossCents: grossCents,
    couponCents,
    takenCents: Number(taken?.cents ?? 0),
  });
};

/** Writes the invoice, its lines and the billed spots' invoice_id; answers the new invoice's id. */
export const insertDeliveryInvoice = async ({
  tx,
  order,
  kind,
  period,
  spots,
  input,
  today,
}: {
  tx: Tx;
  order: OrderRow;
  kind: Exclude<InvoiceKind, 'up_front'>;
  period: { start: string; end: string } | null;
  spots: readonly LockedSpot[];
  input: DeliveryInvoiceInput;
  today: string;
}): Promise<string> => {
  const described = period ? dateRangeLabel(period.start, period.end) : 'to the end of the flight';
  const lines: InvoiceLineDraft[] = deliveryLines(spots, described);
  const coupon = await couponShareOf(tx, order, lines);
  if (coupon > 0)
    lines.push({
      position: lines.length + 1,
      description: couponLineLabel(await couponCodeOf(tx, order)),
      daypartId: null,
      quantity: 1,
      unitCents: -coupon,
      amountCents: -coupon,
    });
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (input.discountCents > subtotalCents) throw badRequest(BILLING_MESSAGES.discountAboveSubtotal, 'discount_amount');
  const invoiceId = await insertInvoice(tx, {
    order,
    subtotalCents,
    discountCents: input.discountCents,
    taxRate: input.taxRate,
    kind,
    period,
    today,
    dueDays: input.dueDays,
    paymentTerms: input.paymentTerms,
    notes: input.notes,
  });
  if (lines.length > 0) await tx.insert(invoiceLines).values(lines.map((line) => ({ invoiceId, ...line })));
  await markSpotsBilled(
    tx,
    spots.map((s) => s.id),
    invoiceId,
  );
  return invoiceId;
};

/** An invoice's stored lines, in order. */
/** The spots an invoice billed, in airing order, each at the cost its line counts (issue 29, item 6). */
export const billedSpotsOf = async (db: Tx, invoiceId: string, timeZone: string): Promise<InvoiceDetail['billed_spots']> => {
  const rows = await pricedSpots(db, await spotsOfInvoice(db, invoiceId));
  return rows.map(({ spot, daypart, item, line }) => ({
    air_date: spot.airDate,
    scheduled_time: localClockOf(spot.scheduledAt, timeZone),
    actual_time: spot.airedAt ? localClockOf(spot.airedAt, timeZone) : null,
    daypart_name: daypart.name,
    house_code: spot.houseCode,
    duration_seconds: spot.actualDurationSeconds ?? spot.durationSeconds,
    makegood: spot.makegoodOfferId !== null,
    cost: toDollars(spotCostCents(daypart, item, line)),
  }));
};

export const storedInvoiceLines = async (db: Tx, invoiceId: string): Promise<StoredInvoiceLine[]> => {
  const rows = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId)).orderBy(asc(invoiceLines.position));
  return rows.map(toStoredLine);
};
