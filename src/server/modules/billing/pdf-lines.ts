/** The PDF's table of an invoice's stored lines (billing on delivery): description, spots, cost per spot, amount. */
import type { InvoiceDetail } from '../../../domain/billing-schemas';
import { formatCurrency } from '../../../domain/format';
import { PDF_INK as INK, PDF_MARGIN as MARGIN, PDF_MUTED as MUTED } from '../station/letterhead';

export const drawStoredLines = (doc: PDFKit.PDFDocument, invoice: Pick<InvoiceDetail, 'invoice_lines' | 'period_start' | 'period_end'>, width: number) => {
  const columns = [
    { label: 'Description', x: MARGIN, w: width - 250, align: 'left' as const },
    { label: 'Spots', x: MARGIN + width - 250, w: 60, align: 'right' as const },
    { label: 'Cost per spot', x: MARGIN + width - 190, w: 90, align: 'right' as const },
    { label: 'Amount', x: MARGIN + width - 100, w: 100, align: 'right' as const },
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
  row(columns.map((c) => c.label), true);
  for (const line of invoice.invoice_lines) {
    if (doc.y > doc.page.height - 220) doc.addPage();
    row([line.description, String(line.quantity), formatCurrency(line.unit_price), formatCurrency(line.amount)]);
  }
  doc.moveDown(1);
};
