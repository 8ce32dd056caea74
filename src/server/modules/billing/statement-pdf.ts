/**
 * The account statement as a PDF (pdfkit, built-in Helvetica), on the station's letterhead like the
 * invoices: opening balance, one row per movement with the running balance, the period's totals,
 * the closing balance, the balances by channel once two channels are on it, and the ageing of what is
 * owed at the period's end.
 */
import { AGEING_BUCKET_LABELS, AGEING_BUCKETS } from '../../../domain/billing-corrections';
import { startOfStationDay } from '../../../domain/dates';
import { formatCalendarDate as day } from '../../../domain/display-dates';
import { formatCurrency } from '../../../domain/format';
import { signedCurrency as signedMoney, STATEMENT_LINE_LABELS, type Statement } from '../../../domain/statement';
import { newPdfDocument } from '../../platform/pdf-document';
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
import { drawRemitAndContact } from './pdf-parties';

const COLUMNS = [
  { title: 'Date', width: 0.13 },
  { title: 'Type', width: 0.12 },
  { title: 'Invoice', width: 0.16 },
  { title: 'Details', width: 0.29 },
  { title: 'Amount', width: 0.15, right: true },
  { title: 'Balance', width: 0.15, right: true },
];

const CHANNEL_COLUMNS = [
  { title: 'Channel', width: 0.46 },
  { title: 'Opening', width: 0.18, right: true },
  { title: 'Invoiced', width: 0.18, right: true },
  { title: 'Closing', width: 0.18, right: true },
];

/**
 * An agency's orders on several channels, grouped (decision 053): each channel's opening balance, what it
 * invoiced and its closing balance, as the statement's `channels` and its screen show them; printed once
 * two channels are on the statement (with one, the paper stays the specification's).
 */
const drawByChannel = (doc: PDFKit.PDFDocument, statement: Statement, width: number) => {
  if (statement.channels.length < 2) return;
  doc.moveDown(1);
  if (doc.y > doc.page.height - 120 - statement.channels.length * 14) doc.addPage();
  doc.fillColor(MUTED).font('Helvetica').fontSize(9).text('BY CHANNEL', MARGIN, doc.y, { width });
  doc.moveDown(0.3);
  const row = tableRowWriter(doc, CHANNEL_COLUMNS, width, { roomBelow: 30, gap: 3 });
  row(
    CHANNEL_COLUMNS.map((c) => c.title),
    true,
  );
  for (const c of statement.channels) row([c.channel, signedMoney(c.opening_balance), formatCurrency(c.invoiced), signedMoney(c.closing_balance)]);
};

export const renderStatementPdf = ({
  statement,
  station,
  brandName,
  timeZone,
}: {
  statement: Statement;
  station: StationIssuer;
  brandName: string | null;
  timeZone: string;
}): PDFKit.PDFDocument => {
  // Dated by its period's last day, not the clock: the same statement prints the same file.
  const info = {
    Title: `Statement for ${statement.customer.name}`,
    Author: station.name,
    Subject: 'Account statement',
    CreationDate: startOfStationDay(statement.period_end, timeZone),
  };
  const doc = newPdfDocument({ size: pdfPageSize(station), margin: MARGIN, info });
  const width = doc.page.width - MARGIN * 2;
  const rule = drawLetterhead(doc, station, 'STATEMENT', [
    `${day(statement.period_start)} – ${day(statement.period_end)}`,
    `Closing balance ${signedMoney(statement.closing_balance)}`,
  ]);

  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(9)
    .text('STATEMENT FOR', MARGIN, rule + 15, { width });
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(11).text(statement.customer.name, MARGIN, doc.y, { width });
  doc.font('Helvetica').fontSize(10).text(statement.customer.email, MARGIN, doc.y, { width });
  if (brandName) doc.text(`Brand: ${brandName}`, MARGIN, doc.y, { width });
  doc.moveDown(1);

  const row = tableRowWriter(doc, COLUMNS, width, { roomBelow: 30, gap: 3 });
  row(
    COLUMNS.map((c) => c.title),
    true,
  );
  row([day(statement.period_start), '', '', 'Opening balance', '', signedMoney(statement.opening_balance)], true);
  for (const line of statement.lines) {
    const details = line.reference && line.reference !== line.invoice_number ? `${line.reference} · ${line.description}` : line.description;
    row([day(line.date), STATEMENT_LINE_LABELS[line.kind], line.invoice_number, details, signedMoney(line.amount), signedMoney(line.balance)]);
  }
  row([day(statement.period_end), '', '', 'Closing balance', '', signedMoney(statement.closing_balance)], true);
  doc.moveDown(1);

  if (doc.y > doc.page.height - 260) doc.addPage();
  // Every term of the closing balance, so that it can be checked on the paper.
  const totals: AmountRow[] = [
    ['Opening balance', signedMoney(statement.opening_balance)],
    ['Invoiced', formatCurrency(statement.totals.invoiced)],
    ['Payments', signedMoney(-statement.totals.payments)],
    ['Credits', signedMoney(-statement.totals.credits)],
    ['Refunds', formatCurrency(statement.totals.refunds)],
    ['Voided', signedMoney(-statement.totals.voided)],
    ['Closing balance', signedMoney(statement.closing_balance), true],
  ];
  drawAmounts(doc, totals, width);
  drawByChannel(doc, statement, width);

  doc.moveDown(1);
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(9)
    .text(`OWED ON ${day(statement.period_end).toUpperCase()}, BY DAYS PAST DUE`, MARGIN, doc.y, { width });
  doc.moveDown(0.3);
  drawAmounts(
    doc,
    [
      ...AGEING_BUCKETS.map((b): AmountRow => [AGEING_BUCKET_LABELS[b], formatCurrency(statement.ageing[b])]),
      ['Total owed', formatCurrency(statement.ageing.total), true],
    ],
    width,
  );
  drawRemitAndContact(doc, station, 'Questions about this statement?');
  doc.end();
  return doc;
};
