/**
 * The affidavit (certificate of performance) of an order: what aired, when, at what cost, and what
 * did not, signed off by the station. As a PDF (pdfkit, streamed) or a CSV.
 */
import type { StationTime } from '../../../domain/dates';
import { agencyCodeLines, type AgencyCodes } from '../../../domain/agency-codes';
import { newPdfDocument } from '../../platform/pdf-document';
import { formatCount, formatCredit, formatCurrency, orderNumberOf } from '../../../domain/format';
import { toDollars } from '../../../domain/money';
import type { OrderActor } from '../../../domain/orders';
import { csvLine } from '../../../domain/reconciliation';
import type { Db } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { readableOrder } from '../orders/public';
import { brandSummary } from '../brands/public';
import { realDeliveryOfSpots } from '../campaigns/public';
import { daypartNames } from '../dayparts/public';
import { makegoodCreditsOfSpots } from '../makegoods/public';
import { mediaIdentities } from '../media/public';
import { settledSpotsOfOrder } from '../traffic/public';
import { userSummary } from '../users/public';
import { programNamer } from '../programs/public';
import { channelClockOf } from '../channels/public';
import { printedDay } from '../billing/pdf';
import { PDF_INK, PDF_MARGIN, PDF_MUTED, drawLetterhead, pdfPageSize, type StationIssuer } from '../station/letterhead';

export interface AffidavitLine {
  date: string;
  scheduledTime: string;
  actualTime: string | null;
  daypart: string;
  /** The spot's ISCI / Ad-ID where the station has one, else its house code. */
  houseCode: string;
  /** The commercial's title (as entered, else its media's file name without extension), where known. */
  title: string | null;
  /** The commercial's Ad-ID (or ISCI), where it has one (issue 27). */
  adId: string | null;
  /** The program the spot aired in (missed: the one it was scheduled in), from the channel's program schedule (decision 060). */
  program: string | null;
  durationSeconds: number;
  status: 'aired' | 'missed' | 'made_good';
  impressions: number;
  costCents: number;
  /** The spot aired as the makegood of a missed one. */
  makegood: boolean;
  /** The spot aired as an ADU (audience deficiency unit, decision 057): no charge. */
  adu: boolean;
  /** A missed spot's credit (declined, expired or no slot for its makegood). */
  creditCents: number;
}

export interface Affidavit {
  orderId: string;
  /** The order's channel (decision 053). */
  channelId: string;
  /** What the buyer quotes (orderNumberOf). */
  orderNumber: string;
  orderName: string;
  /** The agency's codes on the order (issue 27). */
  codes: AgencyCodes;
  advertiser: string;
  advertiserEmail: string;
  brand: string | null;
  from: string;
  to: string;
  lines: AffidavitLine[];
  totals: { aired: number; missed: number; madeGood: number; impressions: number; costCents: number; creditsCents: number };
  generatedOn: string;
}

const titleOf = (filename: string | null) => (filename ? filename.replace(/\.[A-Za-z0-9]{1,5}$/, '') : null);

/** The order's settled spots between `from` and `to` (default: its flight; only settled spots are listed). */
export const buildAffidavit = async ({
  db,
  time,
  actor,
  id,
  from,
  to,
}: {
  db: Db;
  time: StationTime;
  actor: OrderActor;
  id: string;
  from?: string;
  to?: string;
}): Promise<Affidavit> => {
  const order = await readableOrder(db, actor, id);
  // The order's channel's days and wall clock (decision 053, "Time zones").
  const clock = await channelClockOf(db, time, order.channelId);
  const start = from ?? order.startDate ?? clock.today();
  const end = to ?? (order.endDate && order.endDate >= start ? order.endDate : start);
  if (end < start) throw badRequest('The affidavit period must end on or after its start', 'to');
  const owner = await userSummary(db, order.ownerId);
  const brand = order.brandId ? await brandSummary(db, order.brandId) : undefined;
  // Through the owners' doors (issue 39): the spots, then their dayparts, commercials, airings and makegood credits by id.
  const spots = await settledSpotsOfOrder(db, order.id, { from: start, to: end });
  const ids = spots.map((spot) => spot.id);
  const [daypartOf, mediaOf, deliveryOf, creditOf] = await Promise.all([
    daypartNames(
      db,
      spots.map((spot) => spot.daypartId),
    ),
    mediaIdentities(
      db,
      spots.map((spot) => spot.mediaAssetId),
    ),
    realDeliveryOfSpots(db, ids),
    makegoodCreditsOfSpots(db, ids),
  ]);
  const rows = spots.map((spot) => {
    const media = spot.mediaAssetId ? mediaOf.get(spot.mediaAssetId) : undefined;
    const delivery = deliveryOf.get(spot.id);
    return {
      spot,
      daypart: daypartOf.get(spot.daypartId) ?? '',
      media: media?.filename ?? null,
      mediaTitle: media?.title ?? null,
      adId: media?.adId ?? null,
      impressions: delivery?.impressions ?? null,
      spendCents: delivery?.spendCents ?? null,
      creditCents: creditOf.get(spot.id) ?? null,
    };
  });
  // A simulated (demo) airing is never certified (decision 031); unconfirmed spots are not settled.
  const programOf = programNamer(db, async () => clock.timeZone);
  const programs = await Promise.all(
    rows.map(({ spot }) => programOf(spot.channelId, spot.status === 'aired' && spot.airedAt ? spot.airedAt : spot.scheduledAt)),
  );
  const lines = rows.map(({ spot, daypart, media, mediaTitle, adId, impressions, spendCents, creditCents }, i) => ({
    date: spot.airDate,
    scheduledTime: clock.clockOf(spot.scheduledAt),
    actualTime: spot.status === 'aired' && spot.airedAt ? clock.clockOf(spot.airedAt) : null,
    daypart,
    houseCode: spot.houseCode,
    title: mediaTitle ?? titleOf(media),
    adId,
    program: programs[i] ?? null,
    durationSeconds: spot.actualDurationSeconds ?? spot.durationSeconds,
    status: spot.status as AffidavitLine['status'],
    impressions: impressions ?? 0,
    costCents: spendCents ?? 0,
    makegood: spot.makegoodOfferId !== null && !spot.noCharge,
    adu: spot.noCharge,
    creditCents: creditCents ?? 0,
  }));
  const aired = lines.filter((l) => l.status === 'aired');
  const name = [owner?.firstName, owner?.lastName].filter(Boolean).join(' ');
  return {
    orderId: order.id,
    channelId: order.channelId,
    orderNumber: orderNumberOf(order.id),
    orderName: order.estimateName || 'Untitled order',
    codes: { agencyEstimateNumber: order.agencyEstimateNumber, clientCode: order.clientCode, productCode: order.productCode, poNumber: order.poNumber },
    advertiser: [owner?.company, name].filter(Boolean).join(' — ') || owner?.email || '—',
    advertiserEmail: owner?.email ?? '',
    brand: brand ? `${brand.commonName} (${brand.legalName})` : null,
    from: start,
    to: end,
    lines,
    totals: {
      aired: aired.length,
      missed: lines.filter((l) => l.status === 'missed').length,
      madeGood: lines.filter((l) => l.status === 'made_good').length,
      impressions: aired.reduce((sum, l) => sum + l.impressions, 0),
      costCents: aired.reduce((sum, l) => sum + l.costCents, 0),
      creditsCents: lines.reduce((sum, l) => sum + l.creditCents, 0),
    },
    generatedOn: time.today(),
  };
};

export const AFFIDAVIT_CSV_COLUMNS = [
  'date',
  'scheduled_time',
  'actual_time',
  'daypart',
  'house_code',
  'duration_seconds',
  'status',
  'impressions',
  'cost',
  'makegood',
  'credit',
  'order_number',
  'order_name',
  'title',
  'ad_id',
  'agency_estimate_number',
  'client_code',
  'product_code',
  'po_number',
  'program',
  'adu',
] as const;

export const affidavitCsv = (a: Affidavit): string =>
  [
    csvLine(AFFIDAVIT_CSV_COLUMNS),
    ...a.lines.map((l) =>
      csvLine([
        l.date,
        l.scheduledTime,
        l.actualTime ?? '',
        l.daypart,
        l.houseCode,
        l.durationSeconds,
        l.status,
        l.impressions,
        toDollars(l.costCents).toFixed(2),
        l.makegood ? 'yes' : 'no',
        toDollars(l.creditCents).toFixed(2),
        a.orderNumber,
        a.orderName,
        l.title ?? '',
        l.adId ?? '',
        a.codes.agencyEstimateNumber ?? '',
        a.codes.clientCode ?? '',
        a.codes.productCode ?? '',
        a.codes.poNumber ?? '',
        l.program ?? '',
        l.adu ? 'yes' : 'no',
      ]),
    ),
  ].join('');

export const affidavitFilename = (a: Affidavit, format: 'pdf' | 'csv') => `affidavit-${a.orderId.slice(0, 8)}-${a.from}-to-${a.to}.${format}`;

const STATUS_WORDS = { aired: 'Aired', missed: 'Missed — not aired', made_good: 'Missed — made good' } as const;
const statusWords = (l: AffidavitLine) =>
  l.adu && l.status === 'aired'
    ? 'Aired (ADU)'
    : l.makegood && l.status === 'aired'
      ? 'Aired (makegood)'
      : l.creditCents > 0
        ? 'Missed — credited'
        : STATUS_WORDS[l.status];

/** The affidavit as a PDF document (already ended; the caller streams it). */
export const renderAffidavitPdf = (a: Affidavit, station: StationIssuer): PDFKit.PDFDocument => {
  const doc = newPdfDocument({
    size: pdfPageSize(station),
    margin: PDF_MARGIN,
    info: { Title: `Affidavit of performance — ${a.orderName}`, Author: station.name },
  });
  const width = doc.page.width - PDF_MARGIN * 2;
  const rule = drawLetterhead(doc, station, 'AFFIDAVIT', ['Certificate of performance', `${printedDay(a.from)} – ${printedDay(a.to)}`]);

  doc
    .fillColor(PDF_MUTED)
    .fontSize(9)
    .text('ADVERTISER', PDF_MARGIN, rule + 15);
  doc
    .fillColor(PDF_INK)
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(a.advertiser, PDF_MARGIN, doc.y, { width: width / 2 - 10 });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(a.advertiserEmail, { width: width / 2 - 10 });
  if (a.brand) doc.text(`Brand: ${a.brand}`, { width: width / 2 - 10 });
  const left = doc.y;
  doc
    .fillColor(PDF_MUTED)
    .fontSize(9)
    .text('ORDER', PDF_MARGIN + width / 2 + 10, rule + 15);
  doc
    .fillColor(PDF_INK)
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(a.orderName, PDF_MARGIN + width / 2 + 10, doc.y, { width: width / 2 - 10 });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Order no. ${a.orderNumber}`, { width: width / 2 - 10 });
  for (const { label, value } of agencyCodeLines(a.codes)) doc.text(`${label}: ${value}`, { width: width / 2 - 10 });
  doc.y = Math.max(left, doc.y) + 18;

  const columns = [
    { label: 'Date', w: 62 },
    { label: 'Aired at', w: 44 },
    { label: 'Daypart / program', w: 66 },
    { label: 'Ad-ID / code', w: 74 },
    { label: 'Title', w: 80 },
    { label: 'Length', w: 38 },
    { label: 'Status', w: 76 },
    { label: 'Cost', w: width - 440 },
  ];
  const AD_ID = 3;
  const SIZE = 8.5;
  /** A code is never wrapped: a smaller size where it is too wide for its column. */
  const codeSize = (code: string) => {
    doc.fontSize(SIZE);
    const fits = columns[AD_ID]!.w - 4;
    const wide = doc.widthOfString(code);
    return wide <= fits ? SIZE : Math.max(6, Math.floor(((SIZE * fits) / wide) * 10) / 10);
  };
  /** A row as tall as its tallest cell (titles and statuses wrap within their column), on a new page when it does not fit. */
  const row = (cells: string[], bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(SIZE);
    const heights = cells.map((cell, i) =>
      i === AD_ID ? doc.fontSize(codeSize(cell)).currentLineHeight() : doc.fontSize(SIZE).heightOfString(cell || ' ', { width: columns[i]!.w - 4 }),
    );
    const height = Math.max(...heights) + 4;
    if (doc.y + height > doc.page.height - PDF_MARGIN - 20) doc.addPage();
    const y = doc.y;
    let x = PDF_MARGIN;
    doc.fillColor(bold ? PDF_MUTED : PDF_INK);
    cells.forEach((cell, i) => {
      const size = i === AD_ID ? codeSize(cell) : SIZE;
      doc.fontSize(size).text(cell, x, y, { width: columns[i]!.w - 4, align: i === cells.length - 1 ? 'right' : 'left', lineBreak: i !== AD_ID });
      x += columns[i]!.w;
    });
    doc.x = PDF_MARGIN;
    doc.y = y + height;
  };
  row(
    columns.map((c) => c.label),
    true,
  );
  if (a.lines.length === 0) row(['No settled spots in this period', '', '', '', '', '', '', '']);
  for (const l of a.lines) {
    const cost = l.status === 'aired' ? formatCurrency(toDollars(l.costCents)) : l.creditCents > 0 ? formatCredit(toDollars(l.creditCents)) : '—';
    row([
      printedDay(l.date),
      l.actualTime ?? '—',
      l.program ? `${l.daypart}\n${l.program}` : l.daypart,
      l.houseCode,
      l.title ?? '—',
      `${l.durationSeconds}s`,
      statusWords(l),
      cost,
    ]);
  }

  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(10).fillColor(PDF_INK);
  doc.text(
    `Spots aired: ${formatCount(a.totals.aired)}    Missed: ${formatCount(a.totals.missed + a.totals.madeGood)} (made good: ${formatCount(a.totals.madeGood)})    Impressions: ${formatCount(a.totals.impressions)}    Cost: ${formatCurrency(toDollars(a.totals.costCents))}    Credits: ${formatCurrency(toDollars(a.totals.creditsCents))}`,
    PDF_MARGIN,
    doc.y,
    { width },
  );
  doc.moveDown(1.5).font('Helvetica').fontSize(10);
  doc.text(
    `${station.name} certifies that the announcements listed above as aired were broadcast at the times shown, as recorded in the station's as-run log, and that spots listed as missed did not air. Generated on ${printedDay(a.generatedOn)}.`,
    PDF_MARGIN,
    doc.y,
    { width },
  );
  doc.moveDown(3).text('______________________________', PDF_MARGIN).fontSize(8.5).fillColor(PDF_MUTED).text('Authorized signature, traffic department');
  doc.end();
  return doc;
};
