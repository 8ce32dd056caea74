/**
 * Documents checked as images (issue 44): the invoice and the statement, on the station's paper, US Letter
 * and A4, rendered to PNG at that size, with no text drawn over text, nothing past the page, and the
 * commercial's Ad-ID whole on one line. (The affidavit: src/server/modules/as-run/affidavit.test.ts.)
 * And one name for the advertiser on ageing, the invoice and the statement; the brand stays the brand (decision 061).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, mediaAssets } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { invoicedOrder } from '../support/billing-fixtures';
import { hasPoppler, overlappingWords, renderPdf, wordBoxes } from '../support/pdf-render';
import { pdfText } from '../support/pdf-text';

const STATION = {
  name: 'WSPT Channel 7',
  address: '7 Tower Rd, Springfield',
  phone: '+1 555 0107',
  email: 'billing@wspt.example',
  remit_to: 'WSPT Receivables, PO Box 7, Springfield',
  tax_id: '12-3456789',
  logo: null,
};
/** Points, and pixels at 72 dpi. */
const PAPER = { letter: { width: 612, height: 792 }, a4: { width: 596, height: 842 } } as const; // A4 is 595.28 × 841.89 pt: its PNG at 72 dpi is 596 × 842

let t: TestApp;
let admin: string;
let invoiceId: string;
let ownerId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const { invoice, owner } = await invoicedOrder(t, { name: 'Year-End Clearance Event Weekend', totalSpend: 2500, company: 'Sunny Juice Co.' });
  invoiceId = invoice.id;
  ownerId = owner.id;
  await t.database.db
    .update(mediaAssets)
    .set({ adId: 'SUNJ1234000H', title: 'Sunny Juice - Summer Refresh Year-End Clearance Event 30s' })
    .where(eq(mediaAssets.id, owner.media.id));
  await t.database.db
    .update(brands)
    .set({ commonName: 'Sunny Juice', legalName: 'Sunny Juice Company LLC', address: '12 Orchard Way\nTampa, FL 33602' })
    .where(eq(brands.id, owner.brand.id));
  const sent = await t.inject({ method: 'POST', url: `/api/billing/${invoiceId}/send`, token: admin, payload: {} });
  expect(sent.statusCode, sent.body).toBe(200);
});
afterAll(() => t?.close());

const pdfAt = async (paper: keyof typeof PAPER, url: string) => {
  const saved = await t.inject({ method: 'PUT', url: '/api/station', token: admin, payload: { ...STATION, paper_size: paper } });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json().paper_size).toBe(paper);
  const res = await t.inject({ method: 'GET', url, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
};

const expectReadable = async (pdf: Buffer, paper: keyof typeof PAPER) => {
  const rendered = await renderPdf(pdf);
  expect(rendered.pages.length).toBeGreaterThan(0);
  for (const page of rendered.pages) expect({ width: page.width, height: page.height }).toEqual(PAPER[paper]);
  const words = await wordBoxes(pdf);
  expect(overlappingWords(words)).toEqual([]);
  expect(words.filter((w) => w.xMax > PAPER[paper].width || w.yMax > PAPER[paper].height)).toEqual([]);
  return words;
};

describe('the advertiser’s name (issue 44)', () => {
  it('is its company on ageing, the invoice and the statement; the brand is the brand, with its legal name', async () => {
    const get = async (url: string) => (await t.inject({ method: 'GET', url, token: admin })).json();
    const ageing = await get('/api/billing/ageing');
    expect(ageing.rows.find((r: { customer_id: string }) => r.customer_id === ownerId)).toMatchObject({ customer_name: 'Sunny Juice Co.' });
    expect(await get(`/api/billing/${invoiceId}`)).toMatchObject({
      customer_name: 'Sunny Juice Co.',
      brand_name: 'Sunny Juice',
      brand_legal_name: 'Sunny Juice Company LLC',
    });
    expect((await get(`/api/billing/statements/${ownerId}`)).customer).toMatchObject({ name: 'Sunny Juice Co.' });
  });

  it('the invoice PDF bills the company, attention of the person, and names the brand with its legal name', async () => {
    const paper = async (url: string) => pdfText((await t.inject({ method: 'GET', url, token: admin })).rawPayload);
    const text = await paper(`/api/billing/${invoiceId}/pdf`);
    const billTo = text.slice(text.indexOf('BILL TO'));
    for (const expected of ['Sunny Juice Co.', '12 Orchard Way', 'Attn: ', 'Brand: Sunny Juice (Sunny Juice Company LLC)'])
      expect(billTo, expected).toContain(expected);
    const statement = await paper(`/api/billing/statements/${ownerId}/pdf`);
    expect(statement).toContain('Sunny Juice Co.');
    expect(statement).not.toContain('Sunny Juice Company LLC');
  });
});

describe.skipIf(!hasPoppler)('documents on Letter and A4 (issue 44)', () => {
  it('refuses a paper it does not know', async () => {
    const res = await t.inject({ method: 'PUT', url: '/api/station', token: admin, payload: { ...STATION, paper_size: 'legal' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Paper size must be letter or a4');
  });

  for (const paper of ['letter', 'a4'] as const)
    it(`the invoice and the statement on ${paper === 'a4' ? 'A4' : 'US Letter'}: no text over text, nothing off the page, the Ad-ID whole`, async () => {
      const invoice = await expectReadable(await pdfAt(paper, `/api/billing/${invoiceId}/pdf`), paper);
      expect(invoice.filter((w) => w.text === 'SUNJ1234000H')).toHaveLength(1);
      expect(invoice.filter((w) => w.text !== 'SUNJ1234000H' && /^SUNJ\d|^\d+H$/.test(w.text))).toEqual([]);
      await expectReadable(await pdfAt(paper, `/api/billing/statements/${ownerId}/pdf`), paper);
    });
});
