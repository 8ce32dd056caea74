/**
 * The PDF's table of an invoice's lines: description, spots, cost per spot, amount. The lines add
 * up to the subtotal (decision 020); a line of its own (the coupon, a credit, an order billed
 * whole) shows its amount alone.
 */
import type { StoredInvoiceLine } from '../../../domain/billing-delivery';
import { formatCount, formatCurrency } from '../../../domain/format';
import { PDF_INK as INK, PDF_MARGIN as MARGIN, PDF_MUTED as MUTED } from '../station/letterhead';

const standsAlone = (line: StoredInvoiceLine) => line.daypart_id === null && line.quantity === 1;

export const drawInvoiceLines = (doc: PDFKit.PDFDocument, lines: readonly StoredInvoiceLine[], width: number) => {
  const columns = [
    { label: 'Description', x: MARGIN, w: width - 205, align: 'left' as const },
    { label: 'Spots', x: MARGIN + width - 205, w: 45, align: 'right' as const },
    { label: 'Cost per spot', x: MARGIN + width - 160, w: 70, align: 'right' as const },
    { label: 'Amount', x: MARGIN + width - 90, w: 90, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .fillColor(bold ? MUTED : INK);
    let bottom = y;
    cells.forEach((cell, i) => {
      const c = columns[i]!;
      doc.text(cell, c.x, y, { width: c.w - 4, align: c.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 4;
  };
  row(
    columns.map((c) => c.label),
    true,
  );
  for (const line of lines) {
    if (doc.y > doc.page.height - 220) doc.addPage();
    const alone = standsAlone(line);
    row([line.description, alone ? '' : formatCount(line.quantity), alone ? '' : formatCurrency(line.unit_price), formatCurrency(line.amount)]);
  }
  doc.moveDown(1);
};
