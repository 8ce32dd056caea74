/** A table of the audience PDFs (the order and its post-buy, decision 057): one line a row, columns as fractions of the width. */
import { PDF_INK as INK, PDF_MARGIN as MARGIN } from '../station/letterhead';

export interface PdfColumn {
  title: string;
  /** Share of the page's width. */
  width: number;
  right?: boolean;
}

/** Writes rows at the current position, a new page when the page is full; the first row is the header. */
export const pdfTable = (doc: PDFKit.PDFDocument, columns: readonly PdfColumn[]) => {
  const width = doc.page.width - MARGIN * 2;
  const row = (cells: readonly string[], bold = false) => {
    if (doc.y > doc.page.height - MARGIN - 20) doc.addPage();
    const y = doc.y;
    let x = MARGIN;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .fillColor(INK);
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      doc.text(cell, x + 2, y, { width: column.width * width - 4, align: column.right ? 'right' : 'left', lineBreak: false });
      x += column.width * width;
    });
    doc.y = y + 14;
  };
  row(
    columns.map((c) => c.title),
    true,
  );
  return row;
};

/** A figure to a tenth, with thousands separators. */
export const tenth = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
