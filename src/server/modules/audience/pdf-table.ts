/** A table of the audience PDFs (the order and its post-buy, decision 057): columns as fractions of the width. */
import { PDF_MARGIN as MARGIN, tableRowWriter, type PdfColumn } from '../station/letterhead';

export type { PdfColumn };

/** Writes the header row at the current position and answers the writer of the rows after it (a new page when full). */
export const pdfTable = (doc: PDFKit.PDFDocument, columns: readonly PdfColumn[]) => {
  const row = tableRowWriter(doc, columns, doc.page.width - MARGIN * 2, { roomBelow: 20, gap: 3 });
  row(
    columns.map((c) => c.title),
    true,
  );
  return row;
};

/** A figure to a tenth, with thousands separators. */
export const tenth = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
