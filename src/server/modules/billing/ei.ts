/**
 * The 4A's electronic invoice (issue 27, decision 034): one invoice, or every invoice of a broadcast
 * month as one transmission, built from the invoice (its lines and amounts as issued) and the as-run
 * (the aired spots it bills). The file itself is written by src/domain/ei.ts.
 */
import { and, asc, eq, gte, lte, ne, notInArray, or } from 'drizzle-orm';
import { broadcastMonth, broadcastMonthOf } from '../../../domain/broadcast-calendar';
import { ADU_COMMENT, eiDays, writeEi, type EiInvoice, type EiScheduleLine, type EiSpot } from '../../../domain/ei';
import type { StationTime } from '../../../domain/dates';
import { orderNumberOf } from '../../../domain/format';
import { toCents } from '../../../domain/money';
import { invoices } from '../../db/schema';
import { daypartsByIds } from '../dayparts/public';
import { missedSpotsOfOffers } from '../makegoods/public';
import { scheduleLineTerms } from '../makegoods/offer';
import { mediaIdentities } from '../media/public';
import { airedNoChargeSpotsOfOrder, airedSpotsOfOrder, spotsByIds, spotsOfInvoice } from '../traffic/public';
import { userSummary } from '../users/public';
import { ordersView } from '../orders/views';
import type { Tx } from '../../platform/db';
import { issuerOf } from './issued-parties';
import { isLiveInvoice } from './invoice-rows';
import { channelClockOf, documentChannel } from '../channels/public';
import { programNamer } from '../programs/public';
import { getInvoiceDetail } from './queries';

/** The starts of the broadcast months the order has a live month invoice of. */
const monthsInvoiced = async (db: Tx, estimateId: string): Promise<Set<string>> =>
  new Set(
    (
      await db
        .select({ start: invoices.periodStart })
        .from(invoices)
        .where(and(eq(invoices.estimateId, estimateId), eq(invoices.kind, 'broadcast_month'), isLiveInvoice))
    ).flatMap((row) => (row.start ? [row.start] : [])),
  );

/**
 * The aired spots an invoice bills: those it billed on delivery; for an up-front invoice, its order's
 * aired spots in the flight. Each with its commercial's Ad-ID and, for a makegood, the spot it replaces
 * (the media and makegoods modules' reads, one query each).
 */
const spotsOf = async (
  db: Tx,
  invoice: { id: string; kind: string; estimate_id: string },
  flight: { start: string | null; end: string | null },
  period: { from: string; to: string },
) => {
  const billed = invoice.kind === 'up_front' ? await airedSpotsOfOrder(db, invoice.estimate_id, flight) : await spotsOfInvoice(db, invoice.id, true);
  // ADUs are never billed (decision 057): those that aired in the invoice's period are listed at no charge, each on
  // one EI only: an invoice to the end of the flight (final, up front) leaves out those of months with a month invoice.
  const months = invoice.kind === 'broadcast_month' ? new Set<string>() : await monthsInvoiced(db, invoice.estimate_id);
  const adus = (await airedNoChargeSpotsOfOrder(db, invoice.estimate_id, period)).filter((spot) => !months.has(broadcastMonthOf(spot.airDate).start));
  const spots = [...billed.filter((spot) => !spot.noCharge), ...adus].sort(
    (a, b) => a.scheduledAt.getTime() - b.scheduledAt.getTime() || a.position - b.position,
  );
  const [media, missed] = await Promise.all([
    mediaIdentities(
      db,
      spots.map((spot) => spot.mediaAssetId),
    ),
    missedSpotsOfOffers(
      db,
      spots.map((spot) => spot.makegoodOfferId),
    ),
  ]);
  return spots.map((spot) => ({
    spot,
    adId: (spot.mediaAssetId ? media.get(spot.mediaAssetId)?.adId : undefined) ?? null,
    missedSpotId: (spot.makegoodOfferId ? missed.get(spot.makegoodOfferId) : undefined) ?? null,
  }));
};

/** One invoice as the EI's records describe it. */
export const eiInvoiceOf = async (db: Tx, id: string, time: StationTime): Promise<EiInvoice> => {
  const invoice = await getInvoiceDetail({ db, id, today: time.today(), timeZone: time.timeZone });
  const station = await issuerOf(db, id);
  const [order] = await db.select().from(ordersView).where(eq(ordersView.id, invoice.estimate_id)).limit(1);
  const customer = await userSummary(db, invoice.customer_id);
  const channel = order ? await documentChannel(db, order.channelId) : null;
  // Air times on the order's channel's wall clock (decision 053, "Time zones").
  const clock = await channelClockOf(db, time, order?.channelId ?? null);
  const commercial = order?.mediaAssetId ? (await mediaIdentities(db, [order.mediaAssetId])).get(order.mediaAssetId) : undefined;
  const periodStart = invoice.period_start ?? invoice.order_start_date ?? invoice.issue_date;
  const periodEnd = invoice.period_end ?? invoice.order_end_date ?? periodStart;
  // An invoice to the end of the flight (final, up front) reaches its issue day, where ADUs after the flight may have aired.
  const aduUntil = invoice.period_end ?? (periodEnd > invoice.issue_date ? periodEnd : invoice.issue_date);
  const spots = await spotsOf(db, invoice, { start: invoice.order_start_date, end: invoice.order_end_date }, { from: periodStart, to: aduUntil });

  // The missed spots the makegoods among them replace (for their 52 comments).
  const missedIds = spots.map((s) => s.missedSpotId).filter((m): m is string => m !== null);
  const missed = await spotsByIds(db, missedIds);
  const parts = await daypartsByIds(
    db,
    invoice.invoice_lines.map((l) => l.daypart_id),
  );
  const length = commercial?.spotLength ?? spots[0]?.spot.durationSeconds ?? 30;
  // A schedule line's spots run the line's length (issue 42): its line of the invoice says so, not the commercial.
  const lengthOf = (daypartId: string | null) =>
    spots.find((s) => s.spot.scheduleLineId !== null && s.spot.daypartId === daypartId)?.spot.durationSeconds ?? length;
  // An invoice stored without lines (an old up-front one) is one line: its order.
  const stored =
    invoice.invoice_lines.length > 0
      ? invoice.invoice_lines
      : [{ position: 1, description: invoice.estimate_name ?? 'Order', daypart_id: null, quantity: 1, unit_price: invoice.subtotal, amount: invoice.subtotal }];
  const lines: EiScheduleLine[] = stored.map((l) => {
    const part = l.daypart_id ? parts.get(l.daypart_id) : undefined;
    return {
      lineNumber: l.position,
      startDate: periodStart,
      endDate: periodEnd,
      days: part ? eiDays(part.daysOfWeek) : 'MTWTFSS',
      startTime: part?.startTime ?? '00:00',
      endTime: part?.endTime ?? '23:59',
      lengthSeconds: lengthOf(l.daypart_id),
      rateCents: toCents(l.unit_price),
      spots: l.quantity,
      description: l.description,
    };
  });
  // A spot's line: its daypart's, at its schedule line's rate where a daypart has lines at several rates (issue 42).
  const linesOfDaypart = new Map<string, (typeof stored)[number][]>();
  for (const l of stored) if (l.daypart_id) linesOfDaypart.set(l.daypart_id, [...(linesOfDaypart.get(l.daypart_id) ?? []), l]);
  const rates = await scheduleLineTerms(
    db,
    spots.map((s) => s.spot.scheduleLineId),
  );
  const lineOf = (spot: (typeof spots)[number]['spot']) => {
    const candidates = linesOfDaypart.get(spot.daypartId) ?? [];
    const rate = spot.scheduleLineId ? rates.get(spot.scheduleLineId)?.rateCents : undefined;
    return candidates.find((l) => rate !== undefined && toCents(l.unit_price) === rate) ?? candidates[0];
  };
  const programOf = programNamer(db, async () => clock.timeZone);
  const programs = await Promise.all(spots.map(({ spot }) => programOf(spot.channelId, spot.airedAt ?? spot.scheduledAt)));
  const eiSpots: EiSpot[] = spots.map(({ spot, adId, missedSpotId }, i) => {
    const replaced = missedSpotId ? missed.get(missedSpotId) : undefined;
    // A spot billed on delivery costs its daypart line's unit; an up-front invoice bills the order as a whole (rate 0 per spot).
    const line = lineOf(spot);
    const airedAt = spot.airedAt ?? spot.scheduledAt;
    return {
      lineNumber: line?.position ?? lines[0]!.lineNumber,
      airDate: spot.airDate,
      airTime: clock.clockOf(airedAt),
      lengthSeconds: spot.actualDurationSeconds ?? spot.durationSeconds,
      adId: adId ?? spot.houseCode,
      rateCents: line && !spot.noCharge ? toCents(line.unit_price) : 0,
      program: programs[i] ?? null,
      comments: spot.noCharge
        ? [ADU_COMMENT]
        : replaced
          ? [`MAKEGOOD FOR SPOT MISSED ${replaced.airDate.replace(/-/g, '')} ${clock.clockOf(replaced.scheduledAt).replace(/:/g, '').slice(0, 4)}`]
          : [],
    };
  });

  const advertiser = invoice.brand_legal_name ?? invoice.brand_name ?? invoice.customer_name ?? 'Advertiser';
  const isAgency = invoice.commission_rate > 0 || invoice.commission_amount > 0;
  const customerName =
    customer?.company || [customer?.firstName, customer?.lastName].filter(Boolean).join(' ') || invoice.customer_name || invoice.customer_email || 'Customer';
  return {
    agency: isAgency ? { name: customerName, address: customer?.address ?? null } : { name: advertiser, address: invoice.brand_address },
    // The channel's station (decision 053) while the station has several channels, else the station.
    station: { name: channel?.station ?? station.name, address: station.address },
    payee: { name: station.name, address: station.remit_to ?? station.address },
    advertiser,
    product: invoice.brand_name ?? invoice.estimate_name ?? '',
    estimateNumber: invoice.agency_estimate_number ?? '',
    invoiceNumber: invoice.invoice_number,
    invoiceDate: invoice.issue_date,
    broadcastMonth: broadcastMonthOf(invoice.period_start ?? invoice.issue_date).month,
    periodStart,
    periodEnd,
    contract: order ? orderNumberOf(order.id) : '',
    clientCode: invoice.client_code ?? '',
    productCode: invoice.product_code ?? '',
    comments: [
      ...(invoice.po_number ? [`PO NUMBER ${invoice.po_number}`] : []),
      ...(invoice.kind === 'up_front' ? ['BILLED UP FRONT: THE ORDER AS A WHOLE; AIRED SPOTS LISTED FOR RECONCILIATION'] : []),
      ...invoice.credit_notes.map((n) => `CREDIT NOTE ${n.credit_number} ${n.amount.toFixed(2)}: ${n.reason}`),
      ...(invoice.notes ? [invoice.notes] : []),
    ],
    lines,
    spots: eiSpots,
    grossCents: toCents(invoice.total_amount),
    commissionCents: toCents(invoice.commission_amount),
    taxCents: toCents(invoice.tax_amount),
    netCents: toCents(invoice.net_amount),
  };
};

export const invoiceEi = async (db: Tx, id: string, time: StationTime) => {
  const ei = await eiInvoiceOf(db, id, time);
  return { body: writeEi([ei]), filename: `ei-${ei.invoiceNumber.replace(/[^\w.-]/g, '_')}.txt` };
};

/**
 * Every issued invoice of a broadcast month (not drafts, not void), by number: month invoices of
 * that month, and up-front and final invoices issued within it.
 */
export const monthEi = async (db: Tx, month: string, time: StationTime) => {
  const { start, end } = broadcastMonth(month);
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        notInArray(invoices.status, ['draft', 'cancelled']),
        or(
          and(eq(invoices.kind, 'broadcast_month'), eq(invoices.periodStart, start)),
          and(ne(invoices.kind, 'broadcast_month'), gte(invoices.issueDate, start), lte(invoices.issueDate, end)),
        ),
      ),
    )
    .orderBy(asc(invoices.invoiceNumber));
  const all: EiInvoice[] = [];
  for (const row of rows) all.push(await eiInvoiceOf(db, row.id, time));
  return { body: writeEi(all), filename: `ei-${month}.txt`, count: all.length };
};
