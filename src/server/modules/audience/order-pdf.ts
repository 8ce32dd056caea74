/**
 * The order as a PDF (issue 43, decision 057): on the station's letterhead, the order's lines (spots,
 * rate a spot, cost) and, on its target demo (or the demo asked), its audience labelled with the book:
 * GRPs, impressions (thousands), CPP and CPM per line, per week and in all. The specification's figures
 * are not restated here; the order page and the API keep them.
 */
import type { AudienceFigures } from '../../../domain/audience';
import type { Audience } from '../../../domain/audience-schemas';
import { formatCalendarDate as day } from '../../../domain/display-dates';
import { formatCurrency, orderNumberOf } from '../../../domain/format';
import { STATUS_LABELS, type OrderStatus } from '../../../domain/orders';
import { newPdfDocument } from '../../platform/pdf-document';
import { PDF_INK as INK, PDF_MARGIN as MARGIN, PDF_MUTED as MUTED, drawLetterhead, pdfPageSize, type StationIssuer } from '../station/letterhead';
import { pdfTable, tenth, type PdfColumn } from './pdf-table';

export interface OrderPdf {
  id: string;
  name: string;
  status: OrderStatus;
  startDate: string | null;
  endDate: string | null;
  audience: Audience;
}

const money = (cents: number | null) => (cents === null ? '—' : formatCurrency(cents / 100));

const COLUMNS: PdfColumn[] = [
  { title: 'Line / week', width: 0.26 },
  { title: 'Spots', width: 0.08, right: true },
  { title: 'Cost', width: 0.14, right: true },
  { title: 'GRPs', width: 0.12, right: true },
  { title: 'Impr. (000)', width: 0.14, right: true },
  { title: 'CPP', width: 0.13, right: true },
  { title: 'CPM', width: 0.13, right: true },
];

export const renderOrderPdf = (order: OrderPdf, station: StationIssuer): PDFKit.PDFDocument => {
  const doc = newPdfDocument({
    size: pdfPageSize(station),
    margin: MARGIN,
    info: { Title: `Order ${orderNumberOf(order.id)} — ${order.name}`, Author: station.name },
  });
  const width = doc.page.width - MARGIN * 2;
  const rule = drawLetterhead(doc, station, 'ORDER', [`Order no. ${orderNumberOf(order.id)}`, STATUS_LABELS[order.status]]);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(order.name || 'Untitled order', MARGIN, rule + 14, { width });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(order.startDate ? `Flight ${day(order.startDate)} – ${order.endDate ? day(order.endDate) : 'open'}` : 'No flight yet', { width });

  const a = order.audience;
  doc.moveDown(1).fillColor(INK).font('Helvetica-Bold').fontSize(11);
  const label = a.demo
    ? `Audience on ${a.demo}${a.book_name ? ` · book ${a.book_name}${a.frozen ? ' (as booked)' : ''}` : ' · no book'}`
    : 'Audience: no target demo';
  doc.text(label, MARGIN, doc.y, { width });
  doc.moveDown(0.4);

  const row = pdfTable(doc, COLUMNS);
  const figures = (name: string, f: AudienceFigures, bold = false) =>
    row(
      [name, String(f.spots), money(f.cost_cents), a.demo ? tenth(f.grps) : '—', a.demo ? tenth(f.impressions) : '—', money(f.cpp_cents), money(f.cpm_cents)],
      bold,
    );

  for (const line of a.lines) figures(line.label, line);
  if (a.weeks.length > 1) for (const week of a.weeks) figures(`Week of ${day(week.week_start)}`, week);
  figures('Total', a.total, true);
  doc
    .moveDown(1)
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      `GRPs are spots × rating; impressions are in thousands; CPP is cost ÷ GRPs and CPM cost ÷ impressions. Figures are the ratings book’s estimates, ${a.frozen ? 'frozen when the order was booked' : 'from the channel’s current book until the order is booked'}.`,
      MARGIN,
      doc.y,
      { width },
    );
  doc.end();
  return doc;
};
