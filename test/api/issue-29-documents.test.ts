/**
 * Issue 29: documents that tell the truth. A voided invoice owes nothing, on the API (admin's and
 * advertiser's) and on its PDF, which says VOID and gives no remit-to address (item 2). Create
 * Invoice is offered exactly the orders that can be invoiced (item 4).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { approvedOrder, createInvoice, invoicedOrder } from '../support/billing-fixtures';
import { newClient, putOrder, submittedOrder } from '../support/ordering-fixtures';
import { hasPoppler, renderPdf } from '../support/pdf-render';

let t: TestApp;
let admin: string;
const REMIT = 'WSPT Receivables, PO Box 7, Springfield';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const station = { name: 'WSPT Channel 7', address: '7 Tower Rd', phone: '+1 555 0107', email: 'billing@wspt.example', remit_to: REMIT, tax_id: '12-3456789', logo: null };
  const saved = await t.inject({ method: 'PUT', url: '/api/station', token: admin, payload: station });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t.close());

const get = (url: string, token = admin) => t.inject({ method: 'GET', url, token });
const pdfText = async (url: string, token = admin) => {
  const res = await get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  return (await renderPdf(res.rawPayload)).flat;
};

describe('a voided invoice (item 2)', () => {
  it('owes nothing: balance 0 for the admin and for the advertiser', async () => {
    const { invoice, owner } = await invoicedOrder(t, { totalSpend: 1750 });
    expect(invoice.balance_due).toBe(1750);
    const voided = await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/void`, token: admin, payload: { reason: 'Booked in error' } });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().invoice).toMatchObject({ status: 'cancelled', balance_due: 0, refund_due: 0 });
    expect((await get(`/api/billing/${invoice.id}`)).json()).toMatchObject({ status: 'cancelled', balance_due: 0 });
    const listed = (await get(`/api/billing?search=${invoice.invoice_number}`)).json().invoices;
    expect(listed).toEqual([expect.objectContaining({ id: invoice.id, balance_due: 0 })]);
    expect((await get(`/api/my/invoices/${invoice.id}`, owner.token)).json()).toMatchObject({ status: 'cancelled', balance_due: 0 });
  });

  it.skipIf(!hasPoppler)('its PDF says VOID and why, owes $0.00 and gives no remit-to address; an open invoice’s PDF still does', async () => {
    const open = await invoicedOrder(t, { totalSpend: 1750 });
    const openPdf = await pdfText(`/api/billing/${open.invoice.id}/pdf`);
    expect(openPdf).toContain('Balance due $1,750.00');
    expect(openPdf).toContain(REMIT);
    expect(openPdf).not.toContain('VOID');

    const { invoice, owner } = await invoicedOrder(t, { totalSpend: 1750 });
    expect((await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/void`, token: admin, payload: { reason: 'Booked in error' } })).statusCode).toBe(200);
    for (const pdf of [await pdfText(`/api/billing/${invoice.id}/pdf`), await pdfText(`/api/my/invoices/${invoice.id}/pdf`, owner.token)]) {
      expect(pdf).toContain('VOID since');
      expect(pdf).toContain('nothing is owed on this invoice.');
      expect(pdf).toContain('Reason: Booked in error');
      expect(pdf).toContain('Balance due $0.00');
      expect(pdf).not.toContain(REMIT);
      expect(pdf).not.toContain('REMIT PAYMENT TO');
    }
  });
});

describe('GET /api/billing/invoiceable-orders (item 4)', () => {
  const listed = async () => {
    const res = await get('/api/billing/invoiceable-orders');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { id: string; status: string }[]).map((order) => order.id);
  };

  it('lists approved, scheduled and active orders without a live invoice; not those invoiced (until voided), nor unapproved ones', async () => {
    const approved = await approvedOrder(t, { name: 'Invoiceable approved' });
    const scheduled = await approvedOrder(t, { name: 'Invoiceable scheduled' });
    expect((await putOrder(t, admin, scheduled.order.id, { status: 'scheduled' })).statusCode).toBe(200);
    const active = await approvedOrder(t, { name: 'Invoiceable active' });
    expect((await putOrder(t, admin, active.order.id, { status: 'scheduled' })).statusCode).toBe(200);
    expect((await putOrder(t, admin, active.order.id, { status: 'active' })).statusCode).toBe(200);
    const pending = await submittedOrder(t, { name: 'Not yet approved' });
    const invoiced = await invoicedOrder(t);
    const voided = await invoicedOrder(t);

    let ids = await listed();
    expect(ids).toEqual(expect.arrayContaining([approved.order.id, scheduled.order.id, active.order.id]));
    for (const id of [pending.order.id, invoiced.order.id, voided.order.id]) expect(ids).not.toContain(id);
    // Every order listed can be invoiced: the preview (which refuses as creating would) takes each.
    for (const id of [approved.order.id, scheduled.order.id, active.order.id]) {
      expect((await get(`/api/billing/preview?estimate_id=${id}&tax_rate=0&discount_amount=0`)).statusCode).toBe(200);
    }

    expect((await t.inject({ method: 'POST', url: `/api/billing/${voided.invoice.id}/void`, token: admin, payload: { reason: 'Wrong amount' } })).statusCode).toBe(200);
    ids = await listed();
    expect(ids).toContain(voided.order.id);
    expect((await createInvoice(t, scheduled.order.id)).status).toBe('draft');
    expect(await listed()).not.toContain(scheduled.order.id);
  });

  it('is for admins only', async () => {
    const client = await newClient(t);
    const res = await get('/api/billing/invoiceable-orders', client.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });
});
