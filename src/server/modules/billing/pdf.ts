/**
 * The invoice as a PDF (pdfkit, built-in Helvetica). The document is a readable stream: the route
 * hands it to the reply, so pages go out as they are written.
 */
import { newPdfDocument } from '../../platform/pdf-document';
import { INVOICE_STATUS_LABELS } from '../../../domain/billing';
import type { InvoiceDetail } from '../../../domain/billing-schemas';
import { formatCurrency } from '../../../domain/format';
import { drawStoredLines } from './pdf-lines';
import { PDF_INK as INK, PDF_MARGIN as MARGIN, PDF_MUTED as MUTED, drawAmounts, drawLetterhead, type AmountRow, type StationIssuer } from '../station/letterhead';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
/** A calendar date as printed: 'Dec 7, 2026'. */
export const printedDay = (iso: string | null) => (iso ? dateFormat.format(new Date(`${iso}T00:00:00Z`)) : '—');
const day = printedDay;
const days = (list: readonly string[]) => (list.length === 7 ? 'Every day' : list.map((d) => d.slice(0, 3)).join(', '));
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

export const invoicePdfFilename = (invoice: Pick<InvoiceDetail, 'invoice_number'>) => `invoice-${invoice.invoice_number.replace(/[^\w.-]/g, '_')}.pdf`;

/** Starts writing the invoice; the caller streams the returned document (it is already ended). */
export const renderInvoicePdf = ({ invoice, appUrl, station }: { invoice: InvoiceDetail; appUrl: string; station: StationIssuer }): PDFKit.PDFDocument => {
  const doc = newPdfDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: `Invoice ${invoice.invoice_number}`, Author: station.name, Subject: invoice.estimate_name ?? 'Invoice' },
  });
  const width = doc.page.width - MARGIN * 2;

  // Station header: the station profile.
  const rule = drawLetterhead(doc, station, 'INVOICE', [invoice.invoice_number, `Issued ${day(invoice.issue_date)}`, `Due ${day(invoice.due_date)}`, `Status: ${INVOICE_STATUS_LABELS[invoice.status]}`]);

  // Customer and order.
  const top = rule + 15;
  const half = width / 2 - 10;
  doc.fillColor(MUTED).fontSize(9).text('BILL TO', MARGIN, top);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(11).text(invoice.customer_name ?? '—', MARGIN, doc.y, { width: half });
  doc.font('Helvetica').fontSize(10).text(invoice.customer_email ?? '', { width: half });
  if (invoice.brand_name) doc.text(`Brand: ${invoice.brand_name}`, { width: half });
  const customerBottom = doc.y;
  const col2 = MARGIN + width / 2 + 10;
  doc.fillColor(MUTED).fontSize(9).text('ORDER', col2, top);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(11).text(invoice.estimate_name || '—', col2, doc.y, { width: half });
  doc.font('Helvetica').fontSize(10).text(`Flight: ${day(invoice.order_start_date)} – ${day(invoice.order_end_date)}`, col2, doc.y, { width: half });
  doc.y = Math.max(customerBottom, doc.y) + 20;

  // Dayparts summary.
  const columns = [
    { label: 'Time slot', x: MARGIN, w: 150, align: 'left' as const },
    { label: 'Hours', x: MARGIN + 150, w: 80, align: 'left' as const },
    { label: 'Days', x: MARGIN + 230, w: 110, align: 'left' as const },
    { label: 'Spots/day', x: MARGIN + 340, w: 55, align: 'right' as const },
    { label: 'CPM', x: MARGIN + 395, w: 50, align: 'right' as const },
    { label: 'Weekly cost', x: MARGIN + 445, w: width - 445, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9).fillColor(bold ? MUTED : INK);
    let bottom = y;
    cells.forEach((cell, i) => {
      const c = columns[i]!;
      doc.text(cell, c.x, y, { width: c.w - 4, align: c.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 4;
  };
  // Billed on delivery: the invoice's own lines (spots × cost per spot per daypart).
  if (invoice.kind !== 'up_front' && invoice.invoice_lines.length > 0) drawStoredLines(doc, invoice, width);
  else if (invoice.lines.length > 0) {
    row(columns.map((c) => c.label), true);
    for (const line of invoice.lines) {
      if (doc.y > doc.page.height - 220) doc.addPage();
      row([line.daypart_name, `${line.start_time}–${line.end_time}`, days(line.days_of_week), String(line.spots_per_occurrence), formatCurrency(line.cpm), formatCurrency(line.weekly_cost)]);
    }
    doc.moveDown(1);
  }

  // Amounts.
  if (doc.y > doc.page.height - 200) doc.addPage();
  const amounts: AmountRow[] = [
    ['Subtotal', formatCurrency(invoice.subtotal)],
    ['Discount', invoice.discount_amount > 0 ? `-${formatCurrency(invoice.discount_amount)}` : formatCurrency(0)],
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
  doc.font('Helvetica-Bold').fontSize(10).text(`Due date: ${day(invoice.due_date)}`, MARGIN, doc.y, { width });
  doc.font('Helvetica').text(`Payment terms: ${invoice.payment_terms}`, MARGIN, doc.y, { width });
  if (invoice.notes) {
    doc.moveDown(0.8).fillColor(MUTED).fontSize(9).text('NOTES', MARGIN, doc.y);
    doc.fillColor(INK).fontSize(10).text(invoice.notes, MARGIN, doc.y, { width });
  }
  if (station.remit_to) {
    doc.moveDown(0.8).fillColor(MUTED).fontSize(9).text('REMIT PAYMENT TO', MARGIN, doc.y);
    doc.fillColor(INK).fontSize(10).text(station.remit_to, MARGIN, doc.y, { width });
  }
  doc.moveDown(2).fillColor(MUTED).fontSize(8).text(`Questions about this invoice? Reply to this e-mail or visit ${appUrl}.`, MARGIN, doc.y, { width, align: 'center' });
  doc.end();
  return doc;
};
