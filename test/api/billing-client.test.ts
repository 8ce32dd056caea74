/** Advertisers' own invoices and credit notes (read-only, /api/my): theirs only, others answer 404. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { invoices } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { createInvoice, invoicedOrder } from '../support/billing-fixtures';
import { MISSING_ID, clientWithBrand, newClient, submittedOrder } from '../support/ordering-fixtures';
import { pdfText } from '../support/pdf-text';
import { clockToday } from '../support/clock';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

/** An invoice for a new approved order of `owner`. */
const invoiceFor = async (owner: Awaited<ReturnType<typeof clientWithBrand>>, totalSpend: number) => {
  const { order } = await submittedOrder(t, { owner, totalSpend });
  expect((await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin, payload: {} })).statusCode).toBe(200);
  return { order, invoice: await createInvoice(t, order.id) };
};
const get = (url: string, token?: string) => t.inject({ method: 'GET', url, token });
const post = (url: string, payload: object) => t.inject({ method: 'POST', url, token: admin, payload });

describe('GET /api/my/invoices', () => {
  it("lists the caller's invoices newest first with their status labels, and their credit notes", async () => {
    const owner = await clientWithBrand(t);
    const first = await invoiceFor(owner, 2000);
    const second = await invoiceFor(owner, 3000);
    const third = await invoiceFor(owner, 2500);
    const someoneElse = await invoicedOrder(t);
    await post(`/api/billing/${first.invoice.id}/send`, {});
    await post(`/api/billing/${first.invoice.id}/payments`, { amount: 500, payment_date: clockToday() });
    const note = (await post(`/api/billing/${first.invoice.id}/credit-notes`, { amount: 250, reason: 'Missed spots' })).json().credit_note;
    await post(`/api/billing/${second.invoice.id}/send`, {});
    await t.database.db
      .update(invoices)
      .set({ dueDate: addDays(clockToday(), -5) })
      .where(eq(invoices.id, second.invoice.id));
    await post(`/api/billing/${third.invoice.id}/void`, { reason: 'Duplicate' });

    const res = await get('/api/my/invoices', owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.invoices.map((i: { id: string }) => i.id)).toEqual([third.invoice.id, second.invoice.id, first.invoice.id]);
    expect(body.invoices.map((i: { status: string; status_label: string }) => [i.status, i.status_label])).toEqual([
      ['cancelled', 'Cancelled'],
      ['overdue', 'Overdue'],
      ['sent', 'Partially paid'],
    ]);
    expect(body.invoices[2]).toMatchObject({ total_amount: 2000, paid_amount: 500, credited_amount: 250, balance_due: 1250, due_date: expect.any(String) });
    expect(body.invoices.some((i: { id: string }) => i.id === someoneElse.invoice.id)).toBe(false);
    expect(body.pagination).toEqual({ page: 1, limit: 20, total: 3, totalPages: 1 });
    expect(body.credit_notes).toEqual([{ ...note }]);

    const paged = (await get('/api/my/invoices?page=2&limit=2', owner.token)).json();
    expect(paged.invoices.map((i: { id: string }) => i.id)).toEqual([first.invoice.id]);
    expect(paged.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });
    // Filters cannot reach another customer's invoices.
    const sneaky = (await get(`/api/my/invoices?customer_id=${someoneElse.owner.id}`, owner.token)).json();
    expect(sneaky.invoices).toHaveLength(3);
    const bad = await get('/api/my/invoices?limit=0', owner.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'limit must be a whole number between 1 and 100', field: 'limit' });
  });

  it('shows an invoice once the station sends it: a draft answers 404 and is not listed', async () => {
    const owner = await clientWithBrand(t);
    const { invoice } = await invoiceFor(owner, 1500);
    const listed = async () => (await get('/api/my/invoices', owner.token)).json().invoices.map((i: { id: string }) => i.id);
    expect(await listed()).toEqual([]);
    for (const url of [`/api/my/invoices/${invoice.id}`, `/api/my/invoices/${invoice.id}/pdf`]) {
      const refused = await get(url, owner.token);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json()).toEqual({ error: 'Invoice not found' });
    }
    expect((await post(`/api/billing/${invoice.id}/send`, {})).statusCode).toBe(200);
    expect(await listed()).toEqual([invoice.id]);
    expect((await get(`/api/my/invoices/${invoice.id}`, owner.token)).json()).toMatchObject({ id: invoice.id, status: 'sent' });
  });

  it('is empty for a new client and needs a session', async () => {
    const client = await newClient(t);
    expect((await get('/api/my/invoices', client.token)).json()).toEqual({
      invoices: [],
      credit_notes: [],
      pagination: { page: 1, limit: 20, total: 0, totalPages: 0 },
    });
    const anonymous = await get('/api/my/invoices');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Authentication required' });
  });
});

describe('GET /api/my/invoices/:id and the PDFs', () => {
  it("answers the caller's invoice with payments and credit notes; another's or a missing one is 404", async () => {
    const mine = await invoicedOrder(t, { totalSpend: 2000 });
    const theirs = await invoicedOrder(t);
    await post(`/api/billing/${mine.invoice.id}/send`, {});
    const note = (await post(`/api/billing/${mine.invoice.id}/credit-notes`, { amount: 100, reason: 'Make good' })).json().credit_note;
    const res = await get(`/api/my/invoices/${mine.invoice.id}`, mine.owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: mine.invoice.id, balance_due: 1900, credit_notes: [note], payments: [], lines: expect.any(Array) });
    for (const url of [
      `/api/my/invoices/${theirs.invoice.id}`,
      `/api/my/invoices/${MISSING_ID}`,
      '/api/my/invoices/nope',
      `/api/my/invoices/${theirs.invoice.id}/pdf`,
      `/api/my/invoices/${MISSING_ID}/pdf`,
    ]) {
      const refused = await get(url, mine.owner.token);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json()).toEqual({ error: 'Invoice not found' });
    }
    expect((await get(`/api/my/invoices/${mine.invoice.id}`)).statusCode).toBe(401);
  });

  it("streams the caller's invoice and credit note PDFs; another's credit note is 404", async () => {
    const mine = await invoicedOrder(t, { totalSpend: 2000 });
    const other = await newClient(t);
    await post(`/api/billing/${mine.invoice.id}/send`, {});
    const note = (await post(`/api/billing/${mine.invoice.id}/credit-notes`, { amount: 75.25, reason: 'Late start' })).json().credit_note;
    const pdf = await get(`/api/my/invoices/${mine.invoice.id}/pdf`, mine.owner.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdfText(pdf.rawPayload)).toContain(mine.invoice.invoice_number);
    const notePdf = await get(`/api/my/credit-notes/${note.id}/pdf`, mine.owner.token);
    expect(notePdf.statusCode).toBe(200);
    expect(notePdf.headers['content-disposition']).toBe(`attachment; filename="credit-note-${note.credit_number}.pdf"`);
    expect(pdfText(notePdf.rawPayload)).toContain('Late start');
    for (const url of [`/api/my/credit-notes/${note.id}/pdf`, `/api/my/credit-notes/${MISSING_ID}/pdf`, '/api/my/credit-notes/x/pdf']) {
      const refused = await get(url, other.token);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json()).toEqual({ error: 'Credit note not found' });
    }
    expect((await get(`/api/my/credit-notes/${note.id}/pdf`)).statusCode).toBe(401);
  });
});

describe('/api/billing stays admin-only', () => {
  it('a client gets 403 on every admin billing route, anonymous 401', async () => {
    const { invoice, owner, order } = await invoicedOrder(t);
    const routes: [string, string, object?][] = [
      ['GET', '/api/billing'],
      ['GET', `/api/billing/${invoice.id}`],
      ['GET', `/api/billing/${invoice.id}/pdf`],
      ['GET', '/api/billing/analytics/overview'],
      ['GET', '/api/billing/ageing'],
      ['GET', '/api/billing/ageing/export'],
      ['GET', `/api/billing/credit-notes/${MISSING_ID}/pdf`],
      ['POST', `/api/billing/from-estimate/${order.id}`, {}],
      ['POST', `/api/billing/${invoice.id}/send`, {}],
      ['POST', `/api/billing/${invoice.id}/payments`, { amount: 1, payment_date: clockToday() }],
      ['POST', `/api/billing/${invoice.id}/void`, { reason: 'x' }],
      ['POST', `/api/billing/${invoice.id}/credit-notes`, { amount: 1, reason: 'x' }],
    ];
    for (const [method, url, payload] of routes) {
      const asClient = await t.inject({ method: method as 'GET', url, token: owner.token, ...(payload && { payload }) });
      expect(asClient.statusCode, `${method} ${url}`).toBe(403);
      expect(asClient.json()).toEqual({ error: 'Admin access required' });
      expect((await t.inject({ method: method as 'GET', url, ...(payload && { payload }) })).statusCode, `${method} ${url}`).toBe(401);
    }
    // Nothing changed.
    const [stored] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(stored).toMatchObject({ status: 'draft', voidReason: null });
    expect((await get(`/api/billing/${invoice.id}`, admin)).json()).toMatchObject({ status: 'draft', paid_amount: 0, credited_amount: 0 });
    expect((await post(`/api/billing/from-estimate/${order.id}`, {})).json()).toEqual({ error: 'An invoice already exists for this estimate' });
  });
});
