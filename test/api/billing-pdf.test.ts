/**
 * The invoice and credit-note PDFs as an accountant reads them (issue 13, decision 020): rendered
 * to PNG and read back as text with poppler-utils (pdftoppm, pdftotext).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCount, formatCurrency } from '../../src/domain/format';
import { toCents } from '../../src/domain/money';
import { brands, invoiceLines } from '../../src/server/db/schema';
import { APP_URL, createTestApp, type TestApp } from '../support/app';
import { createInvoice } from '../support/billing-fixtures';
import { addItem, clientWithBrand, createCoupon, createDaypart, putOrder, readyOrder } from '../support/ordering-fixtures';
import { hasPoppler, renderPdf, type RenderedPdf } from '../support/pdf-render';

let t: TestApp;
let admin: string;
const STATION = {
  name: 'WSPT Channel 7',
  address: '7 Tower Rd, Springfield',
  phone: '+1 555 0107',
  email: 'billing@wspt.example',
  remit_to: 'WSPT Receivables, PO Box 7, Springfield',
  tax_id: '12-3456789',
  logo: null,
};
const LEGAL_NAME = 'Northwind Coffee Roasters LLC';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const saved = await t.inject({ method: 'PUT', url: '/api/station', token: admin, payload: STATION });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t.close());

const get = (url: string) => t.inject({ method: 'GET', url, token: admin });
const pdfOf = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return renderPdf(res.rawPayload);
};

/**
 * A $3,000 order over two time slots (6–9 AM weekdays, 3 spots a day; 8–11 PM weekdays at $25,
 * 2 a day) with a 10% coupon capped at $100, approved and invoiced with 8.25% tax. The brand has
 * a legal name and a two-line postal address; the owner is Dana Reyes.
 */
const couponInvoice = async () => {
  const owner = await clientWithBrand(t, { firstName: 'Dana', lastName: 'Reyes' });
  await t.database.db.update(brands).set({ legalName: LEGAL_NAME, address: '120 Harbor St\nPortland, ME 04101' }).where(eq(brands.id, owner.brand.id));
  const morning = await createDaypart(t.database.db, { name: `Drive ${owner.id.slice(0, 4)}`, startTime: '06:00', endTime: '09:00' });
  const evening = await createDaypart(t.database.db, { name: `Prime ${owner.id.slice(0, 4)}`, startTime: '20:00', endTime: '23:00', baseCpmCents: 2500 });
  const { order } = await readyOrder(t, { owner, daypartId: morning.id, spots: 3, totalSpend: 3000, name: 'Harbor fall' });
  await addItem(t, owner.token, order.id, { daypart_id: evening.id, spots_per_occurrence: 2 });
  const coupon = await createCoupon(t.database.db, { percentageOff: 10, maxDiscountAmountCents: 10_000 });
  for (const payload of [{ coupon_code: coupon.code }, { status: 'ordered' }]) {
    const res = await putOrder(t, owner.token, order.id, payload);
    expect(res.statusCode, res.body).toBe(200);
  }
  const approved = await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin, payload: {} });
  expect(approved.statusCode, approved.body).toBe(200);
  const invoice = await createInvoice(t, order.id, { tax_rate: 0.0825 });
  return { owner, coupon, invoice, morning, evening };
};

const MONEY = /-?\$[\d,]+\.\d{2}/;
const cents = (printed: string) => toCents(Number(printed.replace(/[$,]/g, '')));

/** The table's rows as printed: each row's first line ends with its amount; a wrapped description continues below. */
const printedRows = (pdf: RenderedPdf) => {
  const lines = pdf.text.split('\n');
  const header = lines.findIndex((line) => /Description\s+Spots\s+Cost per spot\s+Amount/.test(line));
  const end = lines.findIndex((line, i) => i > header && /^\s*Subtotal\s/.test(line));
  expect(header, 'the lines table').toBeGreaterThan(-1);
  return lines
    .slice(header + 1, end)
    .map((line) => new RegExp(`^(.*?)\\s+(?:([\\d,]+)\\s+(${MONEY.source})\\s+)?(${MONEY.source})\\s*$`).exec(line))
    .filter((match) => match !== null)
    .map((match) => ({
      text: match[1]!.trim(),
      quantity: match[2] ? Number(match[2].replace(/,/g, '')) : null,
      unit: match[3] ? cents(match[3]) : null,
      amount: cents(match[4]!),
    }));
};
const printed = (pdf: RenderedPdf, label: string) => {
  const match = new RegExp(`${label}\\s+(${MONEY.source})`).exec(pdf.text);
  expect(match, label).not.toBeNull();
  return cents(match![1]!);
};

describe.skipIf(!hasPoppler)('GET /api/billing/:id/pdf of an up-front invoice', () => {
  it('prints one line per time slot (spots × cost per spot) adding to the gross, the coupon as a discount line, and the lines add to the subtotal', async () => {
    const { coupon, invoice, morning, evening } = await couponInvoice();
    const detail = (await get(`/api/billing/${invoice.id}`)).json();
    expect(detail).toMatchObject({
      subtotal: 2900,
      discount_amount: 0,
      tax_amount: 239.25,
      total_amount: 3139.25,
      order_gross: 3000,
      coupon_code: coupon.code,
      brand_legal_name: LEGAL_NAME,
      brand_address: '120 Harbor St\nPortland, ME 04101',
    });

    // The stored lines: the slots add to the gross; with the coupon they add to the subtotal.
    const lines = detail.invoice_lines as { description: string; daypart_id: string | null; quantity: number; unit_price: number; amount: number }[];
    // Each slot at its booked rate, then what adjusts them to the ordered budget, then the coupon.
    expect(lines.map((l) => l.daypart_id)).toEqual([morning.id, evening.id, null, null]);
    for (const line of lines) expect(toCents(line.amount)).toBe(line.quantity * toCents(line.unit_price));
    const slotCents = lines.slice(0, 2).reduce((sum, l) => sum + toCents(l.amount), 0);
    expect(lines[2]).toMatchObject({ position: 3, quantity: 1, amount: (300_000 - slotCents) / 100 });
    const spots = lines.slice(0, 2).reduce((sum, l) => sum + l.quantity, 0);
    expect(lines[2]!.description).toBe(
      `Budget balance: the flight's ${spots} spots at the booked rates come to ${formatCurrency(slotCents / 100)}; the budget ordered is $3,000.00 (${slotCents < 300_000 ? 'the flight ends on the last whole day the budget pays for' : 'an order never bills more than its budget'})`,
    );
    expect(lines.reduce((sum, l) => sum + toCents(l.amount), 0)).toBe(290_000);
    expect(lines[3]).toEqual({ position: 4, description: `Discount (coupon ${coupon.code})`, daypart_id: null, quantity: 1, unit_price: -100, amount: -100 });
    for (const line of lines.slice(0, 2)) expect(line.quantity % (line.daypart_id === morning.id ? 3 : 2)).toBe(0); // whole days of spots

    const pdf = await pdfOf(`/api/billing/${invoice.id}/pdf`);
    const rows = printedRows(pdf);
    expect(rows).toHaveLength(4);
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(printed(pdf, 'Subtotal'));
    expect(printed(pdf, 'Subtotal')).toBe(290_000);
    lines.forEach((line, i) => {
      expect(rows[i]!.amount).toBe(toCents(line.amount));
      if (line.daypart_id) expect(rows[i]).toMatchObject({ quantity: line.quantity, unit: toCents(line.unit_price) });
      else if (i === 3) expect(rows[i]).toMatchObject({ text: `Discount (coupon ${coupon.code})`, quantity: null, amount: -10_000 });
      else expect(rows[i]).toMatchObject({ quantity: null, amount: toCents(line.amount) });
    });
    expect(pdf.flat).toContain(`${formatCount(lines[0]!.quantity)} ${formatCurrency(lines[0]!.unit_price)} ${formatCurrency(lines[0]!.amount)}`);
    // 12-hour times, as the app shows them; never the 24-hour clock.
    for (const expected of [`${morning.name} · Weekdays 6:00 AM – 9:00 AM`, `${evening.name} · Weekdays 8:00 PM – 11:00 PM`])
      expect(pdf.flat, expected).toContain(expected);
    expect(pdf.text).not.toMatch(/\b(?:20|23):00\b/);
    for (const [label, value] of [
      ['Tax \\(8.25%\\)', 23_925],
      ['Total', 313_925],
    ] as const)
      expect(printed(pdf, label)).toBe(value);
  });

  it('bills the advertiser: its company, the postal address, the person and e-mail, the brand with its legal name; the station: name, address, remit-to, tax id; no web address', async () => {
    const { owner, invoice } = await couponInvoice();
    const pdf = await pdfOf(`/api/billing/${invoice.id}/pdf`);
    const billTo = pdf.text.slice(pdf.text.indexOf('BILL TO'));
    // The advertiser as ageing and the statement name it (its company), the brand with its legal name (decision 061).
    for (const expected of ['Acme Foods', '120 Harbor St', 'Portland, ME 04101', 'Attn: Dana Reyes', owner.email]) expect(billTo, expected).toContain(expected);
    expect(pdf.flat).toContain(`(${LEGAL_NAME})`);
    for (const expected of [
      STATION.name,
      STATION.address,
      `${STATION.phone} · ${STATION.email}`,
      `Tax ID ${STATION.tax_id}`,
      'REMIT PAYMENT TO',
      STATION.remit_to,
    ])
      expect(pdf.text, expected).toContain(expected);
    expect(pdf.flat).toContain(`Questions about this invoice? Contact ${STATION.name} at ${STATION.email} or ${STATION.phone}.`);
    expect(pdf.text).not.toContain(APP_URL);
    expect(pdf.text).not.toMatch(/https?:\/\/|www\./);
    // It renders: one US Letter page at 72 dpi, with ink on it.
    expect(pdf.pages).toHaveLength(1);
    const [page] = pdf.pages;
    expect(page!.png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([page!.width, page!.height]).toEqual([612, 792]);
    expect(page!.png.length).toBeGreaterThan(10_000);
  });

  it('still prints invoices stored before: one line for the whole order, or none at all', async () => {
    const { invoice } = await couponInvoice();
    await t.database.db.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id));
    const bare = await pdfOf(`/api/billing/${invoice.id}/pdf`);
    expect(printedRows(bare)).toEqual([expect.objectContaining({ text: expect.stringMatching(/^Order Harbor fall \(/), quantity: null, amount: 290_000 })]);
    await t.database.db.insert(invoiceLines).values({
      invoiceId: invoice.id,
      position: 1,
      description: 'Order Harbor fall (stored)',
      daypartId: null,
      quantity: 1,
      unitCents: 290_000,
      amountCents: 290_000,
    });
    const old = await pdfOf(`/api/billing/${invoice.id}/pdf`);
    expect(printedRows(old)).toEqual([{ text: 'Order Harbor fall (stored)', quantity: null, unit: null, amount: 290_000 }]);
    expect(printed(old, 'Subtotal')).toBe(290_000);
  });
});

describe.skipIf(!hasPoppler)('GET /api/billing/credit-notes/:id/pdf', () => {
  it('carries the same station and advertiser blocks as the invoice, and no web address', async () => {
    const { owner, invoice } = await couponInvoice();
    expect((await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/send`, token: admin, payload: {} })).statusCode).toBe(200);
    const made = await t.inject({
      method: 'POST',
      url: `/api/billing/${invoice.id}/credit-notes`,
      token: admin,
      payload: { amount: 50, reason: 'Spot aired in the wrong break' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const pdf = await pdfOf(`/api/billing/credit-notes/${made.json().credit_note.id}/pdf`);
    const creditTo = pdf.text.slice(pdf.text.indexOf('CREDIT TO'));
    for (const expected of ['Acme Foods', '120 Harbor St', 'Portland, ME 04101', 'Attn: Dana Reyes', owner.email])
      expect(creditTo, expected).toContain(expected);
    expect(pdf.flat).toContain(`(${LEGAL_NAME})`);
    for (const expected of [STATION.name, STATION.address, `Tax ID ${STATION.tax_id}`, 'REMIT PAYMENT TO', STATION.remit_to, '$50.00'])
      expect(pdf.text, expected).toContain(expected);
    expect(pdf.text).not.toMatch(/https?:\/\/|www\./);
    expect(pdf.pages[0]!.width).toBe(612);
  });
});
