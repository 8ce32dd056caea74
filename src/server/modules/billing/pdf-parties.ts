/**
 * The parties on an invoice or credit note (decision 020): the advertiser billed on the left — named as
 * ageing and statements name it (decision 061), the brand's postal address, the person and e-mail, and
 * the brand with its legal name — and the document's own block on the right; at the foot, where to
 * remit payment and whom to ask, from the station profile.
 */
import type { InvoiceDetail } from '../../../domain/billing-schemas';
import { PDF_INK as INK, PDF_MARGIN as MARGIN, PDF_MUTED as MUTED, type StationIssuer } from '../station/letterhead';

type Billed = Pick<InvoiceDetail, 'customer_name' | 'customer_email' | 'brand_name' | 'brand_legal_name' | 'brand_address'> &
  Partial<Pick<InvoiceDetail, 'customer_contact'>>;

/** The advertiser's name on the paper: as ageing and the statement print it (an invoice frozen before names the brand's legal name first). */
const advertiserOf = (invoice: Billed) => invoice.customer_name || invoice.brand_legal_name || '—';

/** "Brand: Sunny Juice (Sunny Juice Company LLC)": the brand, and its legal name where it differs. */
const brandLine = ({ brand_name: brand, brand_legal_name: legal }: Billed): string | null =>
  brand ? `Brand: ${brand}${legal && legal !== brand ? ` (${legal})` : ''}` : legal ? `Brand: ${legal}` : null;

/** The lines under the advertiser's name: the address, then the person (when not the name already), the e-mail and the brand. */
const advertiserLines = (invoice: Billed): string[] => {
  const contact = invoice.customer_contact ?? null;
  const brand = brandLine(invoice);
  return [
    ...(invoice.brand_address
      ?.split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean) ?? []),
    ...(contact && contact !== advertiserOf(invoice) ? [`Attn: ${contact}`] : []),
    ...(invoice.customer_email ? [invoice.customer_email] : []),
    ...(brand ? [brand] : []),
  ];
};

/** A labelled block: small caps label, bold title, plain lines. */
const block = (doc: PDFKit.PDFDocument, x: number, top: number, width: number, label: string, title: string, lines: readonly string[]) => {
  doc.fillColor(MUTED).font('Helvetica').fontSize(9).text(label, x, top, { width });
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(11).text(title, x, doc.y, { width });
  doc.font('Helvetica').fontSize(10);
  for (const line of lines) doc.text(line, x, doc.y, { width });
  return doc.y;
};

/** Draws the advertiser's block (left) and the document's block (right) below `top`; leaves doc.y under both. */
export const drawParties = (
  doc: PDFKit.PDFDocument,
  { top, label, invoice, right }: { top: number; label: string; invoice: Billed; right: { label: string; title: string; lines: readonly string[] } },
) => {
  const width = doc.page.width - MARGIN * 2;
  const half = width / 2 - 10;
  const left = block(doc, MARGIN, top, half, label, advertiserOf(invoice), advertiserLines(invoice));
  const other = block(doc, MARGIN + width / 2 + 10, top, half, right.label, right.title, right.lines);
  doc.x = MARGIN;
  doc.y = Math.max(left, other) + 20;
};

/** Where to remit payment (when the profile says) and whom to ask: the station, never a web address. */
export const drawRemitAndContact = (doc: PDFKit.PDFDocument, station: StationIssuer, question: string) => {
  const width = doc.page.width - MARGIN * 2;
  if (station.remit_to) {
    doc.moveDown(0.8).fillColor(MUTED).font('Helvetica').fontSize(9).text('REMIT PAYMENT TO', MARGIN, doc.y, { width });
    doc.fillColor(INK).fontSize(10).text(station.remit_to, MARGIN, doc.y, { width });
  }
  const contact = [station.email, station.phone].filter(Boolean).join(' or ');
  doc
    .moveDown(2)
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(8)
    .text(`${question} Contact ${station.name}${contact ? ` at ${contact}` : ''}.`, MARGIN, doc.y, { width, align: 'center' });
};
