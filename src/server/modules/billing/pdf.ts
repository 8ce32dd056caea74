/**
 * The invoice as a PDF (pdfkit, built-in Helvetica). The document is a readable stream: the route
 * hands it to the reply, so pages go out as they are written.
 */
import { newPdfDocument } from '../../platform/pdf-document';
import { agencyCodeLines } from '../../../domain/agency-codes';
import { INVOICE_STATUS_LABELS } from '../../../domain/billing';
import type { InvoiceDetail } from '../../../domain/billing-schemas';
import { formatCurrency } from '../../../domain/format';
import { dateRangeLabel, toStoredLine, wholeOrderLine } from '../../../domain/billing-up-front';
import { formatCalendarDate, formatInstantDate } from '../../../domain/display-dates';
import { toCents } from '../../../domain/money';
import { drawInvoiceLines } from './pdf-lines';
import { drawParties, drawRemitAndContact } from './pdf-parties';
import {
  PDF_INK as INK,
  PDF_MARGIN as MARGIN,
  PDF_MUTED as MUTED,
  drawAmounts,
  drawLetterhead,
  pdfPageSize,
  type AmountRow,
  type StationIssuer,
  tableRowWriter,
} from '../station/letterhead';

/** A calendar date as printed: 'Dec 7, 2026' (decision 017's one format). */
export const printedDay = formatCalendarDate;
const day = printedDay;
const orderOf = (invoice: InvoiceDetail) => ({ name: invoice.estimate_name, startDate: invoice.order_start_date, endDate: invoice.order_end_date });
/** The agency's codes on the order (issue 27): "Agency estimate: E-2027-114", one line each. */
export const codeLines = (invoice: Pick<InvoiceDetail, 'agency_estimate_number' | 'client_code' | 'product_code' | 'po_number'>) =>
  agencyCodeLines({
    agencyEstimateNumber: invoice.agency_estimate_number,
    clientCode: invoice.client_code,
    productCode: invoice.product_code,
    poNumber: invoice.po_number,
  }).map(({ label, value }) => `${label}: ${value}`);
const percent = (fraction: number) => `${Number((fraction * 100).toFixed(4))}%`;

/** A direct advertiser's invoice shows its Total; an agency's shows Gross, Agency commission and Net due (decision 014). */
const commissionRows = (invoice: InvoiceDetail): AmountRow[] =>
  invoice.commission_amount > 0 || invoice.commission_rate > 0
    ? [
        ['Gross', formatCurrency(invoice.total_amount), true],
        [`Agency commission (${percent(invoice.commission_rate)})`, `-${formatCurrency(invoice.commission_amount)}`],
        ['Net due', formatCurrency(invoice.net_amount), true],
      ]
    : [['Total', formatCurrency(invoice.total_amount), true]];

/** VOID across the page, drawn first so that everything else prints over it (issue 29, item 2). */
const drawVoidWatermark = (doc: PDFKit.PDFDocument) => {
  doc.save().rotate(-30, { origin: [doc.page.width / 2, doc.page.height / 2] });
  doc.fillColor('#dc2626').fillOpacity(0.15).font('Helvetica-Bold').fontSize(140);
  doc.text('VOID', 0, doc.page.height / 2 - 70, { width: doc.page.width, align: 'center', lineBreak: false });
  doc.restore();
  doc.fillColor(INK).fillOpacity(1).font('Helvetica');
  doc.x = MARGIN;
  doc.y = MARGIN;
};

/** Under the amounts: when and why the invoice was voided, and that nothing is owed on it. */
const drawVoidNote = (doc: PDFKit.PDFDocument, invoice: InvoiceDetail, width: number, timeZone: string) => {
  doc.moveDown(0.8).fillColor('#b91c1c').font('Helvetica-Bold').fontSize(12);
  doc.text(`VOID${invoice.voided_at ? ` since ${formatInstantDate(invoice.voided_at, timeZone)}` : ''}: nothing is owed on this invoice.`, MARGIN, doc.y, {
    width,
  });
  if (invoice.void_reason) doc.font('Helvetica').fontSize(10).text(`Reason: ${invoice.void_reason}`, MARGIN, doc.y, { width });
  doc.fillColor(INK).font('Helvetica');
};

export const invoicePdfFilename = (invoice: Pick<InvoiceDetail, 'invoice_number'>) => `invoice-${invoice.invoice_number.replace(/[^\w.-]/g, '_')}.pdf`;

/** Starts writing the invoice; the caller streams the returned document (it is already ended). */
export const renderInvoicePdf = ({ invoice, station, timeZone }: { invoice: InvoiceDetail; station: StationIssuer; timeZone: string }): PDFKit.PDFDocument => {
  const doc = newPdfDocument({
    size: pdfPageSize(station),
    margin: MARGIN,
    info: { Title: `Invoice ${invoice.invoice_number}`, Author: station.name, Subject: invoice.estimate_name ?? 'Invoice' },
  });
  const width = doc.page.width - MARGIN * 2;
  if (invoice.status === 'cancelled') drawVoidWatermark(doc);

  // Station header: the station profile.
  const rule = drawLetterhead(doc, station, 'INVOICE', [
    invoice.invoice_number,
    `Issued ${day(invoice.issue_date)}`,
    `Due ${day(invoice.due_date)}`,
    `Status: ${INVOICE_STATUS_LABELS[invoice.status]}`,
  ]);

  // The advertiser billed, and the order.
  drawParties(doc, {
    top: rule + 15,
    label: 'BILL TO',
    invoice,
    right: {
      label: 'ORDER',
      title: invoice.estimate_name || '—',
      lines: [
        `Flight: ${dateRangeLabel(invoice.order_start_date, invoice.order_end_date)}`,
        ...(invoice.period_start ? [`Billed period: ${dateRangeLabel(invoice.period_start, invoice.period_end)}`] : []),
        ...codeLines(invoice),
        ...(invoice.commercial_ad_id || invoice.commercial_title
          ? [`Commercial: ${[invoice.commercial_title, invoice.commercial_ad_id && `Ad-ID ${invoice.commercial_ad_id}`].filter(Boolean).join(' · ')}`]
          : []),
      ],
    },
  });

  // The lines, adding up to the subtotal; an invoice stored without lines shows its order as one.
  drawInvoiceLines(
    doc,
    invoice.invoice_lines.length > 0 ? invoice.invoice_lines : [toStoredLine(wholeOrderLine(orderOf(invoice), toCents(invoice.subtotal)))],
    width,
  );

  // Amounts.
  if (doc.y > doc.page.height - 200) doc.addPage();
  const amounts: AmountRow[] = [
    ['Subtotal', formatCurrency(invoice.subtotal)],
    // The invoice's own discount (a coupon is a line above), shown when there is one.
    ...(invoice.discount_amount > 0 ? ([['Discount', `-${formatCurrency(invoice.discount_amount)}`]] as AmountRow[]) : []),
    [`Tax (${percent(invoice.tax_rate)})`, formatCurrency(invoice.tax_amount)],
    ...commissionRows(invoice),
    ['Paid', formatCurrency(invoice.paid_amount)],
    // Corrections (decision 013): credit notes and refunds, shown once there are any.
    ...(invoice.credited_amount > 0 ? ([['Credited', `-${formatCurrency(invoice.credited_amount)}`]] as AmountRow[]) : []),
    ...(invoice.refunded_amount > 0 ? ([['Refunded', formatCurrency(invoice.refunded_amount)]] as AmountRow[]) : []),
    ['Balance due', formatCurrency(invoice.balance_due), true],
    ...(invoice.refund_due > 0 ? ([['Refund due', formatCurrency(invoice.refund_due), true]] as AmountRow[]) : []),
  ];
  drawAmounts(doc, amounts, width);

  doc.moveDown(1.5);
  doc.x = MARGIN;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(`Due date: ${day(invoice.due_date)}`, MARGIN, doc.y, { width });
  doc.font('Helvetica').text(`Payment terms: ${invoice.payment_terms}`, MARGIN, doc.y, { width });
  if (invoice.notes) {
    doc.moveDown(0.8).fillColor(MUTED).fontSize(9).text('NOTES', MARGIN, doc.y);
    doc.fillColor(INK).fontSize(10).text(invoice.notes, MARGIN, doc.y, { width });
  }
  // A void invoice asks for no payment: it says VOID and why, and has no remit-to (issue 29, item 2).
  if (invoice.status === 'cancelled') drawVoidNote(doc, invoice, width, timeZone);
  drawRemitAndContact(doc, invoice.status === 'cancelled' ? { ...station, remit_to: null } : station, 'Questions about this invoice?');
  drawBilledSpots(doc, invoice, width);
  doc.end();
  return doc;
};

/**
 * A delivery invoice's spots one by one, as its affidavit lists them (day, time aired, daypart,
 * house code, length, cost), so the invoice can be checked against it line by line (issue 29, item 6).
 */
const drawBilledSpots = (doc: PDFKit.PDFDocument, invoice: InvoiceDetail, width: number) => {
  if (invoice.billed_spots.length === 0) return;
  doc.addPage();
  doc.x = MARGIN;
  doc.fillColor(MUTED).fontSize(9).text('SPOTS BILLED', MARGIN, MARGIN);
  doc
    .fillColor(INK)
    .fontSize(10)
    .text(
      `${invoice.billed_spots.length} spot${invoice.billed_spots.length === 1 ? '' : 's'} on invoice ${invoice.invoice_number}, as the order's affidavit lists them`,
      MARGIN,
      doc.y,
      { width },
    );
  doc.moveDown(0.5);
  const columns = [
    { title: 'Date', width: 0.16 },
    { title: 'Aired', width: 0.12 },
    { title: 'Daypart', width: 0.26 },
    { title: 'House code', width: 0.2 },
    { title: 'Length', width: 0.1 },
    { title: 'Cost', width: 0.16, right: true },
  ];
  const row = tableRowWriter(doc, columns, width, { roomBelow: 20, gap: 2 });
  row(
    columns.map((c) => c.title),
    true,
  );
  for (const spot of invoice.billed_spots) {
    row([
      day(spot.air_date),
      spot.actual_time ?? '—',
      spot.makegood ? `${spot.daypart_name} (makegood)` : spot.daypart_name,
      spot.house_code,
      `${spot.duration_seconds}s`,
      formatCurrency(spot.cost),
    ]);
  }
  doc.font('Helvetica');
};
