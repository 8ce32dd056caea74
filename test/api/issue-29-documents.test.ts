/**
 * Issue 29: documents that tell the truth. A voided invoice owes nothing, on the API (admin's and
 * advertiser's) and on its PDF, which says VOID and gives no remit-to address (item 2). Create
 * Invoice is offered exactly the orders that can be invoiced (item 4).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { formatCalendarDate } from '../../src/domain/display-dates';
import { coupons, estimateItems, estimates, invoices } from '../../src/server/db/schema';
import { removeUntouchedDrafts, UNTOUCHED_DRAFT_HOURS } from '../../src/server/modules/orders/untouched-drafts';
import { createTestApp, type TestApp } from '../support/app';
import { approvedOrder, createInvoice, invoicedOrder } from '../support/billing-fixtures';
import { clientWithBrand, newClient, putOrder, submittedOrder } from '../support/ordering-fixtures';
import { couponBody } from '../support/coupon-fixtures';
import { hasPoppler, renderPdf } from '../support/pdf-render';
import { clockToday, msAgo } from '../support/clock';

let t: TestApp;
let admin: string;
const REMIT = 'WSPT Receivables, PO Box 7, Springfield';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const station = {
    name: 'WSPT Channel 7',
    address: '7 Tower Rd',
    phone: '+1 555 0107',
    email: 'billing@wspt.example',
    remit_to: REMIT,
    tax_id: '12-3456789',
    logo: null,
  };
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
    expect((await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/void`, token: admin, payload: { reason: 'Booked in error' } })).statusCode).toBe(
      200,
    );
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

    expect(
      (await t.inject({ method: 'POST', url: `/api/billing/${voided.invoice.id}/void`, token: admin, payload: { reason: 'Wrong amount' } })).statusCode,
    ).toBe(200);
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

describe('money fields refuse fractions of a cent (item 7)', () => {
  it('a coupon’s max discount, fixed amount and minimum spend: 400 with the field’s message, nothing stored', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ max_discount_amount: 10.005 }, 'Maximum discount amount must have at most 2 decimal places', 'max_discount_amount'],
      [
        { discount_type: 'fixed_amount_with_min', fixed_amount_off: 5.001, minimum_spend_required: 100 },
        'Fixed amount off must have at most 2 decimal places',
        'fixed_amount_off',
      ],
      [
        { discount_type: 'fixed_amount_with_min', fixed_amount_off: 5, minimum_spend_required: 100.009 },
        'Minimum spend must have at most 2 decimal places',
        'minimum_spend_required',
      ],
    ];
    for (const [overrides, message, field] of cases) {
      const body = couponBody(overrides);
      const res = await t.inject({ method: 'POST', url: '/api/coupons', token: admin, payload: body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: message, field });
      expect(await t.database.db.select().from(coupons).where(eq(coupons.code, body.code))).toEqual([]);
    }
    expect((await t.inject({ method: 'POST', url: '/api/coupons', token: admin, payload: couponBody({ max_discount_amount: 10.05 }) })).statusCode).toBe(201);
  });

  it('a time slot’s custom CPM and a daypart’s base and minimum CPM', async () => {
    const owner = await newClient(t);
    const draft = await t.inject({ method: 'POST', url: '/api/estimates', token: owner.token, payload: {} });
    expect(draft.statusCode, draft.body).toBe(201);
    const [daypart] = (await get('/api/dayparts')).json() as { id: string }[];
    const item = await t.inject({
      method: 'POST',
      url: `/api/estimate-items/${draft.json().id}`,
      token: owner.token,
      payload: { daypart_id: daypart!.id, spots_per_occurrence: 1, user_defined_cpm: 40.004 },
    });
    expect(item.statusCode, item.body).toBe(400);
    expect(item.json()).toEqual({ error: 'CPM must have at most 2 decimal places', field: 'user_defined_cpm' });
    // The same rule through an API key (issue 40): the key acts as its owner and is told the same.
    const key = await t.inject({ method: 'POST', url: '/api/api-keys', token: owner.token, payload: { name: 'Sub-cent agent' } });
    expect(key.statusCode, key.body).toBe(201);
    const byKey = await t.inject({
      method: 'POST',
      url: `/api/estimate-items/${draft.json().id}`,
      token: key.json().secret,
      payload: { daypart_id: daypart!.id, spots_per_occurrence: 1, user_defined_cpm: 40.004 },
    });
    expect(byKey.statusCode, byKey.body).toBe(400);
    expect(byKey.json()).toEqual({ error: 'CPM must have at most 2 decimal places', field: 'user_defined_cpm' });
    expect(await t.database.db.select().from(estimateItems).where(eq(estimateItems.estimateId, draft.json().id))).toEqual([]);

    const daypartBody = { name: 'Sub-cent', start_time: '20:00', end_time: '23:00', days_of_week: ['Monday'], base_cpm: 10.004, min_cpm: 5 };
    const base = await t.inject({ method: 'POST', url: '/api/dayparts', token: admin, payload: daypartBody });
    expect(base.statusCode, base.body).toBe(400);
    expect(base.json()).toEqual({ error: 'Base CPM must have at most 2 decimal places', field: 'base_cpm' });
    const min = await t.inject({ method: 'POST', url: '/api/dayparts', token: admin, payload: { ...daypartBody, base_cpm: 10, min_cpm: 5.005 } });
    expect(min.statusCode, min.body).toBe(400);
    expect(min.json()).toEqual({ error: 'Minimum CPM must have at most 2 decimal places', field: 'min_cpm' });
  });
});

describe('the Overview’s Outstanding is the receivable (item 1)', () => {
  it('counts every sent invoice with a balance, however old, as Ageing does; not drafts, not void ones', async () => {
    const old = await invoicedOrder(t, { totalSpend: 2340 });
    expect((await t.inject({ method: 'POST', url: `/api/billing/${old.invoice.id}/send`, token: admin, payload: {} })).statusCode).toBe(200);
    // Issued 100 days ago: outside the Overview's 30-day window, and overdue.
    await t.database.db
      .update(invoices)
      .set({ issueDate: addDays(clockToday(), -100), dueDate: addDays(clockToday(), -70) })
      .where(eq(invoices.id, old.invoice.id));
    await invoicedOrder(t, { totalSpend: 1900 }); // a draft: not yet receivable

    const overview = (await get('/api/billing/analytics/overview')).json().overview;
    const ageing = (await get('/api/billing/ageing')).json();
    expect(ageing.totals.total).toBeGreaterThanOrEqual(2340);
    expect(overview.total_outstanding).toBe(ageing.totals.total);
  });
});

/** The money printed after a label on a PDF (flattened text): '-$500.00' reads -500. */
const printedAmount = (flat: string, label: string): number => {
  const match = new RegExp(`${label} (-?)\\$([\\d,]+\\.\\d{2})`).exec(flat);
  expect(match, `${label} is printed`).not.toBeNull();
  return (match![1] === '-' ? -1 : 1) * Number(match![2]!.replace(/,/g, ''));
};
const cents = (dollars: number) => Math.round(dollars * 100);

describe.skipIf(!hasPoppler)('documents add up: net − payments − credits (+ refunds) = balance (item 3)', () => {
  it('a partly paid, partly credited invoice: its API reply, its PDF and its credit note’s PDF agree', async () => {
    const { invoice } = await invoicedOrder(t, { totalSpend: 6000 }, { tax_rate: 0.0278 });
    expect((await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/send`, token: admin, payload: {} })).statusCode).toBe(200);
    const paid = await t.inject({
      method: 'POST',
      url: `/api/billing/${invoice.id}/payments`,
      token: admin,
      payload: { amount: 2000, payment_date: clockToday() },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const made = await t.inject({
      method: 'POST',
      url: `/api/billing/${invoice.id}/credit-notes`,
      token: admin,
      payload: { amount: 500, reason: 'Two spots missed' },
    });
    expect(made.statusCode, made.body).toBe(201);

    const api = (await get(`/api/billing/${invoice.id}`)).json();
    expect(cents(api.net_amount) - cents(api.paid_amount) - cents(api.credited_amount) + cents(api.refunded_amount)).toBe(cents(api.balance_due));
    expect(api).toMatchObject({ paid_amount: 2000, credited_amount: 500 });

    const invoicePdf = await pdfText(`/api/billing/${invoice.id}/pdf`);
    expect(cents(printedAmount(invoicePdf, 'Total')) - cents(printedAmount(invoicePdf, 'Paid')) + cents(printedAmount(invoicePdf, 'Credited'))).toBe(
      cents(printedAmount(invoicePdf, 'Balance due')),
    );
    expect(printedAmount(invoicePdf, 'Balance due')).toBe(api.balance_due);

    // The credit note prints every term of the balance: the payment is no longer missing from its sum.
    const notePdf = await pdfText(`/api/billing/credit-notes/${made.json().credit_note.id}/pdf`);
    const net = printedAmount(notePdf, 'Invoice net due');
    const credited = printedAmount(notePdf, 'Credited to date');
    const paidToDate = printedAmount(notePdf, 'Paid to date');
    expect({ net, credited, paidToDate }).toEqual({ net: api.net_amount, credited: -500, paidToDate: -2000 });
    expect(cents(net) + cents(credited) + cents(paidToDate)).toBe(cents(printedAmount(notePdf, 'Balance due')));
    expect(printedAmount(notePdf, 'Balance due')).toBe(api.balance_due);
  });
});

describe('the invoice e-mail (item 19)', () => {
  it('comes from the station by name and prints its dates as the app does', async () => {
    const { invoice, owner } = await invoicedOrder(t, { totalSpend: 1750 });
    const sent = await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/send`, token: admin, payload: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = await t.mailTo(owner.email);
    expect(mail!.subject).toBe(`Invoice ${invoice.invoice_number} from WSPT Channel 7`);
    const { issue_date: issued, due_date: due } = sent.json().invoice as { issue_date: string; due_date: string };
    for (const body of [mail!.textBody, mail!.htmlBody!]) {
      expect(body).toContain(formatCalendarDate(due));
      expect(body).toContain(formatCalendarDate(issued));
      expect(body).not.toContain(due);
      expect(body).not.toContain(issued);
      expect(body).toContain('WSPT Channel 7');
      expect(body).not.toContain('Spotbook');
    }
    expect(mail!.textBody).toContain(`Due date: ${formatCalendarDate(due)}`);
    expect(mail!.textBody).toContain(`is due by ${formatCalendarDate(due)}.`);
  });
});

describe('billing documents notify the advertiser (item 18)', () => {
  it('a sent invoice and a credit note each leave a notification for the invoice’s advertiser', async () => {
    const { invoice, owner, order } = await invoicedOrder(t, { totalSpend: 1750, name: 'Spring Push' });
    const sent = await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/send`, token: admin, payload: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    const made = await t.inject({
      method: 'POST',
      url: `/api/billing/${invoice.id}/credit-notes`,
      token: admin,
      payload: { amount: 250, reason: 'One spot missed' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const mine = (await get('/api/notifications', owner.token)).json().notifications;
    const due = formatCalendarDate(sent.json().invoice.due_date);
    expect(mine).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'system_message',
          estimateId: order.id,
          message: `Invoice ${invoice.invoice_number} for your order "Spring Push" was issued: $1,750.00 due by ${due}`,
        }),
        expect.objectContaining({
          type: 'system_message',
          estimateId: order.id,
          message: `Credit note ${made.json().credit_note.credit_number} of $250.00 was issued against invoice ${invoice.invoice_number} for your order "Spring Push"`,
        }),
      ]),
    );
  });
});

describe('Record Payment takes a method and a reference (item 22)', () => {
  it('stores and shows them; refuses an unknown method', async () => {
    const { invoice } = await invoicedOrder(t, { totalSpend: 1750 });
    const pay = (body: Record<string, unknown>) =>
      t.inject({
        method: 'POST',
        url: `/api/billing/${invoice.id}/payments`,
        token: admin,
        payload: { amount: 500, payment_date: clockToday(), ...body },
      });
    const refused = await pay({ method: 'barter' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'Payment method must be one of check, ach, wire, card, cash, other', field: 'method' });
    const paid = await pay({ method: 'check', reference: 'Cheque 004512' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().payment).toMatchObject({ amount: 500, method: 'check', reference: 'Cheque 004512' });
    const plain = await pay({});
    expect(plain.json().payment).toMatchObject({ method: null, reference: null });
    expect((await get(`/api/billing/${invoice.id}`)).json().payments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'check', reference: 'Cheque 004512' }),
        expect.objectContaining({ method: null, reference: null }),
      ]),
    );
  });
});

describe('drafts nobody touched (item 13)', () => {
  it('go after an hour when New Order’s tab was closed; a draft with anything saved, or a recent one, stays', async () => {
    const client = await newClient(t);
    const create = async () => {
      const res = await t.inject({ method: 'POST', url: '/api/estimates', token: client.token, payload: {} });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const [abandoned, recent, named] = [await create(), await create(), await create()];
    expect((await putOrder(t, client.token, named, { estimate_name: 'Typed, then the tab closed' })).statusCode).toBe(200);
    const hoursAgo = (h: number) => msAgo(h * 3_600_000);
    const twoHoursAgo = hoursAgo(2);
    await t.database.db.update(estimates).set({ createdAt: twoHoursAgo, updatedAt: twoHoursAgo }).where(eq(estimates.id, abandoned));
    await t.database.db
      .update(estimates)
      .set({ createdAt: twoHoursAgo, updatedAt: hoursAgo(1.5) })
      .where(eq(estimates.id, named));

    expect(await removeUntouchedDrafts(t.database.db, hoursAgo(UNTOUCHED_DRAFT_HOURS))).toBe(1);
    const mine = (await get('/api/estimates?limit=50', client.token)).json();
    const ids = (Array.isArray(mine) ? mine : (mine.estimates ?? mine.orders ?? mine.data)).map((o: { id: string }) => o.id);
    expect(ids).not.toContain(abandoned);
    expect(ids).toEqual(expect.arrayContaining([recent, named]));
  });
});

describe.skipIf(!hasPoppler)('every document adds up, on the API and on paper ("Documents add up")', () => {
  /** net − payments − credits + refunds = balance due − refund due; the lines add to the subtotal; the PDF prints the same figures. */
  const checkInvoice = async (id: string) => {
    const api = (await get(`/api/billing/${id}`)).json();
    const lines = api.invoice_lines as { amount: number; quantity: number; unit_price: number }[];
    expect(lines.reduce((sum, l) => sum + cents(l.amount), 0)).toBe(cents(api.subtotal));
    for (const l of lines) expect(cents(l.amount)).toBe(Math.round(l.quantity * cents(l.unit_price)));
    expect(cents(api.subtotal) - cents(api.discount_amount) + cents(api.tax_amount)).toBe(cents(api.total_amount));
    expect(cents(api.total_amount) - cents(api.commission_amount)).toBe(cents(api.net_amount));
    const pdf = await pdfText(`/api/billing/${id}/pdf`);
    expect(printedAmount(pdf, 'Balance due')).toBe(api.balance_due);
    if (api.status === 'cancelled') {
      expect(api).toMatchObject({ balance_due: 0, refund_due: 0 });
      return api;
    }
    expect(cents(api.net_amount) - cents(api.paid_amount) - cents(api.credited_amount) + cents(api.refunded_amount)).toBe(
      cents(api.balance_due) - cents(api.refund_due),
    );
    const credited = api.credited_amount > 0 ? printedAmount(pdf, 'Credited') : 0;
    const refunded = api.refunded_amount > 0 ? printedAmount(pdf, 'Refunded') : 0;
    const refundDue = api.refund_due > 0 ? printedAmount(pdf, 'Refund due') : 0;
    expect(cents(printedAmount(pdf, 'Total')) - cents(printedAmount(pdf, 'Paid')) + cents(credited) + cents(refunded)).toBe(
      cents(printedAmount(pdf, 'Balance due')) - cents(refundDue),
    );
    return api;
  };

  it('partial payment, credit, full payment with a refund, void: each invoice and credit note', async () => {
    const pay = (id: string, body: Record<string, unknown>) =>
      t.inject({ method: 'POST', url: `/api/billing/${id}/payments`, token: admin, payload: { payment_date: clockToday(), ...body } });
    const credit = (id: string, amount: number) =>
      t.inject({ method: 'POST', url: `/api/billing/${id}/credit-notes`, token: admin, payload: { amount, reason: 'Spots missed' } });
    const send = (id: string) => t.inject({ method: 'POST', url: `/api/billing/${id}/send`, token: admin, payload: {} });

    // Up front, part paid and part credited, with tax.
    const partly = (await invoicedOrder(t, { totalSpend: 4000 }, { tax_rate: 0.0625, discount_amount: 12.5 })).invoice;
    expect((await send(partly.id)).statusCode).toBe(200);
    expect((await pay(partly.id, { amount: 1234.56 })).statusCode).toBe(201);
    const partlyNote = (await credit(partly.id, 300)).json().credit_note;
    expect(await checkInvoice(partly.id)).toMatchObject({ paid_amount: 1234.56, credited_amount: 300 });

    // Paid in full, then credited: a refund due, part refunded.
    const refunded = (await invoicedOrder(t, { totalSpend: 2000 })).invoice;
    expect((await send(refunded.id)).statusCode).toBe(200);
    expect((await pay(refunded.id, { amount: 2000 })).statusCode).toBe(201);
    const refundNote = (await credit(refunded.id, 300)).json().credit_note;
    expect((await pay(refunded.id, { amount: 100, direction: 'refund', method: 'check', reference: 'Cheque 77' })).statusCode).toBe(201);
    expect(await checkInvoice(refunded.id)).toMatchObject({ balance_due: 0, refund_due: 200, refunded_amount: 100 });

    // Voided: owes nothing.
    const voided = (await invoicedOrder(t, { totalSpend: 1500 })).invoice;
    expect((await t.inject({ method: 'POST', url: `/api/billing/${voided.id}/void`, token: admin, payload: { reason: 'Duplicate' } })).statusCode).toBe(200);
    await checkInvoice(voided.id);

    // Each credit note prints every term of its invoice's balance, and they add up.
    for (const [note, invoiceId] of [
      [partlyNote, partly.id],
      [refundNote, refunded.id],
    ] as const) {
      const api = (await get(`/api/billing/${invoiceId}`)).json();
      const paper = await pdfText(`/api/billing/credit-notes/${note.id}/pdf`);
      const refundsTerm = api.refunded_amount > 0 ? printedAmount(paper, 'Refunded to you') : 0;
      const sum =
        cents(printedAmount(paper, 'Invoice net due')) +
        cents(printedAmount(paper, 'Credited to date')) +
        cents(printedAmount(paper, 'Paid to date')) +
        cents(refundsTerm);
      expect(sum).toBe(cents(api.balance_due) - cents(api.refund_due));
      expect(printedAmount(paper, 'Invoice net due')).toBe(api.net_amount);
    }
  });

  it('a statement: its lines recompute from the invoices, its closing balance from its lines, and its PDF prints the same', async () => {
    const owner = await clientWithBrand(t, { company: 'Statement Foods' });
    const billed = async (totalSpend: number) => {
      const { order } = await submittedOrder(t, { owner, totalSpend });
      expect((await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin, payload: {} })).statusCode).toBe(200);
      const invoice = await createInvoice(t, order.id);
      expect((await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/send`, token: admin, payload: {} })).statusCode).toBe(200);
      return invoice;
    };
    const pay = (id: string, body: Record<string, unknown>) =>
      t.inject({ method: 'POST', url: `/api/billing/${id}/payments`, token: admin, payload: { payment_date: clockToday(), ...body } });
    const credit = (id: string, amount: number) =>
      t.inject({ method: 'POST', url: `/api/billing/${id}/credit-notes`, token: admin, payload: { amount, reason: 'Spots missed' } });

    const partly = await billed(3000);
    expect((await pay(partly.id, { amount: 1000, method: 'ach', reference: 'ACH 1' })).statusCode).toBe(201);
    expect((await credit(partly.id, 200)).statusCode).toBe(201);
    const refunded = await billed(2000);
    expect((await pay(refunded.id, { amount: 2000 })).statusCode).toBe(201);
    expect((await credit(refunded.id, 300)).statusCode).toBe(201);
    expect((await pay(refunded.id, { amount: 100, direction: 'refund', method: 'check', reference: 'Cheque 78' })).statusCode).toBe(201);
    const voided = await billed(1500);
    expect((await t.inject({ method: 'POST', url: `/api/billing/${voided.id}/void`, token: admin, payload: { reason: 'Duplicate' } })).statusCode).toBe(200);

    const from = addDays(clockToday(), -30);
    const url = `/api/billing/statements/${owner.id}?from=${from}&to=${clockToday()}`;
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    const statement = res.json();
    expect(statement).toMatchObject({
      customer: { id: owner.id, name: 'Statement Foods' },
      period_start: from,
      period_end: clockToday(),
      opening_balance: 0,
    });
    const lines = statement.lines as { kind: string; invoice_id: string; amount: number; balance: number }[];
    expect(lines.map((l) => l.kind).sort()).toEqual(['credit_note', 'credit_note', 'invoice', 'invoice', 'invoice', 'payment', 'payment', 'refund', 'void']);

    // Each invoice's lines add up to what the invoice says it asks (balance due, less a refund due; a void one nothing).
    let owed = 0;
    for (const invoice of [partly, refunded, voided]) {
      const api = (await get(`/api/billing/${invoice.id}`)).json();
      const own = lines.filter((l) => l.invoice_id === invoice.id);
      expect(own.find((l) => l.kind === 'invoice')?.amount).toBe(api.net_amount);
      expect(
        own.reduce((sum, l) => sum + cents(l.amount), 0),
        api.invoice_number,
      ).toBe(cents(api.balance_due) - cents(api.refund_due));
      owed += cents(api.balance_due) - cents(api.refund_due);
    }
    // The running balance follows the lines; the closing balance is every term summed: net − payments − credits + refunds − voids.
    let running = cents(statement.opening_balance);
    for (const l of lines) {
      running += cents(l.amount);
      expect(cents(l.balance)).toBe(running);
    }
    const { invoiced, payments, credits, refunds, voided: voids } = statement.totals;
    expect(statement.totals).toEqual({ invoiced: 6500, payments: 3000, credits: 500, refunds: 100, voided: 1500 });
    expect(cents(statement.opening_balance) + cents(invoiced) - cents(payments) - cents(credits) + cents(refunds) - cents(voids)).toBe(
      cents(statement.closing_balance),
    );
    expect(cents(statement.closing_balance)).toBe(running);
    expect(cents(statement.closing_balance)).toBe(owed);
    // What is owed is not yet due: all of it current (the paid-then-credited invoice owes nothing; its refund due is not owed).
    expect(statement.ageing).toMatchObject({ current: 1800, days_1_30: 0, total: 1800 });

    // A later period opens where this one closed.
    const later = (await get(`/api/billing/statements/${owner.id}?from=${addDays(clockToday(), 1)}&to=${addDays(clockToday(), 10)}`)).json();
    expect(later).toMatchObject({ opening_balance: statement.closing_balance, lines: [], closing_balance: statement.closing_balance });

    // The advertiser's own statement is the same one; its PDF prints every term, which add up to the closing balance.
    expect((await get(`/api/my/statement?from=${from}&to=${clockToday()}`, owner.token)).json()).toEqual(statement);
    for (const paper of [await pdfText(`${url.replace('?', '/pdf?')}`), await pdfText(`/api/my/statement/pdf?from=${from}&to=${clockToday()}`, owner.token)]) {
      expect(paper).toContain('STATEMENT');
      expect(paper).toContain('Statement Foods');
      expect(paper).toContain(partly.invoice_number);
      const sum =
        cents(printedAmount(paper, 'Opening balance')) +
        cents(printedAmount(paper, 'Invoiced')) +
        cents(printedAmount(paper, 'Payments')) +
        cents(printedAmount(paper, 'Credits')) +
        cents(printedAmount(paper, 'Refunds')) +
        cents(printedAmount(paper, 'Voided'));
      expect(sum).toBe(cents(printedAmount(paper, 'Closing balance')));
      expect(printedAmount(paper, 'Closing balance')).toBe(statement.closing_balance);
      expect(printedAmount(paper, 'Total owed')).toBe(statement.ageing.total);
    }
  });
});

describe('brand fields (item 17)', () => {
  const brandBody = (overrides: Record<string, unknown> = {}) => ({
    common_name: 'Zero Sugar',
    legal_name: 'Zero Sugar Drinks LLC',
    phone: '+1 (555) 010-7000',
    ...overrides,
  });

  it('refuses a phone that is not one, and a second brand of the same name (any case); nothing stored', async () => {
    const owner = await newClient(t);
    const post = (payload: Record<string, unknown>) => t.inject({ method: 'POST', url: '/api/brands', token: owner.token, payload });
    const bad = await post(brandBody({ phone: 'abc' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Phone must be a phone number such as +1 555 010 7000', field: 'phone' });
    expect((await post(brandBody({ phone: '12' }))).statusCode).toBe(400);
    expect((await post(brandBody())).statusCode).toBe(201);
    const twice = await post(brandBody({ common_name: '  zero SUGAR ' }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: 'You already have a brand named "zero SUGAR"' });
    expect((await get('/api/brands', owner.token)).json()).toHaveLength(1);
    // Another advertiser may use the name.
    const other = await newClient(t);
    expect((await t.inject({ method: 'POST', url: '/api/brands', token: other.token, payload: brandBody() })).statusCode).toBe(201);
  });

  it('a brand with orders: its contact details can be edited, its names cannot', async () => {
    const { owner, order } = await approvedOrder(t);
    const put = (payload: Record<string, unknown>) => t.inject({ method: 'PUT', url: `/api/brands/${order.brand_id}`, token: owner.token, payload });
    const contact = await put({ phone: '+1 555 010 9999', contact_person: 'Jo Buyer', email: 'buyer@example.com' });
    expect(contact.statusCode, contact.body).toBe(200);
    expect(contact.json()).toMatchObject({ phone: '+1 555 010 9999', contact_person: 'Jo Buyer', email: 'buyer@example.com' });
    const renamed = await put({ common_name: 'Another Name' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toEqual({ error: 'The names of a brand with orders cannot change: they are on its orders and invoices' });
    expect((await get(`/api/brands/${order.brand_id}`, owner.token)).json().common_name).toBe(order.brand_name);
  });
});

describe('account statements: who may see which (decision 038)', () => {
  it('an advertiser sees only its own; another advertiser and a brand not its own see nothing of it; the admin route is for admins', async () => {
    const { owner, invoice } = await invoicedOrder(t, { totalSpend: 1200 });
    expect((await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/send`, token: admin, payload: {} })).statusCode).toBe(200);
    const other = await newClient(t);
    const mine = (await get('/api/my/statement', owner.token)).json();
    expect(mine.closing_balance).toBe(1200);
    expect(mine.lines).toEqual([expect.objectContaining({ kind: 'invoice', invoice_number: invoice.invoice_number, amount: 1200, balance: 1200 })]);
    expect((await get('/api/my/statement', other.token)).json()).toMatchObject({ customer: { id: other.id }, lines: [], closing_balance: 0 });
    // A brand filter takes only the caller's own brands (or one it was billed for): another's reads as one that does not exist.
    const theirs = await get(`/api/my/statement?brand_id=${owner.brand.id}`, other.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe((await get('/api/my/statement?brand_id=00000000-0000-4000-8000-000000000000', other.token)).body);
    expect(theirs.json()).toEqual({ error: 'Brand not found' });
    expect((await get(`/api/my/statement?brand_id=${owner.brand.id}`, owner.token)).json()).toMatchObject({ brand_id: owner.brand.id, closing_balance: 1200 });
    // The same statement prints the same file.
    const [one, two] = [await get('/api/my/statement/pdf', owner.token), await get('/api/my/statement/pdf', owner.token)];
    expect(one.headers['content-type']).toBe('application/pdf');
    expect(one.rawPayload.equals(two.rawPayload)).toBe(true);
    const forbidden = await get(`/api/billing/statements/${owner.id}`, other.token);
    expect(forbidden.statusCode).toBe(403);
    expect((await get(`/api/billing/statements/${owner.id}/pdf`, owner.token)).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/my/statement' })).statusCode).toBe(401);
    const missing = await get('/api/billing/statements/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Customer not found' });
    // A draft is not on the statement.
    const draft = await invoicedOrder(t, { totalSpend: 1500 });
    expect((await get(`/api/billing/statements/${draft.owner.id}`)).json()).toMatchObject({ lines: [], closing_balance: 0 });
  });

  it('refuses a period that is not one', async () => {
    for (const [query, message, field] of [
      ['from=2026-13-01', 'Dates must be YYYY-MM-DD', 'from'],
      ['from=2026-05-02&to=2026-05-01', 'The statement must start on or before its end', 'from'],
      ['from=2000-01-01&to=2026-01-01', 'A statement covers at most 5 years', null],
      ['from=9999-01-01', 'The statement must start on or before its end', 'from'],
    ] as const) {
      const res = await get(`/api/my/statement?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual(field ? { error: message, field } : { error: message });
    }
  });
});
