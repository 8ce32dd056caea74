/**
 * The post-buy as a PDF (issue 43, decision 057): on the station's letterhead, ordered against delivered
 * per line, per week and in all on the post-buy's demo, each aired spot valued on its month's post book;
 * the guarantee, its shortfall and the ADUs that cover it.
 */
import type { PostBuy } from '../../../domain/audience-schemas';
import { formatCalendarDate as day } from '../../../domain/display-dates';
import { orderNumberOf } from '../../../domain/format';
import { newPdfDocument } from '../../platform/pdf-document';
import { PDF_INK as INK, PDF_MARGIN as MARGIN, PDF_MUTED as MUTED, drawLetterhead, pdfPageSize, type StationIssuer } from '../station/letterhead';
import { pdfTable, tenth, type PdfColumn } from './pdf-table';

const COLUMNS: PdfColumn[] = [
  { title: 'Line / week', width: 0.28 },
  { title: 'Spots', width: 0.12, right: true },
  { title: 'Ordered', width: 0.15, right: true },
  { title: 'Aired', width: 0.12, right: true },
  { title: 'Delivered', width: 0.15, right: true },
  { title: '% delivered', width: 0.18, right: true },
];

export const renderPostBuyPdf = (post: PostBuy, order: { name: string }, station: StationIssuer): PDFKit.PDFDocument => {
  const measure = post.measure === 'grps' ? 'GRPs' : 'impressions (000)';
  const doc = newPdfDocument({
    size: pdfPageSize(station),
    margin: MARGIN,
    info: { Title: `Post-buy — ${order.name}`, Author: station.name },
  });
  const width = doc.page.width - MARGIN * 2;
  const rule = drawLetterhead(doc, station, 'POST-BUY', [`Order no. ${orderNumberOf(post.estimate_id)}`, post.demo ? `On ${post.demo}` : 'No demo']);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(order.name || 'Untitled order', MARGIN, rule + 14, { width });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(`Ordered against delivered in ${measure}: each aired spot valued on the post book of the broadcast month it aired in.`, { width });
  if (post.unvalued_spots > 0) doc.text(`${post.unvalued_spots} aired spots have no post book figure and count as spots without audience.`, { width });
  doc.moveDown(0.8);

  const row = pdfTable(doc, COLUMNS);
  const compared = (name: string, c: PostBuy['total'], bold = false) =>
    row(
      [
        name,
        String(c.ordered.spots),
        tenth(c.ordered[post.measure]),
        String(c.delivered.spots),
        tenth(c.delivered[post.measure]),
        c.percent_delivered === null ? '—' : `${tenth(c.percent_delivered)} %`,
      ],
      bold,
    );
  for (const line of post.lines) compared(line.label, line);
  for (const week of post.weeks) compared(`Week of ${day(week.week_start)}`, week);
  compared('Total', post.total, true);

  if (post.guarantee) {
    const goal = post.guarantee.grps !== null ? `${tenth(post.guarantee.grps)} GRPs` : `${tenth(post.guarantee.impressions ?? 0)} (000) impressions`;
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(11).fillColor(INK).text(`Guarantee: ${goal} on ${post.guarantee.demo}`, MARGIN, doc.y, { width });
    doc.font('Helvetica').fontSize(10);
    doc.text(post.shortfall ? `Short by ${tenth(post.shortfall)} ${measure}.` : 'Met.', { width });
    if (post.adus)
      doc.text(
        `ADUs: ${post.adus.spots} no-charge spots in ${post.adus.label} cover the shortfall on the current book (${tenth(post.adus.per_spot)} a spot); ${post.adus.pending} offered or accepted.`,
        { width },
      );
  }
  doc.end();
  return doc;
};
