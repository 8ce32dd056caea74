/**
 * Revisions of a submitted or booked order's schedule (issue 42, decision 064): the buyer proposes, the desk
 * approves or rejects, the history stays; an approved revision changes the schedule and the order's budget,
 * and a booked order's revision is checked against availability as a booking is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, weekdayOf } from '../../src/domain/dates';
import { createTestApp, type TestApp } from '../support/app';
import { clientWithBrand, createDaypart, createOrder, dateIn, getOrder, newClient, putOrder } from '../support/ordering-fixtures';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const firstMonday = () => {
  let day = dateIn(8);
  while (weekdayOf(day) !== 'Monday') day = addDays(day, 1);
  return day;
};
const monday = () => firstMonday();
const scheduleBody = (daypartId: string, line: { rate: number; spots_per_week: number[] }, extra: Record<string, unknown>[] = []) => ({
  week_start_day: 'Monday',
  start_date: monday(),
  end_date: addDays(monday(), 13),
  lines: [
    { name: 'Breakfast', daypart_id: daypartId, days: ['Monday', 'Wednesday', 'Friday'], start_time: '06:00', end_time: '07:00', spot_length: 30, ...line },
    ...extra,
  ],
});
/** A client's order holding a two-week schedule, ready to submit. */
const scheduleOrder = async (daypartId: string, line: { rate: number; spots_per_week: number[] }) => {
  const c = await clientWithBrand(t);
  const order = await createOrder(t, c.token, { estimate_name: 'Agency buy', brand_id: c.brand.id, start_date: monday(), total_spend: 100 });
  const put = await t.inject({ method: 'PUT', url: `/api/estimates/${order.id}/schedule`, token: c.token, payload: scheduleBody(daypartId, line) });
  expect(put.statusCode, put.body).toBe(200);
  expect((await putOrder(t, c.token, order.id, { media_asset_id: c.media.id, payment_method_id: c.card.id })).statusCode).toBe(200);
  return { c, order };
};
const propose = (token: string, id: string, payload: unknown) =>
  t.inject({ method: 'POST', url: `/api/estimates/${id}/schedule/revisions`, token, payload: payload as object });
const decide = (token: string, id: string, revisionId: string, decision: 'approve' | 'reject', payload: object = {}) =>
  t.inject({ method: 'PATCH', url: `/api/estimates/${id}/schedule/revisions/${revisionId}/${decision}`, token, payload });
const lineIds = async (token: string, id: string) =>
  ((await t.inject({ method: 'GET', url: `/api/estimates/${id}/schedule`, token })).json().schedule.lines as { id: string }[]).map((l) => l.id);

describe('a revision of a submitted order’s schedule', () => {
  it('is proposed by the buyer, waits for the desk, and an approved one changes the schedule and the budget; the history stays', async () => {
    const daypart = await createDaypart(t.database.db);
    const { c, order } = await scheduleOrder(daypart.id, { rate: 125, spots_per_week: [5, 3] }); // 8 × $125 = $1,000
    const onDraft = await propose(c.token, order.id, scheduleBody(daypart.id, { rate: 150, spots_per_week: [4, 4] }));
    expect([onDraft.statusCode, onDraft.json().error]).toEqual([
      409,
      'Only a submitted or booked order’s schedule can be revised; change a draft’s schedule directly',
    ]);
    expect((await putOrder(t, c.token, order.id, { status: 'ordered' })).statusCode).toBe(200);
    const before = await lineIds(c.token, order.id);

    // Version 1: $150 a spot, 4 and 4. Rejected: nothing changes.
    const first = await propose(c.token, order.id, scheduleBody(daypart.id, { rate: 150, spots_per_week: [4, 4] }));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      message: 'Revision 1 sent for approval',
      revision: {
        version: 1,
        status: 'pending',
        spots: 8,
        gross: 1200,
        changes: [{ line: 'Breakfast', change: 'changed', fields: ['rate', 'spots_per_week'] }],
      },
    });
    const again = await propose(c.token, order.id, scheduleBody(daypart.id, { rate: 100, spots_per_week: [1, 1] }));
    expect([again.statusCode, again.json().error]).toEqual([409, 'This order already has a revision waiting for a decision']);
    const stranger = await newClient(t);
    expect((await propose(stranger.token, order.id, scheduleBody(daypart.id, { rate: 1, spots_per_week: [1, 1] }))).statusCode).toBe(404);
    expect((await decide(c.token, order.id, first.json().revision.id, 'approve')).statusCode).toBe(403);
    const rejected = await decide(admin, order.id, first.json().revision.id, 'reject', { notes: 'Rate card is $125' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().revision).toMatchObject({ status: 'rejected', notes: 'Rate card is $125' });
    expect((await getOrder(t, c.token, order.id)).total_spend).toBe(1000);
    expect((await decide(admin, order.id, first.json().revision.id, 'approve')).statusCode).toBe(409);

    // Version 2: a second line of bonus spots and 6 + 2 at $125 = $1,000 + 0; approved.
    const bonus = {
      name: 'Bonus',
      daypart_id: daypart.id,
      days: ['Tuesday'],
      start_time: '06:00',
      end_time: '07:00',
      spot_length: 15,
      rate: 0,
      spots_per_week: [1, 1],
    };
    const second = await propose(c.token, order.id, scheduleBody(daypart.id, { rate: 125, spots_per_week: [6, 2] }, [bonus]));
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().revision).toMatchObject({
      version: 2,
      spots: 10,
      gross: 1000,
      changes: [
        { line: 'Breakfast', change: 'changed', fields: ['spots_per_week'] },
        { line: 'Bonus', change: 'added', fields: [] },
      ],
    });
    const approved = await decide(admin, order.id, second.json().revision.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe('Revision 2 approved: the schedule is changed');
    const after = await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/schedule`, token: c.token });
    expect(after.json().schedule.lines.map((l: { name: string; spots_per_week: number[] }) => [l.name, l.spots_per_week])).toEqual([
      ['Breakfast', [6, 2]],
      ['Bonus', [1, 1]],
    ]);
    expect((await lineIds(c.token, order.id))[0]).toBe(before[0]);
    expect((await getOrder(t, c.token, order.id)).status).toBe('ordered');

    const history = await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/schedule/revisions`, token: c.token });
    expect(history.json().revisions.map((r: { version: number; status: string }) => [r.version, r.status])).toEqual([
      [2, 'approved'],
      [1, 'rejected'],
    ]);
    expect((await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/schedule/revisions`, token: stranger.token })).statusCode).toBe(404);
  });

  it('on a booked order keeps every line and is checked against availability when approved', async () => {
    // Weekdays, 2 spots a day: 3 spots a week on Mon, Wed, Fri take 1 a day.
    const daypart = await createDaypart(t.database.db, { spotFrequency: 2 });
    const { c, order } = await scheduleOrder(daypart.id, { rate: 100, spots_per_week: [3, 3] });
    expect((await putOrder(t, c.token, order.id, { status: 'ordered' })).statusCode).toBe(200);
    expect((await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin, payload: {} })).statusCode).toBe(200);

    const fewer = await propose(c.token, order.id, { ...scheduleBody(daypart.id, { rate: 100, spots_per_week: [3, 3] }), lines: [] });
    expect([fewer.statusCode, fewer.json().field]).toEqual([400, 'lines']);
    const same = await propose(c.token, order.id, scheduleBody(daypart.id, { rate: 100, spots_per_week: [3, 3] }));
    expect([same.statusCode, same.json().error]).toEqual([400, 'The revision changes nothing in the schedule']);

    // Week 2 at 7 spots: 3, 2, 2 on Mon, Wed, Fri; Monday holds 2.
    const more = await propose(c.token, order.id, scheduleBody(daypart.id, { rate: 100, spots_per_week: [3, 7] }));
    expect(more.statusCode, more.body).toBe(201);
    const refused = await decide(admin, order.id, more.json().revision.id, 'approve');
    expect(refused.statusCode).toBe(409);
    const week2 = addDays(monday(), 7);
    expect(refused.json().error).toBe(
      `Not enough availability for ${daypart.name} in the week of ${week2}: the schedule airs 7 spots there on days with 6 free; Monday ${week2} has 2 of 2 spots left, 3 requested`,
    );
    const still = await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/schedule`, token: c.token });
    expect(still.json().schedule.lines[0].spots_per_week).toEqual([3, 3]);
    expect((await getOrder(t, c.token, order.id)).total_spend).toBe(600);
    const pending = await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/schedule/revisions`, token: admin });
    expect(pending.json().revisions[0].status).toBe('pending');

    // Rejected, then 6 a week (2 a day) fits and is approved: the budget follows (12 spots × $100).
    expect((await decide(admin, order.id, more.json().revision.id, 'reject')).statusCode).toBe(200);
    const fits = await propose(c.token, order.id, scheduleBody(daypart.id, { rate: 100, spots_per_week: [6, 6] }));
    const ok = await decide(admin, order.id, fits.json().revision.id, 'approve');
    expect(ok.statusCode, ok.body).toBe(200);
    const booked = await getOrder(t, c.token, order.id);
    expect([booked.status, booked.total_spend]).toEqual(['approved', 1200]);
  });
});
