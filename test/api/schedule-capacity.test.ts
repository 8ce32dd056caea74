/**
 * A schedule's weeks against the dayparts' availability (issue 42, decision 056): submitting and approving
 * an order with schedule lines spreads each week's spots over the line's days and checks each day against
 * what other booked orders leave free; a booked schedule then takes its spots from everyone else's count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, weekdayOf } from '../../src/domain/dates';
import { createTestApp, type TestApp } from '../support/app';
import { clientWithBrand, createDaypart, createOrder, dateIn, putOrder, submittedOrder } from '../support/ordering-fixtures';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

/** The first Monday at least 8 days ahead (orders start a week ahead at the earliest). */
const firstMonday = () => {
  let day = dateIn(8);
  while (weekdayOf(day) !== 'Monday') day = addDays(day, 1);
  return day;
};

/** A draft of a new client holding a schedule of one line on Monday, Wednesday and Friday, ready to submit. */
const scheduleOrder = async (daypartId: string, spotsPerWeek: number[], flight: { start: string; end: string; days?: string[] }) => {
  const c = await clientWithBrand(t);
  const order = await createOrder(t, c.token, { estimate_name: 'Agency buy', brand_id: c.brand.id, start_date: flight.start, total_spend: 100 });
  const put = await t.inject({
    method: 'PUT',
    url: `/api/estimates/${order.id}/schedule`,
    token: c.token,
    payload: {
      week_start_day: 'Monday',
      start_date: flight.start,
      end_date: flight.end,
      lines: [
        {
          name: 'Breakfast',
          daypart_id: daypartId,
          days: flight.days ?? ['Monday', 'Wednesday', 'Friday'],
          start_time: '06:00',
          end_time: '07:00',
          spot_length: 30,
          rate: 100,
          spots_per_week: spotsPerWeek,
        },
      ],
    },
  });
  expect(put.statusCode, put.body).toBe(200);
  expect((await putOrder(t, c.token, order.id, { media_asset_id: c.media.id, payment_method_id: c.card.id })).statusCode).toBe(200);
  return { c, order };
};
const submit = (token: string, id: string) => putOrder(t, token, id, { status: 'ordered' });
const approve = (id: string) => t.inject({ method: 'PATCH', url: `/api/estimates/${id}/approve`, token: admin, payload: {} });
const availability = async (daypartId: string, start: string, end: string) => {
  const res = await t.inject({ method: 'GET', url: `/api/dayparts/availability/${daypartId}?start_date=${start}&end_date=${end}`, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries(res.json().days.map((d: { date: string; booked_spots: number }) => [d.date, d.booked_spots]));
};

describe('a schedule against the daypart’s availability', () => {
  it('refuses a week whose spots do not fit, naming the week and the daypart; a booked schedule takes its spots', async () => {
    // Weekdays, 4 spots a day; an approved order of items takes 3 a day, leaving 1 free each weekday.
    const daypart = await createDaypart(t.database.db, { spotFrequency: 4 });
    const monday = firstMonday();
    const sunday2 = addDays(monday, 13);
    const items = await submittedOrder(t, { daypartId: daypart.id, spots: 3, startDate: monday });
    expect((await approve(items.order.id)).statusCode).toBe(200);

    // Week 1: 3 spots over Mon, Wed, Fri = 1 a day, fits. Week 2: 4 spots = 2 on Monday, 1 free there.
    const tooMany = await scheduleOrder(daypart.id, [3, 4], { start: monday, end: sunday2 });
    const refused = await submit(tooMany.c.token, tooMany.order.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      `Not enough availability for ${daypart.name} in the week of ${addDays(monday, 7)}: the schedule airs 4 spots there on days with 3 free; Monday ${addDays(monday, 7)} has 1 of 4 spots left, 2 requested`,
    );

    // 3 and 3 fit: submitted, then approved; the daypart's availability counts them on Mon, Wed and Fri.
    const fits = await scheduleOrder(daypart.id, [3, 3], { start: monday, end: sunday2 });
    expect((await submit(fits.c.token, fits.order.id)).statusCode).toBe(200);
    const approved = await approve(fits.order.id);
    expect(approved.statusCode, approved.body).toBe(200);
    const booked = await availability(daypart.id, monday, addDays(monday, 4));
    expect(booked).toEqual({ [monday]: 4, [addDays(monday, 1)]: 3, [addDays(monday, 2)]: 4, [addDays(monday, 3)]: 3, [addDays(monday, 4)]: 4 });

    // Another order of 1 spot a day no longer fits on Monday.
    const late = await submittedOrder(t, { daypartId: daypart.id, spots: 1, startDate: monday });
    const full = await approve(late.order.id);
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toMatch(new RegExp(`^Not enough availability for ${daypart.name} on ${monday}: 0 of 4 spots left, 1 requested`));
  });

  it('checks again at approval: spots booked after the submit refuse it', async () => {
    const daypart = await createDaypart(t.database.db, { spotFrequency: 2 });
    const monday = firstMonday();
    const first = await scheduleOrder(daypart.id, [6], { start: monday, end: addDays(monday, 6) });
    const second = await scheduleOrder(daypart.id, [2], { start: monday, end: addDays(monday, 6), days: ['Friday'] });
    expect((await submit(first.c.token, first.order.id)).statusCode).toBe(200);
    expect((await submit(second.c.token, second.order.id)).statusCode).toBe(200);
    expect((await approve(first.order.id)).statusCode).toBe(200);
    const refused = await approve(second.order.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      `Not enough availability for ${daypart.name} in the week of ${monday}: the schedule airs 2 spots there on days with 0 free; Friday ${addDays(monday, 4)} has 0 of 2 spots left, 2 requested`,
    );
    const after = await t.inject({ method: 'GET', url: `/api/estimates/${second.order.id}`, token: admin });
    expect(after.json().status).toBe('ordered');
  });

  it('refuses a week that buys spots but holds none of the line’s days inside the flight', async () => {
    const daypart = await createDaypart(t.database.db);
    const monday = firstMonday();
    // The flight ends on the second Tuesday: week 2 has Monday and Tuesday only, the line airs on Wednesday.
    const { c, order } = await scheduleOrder(daypart.id, [1, 1], { start: monday, end: addDays(monday, 8), days: ['Wednesday'] });
    const refused = await submit(c.token, order.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(`Breakfast has 1 spot in the week of ${addDays(monday, 7)}, but none of its days in that week is inside the flight`);
  });
});
