/** Invoice corrections (decision 013): invoiced orders locked, voids, credit notes, refunds. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { estimates, invoices, trafficSpots } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { createInvoice, invoicedOrder } from '../support/billing-fixtures';
import { MISSING_ID, createCoupon, createDaypart, getOrder, newClient, putOrder } from '../support/ordering-fixtures';
import { pdfText } from '../support/pdf-text';
import { clockNow, clockToday } from '../support/clock';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const LOCKED = 'This order has been invoiced: void or credit its invoice before changing it';

const post = (url: string, payload: unknown, token: string | undefined = admin) => t.inject({ method: 'POST', url, token, payload: payload as object });
const send = (id: string) => post(`/api/billing/${id}/send`, {});
const pay = (id: string, payload: Record<string, unknown>) => post(`/api/billing/${id}/payments`, { payment_date: clockToday(), ...payload });
const voidIt = (id: string, payload: unknown = { reason: 'Booked in error' }, token?: string) => post(`/api/billing/${id}/void`, payload, token ?? admin);
const credit = (id: string, payload: unknown, token?: string) => post(`/api/billing/${id}/credit-notes`, payload, token ?? admin);
const read = async (id: string) => {
  const res = await t.inject({ method: 'GET', url: `/api/billing/${id}`, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** A sent invoice of `total` dollars (no tax, no discount). */
const sentInvoice = async (total = 2000) => {
  const made = await invoicedOrder(t, { totalSpend: total });
  expect((await send(made.invoice.id)).statusCode).toBe(200);
  return made;
};

describe('an invoiced order is locked where it is priced', () => {
  it('refuses items, budget, start date and coupon with 409 and changes nothing; status moves and names stay allowed', async () => {
    const { order, owner, invoice } = await invoicedOrder(t, { totalSpend: 3000 });
    const startDate = (await getOrder(t, admin, order.id)).start_date as string;
    // Status moves stay allowed: scheduling makes the order editable by an admin.
    const scheduled = await putOrder(t, admin, order.id, { status: 'scheduled' });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const items = (await t.inject({ method: 'GET', url: `/api/estimate-items/${order.id}`, token: admin })).json();
    const itemId = items[0].id as string;
    const daypart = await createDaypart(t.database.db);
    const coupon = await createCoupon(t.database.db);
    const refusals = [
      putOrder(t, admin, order.id, { total_spend: 3500 }),
      putOrder(t, admin, order.id, { start_date: addDays(startDate, 7) }),
      putOrder(t, admin, order.id, { coupon_code: coupon.code }),
      t.inject({ method: 'POST', url: `/api/estimate-items/${order.id}`, token: admin, payload: { daypart_id: daypart.id, spots_per_occurrence: 5 } }),
      t.inject({ method: 'POST', url: `/api/estimate-items/${order.id}/bulk`, token: admin, payload: { selectedDayparts: [{ daypart_id: daypart.id }] } }),
      t.inject({ method: 'PUT', url: `/api/estimate-items/${order.id}/${itemId}`, token: admin, payload: { spots_per_occurrence: 12 } }),
      t.inject({ method: 'DELETE', url: `/api/estimate-items/${order.id}/${itemId}`, token: admin }),
      post(
        `/api/coupons/${coupon.id}/use`,
        { estimate_id: order.id, original_amount: 3000, final_amount: 2700, discount_amount: 300, daypart_ids: [] },
        owner.token,
      ),
    ];
    for (const res of await Promise.all(refusals)) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ error: LOCKED });
    }
    const after = await getOrder(t, admin, order.id);
    expect(after).toMatchObject({ total_spend: 3000, start_date: startDate, coupon_code: null, status: 'scheduled' });
    expect((await t.inject({ method: 'GET', url: `/api/estimate-items/${order.id}`, token: admin })).json()).toEqual(items);
    // Unpriced fields and the same values are no change of price.
    const renamed = await putOrder(t, admin, order.id, { estimate_name: 'Renamed after invoicing', total_spend: 3000, start_date: startDate });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const active = await putOrder(t, admin, order.id, { status: 'active' });
    expect(active.statusCode, active.body).toBe(200);

    // Voided, the order may change again and be invoiced again with a new number.
    expect((await voidIt(invoice.id)).statusCode).toBe(200);
    const changed = await putOrder(t, admin, order.id, { total_spend: 3500 });
    expect(changed.statusCode, changed.body).toBe(200);
    const again = await createInvoice(t, order.id);
    expect(again.invoice_number).not.toBe(invoice.invoice_number);
    expect(again.total_amount).toBe(3500);
    expect((await putOrder(t, admin, order.id, { total_spend: 4000 })).statusCode).toBe(409);
  });

  it('an approved order that is invoiced answers the invoiced message to its owner too', async () => {
    const { order, owner } = await invoicedOrder(t);
    const res = await t.inject({ method: 'DELETE', url: `/api/estimate-items/${order.id}/${MISSING_ID}`, token: owner.token });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: LOCKED });
  });

  it('refuses rejecting an invoiced order whose coupon it would drop', async () => {
    const { order, invoice } = await invoicedOrder(t);
    await t.database.db.update(estimates).set({ discountCents: 100 }).where(eq(estimates.id, order.id));
    const res = await putOrder(t, admin, order.id, { status: 'rejected' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: LOCKED });
    expect((await read(invoice.id)).status).toBe('draft');
  });
});

describe('POST /api/billing/:id/void', () => {
  it('voids a sent invoice: cancelled with its reason, who and when; the number is kept', async () => {
    const { invoice } = await sentInvoice();
    const res = await voidIt(invoice.id, { reason: '  Wrong advertiser  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Invoice voided',
      invoice: { id: invoice.id, invoice_number: invoice.invoice_number, status: 'cancelled', void_reason: 'Wrong advertiser', voided_at: expect.any(String) },
    });
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row!.voidedBy).toBeTruthy();
    const again = await voidIt(invoice.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This invoice is already void' });
    // A cancelled invoice takes no payment.
    expect((await pay(invoice.id, { amount: 1 })).statusCode).toBe(409);
  });

  it('gives back the aired spots the invoice billed', async () => {
    const { invoice, order } = await sentInvoice();
    const [item] = (await t.inject({ method: 'GET', url: `/api/estimate-items/${order.id}`, token: admin })).json();
    const at = clockNow();
    const [spot] = await t.database.db
      .insert(trafficSpots)
      .values({
        airDate: clockToday(),
        estimateId: order.id,
        daypartId: item.daypart_id,
        houseCode: 'HC-VOID',
        durationSeconds: 30,
        breakAt: at,
        scheduledAt: at,
        position: 1,
        status: 'aired',
        airedAt: at,
        invoiceId: invoice.id,
      })
      .returning();
    expect((await voidIt(invoice.id)).statusCode).toBe(200);
    const [after] = await t.database.db.select().from(trafficSpots).where(eq(trafficSpots.id, spot!.id));
    expect(after).toMatchObject({ invoiceId: null, status: 'aired' });
  });

  it('voids a draft and an overdue invoice', async () => {
    const draft = await invoicedOrder(t);
    expect((await voidIt(draft.invoice.id)).statusCode).toBe(200);
    const overdue = await sentInvoice();
    await t.database.db
      .update(invoices)
      .set({ dueDate: addDays(clockToday(), -3) })
      .where(eq(invoices.id, overdue.invoice.id));
    expect((await read(overdue.invoice.id)).status).toBe('overdue');
    expect((await voidIt(overdue.invoice.id)).json().invoice.status).toBe('cancelled');
  });

  it('refuses an invoice with payments, a paid one and one with credit notes (409), changing nothing', async () => {
    const partly = await sentInvoice();
    await pay(partly.invoice.id, { amount: 100 });
    const withPayment = await voidIt(partly.invoice.id);
    expect(withPayment.statusCode).toBe(409);
    expect(withPayment.json()).toEqual({ error: 'An invoice with payments cannot be voided; issue a credit note instead' });
    expect((await read(partly.invoice.id)).status).toBe('sent');

    const paid = await sentInvoice();
    await pay(paid.invoice.id, { amount: 2000 });
    const paidRes = await voidIt(paid.invoice.id);
    expect(paidRes.statusCode).toBe(409);
    expect(paidRes.json()).toEqual({ error: 'A paid invoice cannot be voided; issue a credit note instead' });

    const credited = await sentInvoice();
    expect((await credit(credited.invoice.id, { amount: 10, reason: 'Goodwill' })).statusCode).toBe(201);
    const creditedRes = await voidIt(credited.invoice.id);
    expect(creditedRes.statusCode).toBe(409);
    expect(creditedRes.json()).toEqual({ error: 'An invoice with credit notes cannot be voided; issue a further credit note instead' });
    expect((await read(credited.invoice.id)).void_reason).toBeNull();
  });

  it.each([
    [{}, 'Give a reason for voiding the invoice'],
    [{ reason: '   ' }, 'Give a reason for voiding the invoice'],
    [{ reason: 42 }, 'Give a reason for voiding the invoice'],
    [{ reason: 'x'.repeat(501) }, 'The reason must be at most 500 characters'],
  ])('refuses %j (400)', async (payload, message) => {
    const { invoice } = await invoicedOrder(t);
    const res = await voidIt(invoice.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, field: 'reason' });
    expect((await read(invoice.id)).status).toBe('draft');
  });

  it('is for admins only; a missing invoice answers 404', async () => {
    const { invoice, owner } = await invoicedOrder(t);
    expect((await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/void`, payload: { reason: 'x' } })).statusCode).toBe(401);
    const client = await voidIt(invoice.id, { reason: 'x' }, owner.token);
    expect(client.statusCode).toBe(403);
    expect(client.json()).toEqual({ error: 'Admin access required' });
    const missing = await voidIt(MISSING_ID);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Invoice not found' });
    expect((await voidIt('not-an-id')).statusCode).toBe(404);
  });

  it('a void racing a payment: exactly one wins', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { invoice } = await sentInvoice();
      const [v, p] = await Promise.all([voidIt(invoice.id), pay(invoice.id, { amount: 50 })]);
      // Either the void wins (the payment meets a cancelled invoice) or the payment does (the void meets a payment).
      expect([v.statusCode, p.statusCode]).toEqual(v.statusCode === 200 ? [200, 409] : [409, 201]);
      const after = await read(invoice.id);
      if (v.statusCode === 200) {
        expect(p.json()).toEqual({ error: 'Cannot record a payment on a cancelled invoice' });
        expect(after).toMatchObject({ status: 'cancelled', paid_amount: 0, payments: [] });
      } else {
        expect(v.json()).toEqual({ error: 'An invoice with payments cannot be voided; issue a credit note instead' });
        expect(after).toMatchObject({ status: 'sent', paid_amount: 50, void_reason: null });
      }
    }
  });
});

describe('POST /api/billing/:id/credit-notes', () => {
  it('credits part of a sent invoice: numbered CN-YYYY-NNNNNN, the balance follows, the detail lists it', async () => {
    const { invoice } = await sentInvoice(2000);
    const res = await credit(invoice.id, { amount: 250.5, reason: '  Two spots missed  ' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Credit note issued');
    expect(body.credit_note).toMatchObject({
      invoice_id: invoice.id,
      invoice_number: invoice.invoice_number,
      amount: 250.5,
      reason: 'Two spots missed',
      issue_date: clockToday(),
    });
    // The year of the station's today, read once this file's app has set the clock (a module-level read saw the last file's).
    expect(body.credit_note.credit_number).toMatch(new RegExp(`^CN-${clockToday().slice(0, 4)}-\\d{6}$`));
    expect(body.invoice).toMatchObject({ credited_amount: 250.5, balance_due: 1749.5, refund_due: 0, status: 'sent' });
    const detail = await read(invoice.id);
    expect(detail.credit_notes).toEqual([
      {
        id: body.credit_note.id,
        credit_number: body.credit_note.credit_number,
        invoice_id: invoice.id,
        invoice_number: invoice.invoice_number,
        amount: 250.5,
        reason: 'Two spots missed',
        issue_date: clockToday(),
        created_at: expect.any(String),
      },
    ]);
    // Payments are held to the new balance.
    const over = await pay(invoice.id, { amount: 1749.51 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ error: 'Payment amount cannot exceed the balance due of $1,749.50', field: 'amount' });
    const rest = await pay(invoice.id, { amount: 1749.5 });
    expect(rest.json().invoice).toMatchObject({ status: 'paid', balance_due: 0 });
  });

  it('crediting the rest of an invoice pays it; nothing more can be credited', async () => {
    const { invoice } = await sentInvoice(2000);
    await pay(invoice.id, { amount: 500 });
    const over = await credit(invoice.id, { amount: 2000.01, reason: 'Too much' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ error: 'Credit amount cannot exceed the creditable amount of $2,000.00', field: 'amount' });
    const res = await credit(invoice.id, { amount: 1500, reason: 'Campaign cancelled' });
    expect(res.json().invoice).toMatchObject({ status: 'paid', status_label: 'Paid', balance_due: 0, refund_due: 0, credited_amount: 1500 });
    const more = await credit(invoice.id, { amount: 600, reason: 'More' });
    expect(more.statusCode).toBe(400);
    expect(more.json()).toEqual({ error: 'Credit amount cannot exceed the creditable amount of $500.00', field: 'amount' });
    await credit(invoice.id, { amount: 500, reason: 'All of it' });
    const full = await credit(invoice.id, { amount: 1, reason: 'Again' });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ error: 'This invoice is already fully credited' });
  });

  it('an over-credited paid invoice shows a refund due; refunds are held to it and the last one makes it refunded', async () => {
    const { invoice } = await sentInvoice(2000);
    await pay(invoice.id, { amount: 2000 });
    const partial = await credit(invoice.id, { amount: 300, reason: 'Spots missed' });
    expect(partial.json().invoice).toMatchObject({ status: 'paid', balance_due: 0, refund_due: 300 });
    const tooMuch = await pay(invoice.id, { amount: 300.01, direction: 'refund' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({ error: 'Refund amount cannot exceed the refund due of $300.00', field: 'amount' });
    const refund = await pay(invoice.id, { amount: 100, direction: 'refund', notes: 'Cheque 77' });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json()).toMatchObject({
      payment: { amount: 100, direction: 'refund', notes: 'Cheque 77' },
      invoice: { refunded_amount: 100, refund_due: 200, status: 'paid' },
    });
    await credit(invoice.id, { amount: 1700, reason: 'Campaign cancelled' });
    expect((await read(invoice.id)).refund_due).toBe(1900);
    const last = await pay(invoice.id, { amount: 1900, direction: 'refund' });
    expect(last.json().invoice).toMatchObject({
      status: 'refunded',
      status_label: 'Refunded',
      refund_due: 0,
      balance_due: 0,
      refunded_amount: 2000,
      paid_amount: 2000,
    });
    const detail = await read(invoice.id);
    expect(detail.payments.map((p: { direction: string }) => p.direction).sort()).toEqual(['payment', 'refund', 'refund']);
    expect((await pay(invoice.id, { amount: 1, direction: 'refund' })).json()).toEqual({
      error: 'Refund amount cannot exceed the refund due of $0.00',
      field: 'amount',
    });
  });

  it('a refund with nothing due, or an unknown direction, is refused', async () => {
    const { invoice } = await sentInvoice(2000);
    const none = await pay(invoice.id, { amount: 1, direction: 'refund' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: 'Refund amount cannot exceed the refund due of $0.00', field: 'amount' });
    const odd = await pay(invoice.id, { amount: 1, direction: 'sideways' });
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toEqual({ error: 'direction must be payment or refund', field: 'direction' });
    expect((await read(invoice.id)).payments).toEqual([]);
  });

  it('refuses a draft, a cancelled and a refunded invoice (409); a refunded one cannot be voided either', async () => {
    const draft = await invoicedOrder(t);
    const d = await credit(draft.invoice.id, { amount: 10, reason: 'x' });
    expect(d.statusCode).toBe(409);
    expect(d.json()).toEqual({ error: 'A draft invoice cannot be credited; void it instead' });
    await voidIt(draft.invoice.id);
    const c = await credit(draft.invoice.id, { amount: 10, reason: 'x' });
    expect(c.statusCode).toBe(409);
    expect(c.json()).toEqual({ error: 'A void invoice cannot be credited' });

    // Paid, credited in full and the refund paid back: refunded, and closed to credits and voids.
    const { invoice } = await sentInvoice(2000);
    expect((await pay(invoice.id, { amount: 2000 })).statusCode).toBe(201);
    expect((await credit(invoice.id, { amount: 2000, reason: 'Campaign cancelled' })).statusCode).toBe(201);
    expect((await pay(invoice.id, { amount: 2000, direction: 'refund' })).json().invoice.status).toBe('refunded');
    const r = await credit(invoice.id, { amount: 10, reason: 'x' });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toEqual({ error: 'A refunded invoice cannot be credited' });
    const v = await voidIt(invoice.id);
    expect(v.statusCode).toBe(409);
    expect(v.json()).toEqual({ error: 'A refunded invoice cannot be voided' });
    expect(await read(invoice.id)).toMatchObject({
      status: 'refunded',
      credited_amount: 2000,
      credit_notes: [expect.objectContaining({ amount: 2000 })],
      void_reason: null,
    });
  });

  it.each([
    [{ reason: 'x' }, 'Credit amount is required', 'amount'],
    [{ amount: '', reason: 'x' }, 'Credit amount is required', 'amount'],
    [{ amount: 'lots', reason: 'x' }, 'Credit amount must be a number', 'amount'],
    [{ amount: 0, reason: 'x' }, 'Credit amount must be greater than 0', 'amount'],
    [{ amount: -5, reason: 'x' }, 'Credit amount must be greater than 0', 'amount'],
    [{ amount: 1.005, reason: 'x' }, 'Amounts must have at most 2 decimal places', 'amount'],
    [{ amount: 10 }, 'Give a reason for the credit note', 'reason'],
    [{ amount: 10, reason: ' ' }, 'Give a reason for the credit note', 'reason'],
    [{ amount: 10, reason: 'y'.repeat(501) }, 'The reason must be at most 500 characters', 'reason'],
    [[1, 2], 'Credit amount is required', null],
  ])('refuses %j (400), issuing nothing', async (payload, message, field) => {
    const { invoice } = await sentInvoice(2000);
    const res = await credit(invoice.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(field ? { error: message, field } : { error: message });
    expect((await read(invoice.id)).credit_notes).toEqual([]);
  });

  it('is for admins only', async () => {
    const { invoice, owner } = await sentInvoice(2000);
    expect((await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/credit-notes`, payload: { amount: 1, reason: 'x' } })).statusCode).toBe(401);
    expect((await credit(invoice.id, { amount: 1, reason: 'x' }, owner.token)).statusCode).toBe(403);
    expect((await credit(MISSING_ID, { amount: 1, reason: 'x' })).json()).toEqual({ error: 'Invoice not found' });
  });

  it('two credit notes racing for the whole amount: exactly one wins', async () => {
    const { invoice } = await sentInvoice(2000);
    const results = await Promise.all([1, 2].map(() => credit(invoice.id, { amount: 2000, reason: 'Cancelled' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    // The loser found the invoice fully credited by the winner.
    expect(results.find((r) => r.statusCode === 409)!.json()).toEqual({ error: 'This invoice is already fully credited' });
    const detail = await read(invoice.id);
    expect(detail.credit_notes).toHaveLength(1);
    expect(detail).toMatchObject({ credited_amount: 2000, status: 'paid' });
  });
});

describe('GET /api/billing/credit-notes/:id/pdf', () => {
  it('streams the credit note: station, advertiser, the invoice it credits, amount and reason', async () => {
    const { invoice, owner } = await sentInvoice(1200);
    const note = (await credit(invoice.id, { amount: 99.99, reason: 'Spot aired in the wrong break' })).json().credit_note;
    const res = await t.inject({ method: 'GET', url: `/api/billing/credit-notes/${note.id}/pdf`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="credit-note-${note.credit_number}.pdf"`);
    const text = pdfText(res.rawPayload);
    for (const expected of ['CREDIT NOTE', note.credit_number, invoice.invoice_number, '$99.99', 'Spot aired in the wrong break', owner.email])
      expect(text, expected).toContain(expected);
    expect((await t.inject({ method: 'GET', url: `/api/billing/credit-notes/${note.id}/pdf`, token: owner.token })).statusCode).toBe(403);
    // The invoice's own PDF shows the credit and the new balance.
    const invoiceText = pdfText((await t.inject({ method: 'GET', url: `/api/billing/${invoice.id}/pdf`, token: admin })).rawPayload);
    for (const expected of ['Credited', '-$99.99', 'Balance due', '$1,100.01']) expect(invoiceText, expected).toContain(expected);
    const missing = await t.inject({ method: 'GET', url: `/api/billing/credit-notes/${MISSING_ID}/pdf`, token: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Credit note not found' });
  });

  it('an anonymous caller gets 401', async () => {
    const other = await newClient(t);
    expect((await t.inject({ method: 'GET', url: `/api/billing/credit-notes/${MISSING_ID}/pdf` })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: `/api/billing/credit-notes/${MISSING_ID}/pdf`, token: other.token })).statusCode).toBe(403);
  });
});
