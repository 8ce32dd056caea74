/**
 * A credit note as a PDF (pdfkit, built-in Helvetica), streamed like the invoice: the station's
 * letterhead, the advertiser, the invoice it credits, the amount and the reason.
 */
import { newPdfDocument } from '../../platform/pdf-document';
import type { CreditNote } from '../../../domain/billing-corrections';
import type { InvoiceDetail } from '../../../domain/billing-schemas';
import { formatCurrency } from '../../../domain/format';
import {
  PDF_INK as INK,
  PDF_MARGIN as MARGIN,
  PDF_MUTED as MUTED,
  drawAmounts,
  drawLetterhead,
  pdfPageSize,
  type AmountRow,
  type StationIssuer,
} from '../station/letterhead';
import { formatCalendarDate as printedDay } from '../../../domain/display-dates';
import { codeLines } from './pdf';
import { drawParties, drawRemitAndContact } from './pdf-parties';

export const creditNotePdfFilename = (note: Pick<CreditNote, 'credit_number'>) => `credit-note-${note.credit_number.replace(/[^\w.-]/g, '_')}.pdf`;

/** Starts writing the credit note; the caller streams the returned document (it is already ended). */
export const renderCreditNotePdf = ({ note, invoice, station }: { note: CreditNote; invoice: InvoiceDetail; station: StationIssuer }): PDFKit.PDFDocument => {
  const doc = newPdfDocument({
    size: pdfPageSize(station),
    margin: MARGIN,
    info: { Title: `Credit note ${note.credit_number}`, Author: station.name, Subject: `Credit against invoice ${invoice.invoice_number}` },
  });
  const width = doc.page.width - MARGIN * 2;
  const rule = drawLetterhead(doc, station, 'CREDIT NOTE', [
    note.credit_number,
    `Issued ${printedDay(note.issue_date)}`,
    `Credits invoice ${invoice.invoice_number}`,
  ]);

  drawParties(doc, {
    top: rule + 15,
    label: 'CREDIT TO',
    invoice,
    right: {
      label: 'INVOICE CREDITED',
      title: invoice.invoice_number,
      lines: [
        `Order: ${invoice.estimate_name || '—'}`,
        ...codeLines(invoice),
        `Issued ${printedDay(invoice.issue_date)} · Total ${formatCurrency(invoice.total_amount)}`,
      ],
    },
  });

  doc.fillColor(MUTED).fontSize(9).text('REASON', MARGIN, doc.y);
  doc.fillColor(INK).fontSize(10).text(note.reason, MARGIN, doc.y, { width });
  doc.moveDown(1.5);

  const amounts: AmountRow[] = [
    ['Credit amount', formatCurrency(note.amount), true],
    ['Invoice net due', formatCurrency(invoice.net_amount)],
    ['Credited to date', `-${formatCurrency(invoice.credited_amount)}`],
    // Every term of the balance is printed, so that net − credits − payments + refunds = balance (issue 29, item 3).
    ['Paid to date', `-${formatCurrency(invoice.paid_amount)}`],
    ...(invoice.refunded_amount > 0 ? ([['Refunded to you', formatCurrency(invoice.refunded_amount)]] as AmountRow[]) : []),
    ['Balance due', formatCurrency(invoice.balance_due), true],
    ...(invoice.refund_due > 0 ? ([['Refund due to you', formatCurrency(invoice.refund_due), true]] as AmountRow[]) : []),
  ];
  drawAmounts(doc, amounts, width);
  drawRemitAndContact(doc, station, 'Questions about this credit note?');
  doc.end();
  return doc;
};
