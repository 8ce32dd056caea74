/**
 * The coupon on invoices billed on delivery (issue 44, decision 051): each broadcast month's invoice
 * takes the coupon's share of what aired, so the client is never billed the gross of a discounted order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { uploadAsRun } from '../support/as-run-fixtures';
import { setOrderStatus } from '../support/campaign-fixtures';
import { createCoupon } from '../support/coupon-fixtures';
import { createDaypart, putOrder, readyOrder } from '../support/ordering-fixtures';

const SPOT_COST = 20.49; // 1366 impressions at a $15 CPM
const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
let now = new Date('2027-06-14T12:00:00Z');
let t: TestApp;
let admin: string;
let order: { id: string };
let ownerToken: string;
let code: string;

/** Reports a day's as-run with every spot of the order aired. */
const airsAll = async (date: string) => {
  const log = (await t.inject({ method: 'GET', url: `/api/traffic/logs/${date}`, token: admin })).json();
  const spots = (log.spots as { id: string; local_time: string; estimate_id: string }[]).filter((s) => s.estimate_id === order.id);
  expect(spots.length).toBeGreaterThan(0);
  const rows = spots.map((s) => `${date},${s.local_time},,30,aired,${s.id}`);
  const res = await uploadAsRun(t, `${date}.csv`, `date,time,house_code,duration,status,spot_id\n${rows.join('\n')}\n`, admin, 'text/csv', {
    close_day: 'true',
  });
  expect(res.statusCode, res.body).toBe(201);
  return spots.length;
};

beforeAll(async () => {
  t = await createTestApp({ trafficHorizonDays: 7 }, { now: () => now });
  admin = await t.adminToken();
  // 10% off, up to $500: on a $3,000 order, $300.
  code = (await createCoupon(t, { percentage_off: 10, max_discount_amount: 500, valid_from: '2027-06-01' })).code;
  const daypart = await createDaypart(t.database.db, { startTime: '06:00', endTime: '07:00', daysOfWeek: EVERY_DAY, spotFrequency: 4 });
  const ready = await readyOrder(t, { name: 'Coupon breakfast', startDate: '2027-06-24', daypartId: daypart.id, spots: 2, totalSpend: 3000 });
  const withCoupon = await putOrder(t, ready.owner.token, ready.order.id, { coupon_code: code });
  expect(withCoupon.statusCode, withCoupon.body).toBe(200);
  ownerToken = ready.owner.token;
  const submitted = await putOrder(t, ready.owner.token, ready.order.id, { status: 'ordered' });
  expect(submitted.json()).toMatchObject({ total_spend: 3000, total_amount: 2700 });
  order = submitted.json();
  expect(
    (await t.inject({ method: 'PUT', url: `/api/estimates/${order.id}/billing-mode`, token: admin, payload: { billing_mode: 'monthly' } })).statusCode,
  ).toBe(200);
  await setOrderStatus(t, order.id, 'active');
});
afterAll(async () => t?.close());

describe('a discounted order billed monthly on delivery', () => {
  it("each month's invoice takes the coupon's share of what aired (10% here), as a discount line", async () => {
    now = new Date('2027-06-24T05:00:00Z');
    await t.app.ctx.stationClock.tick();
    now = new Date('2027-06-28T14:00:00Z');
    let spots = 0;
    for (const day of ['2027-06-24', '2027-06-25', '2027-06-26', '2027-06-27']) spots += await airsAll(day);
    expect(spots).toBe(8);

    const billed = await t.inject({ method: 'POST', url: '/api/billing/broadcast-month', token: admin, payload: { month: '2027-06' } });
    expect(billed.statusCode, billed.body).toBe(201);
    const [made] = billed.json().invoices as { id: string }[];
    const invoice = (await t.inject({ method: 'GET', url: `/api/billing/${made!.id}`, token: admin })).json();
    // 8 spots × $20.49 = $163.92 gross; the coupon's share: 10% = $16.39 (half a cent up); $147.53 billed.
    expect(invoice.invoice_lines).toEqual([
      expect.objectContaining({ quantity: 8, unit_price: SPOT_COST, amount: 163.92 }),
      { position: 2, description: `Discount (coupon ${code})`, daypart_id: null, quantity: 1, unit_price: -16.39, amount: -16.39 },
    ]);
    expect(invoice).toMatchObject({ subtotal: 147.53, discount_amount: 0, total_amount: 147.53 });
    // The client sees the same on their invoice once it is sent.
    expect((await t.inject({ method: 'POST', url: `/api/billing/${made!.id}/send`, token: admin, payload: {} })).statusCode).toBe(200);
    const mine = await t.inject({ method: 'GET', url: `/api/my/invoices/${made!.id}`, token: ownerToken });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ subtotal: 147.53, total_amount: 147.53 });
  });
});
