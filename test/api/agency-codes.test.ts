/** Issue 27: the agency's own codes on an order: validated, read back, searchable, printed on invoices, credit notes and affidavits. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { createInvoice } from '../support/billing-fixtures';
import { clientWithBrand, createOrder, putOrder, readyOrder } from '../support/ordering-fixtures';
import { pdfText } from '../support/pdf-text';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const CODES = { agency_estimate_number: 'E-2027/114', client_code: 'SUNJ', product_code: 'OJ30', po_number: 'PO 88123' };

describe('agency codes on orders', () => {
  it('are taken at create and update, trimmed, and cleared by a blank', async () => {
    const owner = await clientWithBrand(t);
    const order = await createOrder(t, owner.token, { estimate_name: 'Coded', brand_id: owner.brand.id, agency_estimate_number: ' E-1 ', client_code: 'ABC' });
    expect(order).toMatchObject({ agency_estimate_number: 'E-1', client_code: 'ABC', product_code: null, po_number: null });
    const other = { agency_estimate_number: 'X-77', client_code: '', product_code: 'X1', po_number: '9' };
    const res = await putOrder(t, owner.token, order.id, other);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ...other, client_code: null });
  });

  it('refuses too long or odd codes with a message naming the field', async () => {
    const owner = await clientWithBrand(t);
    const order = await createOrder(t, owner.token, { estimate_name: 'Coded' });
    const refused = async (payload: Record<string, unknown>) => (await putOrder(t, owner.token, order.id, payload)).json();
    expect(await refused({ agency_estimate_number: 'E'.repeat(21) })).toEqual({
      error: 'Agency estimate number must be at most 20 characters',
      field: 'agency_estimate_number',
    });
    expect(await refused({ client_code: 'CLIENT123' })).toEqual({ error: 'Client code must be at most 8 characters', field: 'client_code' });
    expect(await refused({ product_code: 'A;B' })).toEqual({
      error: 'Product code may contain only letters, digits, spaces and - / . _ #',
      field: 'product_code',
    });
    expect(await refused({ po_number: 12 })).toEqual({ error: 'PO number must be text', field: 'po_number' });
  });

  it('are searchable in Order Management and printed on the invoice, its credit note and the affidavit', async () => {
    const { owner, order } = await readyOrder(t, { name: 'Coded buy' });
    expect((await putOrder(t, owner.token, order.id, CODES)).statusCode).toBe(200);
    expect((await putOrder(t, owner.token, order.id, { status: 'ordered' })).statusCode).toBe(200);
    expect((await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin, payload: {} })).statusCode).toBe(200);

    const found = (await t.inject({ method: 'GET', url: '/api/estimates?search=e-2027%2F114', token: admin })).json();
    expect(found.map((o: { id: string }) => o.id)).toEqual([order.id]);
    expect((await t.inject({ method: 'GET', url: '/api/estimates?search=OJ30', token: admin })).json().map((o: { id: string }) => o.id)).toEqual([order.id]);

    expect(
      (await t.inject({ method: 'PATCH', url: `/api/media/${owner.media.id}`, token: owner.token, payload: { ad_id: 'CODE0000030', title: 'Coded spot' } }))
        .statusCode,
    ).toBe(200);
    const invoice = await createInvoice(t, order.id);
    const detail = (await t.inject({ method: 'GET', url: `/api/billing/${invoice.id}`, token: admin })).json();
    expect(detail).toMatchObject(CODES);
    const invoiceText = pdfText((await t.inject({ method: 'GET', url: `/api/billing/${invoice.id}/pdf`, token: admin })).rawPayload);
    for (const line of [
      'Agency estimate: E-2027/114',
      'Client code: SUNJ',
      'Product code: OJ30',
      'PO number: PO 88123',
      'Commercial: Coded spot · Ad-ID CODE0000030',
    ])
      expect(invoiceText, line).toContain(line);

    expect((await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/send`, token: admin, payload: {} })).statusCode).toBe(200);
    const note = (
      await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/credit-notes`, token: admin, payload: { amount: 10, reason: 'Wrong break' } })
    ).json().credit_note;
    const noteText = pdfText((await t.inject({ method: 'GET', url: `/api/billing/credit-notes/${note.id}/pdf`, token: admin })).rawPayload);
    for (const line of ['Agency estimate: E-2027/114', 'Client code: SUNJ']) expect(noteText, line).toContain(line);

    const affidavit = pdfText((await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/affidavit`, token: owner.token })).rawPayload);
    expect(affidavit).toContain('Agency estimate: E-2027/114');
    expect(affidavit).toContain('PO number: PO 88123');
  });
});
