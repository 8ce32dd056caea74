/**
 * Property (fast-check, fixed seed, bounded runs), through the API on a real database: for random
 * invoices (tax, discount, agency commission) and random sequences of payments, credit notes and
 * refunds, whatever is accepted or refused, the invoice's figures stay consistent to the cent:
 * payments plus credits never pass the net due unless the difference is shown as a refund due,
 * refunds never pass what was owed back, and every refusal is a 4xx with a message.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { approvedOrder, createInvoice } from '../support/billing-fixtures';
import { clockToday } from '../support/clock';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const cents = (dollars: number) => Math.round(dollars * 100);
const stepArb = fc.record({
  kind: fc.constantFrom('payment', 'credit', 'refund'),
  // A share of what is open now (0.3–1.2, so that some steps ask for too much), or an exact amount.
  share: fc.double({ min: 0.3, max: 1.2, noNaN: true }),
});

describe('payments, credit notes and refunds', () => {
  it('keep every invoice consistent to the cent, whatever order they come in', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          taxRate: fc.constantFrom(0, 0.0825, 0.2),
          discount: fc.constantFrom(0, 99.99, 1000),
          agency: fc.constantFrom(null, 0.15, 0.123457),
          steps: fc.array(stepArb, { minLength: 2, maxLength: 6 }),
        }),
        async ({ taxRate, discount, agency, steps }) => {
          const { order, owner } = await approvedOrder(t, { totalSpend: 5000 });
          await t.database.db.update(users).set({ agencyCommissionRate: agency }).where(eq(users.id, owner.id));
          const invoice = await createInvoice(t, order.id, { tax_rate: taxRate, discount_amount: discount });
          expect((await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/send`, token: admin, payload: {} })).statusCode).toBe(200);
          for (const step of steps) {
            const now = (await t.inject({ method: 'GET', url: `/api/billing/${invoice.id}`, token: admin })).json();
            const open = step.kind === 'refund' ? now.refund_due : step.kind === 'credit' ? now.net_amount - now.credited_amount : now.balance_due;
            const amount = Math.max(0.01, Math.round(open * step.share * 100) / 100);
            const res =
              step.kind === 'credit'
                ? await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/credit-notes`, token: admin, payload: { amount, reason: 'Property step' } })
                : await t.inject({
                    method: 'POST',
                    url: `/api/billing/${invoice.id}/payments`,
                    token: admin,
                    payload: { amount, payment_date: clockToday(), direction: step.kind },
                  });
            if (res.statusCode >= 400) {
              expect([400, 409], res.body).toContain(res.statusCode);
              expect(res.json().error).toEqual(expect.any(String));
            } else {
              expect(res.statusCode, res.body).toBe(201);
              // Whatever fit was accepted: never more than was open.
              expect(cents(amount)).toBeLessThanOrEqual(cents(open));
            }
          }
          const detail = (await t.inject({ method: 'GET', url: `/api/billing/${invoice.id}`, token: admin })).json();
          const payments = detail.payments
            .filter((p: { direction: string }) => p.direction === 'payment')
            .reduce((sum: number, p: { amount: number }) => sum + cents(p.amount), 0);
          const refunds = detail.payments
            .filter((p: { direction: string }) => p.direction === 'refund')
            .reduce((sum: number, p: { amount: number }) => sum + cents(p.amount), 0);
          const credits = detail.credit_notes.reduce((sum: number, n: { amount: number }) => sum + cents(n.amount), 0);
          const net = cents(detail.total_amount) - cents(detail.commission_amount);
          expect(cents(detail.paid_amount)).toBe(payments);
          expect(cents(detail.refunded_amount)).toBe(refunds);
          expect(cents(detail.credited_amount)).toBe(credits);
          expect(cents(detail.net_amount)).toBe(net);
          expect(cents(detail.subtotal) - cents(detail.discount_amount) + cents(detail.tax_amount)).toBe(cents(detail.total_amount));
          expect(credits).toBeLessThanOrEqual(net);
          expect(refunds).toBeLessThanOrEqual(payments);
          const owed = net - credits - payments + refunds;
          expect(cents(detail.balance_due)).toBe(Math.max(0, owed));
          expect(cents(detail.refund_due)).toBe(Math.max(0, -owed));
          // Payments and credits pass the net only as a refund due.
          expect(payments + credits - refunds - net).toBe(cents(detail.refund_due) - cents(detail.balance_due));
          if (owed > 0) expect(detail.status).toBe('sent');
          else expect(['paid', 'refunded']).toContain(detail.status);
        },
      ),
      { numRuns: 10, seed: 20261125 },
    );
  }, 180_000);
});
