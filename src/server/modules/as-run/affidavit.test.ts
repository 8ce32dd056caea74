/** The affidavit as a reader sees it (issue 44, finding 4): no text drawn over text, an Ad-ID never wrapped. */
import { describe, expect, it } from 'vitest';
import { hasPoppler, overlappingWords, renderPdf, wordBoxes } from '../../../../test/support/pdf-render';
import { renderAffidavitPdf, type Affidavit, type AffidavitLine } from './affidavit';

const toBuffer = (doc: PDFKit.PDFDocument) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

const line = (overrides: Partial<AffidavitLine>): AffidavitLine => ({
  date: '2026-12-07',
  scheduledTime: '16:00:00',
  actualTime: '16:00:36',
  daypart: 'Afternoon',
  houseCode: 'SUNJ1234000H',
  title: 'Sunny Juice - Summer Refresh 30s',
  adId: 'SUNJ1234000H',
  program: null,
  durationSeconds: 30,
  status: 'aired',
  impressions: 1366,
  costCents: 2049,
  makegood: false,
  adu: false,
  creditCents: 0,
  ...overrides,
});

const affidavit: Affidavit = {
  orderId: '0b4f6a1e-2c3d-4e5f-8a9b-0c1d2e3f4a5b',
  channelId: '1c4f6a1e-2c3d-4e5f-8a9b-0c1d2e3f4a5b',
  orderNumber: 'SB-0B4F6A1E',
  orderName: 'Year-End Clearance',
  codes: { agencyEstimateNumber: 'EST-2026-0412', clientCode: 'SUNJ', productCode: 'JUICE', poNumber: null },
  advertiser: 'Sunny Juice Company LLC',
  advertiserEmail: 'media@sunnyjuice.example',
  brand: 'Sunny Juice',
  from: '2026-12-01',
  to: '2026-12-31',
  lines: [
    line({}),
    line({ status: 'made_good', actualTime: null, impressions: 0, costCents: 0 }),
    line({ status: 'missed', actualTime: null, impressions: 0, costCents: 0, creditCents: 2049 }),
    line({ program: 'The Late Show with a Long Program Name' }),
    line({ makegood: true, daypart: 'Weekend Afternoon', houseCode: 'NWMO9876543H', title: 'Northwind Motors - Year End Event 30s' }),
    ...Array.from({ length: 60 }, (_, k) => line({ date: `2026-12-${String(8 + (k % 20)).padStart(2, '0')}`, status: k % 7 === 3 ? 'made_good' : 'aired' })),
  ],
  totals: { aired: 50, missed: 5, madeGood: 9, impressions: 68_300, costCents: 102_450, creditsCents: 2049 },
  generatedOn: '2027-01-04',
};
const station = {
  name: 'WSPT Channel 7',
  address: '7 Tower Rd, Springfield',
  phone: '+1 555 0107',
  email: 'traffic@wspt.example',
  remit_to: null,
  tax_id: null,
  logo: null,
};

/** Points (pixels at 72 dpi): US Letter and A4 (issue 44: the documents are checked on both). */
const PAPER = { letter: { width: 612, height: 792 }, a4: { width: 596, height: 842 } } as const; // A4 is 595.28 × 841.89 pt: its PNG at 72 dpi is 596 × 842

describe.skipIf(!hasPoppler)('the affidavit PDF', () => {
  it.each(['letter', 'a4'] as const)('on %s: draws no text over other text, keeps every Ad-ID on one line, and fits the page', async (paper) => {
    const pdf = await toBuffer(renderAffidavitPdf(affidavit, { ...station, paper_size: paper }));
    for (const page of (await renderPdf(pdf)).pages) expect({ width: page.width, height: page.height }).toEqual(PAPER[paper]);
    const words = await wordBoxes(pdf);
    expect(overlappingWords(words)).toEqual([]);
    // A 12-character Ad-ID is one word, whole, on every row.
    expect(words.filter((w) => w.text === 'SUNJ1234000H').length).toBe(affidavit.lines.length - 1);
    expect(words.filter((w) => w.text === 'NWMO9876543H')).toHaveLength(1);
    expect(words.filter((w) => /^SUNJ\d*$|^\d+H$/.test(w.text) && w.text !== 'SUNJ')).toEqual([]);
    // Every heading whole on one line.
    for (const heading of ['Date', 'Aired', 'Daypart', 'Ad-ID', 'Title', 'Length', 'Status', 'Cost'])
      expect(
        words.some((w) => w.text === heading),
        heading,
      ).toBe(true);
    // The program a spot aired in is named under its daypart (decision 060).
    expect(words.some((w) => w.text === 'Late')).toBe(true);
    // Nothing past the page's edges.
    expect(words.filter((w) => w.xMax > PAPER[paper].width || w.yMax > PAPER[paper].height)).toEqual([]);
  });
});
