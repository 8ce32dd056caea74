/**
 * An up-front invoice of an order holding a schedule (issue 42, decision 056): one line per schedule line with
 * spots, its spots × its rate per spot (a bonus line at $0.00), adding up to the schedule's gross.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, weekdayOf } from '../../src/domain/dates';
import { createTestApp, type TestApp } from '../support/app';
import { createInvoice } from '../support/billing-fixtures';
import { clientWithBrand, createDaypart, createOrder, dateIn, putOrder } from '../support/ordering-fixtures';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t?.close());

it('bills each schedule line with spots at its rate per spot, the bonus line at $0.00', async () => {
  const daypart = await createDaypart(t.database.db, { name: 'Up-front Morning', spotFrequency: 6 });
  const owner = await clientWithBrand(t);
  let monday = dateIn(8);
  while (weekdayOf(monday) !== 'Monday') monday = addDays(monday, 1);
  const order = await createOrder(t, owner.token, { estimate_name: 'Agency up front', brand_id: owner.brand.id, start_date: monday, total_spend: 100 });
  const line = { daypart_id: daypart.id, start_time: '06:00', end_time: '07:00' };
  const put = await t.inject({
    method: 'PUT',
    url: `/api/estimates/${order.id}/schedule`,
    token: owner.token,
    payload: {
      week_start_day: 'Monday',
      start_date: monday,
      end_date: addDays(monday, 13),
      lines: [
        { ...line, name: 'Breakfast', days: ['Monday', 'Wednesday', 'Friday'], spot_length: 30, rate: 125.5, spots_per_week: [3, 2] },
        { ...line, name: 'Bonus', days: ['Tuesday'], spot_length: 15, rate: 0, spots_per_week: [1, 1] },
        { ...line, name: 'Hiatus', days: ['Thursday'], spot_length: 30, rate: 90, spots_per_week: [0, 0] },
      ],
    },
  });
  expect(put.statusCode, put.body).toBe(200);
  expect((await putOrder(t, owner.token, order.id, { media_asset_id: owner.media.id, payment_method_id: owner.card.id, status: 'ordered' })).statusCode).toBe(
    200,
  );
  expect((await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin, payload: {} })).statusCode).toBe(200);

  const invoice = await createInvoice(t, order.id);
  // 5 × $125.50 = $627.50, the schedule's gross.
  expect(invoice.total_amount).toBe(627.5);
  const detail = (await t.inject({ method: 'GET', url: `/api/billing/${invoice.id}`, token: admin })).json();
  const flight = /· [A-Z][a-z]{2} \d{1,2}, \d{4} – [A-Z][a-z]{2} \d{1,2}, \d{4}$/;
  expect(
    detail.invoice_lines.map((l: { description: string; quantity: number; unit_price: number; amount: number }) => [
      l.description.replace(flight, '· flight'),
      l.quantity,
      l.unit_price,
      l.amount,
    ]),
  ).toEqual([
    ['Breakfast · Mon, Wed, Fri 06:00–07:00 · :30 · flight', 5, 125.5, 627.5],
    ['Bonus · Tue 06:00–07:00 · :15 · flight', 2, 0, 0],
  ]);
});
