/** The station's letterhead on printed documents (invoices, affidavits): its profile on the left, the document's title and facts on the right. */
import type { PaperSize, StationProfile } from '../../../domain/station-schemas';
import { drawableLogo } from '../../platform/images';

export type StationIssuer = Pick<StationProfile, 'name' | 'address' | 'phone' | 'email' | 'remit_to' | 'tax_id' | 'logo'> & {
  /** The channel the document is for ("WSPT 6.2 · MeTV", decision 053); absent while the station has one. */
  channel?: string | null;
  /** The station's paper now (issue 44; never frozen with an invoice): Letter when absent. */
  paper_size?: PaperSize;
};

/** pdfkit's page size for the station's paper. */
export const pdfPageSize = (station: Pick<StationIssuer, 'paper_size'>): 'A4' | 'LETTER' => (station.paper_size === 'a4' ? 'A4' : 'LETTER');

export const PDF_MARGIN = 50;
export const PDF_INK = '#0f172a';
export const PDF_MUTED = '#64748b';
export const PDF_ACCENT = '#2563eb';

/** Draws the letterhead and a rule under it; answers the y below the rule. */
export const drawLetterhead = (doc: PDFKit.PDFDocument, station: StationIssuer, title: string, facts: readonly string[]): number => {
  const width = doc.page.width - PDF_MARGIN * 2;
  // Checked (a PNG re-encoded) before pdfkit sees it: pdfkit's PNG decoder throws a damaged image's error
  // from a callback, which no try/catch here can catch and which ends the process (issue 30, finding 1).
  const logo = drawableLogo(station.logo);
  let headerTop = PDF_MARGIN;
  if (logo) {
    try {
      doc.image(logo, PDF_MARGIN, PDF_MARGIN, { fit: [140, 28] });
      headerTop = PDF_MARGIN + 32;
    } catch {
      // An image pdfkit cannot read is left out rather than failing the document.
    }
  }
  doc
    .fillColor(PDF_ACCENT)
    .font('Helvetica-Bold')
    .fontSize(logo ? 14 : 18)
    .text(station.name, PDF_MARGIN, headerTop, { width: width / 2 });
  if (station.channel)
    doc
      .fillColor(PDF_INK)
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(station.channel, PDF_MARGIN, doc.y, { width: width / 2 });
  doc.fillColor(PDF_MUTED).font('Helvetica').fontSize(8.5);
  const contact = [station.phone, station.email].filter(Boolean).join(' · ');
  for (const line of [station.address, contact, station.tax_id && `Tax ID ${station.tax_id}`])
    if (line) doc.text(line, PDF_MARGIN, doc.y, { width: width / 2 });
  const stationBottom = doc.y;
  doc.fillColor(PDF_INK).font('Helvetica-Bold').fontSize(20).text(title, PDF_MARGIN, PDF_MARGIN, { width, align: 'right' });
  doc.font('Helvetica').fontSize(10);
  for (const line of facts) doc.text(line, PDF_MARGIN, doc.y, { width, align: 'right' });
  const rule = Math.max(130, stationBottom + 8, doc.y + 8);
  doc
    .moveTo(PDF_MARGIN, rule)
    .lineTo(PDF_MARGIN + width, rule)
    .strokeColor('#e2e8f0')
    .stroke();
  return rule;
};

/** A label and an amount of a printed document's totals; bold for the figures that matter. */
export type AmountRow = [label: string, value: string, bold?: boolean];

/** The totals block at the right edge of a printed document, one row per amount. */
export const drawAmounts = (doc: PDFKit.PDFDocument, rows: readonly AmountRow[], width: number) => {
  const labelX = PDF_MARGIN + width - 250;
  for (const [label, value, bold] of rows) {
    const y = doc.y;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor(PDF_INK);
    doc.text(label, labelX, y, { width: 130 });
    doc.text(value, labelX + 130, y, { width: 120, align: 'right' });
    doc.y = y + 16;
  }
};

/** A column of a printed table: its share of the width, and whether its cells align right. */
export interface PdfColumn {
  title: string;
  width: number;
  right?: boolean;
}

/**
 * Writes table rows: each cell in its column's share of `width`, the row as tall as its tallest cell,
 * and a new page first when fewer than `roomBelow` points are left above the margin.
 */
export const tableRowWriter =
  (doc: PDFKit.PDFDocument, columns: readonly PdfColumn[], width: number, { roomBelow, gap }: { roomBelow: number; gap: number }) =>
  (cells: readonly string[], bold = false) => {
    if (doc.y > doc.page.height - PDF_MARGIN - roomBelow) doc.addPage();
    const top = doc.y;
    let x = PDF_MARGIN;
    let bottom = top;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .fillColor(PDF_INK);
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      doc.text(cell, x, top, { width: column.width * width - 4, align: column.right ? 'right' : 'left' });
      bottom = Math.max(bottom, doc.y);
      x += column.width * width;
    });
    doc.x = PDF_MARGIN;
    doc.y = bottom + gap;
  };
