/**
 * A schedule line's spot whose day closed before it was booked (issue 42, decisions 031 and 056): like an
 * item's, it moves to the nearest free day, but only to the line's days of the same week, so that the week's
 * buy holds; the order page and the traffic desk see the move, and the spot keeps its line's length.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { setOrderStatus } from '../support/campaign-fixtures';
import { clientWithBrand, createDaypart, createOrder, putOrder, submittedOrder } from '../support/ordering-fixtures';

const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
let now = new Date('2027-11-01T12:00:00Z');
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
  admin = await t.adminToken();
});
afterAll(async () => t?.close());

interface Spot {
  status: string;
  estimate_id: string;
  moved_from_date: string | null;
  duration_seconds: number;
}

it("moves a schedule line's spot off its closed day to the line's next day of the same week", async () => {
  const daypart = await createDaypart(t.database.db, { startTime: '06:00', endTime: '07:00', daysOfWeek: EVERY_DAY, spotFrequency: 10 });
  const day = '2027-11-08'; // a Monday
  const early = await submittedOrder(t, { name: 'On air already', startDate: day, daypartId: daypart.id, spots: 2, totalSpend: 2000 });
  await setOrderStatus(t, early.order.id, 'active');
  // A week of Mon, Wed, Fri at one :15 spot each, approved only at noon on its Monday: the 06:00 airtime has gone.
  const owner = await clientWithBrand(t);
  const order = await createOrder(t, owner.token, { estimate_name: 'Schedule approved at noon', brand_id: owner.brand.id, start_date: day, total_spend: 100 });
  const put = await t.inject({
    method: 'PUT',
    url: `/api/estimates/${order.id}/schedule`,
    token: owner.token,
    payload: {
      week_start_day: 'Monday',
      start_date: day,
      end_date: '2027-11-14',
      lines: [
        {
          name: 'Breakfast',
          daypart_id: daypart.id,
          days: ['Monday', 'Wednesday', 'Friday'],
          start_time: '06:00',
          end_time: '07:00',
          spot_length: 15,
          rate: 50,
          spots_per_week: [3],
        },
      ],
    },
  });
  expect(put.statusCode, put.body).toBe(200);
  expect((await putOrder(t, owner.token, order.id, { media_asset_id: owner.media.id, payment_method_id: owner.card.id, status: 'ordered' })).statusCode).toBe(
    200,
  );
  now = new Date(`${day}T12:00:00Z`);
  await t.app.ctx.stationClock.tick();
  await setOrderStatus(t, order.id, 'scheduled');
  await t.app.ctx.stationClock.tick();

  const spots = (await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/spots?from=${day}&to=2027-11-14`, token: owner.token })).json() as {
    days: { date: string; spots: Spot[] }[];
  };
  // Nothing on the closed Monday, nothing on Tuesday (not a day of the line): Wednesday takes its own spot and the moved one.
  expect(spots.days.map((d) => [d.date, d.spots.map((s) => [s.status, s.moved_from_date, s.duration_seconds]).sort()])).toEqual([
    [
      '2027-11-10',
      [
        ['scheduled', null, 15],
        ['scheduled', '2027-11-08', 15],
      ],
    ],
    ['2027-11-12', [['scheduled', null, 15]]],
  ]);
  // Another run of the clock neither moves it again nor loses it.
  await t.app.ctx.stationClock.tick();
  const again = (await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/spots?from=${day}&to=2027-11-14`, token: owner.token })).json() as {
    days: { date: string; spots: Spot[] }[];
  };
  expect(again.days.map((d) => [d.date, d.spots.length])).toEqual([
    ['2027-11-10', 2],
    ['2027-11-12', 1],
  ]);
  const desk = (await t.inject({ method: 'GET', url: '/api/traffic/discrepancies', token: admin })).json() as {
    moved_spots: { estimate_id: string; from_date: string; to_date: string | null }[];
  };
  expect(desk.moved_spots.filter((m) => m.estimate_id === order.id).map((m) => [m.from_date, m.to_date])).toEqual([[day, '2027-11-10']]);
});
