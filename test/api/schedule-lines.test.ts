/** An order's weekly schedule (issue 42, decision 056): GET/PUT /api/estimates/:id/schedule. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekdayOf } from '../../src/domain/dates';
import { estimates } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { addItem, clientWithBrand, createOrder, dateIn, daypartByName, getOrder, newClient } from '../support/ordering-fixtures';

let t: TestApp;
let admin: string;
let earlyMorning: Awaited<ReturnType<typeof daypartByName>>;
let lateNight: Awaited<ReturnType<typeof daypartByName>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  earlyMorning = await daypartByName(t.database.db, 'Early Morning');
  lateNight = await daypartByName(t.database.db, 'Late Night');
});
afterAll(() => t.close());

const start = () => dateIn(14);
const end = () => dateIn(34); // three whole weeks when weeks start on the start date's weekday
const draft = async () => {
  const c = await clientWithBrand(t);
  const order = await createOrder(t, c.token, { estimate_name: 'Agency buy', brand_id: c.brand.id, start_date: dateIn(8), total_spend: 100 });
  return { c, order };
};
const put = (token: string, id: string, payload: unknown) =>
  t.inject({ method: 'PUT', url: `/api/estimates/${id}/schedule`, token, payload: payload as object });
const schedule = (lines: unknown[], extra: Record<string, unknown> = {}) => ({
  week_start_day: weekdayOf(start()),
  start_date: start(),
  end_date: end(),
  demos: ['a25-54'],
  lines,
  ...extra,
});
const morningLine = (extra: Record<string, unknown> = {}) => ({
  name: 'Morning news',
  daypart_id: earlyMorning.id,
  days: ['Monday', 'Wednesday', 'Friday'],
  start_time: '06:00',
  end_time: '08:00',
  spot_length: 30,
  rate: 125,
  spots_per_week: [5, 0, 3],
  demo_values: { 'a25-54': 1.5 },
  ...extra,
});

describe('an order with a schedule', () => {
  it('takes its budget and dates from the schedule, with totals per line, per week and in all', async () => {
    const { c, order } = await draft();
    const res = await put(
      c.token,
      order.id,
      schedule([
        morningLine(),
        morningLine({
          name: 'Late bonus',
          daypart_id: lateNight.id,
          days: ['Tuesday'],
          start_time: '24:00',
          end_time: '25:00',
          rate: 0,
          spots_per_week: [2, 2, 2],
          demo_values: undefined,
        }),
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { schedule: s } = res.json();
    expect(s.weeks.map((w: { spots: number; gross: number }) => [w.spots, w.gross])).toEqual([
      [7, 625],
      [2, 0],
      [5, 375],
    ]);
    expect(s.lines.map((l: { name: string; daypart_name: string; spots: number; gross: number }) => [l.name, l.daypart_name, l.spots, l.gross])).toEqual([
      ['Morning news', 'Early Morning', 8, 1000],
      ['Late bonus', 'Late Night', 6, 0],
    ]);
    expect(s.lines[0].demo_values).toEqual({ 'A25-54': 1.5 });
    expect([s.spots, s.gross]).toEqual([14, 1000]);
    const after = await getOrder(t, c.token, order.id);
    expect([after.total_spend, after.start_date, after.end_date]).toEqual([1000, start(), end()]);
    const read = await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/schedule`, token: admin });
    expect(read.json().schedule.gross).toBe(1000);
  });

  it('answers no schedule for an order of daypart items, and refuses mixing the two (409)', async () => {
    const { c, order } = await draft();
    const none = await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/schedule`, token: c.token });
    expect(none.json()).toEqual({ schedule: null });
    await addItem(t, c.token, order.id, { daypart_id: earlyMorning.id, spots_per_occurrence: 1 });
    const mixed = await put(c.token, order.id, schedule([morningLine()]));
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().error).toMatch(/daypart items or a schedule, not both/);

    const other = await draft();
    expect((await put(other.c.token, other.order.id, schedule([morningLine()]))).statusCode).toBe(200);
    const item = await t.inject({
      method: 'POST',
      url: `/api/estimate-items/${other.order.id}`,
      token: other.c.token,
      payload: { daypart_id: earlyMorning.id },
    });
    expect(item.statusCode).toBe(409);
    expect(item.json().error).toMatch(/holds a schedule/);
  });

  it('refuses a line its daypart does not hold, spots for the wrong number of weeks, and times off the broadcast clock', async () => {
    const { c, order } = await draft();
    const outside = await put(c.token, order.id, schedule([morningLine({ start_time: '08:00', end_time: '10:00' })]));
    expect([outside.statusCode, outside.json().field]).toEqual([400, 'lines[0].daypart_id']);
    const weekend = await put(c.token, order.id, schedule([morningLine({ days: ['Saturday'] })]));
    expect(weekend.json().field).toBe('lines[0].daypart_id');
    const weeks = await put(c.token, order.id, schedule([morningLine({ spots_per_week: [1, 2] })]));
    expect([weeks.statusCode, weeks.json().field]).toEqual([400, 'lines[0].spots_per_week']);
    const clock = await put(c.token, order.id, schedule([morningLine({ start_time: '04:00' })]));
    expect(clock.statusCode).toBe(400);
    const length = await put(c.token, order.id, schedule([morningLine({ spot_length: 45 })]));
    expect(length.statusCode).toBe(400);
    const cents = await put(c.token, order.id, schedule([morningLine({ rate: 1.005 })]));
    expect(cents.statusCode).toBe(400);
    const unknown = await put(c.token, order.id, { ...schedule([morningLine()]), budget: 5 });
    expect(unknown.statusCode).toBe(400);
  });

  it('is changed on drafts only, by the owner or an admin; a stranger sees nothing', async () => {
    const { c, order } = await draft();
    const stranger = await newClient(t);
    expect((await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/schedule`, token: stranger.token })).statusCode).toBe(404);
    expect((await put(stranger.token, order.id, schedule([morningLine()]))).statusCode).toBe(404);
    expect((await put(admin, order.id, schedule([morningLine()]))).statusCode).toBe(200);
    await t.database.db.update(estimates).set({ status: 'ordered' }).where(eq(estimates.id, order.id));
    const closed = await put(c.token, order.id, schedule([morningLine()]));
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toBe('A schedule can be changed only on a draft order');
  });

  it('submits a schedule-only order: the schedule stands for the time slots, its gross is the budget', async () => {
    const { c, order } = await draft();
    expect((await put(c.token, order.id, schedule([morningLine()]))).statusCode).toBe(200);
    const ready = await t.inject({
      method: 'PUT',
      url: `/api/estimates/${order.id}`,
      token: c.token,
      payload: { media_asset_id: c.media.id, payment_method_id: c.card.id },
    });
    expect(ready.statusCode, ready.body).toBe(200);
    const submitted = await t.inject({ method: 'PUT', url: `/api/estimates/${order.id}`, token: c.token, payload: { status: 'ordered' } });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect([submitted.json().status, submitted.json().total_spend, submitted.json().total_amount]).toEqual(['ordered', 1000, 1000]);
  });
});
