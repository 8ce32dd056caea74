import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { invoices } from '../../src/server/db/schema';
import { APP_URL, createTestApp, type TestApp } from '../support/app';
import { invoicedOrder } from '../support/billing-fixtures';
import { pdfText } from '../support/pdf-text';
import { clockToday } from '../support/clock';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const send = (id: string, payload: unknown = {}) => t.inject({ method: 'POST', url: `/api/billing/${id}/send`, token: admin, payload: payload as object });
const pay = (id: string, payload: unknown) => t.inject({ method: 'POST', url: `/api/billing/${id}/payments`, token: admin, payload: payload as object });
const read = async (id: string) => (await t.inject({ method: 'GET', url: `/api/billing/${id}`, token: admin })).json();
const analytics = async () => {
  const res = await t.inject({ method: 'GET', url: '/api/billing/analytics/overview?timeframe=30', token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const makeOverdue = (id: string) =>
  t.database.db
    .update(invoices)
    .set({ dueDate: addDays(clockToday(), -1) })
    .where(eq(invoices.id, id));

describe('POST /api/billing/:id/send', () => {
  it('mails the invoice to the customer with the custom message and a link, and marks it sent', async () => {
    const { invoice, owner, order } = await invoicedOrder(t, { name: 'Summer <push>' }, { tax_rate: 0.1 });
    const res = await send(invoice.id, { custom_message: 'Thank you for advertising with us & see you soon.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Invoice sent successfully', invoice: { id: invoice.id, status: 'sent', sent_at: expect.any(String) } });
    const [mail] = await t.mailTo(owner.email);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe(`Invoice ${invoice.invoice_number} from Spotbook Station`);
    expect(mail!.textBody).toContain('Thank you for advertising with us & see you soon.');
    expect(mail!.textBody).toContain('Balance due: $5,500.00');
    expect(mail!.textBody).toContain(`${APP_URL}/app/estimates/${order.id}`);
    expect(mail!.htmlBody).toContain('Thank you for advertising with us &amp; see you soon.');
    expect(mail!.htmlBody).toContain('Summer &lt;push&gt;');
    expect(mail!.htmlBody).not.toContain('<push>');
  });

  it('sends without a body or message, and may send again', async () => {
    const { invoice, owner } = await invoicedOrder(t);
    const first = await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/send`, token: admin });
    expect(first.statusCode, first.body).toBe(200);
    expect((await send(invoice.id, { custom_message: '' })).statusCode).toBe(200);
    expect(await t.mailTo(owner.email)).toHaveLength(2);
  });

  it('refuses a paid or cancelled invoice (409)', async () => {
    const paid = await invoicedOrder(t);
    expect((await pay(paid.invoice.id, { amount: paid.invoice.total_amount, payment_date: clockToday() })).statusCode).toBe(201);
    const res = await send(paid.invoice.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'This invoice is already paid' });
    const cancelled = await invoicedOrder(t);
    await t.database.db.update(invoices).set({ status: 'cancelled' }).where(eq(invoices.id, cancelled.invoice.id));
    const refused = await send(cancelled.invoice.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'A cancelled invoice cannot be sent' });
    expect(await t.mailTo(cancelled.owner.email)).toHaveLength(0);
  });
});

describe('POST /api/billing/:id/payments', () => {
  it('records partial payments, then the full balance marks the invoice paid', async () => {
    const { invoice } = await invoicedOrder(t, { totalSpend: 2000 });
    const first = await pay(invoice.id, { amount: 250.25, payment_date: clockToday(), notes: 'Cheque 1001' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      invoice: { paid_amount: 250.25, balance_due: 1749.75, status: 'sent', status_label: 'Partially paid' },
      payment: { amount: 250.25, payment_date: clockToday(), notes: 'Cheque 1001', invoice_id: invoice.id, created_by: expect.any(String) },
    });
    const over = await pay(invoice.id, { amount: 1749.76, payment_date: clockToday() });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ error: 'Payment amount cannot exceed the balance due of $1,749.75', field: 'amount' });
    const rest = await pay(invoice.id, { amount: '1749.75', payment_date: addDays(clockToday(), -3) });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().invoice).toMatchObject({ paid_amount: 2000, balance_due: 0, status: 'paid' });
    const detail = await read(invoice.id);
    expect(detail.payments.map((p: { amount: number }) => p.amount)).toEqual([1749.75, 250.25]);
    const again = await pay(invoice.id, { amount: 1, payment_date: clockToday() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This invoice is already paid' });
  });

  it('issues a draft invoice with a part payment: it reads sent and "Partially paid", and no e-mail goes out (decision 019)', async () => {
    const { invoice, owner } = await invoicedOrder(t, { totalSpend: 2000 });
    expect(invoice.status).toBe('draft');
    const part = await pay(invoice.id, { amount: 500, payment_date: clockToday() });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json().invoice).toMatchObject({ status: 'sent', status_label: 'Partially paid', paid_amount: 500, balance_due: 1500, sent_at: null });
    expect(await t.mailTo(owner.email)).toHaveLength(0);
    const listed = (await t.inject({ method: 'GET', url: `/api/billing?customer_id=${owner.id}&status=sent`, token: admin })).json();
    expect(listed.invoices.map((i: { id: string; status_label: string; balance_due: number }) => [i.id, i.status_label, i.balance_due])).toEqual([
      [invoice.id, 'Partially paid', 1500],
    ]);
    // Issued now, it falls overdue past its due date like any sent invoice.
    await makeOverdue(invoice.id);
    expect(await read(invoice.id)).toMatchObject({ status: 'overdue', status_label: 'Partially paid (overdue)' });
  });

  it('a full payment on a draft marks it paid', async () => {
    const { invoice } = await invoicedOrder(t, { totalSpend: 2000 });
    const all = await pay(invoice.id, { amount: 2000, payment_date: clockToday() });
    expect(all.json().invoice).toMatchObject({ status: 'paid', balance_due: 0 });
  });

  it('never lets concurrent payments take more than the balance', async () => {
    const { invoice } = await invoicedOrder(t, { totalSpend: 2000 });
    const results = await Promise.all([1, 2, 3].map(() => pay(invoice.id, { amount: 1200, payment_date: clockToday() })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    expect((await read(invoice.id)).paid_amount).toBe(1200);
  });

  it.each([
    [{}, 'Amount and payment date are required', null],
    [{ amount: 10 }, 'Amount and payment date are required', null],
    [{ payment_date: '2026-01-01' }, 'Amount and payment date are required', null],
    [{ amount: '', payment_date: '' }, 'Amount and payment date are required', null],
    [{ amount: 0, payment_date: '2026-01-01' }, 'Payment amount must be greater than 0', 'amount'],
    [{ amount: -5, payment_date: '2026-01-01' }, 'Payment amount must be greater than 0', 'amount'],
    [{ amount: 'lots', payment_date: '2026-01-01' }, 'Payment amount must be a number', 'amount'],
    [{ amount: 1.234, payment_date: '2026-01-01' }, 'Amounts must have at most 2 decimal places', 'amount'],
    [{ amount: 10, payment_date: '01/02/2026' }, 'Payment date must be a date (YYYY-MM-DD)', 'payment_date'],
    [{ amount: 10, payment_date: addDays(clockToday(), 5) }, 'Payment date cannot be in the future', 'payment_date'],
  ])('refuses %j with a clear message', async (payload, message, field) => {
    const { invoice } = await invoicedOrder(t);
    const res = await pay(invoice.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(field ? { error: message, field } : { error: message });
  });
});

describe('overdue', () => {
  it('a sent invoice with a balance past its due date reads overdue, and the filters agree', async () => {
    const { invoice, owner } = await invoicedOrder(t, { totalSpend: 2000 });
    await send(invoice.id);
    await makeOverdue(invoice.id);
    expect((await read(invoice.id)).status).toBe('overdue');
    const overdue = await t.inject({ method: 'GET', url: `/api/billing?status=overdue&customer_id=${owner.id}`, token: admin });
    expect(overdue.json().invoices.map((i: { id: string }) => i.id)).toEqual([invoice.id]);
    const sent = await t.inject({ method: 'GET', url: `/api/billing?status=sent&customer_id=${owner.id}`, token: admin });
    expect(sent.json().invoices).toEqual([]);
    // Sending a reminder is allowed; it stays overdue until paid.
    const reminder = await send(invoice.id, { custom_message: 'Reminder: this invoice is past due.' });
    expect(reminder.statusCode).toBe(200);
    expect(reminder.json().invoice.status).toBe('overdue');
    const partial = await pay(invoice.id, { amount: 400, payment_date: clockToday() });
    expect(partial.json().invoice.status).toBe('overdue');
    const rest = await pay(invoice.id, { amount: 1600, payment_date: clockToday() });
    expect(rest.json().invoice.status).toBe('paid');
  });

  it('a draft past its due date is not overdue (it was never sent)', async () => {
    const { invoice } = await invoicedOrder(t);
    await makeOverdue(invoice.id);
    expect((await read(invoice.id)).status).toBe('draft');
  });
});

describe('GET /api/billing/:id/pdf', () => {
  it('streams a PDF attachment named after the invoice number', async () => {
    const { invoice } = await invoicedOrder(t, {}, { tax_rate: 0.0825, discount_amount: 10, notes: 'Net 30, thanks' });
    const res = await t.inject({ method: 'GET', url: `/api/billing/${invoice.id}/pdf`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${invoice.invoice_number}.pdf"`);
    const body = res.rawPayload;
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(body.toString('latin1')).toContain(`Invoice ${invoice.invoice_number}`);
    expect(body.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('prints the station profile: name, address, contact, tax id and where to remit payment', async () => {
    const saved = await t.inject({
      method: 'PUT',
      url: '/api/station',
      token: admin,
      payload: {
        name: 'WSPT Channel 7',
        address: '7 Tower Rd, Springfield',
        phone: '+1 555 0107',
        email: 'billing@wspt.example',
        remit_to: 'WSPT Receivables, PO Box 7, Springfield',
        tax_id: '12-3456789',
        logo: null,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { invoice } = await invoicedOrder(t);
    const text = pdfText((await t.inject({ method: 'GET', url: `/api/billing/${invoice.id}/pdf`, token: admin })).rawPayload);
    for (const expected of [
      'WSPT Channel 7',
      '7 Tower Rd, Springfield',
      '+1 555 0107 · billing@wspt.example',
      'Tax ID 12-3456789',
      'REMIT PAYMENT TO',
      'WSPT Receivables, PO Box 7, Springfield',
      invoice.invoice_number,
    ]) {
      expect(text, expected).toContain(expected);
    }
  });
});

describe('GET /api/billing/analytics/overview', () => {
  it('adds invoices billed in the window, collections, outstanding, trends by day and top customers', async () => {
    const before = await analytics();
    expect(before.payment_trends).toHaveLength(30);
    expect(before.payment_trends.at(-1).date).toBe(clockToday());
    expect(before.payment_trends[0].date).toBe(addDays(clockToday(), -29));

    const big = await invoicedOrder(t, { totalSpend: 90_000, firstName: 'Grace', lastName: 'Kim', company: 'Top Spender Inc' });
    const small = await invoicedOrder(t, { totalSpend: 2000 });
    await send(big.invoice.id);
    await pay(big.invoice.id, { amount: 30_000, payment_date: clockToday() });
    await pay(small.invoice.id, { amount: 2000, payment_date: addDays(clockToday(), -2) });
    const cancelled = await invoicedOrder(t, { totalSpend: 7000 });
    await t.database.db.update(invoices).set({ status: 'cancelled' }).where(eq(invoices.id, cancelled.invoice.id));

    const after = await analytics();
    const delta = (key: string) => Math.round((after.overview[key] - before.overview[key]) * 100) / 100;
    expect(delta('total_billed')).toBe(92_000);
    expect(delta('total_invoices')).toBe(2);
    expect(delta('total_collected')).toBe(32_000);
    expect(delta('paid_invoices')).toBe(1);
    expect(delta('sent_invoices')).toBe(1);
    expect(delta('total_outstanding')).toBe(60_000);
    expect(after.overview.avg_invoice_amount).toBe(Math.round((after.overview.total_billed / after.overview.total_invoices) * 100) / 100);
    const day = (offset: number) => (r: { date: string }) => r.date === addDays(clockToday(), offset);
    expect(after.payment_trends.find(day(0)).daily_payments - before.payment_trends.find(day(0)).daily_payments).toBe(30_000);
    expect(after.payment_trends.find(day(-2)).daily_payments - before.payment_trends.find(day(-2)).daily_payments).toBe(2000);
    expect(after.top_customers.length).toBeLessThanOrEqual(8);
    expect(after.top_customers[0]).toEqual({ customer_id: big.owner.id, customer_name: 'Top Spender Inc', total_billed: 90_000, total_paid: 30_000 });
  });

  it('names the 8 customers billed most, largest first, a tie at the 8th broken by e-mail', async () => {
    const own = await createTestApp();
    try {
      const spends = [90_000, 80_000, 70_000, 60_000, 50_000, 40_000, 30_000, 20_000, 20_000, 20_000, 10_000];
      const customers = [];
      for (const spend of spends) {
        const { owner, invoice } = await invoicedOrder(own, { totalSpend: spend });
        customers.push({ id: owner.id, email: owner.email, billed: Number(invoice.total_amount) });
      }
      const expected = customers.sort((a, b) => b.billed - a.billed || (a.email < b.email ? -1 : 1)).slice(0, 8);
      const res = await own.inject({ method: 'GET', url: '/api/billing/analytics/overview?timeframe=30', token: await own.adminToken() });
      expect(res.statusCode, res.body).toBe(200);
      const top = res.json().top_customers as { customer_id: string; total_billed: number }[];
      expect(top.map((c) => [c.customer_id, c.total_billed])).toEqual(expected.map((c) => [c.id, c.billed]));
      // Three customers tie at the 8th largest: one of them is named, the first by e-mail.
      expect(expected.filter((c) => c.billed === expected[7]!.billed)).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it('refuses a timeframe out of range', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/billing/analytics/overview?timeframe=0', token: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'timeframe must be a whole number between 1 and 365', field: 'timeframe' });
    const week = await t.inject({ method: 'GET', url: '/api/billing/analytics/overview?timeframe=7', token: admin });
    expect(week.json().payment_trends).toHaveLength(7);
  });
});
