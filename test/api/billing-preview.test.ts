import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimates, users } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { approvedOrder as approved, createInvoice } from '../support/billing-fixtures';
import { readyOrder } from '../support/ordering-fixtures';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const preview = (query: string, token = admin) => t.inject({ method: 'GET', url: `/api/billing/preview?${query}`, token });
const approvedOrder = async (totalSpend: number) => (await approved(t, { totalSpend })).order;

describe('GET /api/billing/preview: Create Invoice shows the total before it exists (decision 019)', () => {
  it('answers subtotal, discount, tax and total as creating would bill them, and creates nothing', async () => {
    const order = await approvedOrder(2000);
    const res = await preview(`estimate_id=${order.id}&tax_rate=0.0825&discount_amount=150.5`);
    expect(res.statusCode, res.body).toBe(200);
    // Tax applies after the discount: (2000 − 150.50) × 8.25 % = 152.58.
    expect(res.json()).toEqual({
      estimate_id: order.id,
      subtotal: 2000,
      discount_amount: 150.5,
      tax_rate: 0.0825,
      tax_amount: 152.58,
      total_amount: 2002.08,
      commission_amount: 0,
      amount_due: 2002.08,
    });
    const listed = (await t.inject({ method: 'GET', url: '/api/billing', token: admin })).json();
    expect(listed.invoices.some((i: { estimate_id: string }) => i.estimate_id === order.id)).toBe(false);
    const created = await createInvoice(t, order.id, { tax_rate: 0.0825, discount_amount: 150.5 });
    expect(created).toMatchObject({ subtotal: 2000, discount_amount: 150.5, tax_amount: 152.58, total_amount: 2002.08 });
  });

  it("shows an agency's commission and what it owes", async () => {
    const { order, owner } = await approved(t, { totalSpend: 2000 });
    await t.database.db.update(users).set({ agencyCommissionRate: 0.15 }).where(eq(users.id, owner.id));
    expect((await preview(`estimate_id=${order.id}`)).json()).toMatchObject({
      subtotal: 2000,
      tax_amount: 0,
      total_amount: 2000,
      commission_amount: 300,
      amount_due: 1700,
    });
  });

  it('refuses as creating would: a discount above the subtotal, an order already invoiced or not approved', async () => {
    const order = await approvedOrder(2000);
    const above = await preview(`estimate_id=${order.id}&discount_amount=2000.01`);
    expect(above.statusCode).toBe(400);
    expect(above.json()).toEqual({ error: 'Discount amount cannot exceed the invoice subtotal', field: 'discount_amount' });
    const badTax = await preview(`estimate_id=${order.id}&tax_rate=2`);
    expect(badTax.statusCode).toBe(400);
    await createInvoice(t, order.id);
    const again = await preview(`estimate_id=${order.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'An invoice already exists for this estimate' });
    const { order: submitted } = await readyOrder(t, { totalSpend: 2000 });
    await t.database.db.update(estimates).set({ status: 'pending_approval' }).where(eq(estimates.id, submitted.id));
    const notApproved = await preview(`estimate_id=${submitted.id}`);
    expect(notApproved.statusCode).toBe(409);
  });

  it('is for admins only', async () => {
    const order = await approvedOrder(2000);
    const client = await t.signUp();
    expect((await preview(`estimate_id=${order.id}`, client.token)).statusCode).toBe(403);
  });
});
