/** Agency commission (decision 014): an account marked as an agency keeps a commission of each invoice's gross; payments apply to the net. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { approvedOrder, createInvoice } from '../support/billing-fixtures';
import { MISSING_ID, newClient } from '../support/ordering-fixtures';
import { pdfText } from '../support/pdf-text';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const setAgency = (id: string, payload: unknown, token: string | null = admin) =>
  t.inject({ method: 'PUT', url: `/api/users/${id}/agency`, token: token ?? undefined, payload: payload as object });
const userRow = async (id: string) =>
  ((await t.inject({ method: 'GET', url: '/api/users', token: admin })).json().users as { id: string; agency_commission_rate: number | null }[]).find(
    (u) => u.id === id,
  );

describe('PUT /api/users/:id/agency', () => {
  it('is for admins only', async () => {
    const client = await newClient(t);
    expect((await setAgency(client.id, { is_agency: true }, null)).statusCode).toBe(401);
    const own = await setAgency(client.id, { is_agency: true }, client.token);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: 'Admin access required' });
    expect((await userRow(client.id))?.agency_commission_rate).toBeNull();
  });

  it('marks an account as an agency (15% unless told), changes its rate, and unmarks it', async () => {
    const client = await newClient(t);
    expect(await userRow(client.id)).toMatchObject({ agency_commission_rate: null });
    const res = await setAgency(client.id, { is_agency: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'The account is an agency with a 15% commission', agency_commission_rate: 0.15 });
    expect((await userRow(client.id))?.agency_commission_rate).toBe(0.15);
    expect((await setAgency(client.id, { is_agency: true, commission_rate: '0.125' })).json()).toEqual({
      message: 'The account is an agency with a 12.5% commission',
      agency_commission_rate: 0.125,
    });
    expect((await setAgency(client.id, { is_agency: false, commission_rate: 0.2 })).json()).toEqual({
      message: 'The account is no longer an agency',
      agency_commission_rate: null,
    });
    expect((await userRow(client.id))?.agency_commission_rate).toBeNull();
  });

  it('refuses hostile input and changes nothing', async () => {
    const client = await newClient(t);
    for (const [payload, error, field] of [
      [{ is_agency: true, commission_rate: 1 }, 'Commission rate must be a fraction from 0 up to (not including) 1: 0.15 for 15%', 'commission_rate'],
      [{ is_agency: true, commission_rate: -0.1 }, 'Commission rate must be a fraction from 0 up to (not including) 1: 0.15 for 15%', 'commission_rate'],
      [{ is_agency: true, commission_rate: 'lots' }, 'Commission rate must be a fraction from 0 up to (not including) 1: 0.15 for 15%', 'commission_rate'],
      // A percentage where the fraction belongs: the message says how to write 15 %.
      [{ is_agency: true, commission_rate: 15 }, 'Commission rate must be a fraction from 0 up to (not including) 1: 0.15 for 15%', 'commission_rate'],
      [{ is_agency: 'yes' }, 'is_agency must be true or false', 'is_agency'],
      [{}, 'is_agency must be true or false', 'is_agency'],
      [[true], 'Request body must be a JSON object', null],
    ] as const) {
      const res = await setAgency(client.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual(field ? { error, field } : { error });
    }
    expect((await userRow(client.id))?.agency_commission_rate).toBeNull();
    const missing = await setAgency(MISSING_ID, { is_agency: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'User not found' });
  });
});

describe('invoices of an agency', () => {
  it('copy the rate; the commission is the gross × rate, half a cent up; payments apply to the net', async () => {
    const { order, owner } = await approvedOrder(t, { totalSpend: 5000 });
    await setAgency(owner.id, { is_agency: true });
    const invoice = await createInvoice(t, order.id);
    expect(invoice).toMatchObject({ total_amount: 5000, commission_rate: 0.15, commission_amount: 750, net_amount: 4250, balance_due: 4250 });
    // A later change of rate leaves the invoice as it was made.
    await setAgency(owner.id, { is_agency: true, commission_rate: 0.1 });
    expect((await t.inject({ method: 'GET', url: `/api/billing/${invoice.id}`, token: admin })).json()).toMatchObject({
      commission_rate: 0.15,
      commission_amount: 750,
    });

    const pay = (amount: number) =>
      t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/payments`, token: admin, payload: { amount, payment_date: '2026-01-05' } });
    const over = await pay(4250.01);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ error: 'Payment amount cannot exceed the balance due of $4,250.00', field: 'amount' });
    const paid = await pay(4250);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().invoice).toMatchObject({ paid_amount: 4250, balance_due: 0, status: 'paid' });
    // Billing analytics counts what the station bills, the net, as it counts what was collected (issue 44).
    const analytics = (await t.inject({ method: 'GET', url: '/api/billing/analytics/overview?timeframe=30', token: admin })).json();
    expect(analytics.top_customers.find((c: { customer_id: string }) => c.customer_id === owner.id)).toMatchObject({ total_billed: 4250, total_paid: 4250 });
  });

  it('round half a cent up', async () => {
    const { order, owner } = await approvedOrder(t, { totalSpend: 5000 });
    await setAgency(owner.id, { is_agency: true });
    // A gross of $0.10 at 15% is 1.5 cents: 2 cents.
    const invoice = await createInvoice(t, order.id, { discount_amount: 4999.9 });
    expect(invoice).toMatchObject({ total_amount: 0.1, commission_amount: 0.02, net_amount: 0.08, balance_due: 0.08 });
  });

  it('show Gross, Agency commission and Net due on the PDF and in the e-mail, which carries the PDF', async () => {
    const { order, owner } = await approvedOrder(t, { totalSpend: 5000 });
    await setAgency(owner.id, { is_agency: true });
    const invoice = await createInvoice(t, order.id, { tax_rate: 0.1 });
    expect(invoice).toMatchObject({ total_amount: 5500, commission_amount: 825, net_amount: 4675 });
    const pdf = pdfText((await t.inject({ method: 'GET', url: `/api/billing/${invoice.id}/pdf`, token: admin })).rawPayload);
    for (const text of ['Gross', '$5,500.00', 'Agency commission (15%)', '-$825.00', 'Net due', '$4,675.00']) expect(pdf).toContain(text);

    const sent = await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/send`, token: admin, payload: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = await t.mailTo(owner.email);
    expect(mail!.textBody).toContain('Gross: $5,500.00');
    expect(mail!.textBody).toContain('Agency commission (15%): -$825.00');
    expect(mail!.textBody).toContain('Net due: $4,675.00');
    expect(mail!.attachments).toEqual([
      { filename: `invoice-${invoice.invoice_number}.pdf`, content_type: 'application/pdf', content_base64: expect.any(String) },
    ]);
    const attached = pdfText(Buffer.from(mail!.attachments![0]!.content_base64, 'base64'));
    expect(attached).toContain(invoice.invoice_number);
    expect(attached).toContain('Net due');
  });

  it('leave a direct advertiser’s invoice without commission', async () => {
    const { order } = await approvedOrder(t, { totalSpend: 5000 });
    const invoice = await createInvoice(t, order.id);
    expect(invoice).toMatchObject({ commission_rate: 0, commission_amount: 0, net_amount: 5000, balance_due: 5000 });
  });
});
