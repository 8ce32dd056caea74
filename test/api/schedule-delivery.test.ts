/**
 * A schedule line's spots downstream (issue 42, decision 056): the traffic log places each week's spots on
 * the line's days at the line's length; as-runs, the makegood, the invoice billed on delivery, the EI and the
 * affidavit read the line's rate per spot and length, never the daypart's CPM or the commercial's length.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { uploadAsRun } from '../support/as-run-fixtures';
import { setOrderStatus } from '../support/campaign-fixtures';
import { clientWithBrand, createDaypart, createOrder, putOrder } from '../support/ordering-fixtures';
import { autoOfferMakegoods } from '../support/station-settings';

const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
let now = new Date('2027-06-14T12:00:00Z');
let t: TestApp;
let admin: string;
let owner: Awaited<ReturnType<typeof clientWithBrand>>;
let orderId: string;

interface Spot {
  id: string;
  local_time: string;
  status: string;
  estimate_id: string;
  duration_seconds: number;
  makegood_offer_id: string | null;
}
const spotsOn = async (date: string) =>
  ((await t.inject({ method: 'GET', url: `/api/traffic/logs/${date}`, token: admin })).json().spots as Spot[]).filter((s) => s.estimate_id === orderId);
/** Reports the day's as-run: the spots listed aired (15 s each); the day's other spots become missed. */
const airs = async (date: string, aired: Spot[]) => {
  const rows = aired.map((spot) => `${date},${spot.local_time},${owner.media.houseNumber},15,aired,${spot.id}`);
  const res = await uploadAsRun(t, `${date}.csv`, `date,time,house_code,duration,status,spot_id\n${rows.join('\n')}\n`, admin, 'text/csv', {
    close_day: 'true',
  });
  expect(res.statusCode, res.body).toBe(201);
};

beforeAll(async () => {
  t = await createTestApp({ trafficHorizonDays: 7 }, { now: () => now });
  await autoOfferMakegoods(t.database.db);
  admin = await t.adminToken();
  // 06:00–07:00 every day, 4 spots a day, at a $15 CPM: an item's spot would cost $20.49.
  const morning = await createDaypart(t.database.db, { startTime: '06:00', endTime: '07:00', daysOfWeek: EVERY_DAY, spotFrequency: 4 });
  owner = await clientWithBrand(t);
  const order = await createOrder(t, owner.token, { estimate_name: 'Agency schedule', brand_id: owner.brand.id, start_date: '2027-06-21', total_spend: 100 });
  orderId = order.id;
  // One week, Monday 21 to Sunday 27 June 2027: 5 spots on Mon, Tue, Wed (2, 2, 1), :15 at $40.00 a spot.
  const put = await t.inject({
    method: 'PUT',
    url: `/api/estimates/${orderId}/schedule`,
    token: owner.token,
    payload: {
      week_start_day: 'Monday',
      start_date: '2027-06-21',
      end_date: '2027-06-27',
      lines: [
        {
          name: 'Breakfast :15',
          daypart_id: morning.id,
          days: ['Monday', 'Tuesday', 'Wednesday'],
          start_time: '06:00',
          end_time: '07:00',
          spot_length: 15,
          rate: 40,
          spots_per_week: [5],
        },
      ],
    },
  });
  expect(put.statusCode, put.body).toBe(200);
  expect((await putOrder(t, owner.token, orderId, { media_asset_id: owner.media.id, payment_method_id: owner.card.id })).statusCode).toBe(200);
  const submitted = await putOrder(t, owner.token, orderId, { status: 'ordered' });
  expect(submitted.statusCode, submitted.body).toBe(200);
  expect(submitted.json().total_spend).toBe(200);
});
afterAll(async () => t?.close());

describe('a schedule line on the log and on the bill', () => {
  it('places each week’s spots on the line’s days, at the line’s length', async () => {
    await setOrderStatus(t, orderId, 'active');
    expect(
      (await t.inject({ method: 'PUT', url: `/api/estimates/${orderId}/billing-mode`, token: admin, payload: { billing_mode: 'monthly' } })).statusCode,
    ).toBe(200);
    now = new Date('2027-06-21T04:00:00Z');
    await t.app.ctx.stationClock.tick();
    const counts = [];
    for (const date of ['2027-06-21', '2027-06-22', '2027-06-23', '2027-06-24']) counts.push((await spotsOn(date)).length);
    expect(counts).toEqual([2, 2, 1, 0]);
    expect((await spotsOn('2027-06-21')).map((s) => s.duration_seconds)).toEqual([15, 15]);
  });

  it('offers a makegood of a missed spot at the line’s rate, and it airs at the line’s length', async () => {
    now = new Date('2027-06-21T14:00:00Z');
    await airs('2027-06-21', await spotsOn('2027-06-21'));
    now = new Date('2027-06-22T14:00:00Z');
    const [first] = await spotsOn('2027-06-22');
    await airs('2027-06-22', [first!]);
    const offers = (await t.inject({ method: 'GET', url: `/api/estimates/${orderId}/makegoods`, token: admin })).json().makegoods as {
      id: string;
      air_date: string;
      spot_cost: number;
    }[];
    expect(offers.map((o) => [o.air_date, o.spot_cost])).toEqual([['2027-06-23', 40]]);
    expect((await t.inject({ method: 'POST', url: `/api/makegoods/${offers[0]!.id}/accept`, token: owner.token })).statusCode).toBe(200);
    const wednesday = await spotsOn('2027-06-23');
    expect(wednesday.map((s) => [s.duration_seconds, s.makegood_offer_id !== null]).sort()).toEqual([
      [15, false],
      [15, true],
    ]);
    now = new Date('2027-06-23T14:00:00Z');
    await airs('2027-06-23', wednesday);
  });

  it('bills each aired spot at the line’s rate; the EI and the affidavit show the line’s rate and length', async () => {
    now = new Date('2027-06-29T14:00:00Z');
    const billed = await t.inject({ method: 'POST', url: '/api/billing/broadcast-month', token: admin, payload: { month: '2027-06' } });
    expect(billed.statusCode, billed.body).toBe(201);
    const [invoice] = billed.json().invoices as { id: string }[];
    const detail = (await t.inject({ method: 'GET', url: `/api/billing/${invoice!.id}`, token: admin })).json();
    // Aired: 2 on Monday, 1 on Tuesday, 1 + the makegood on Wednesday = 5 spots × $40.00 = $200.00.
    expect(detail.subtotal).toBe(200);
    expect(detail.invoice_lines.map((l: { quantity: number; unit_price: number; amount: number }) => [l.quantity, l.unit_price, l.amount])).toEqual([
      [5, 40, 200],
    ]);
    expect(detail.billed_spots.map((s: { cost: number; duration_seconds: number }) => [s.cost, s.duration_seconds])).toEqual(Array(5).fill([40, 15]));

    const ei = await t.inject({ method: 'GET', url: `/api/billing/${invoice!.id}/ei`, token: admin });
    expect(ei.statusCode, ei.body).toBe(200);
    const records = ei.body.split(/\r?\n/).filter(Boolean);
    const line41 = records.find((r) => r.startsWith('41'))!;
    expect(line41.split(',')).toEqual(expect.arrayContaining(['15', '40.00', '5']));
    const spots51 = records.filter((r) => r.startsWith('51'));
    expect(spots51).toHaveLength(5);
    for (const r of spots51) expect(r.split(',')).toEqual(expect.arrayContaining(['15', '40.00']));

    const affidavit = await t.inject({ method: 'GET', url: `/api/estimates/${orderId}/affidavit?format=csv`, token: admin });
    expect(affidavit.statusCode, affidavit.body).toBe(200);
    const aired = affidavit.body.split(/\r?\n/).filter((row) => row.includes(',aired,'));
    expect(aired).toHaveLength(5);
    for (const row of aired) expect(row.split(',')).toEqual(expect.arrayContaining(['15', '40.00']));
  });
});
