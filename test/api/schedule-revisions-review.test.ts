/**
 * Reviewing a schedule revision (issue 42, decision 064): the revision shows who proposed it, its spots and
 * gross before and after, and its differences field by field and week by week; the desk hears of a proposal and
 * the owner of the decision; the decision is in the audit trail; and a line an approved revision adds to a
 * booked order gets its audience frozen on the current book, as the booked lines did (decision 057).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, weekdayOf } from '../../src/domain/dates';
import { and, asc, eq, sql } from 'drizzle-orm';
import { webhookEndpoints, webhookEvents } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { clientWithBrand, createDaypart, createOrder, dateIn, getOrder, putOrder } from '../support/ordering-fixtures';

let t: TestApp;
let admin: string;
let adminEmail: string;
let adminName: string;
let morning: { id: string; name: string };

const uploadBook = async (name: string, rating: number) => {
  const boundary = '----spotbookrevisionbook';
  const csv = ['daypart,demo,rating,impressions,universe', `Revision Morning,A25-54,${rating},${rating * 10},1000`].join('\n');
  const fields = { name, rating_service: 'Nielsen', survey_period: `${name} DMA Live+3`, is_current: 'true' };
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([field, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`)),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="book.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    ),
  ]);
  const res = await t.inject({
    method: 'POST',
    url: '/api/books',
    token: admin,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.statusCode, res.body).toBe(201);
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const me = (await t.inject({ method: 'GET', url: '/api/auth/me', token: admin })).json().user;
  adminEmail = me.email;
  adminName = me.full_name ?? me.email;
  morning = await createDaypart(t.database.db, { name: 'Revision Morning', spotFrequency: 4 });
  await uploadBook('Nov26', 2);
});
afterAll(() => t?.close());

const firstMonday = () => {
  let day = dateIn(8);
  while (weekdayOf(day) !== 'Monday') day = addDays(day, 1);
  return day;
};
const breakfast = (spots: number[]) => ({
  name: 'Breakfast',
  daypart_id: morning.id,
  days: ['Monday', 'Wednesday', 'Friday'],
  start_time: '06:00',
  end_time: '07:00',
  spot_length: 30,
  rate: 100,
  spots_per_week: spots,
});
const bonus = () => ({
  name: 'Bonus',
  daypart_id: morning.id,
  days: ['Tuesday'],
  start_time: '06:00',
  end_time: '07:00',
  spot_length: 15,
  rate: 0,
  spots_per_week: [1, 1],
});
const schedule = (lines: object[]) => ({ week_start_day: 'Monday', start_date: firstMonday(), end_date: addDays(firstMonday(), 13), demos: ['A25-54'], lines });
const bell = async (token: string) =>
  ((await t.inject({ method: 'GET', url: '/api/notifications', token })).json().notifications as { message: string }[]).map((n) => n.message);
const decisions = async (revisionId: string) =>
  (
    (await t.inject({ method: 'GET', url: `/api/audit?entity=schedule_revision&entity_id=${revisionId}`, token: admin })).json().events as Record<
      string,
      unknown
    >[]
  ).map((e) => [e.action, e.before, e.after, e.actor_email]);

describe('reviewing a revision of a booked order', () => {
  it('shows the differences, tells the desk and the owner, audits the decision and freezes the audience of added lines', async () => {
    const owner = await clientWithBrand(t, { firstName: 'Ana', lastName: 'Buyer' });
    const order = await createOrder(t, owner.token, { estimate_name: 'Agency buy', brand_id: owner.brand.id, start_date: firstMonday(), total_spend: 100 });
    expect(
      (await t.inject({ method: 'PUT', url: `/api/estimates/${order.id}/schedule`, token: owner.token, payload: schedule([breakfast([3, 3])]) })).statusCode,
    ).toBe(200);
    expect((await putOrder(t, owner.token, order.id, { media_asset_id: owner.media.id, payment_method_id: owner.card.id, status: 'ordered' })).statusCode).toBe(
      200,
    );
    expect((await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin, payload: {} })).statusCode).toBe(200);
    // The owner's endpoint hears of revisions (nothing listens on it: the outbox's events are what is checked).
    await t.database.db
      .insert(webhookEndpoints)
      .values({ userId: owner.id, url: 'http://127.0.0.1:9/hook', events: ['order.schedule_revision'], secret: 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=' });
    // A newer book after booking: the booked line keeps Nov26's rating 2.
    await uploadBook('Feb27', 4);

    const proposed = await t.inject({
      method: 'POST',
      url: `/api/estimates/${order.id}/schedule/revisions`,
      token: owner.token,
      payload: schedule([breakfast([3, 5]), bonus()]),
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const week2 = addDays(firstMonday(), 7);
    expect(proposed.json().revision).toMatchObject({
      version: 1,
      status: 'pending',
      proposed_by: 'Ana Buyer',
      decided_by: null,
      before: { spots: 6, gross: 600 },
      spots: 10,
      gross: 800,
    });
    expect(proposed.json().revision.details).toEqual([
      { line: 'Breakfast', change: 'changed', field: 'spots', week: week2, before: '3', after: '5' },
      { line: 'Bonus', change: 'added', field: 'daypart', week: null, before: null, after: 'Revision Morning' },
      { line: 'Bonus', change: 'added', field: 'days', week: null, before: null, after: 'Tuesday' },
      { line: 'Bonus', change: 'added', field: 'start_time', week: null, before: null, after: '06:00' },
      { line: 'Bonus', change: 'added', field: 'end_time', week: null, before: null, after: '07:00' },
      { line: 'Bonus', change: 'added', field: 'spot_length', week: null, before: null, after: '15' },
      { line: 'Bonus', change: 'added', field: 'rate', week: null, before: null, after: '0.00' },
      { line: 'Bonus', change: 'added', field: 'spots', week: firstMonday(), before: null, after: '1' },
      { line: 'Bonus', change: 'added', field: 'spots', week: week2, before: null, after: '1' },
    ]);
    // The desk hears of it; the owner, who sent it, is not told of their own proposal.
    expect(await bell(admin)).toContain('Revision 1 of the schedule of order "Agency buy" waits for approval');
    expect((await bell(owner.token)).filter((m) => m.includes('Revision'))).toEqual([]);

    const approved = await t.inject({
      method: 'PATCH',
      url: `/api/estimates/${order.id}/schedule/revisions/${proposed.json().revision.id}/approve`,
      token: admin,
      payload: { notes: 'Fits the log' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().revision).toMatchObject({ status: 'approved', decided_by: adminName, notes: 'Fits the log', before: { spots: 6, gross: 600 } });
    expect(await bell(owner.token)).toContain('Revision 1 of the schedule of your order "Agency buy" was approved: the schedule is changed');
    expect(await decisions(proposed.json().revision.id)).toEqual([
      ['status_change', { status: 'pending', notes: null }, { status: 'approved', notes: 'Fits the log' }, adminEmail],
    ]);
    expect((await getOrder(t, owner.token, order.id)).total_spend).toBe(800);

    // A later book changes neither line: Breakfast keeps Nov26's rating, Bonus the one current when it was approved.
    await uploadBook('May27', 6);
    const audience = (await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/audience?demo=A25-54`, token: owner.token })).json();
    expect(audience.frozen).toBe(true);
    expect(audience.lines.map((l: { label: string; rating: number }) => [l.label, l.rating])).toEqual([
      ['Breakfast', 2],
      ['Bonus', 4],
    ]);

    // A rejected revision: the owner is told, the trail records it, the schedule stays.
    const second = await t.inject({
      method: 'POST',
      url: `/api/estimates/${order.id}/schedule/revisions`,
      token: owner.token,
      payload: schedule([breakfast([4, 5]), bonus()]),
    });
    expect(second.statusCode, second.body).toBe(201);
    const rejected = await t.inject({
      method: 'PATCH',
      url: `/api/estimates/${order.id}/schedule/revisions/${second.json().revision.id}/reject`,
      token: admin,
      payload: {},
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await bell(owner.token)).toContain('Revision 2 of the schedule of your order "Agency buy" was rejected');
    expect(await decisions(second.json().revision.id)).toEqual([['status_change', { status: 'pending' }, { status: 'rejected' }, adminEmail]]);
    const hooks = await t.database.db
      .select({ data: webhookEvents.data })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.type, 'order.schedule_revision'), sql`${webhookEvents.data} ->> 'order_id' = ${order.id}`))
      .orderBy(asc(sql`(${webhookEvents.data} ->> 'version')::int`), asc(webhookEvents.occurredAt));
    expect(hooks.map((e) => [(e.data as Record<string, unknown>).version, (e.data as Record<string, unknown>).revision_status])).toEqual([
      [1, 'pending'],
      [1, 'approved'],
      [2, 'pending'],
      [2, 'rejected'],
    ]);
    const history = (await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/schedule/revisions`, token: owner.token })).json().revisions;
    expect(history.map((r: { version: number; status: string; details: unknown[] }) => [r.version, r.status, r.details.length])).toEqual([
      [2, 'rejected', 1],
      [1, 'approved', 9],
    ]);
  });

  it('tells the owner when an admin proposes a revision for them', async () => {
    const owner = await clientWithBrand(t);
    const order = await createOrder(t, owner.token, { estimate_name: 'Desk revised', brand_id: owner.brand.id, start_date: firstMonday(), total_spend: 100 });
    expect(
      (await t.inject({ method: 'PUT', url: `/api/estimates/${order.id}/schedule`, token: owner.token, payload: schedule([breakfast([1, 1])]) })).statusCode,
    ).toBe(200);
    expect((await putOrder(t, owner.token, order.id, { media_asset_id: owner.media.id, payment_method_id: owner.card.id, status: 'ordered' })).statusCode).toBe(
      200,
    );
    const proposed = await t.inject({
      method: 'POST',
      url: `/api/estimates/${order.id}/schedule/revisions`,
      token: admin,
      payload: schedule([breakfast([2, 1])]),
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    expect(proposed.json().revision.proposed_by).toBe(adminName);
    expect(await bell(owner.token)).toContain('Revision 1 of the schedule of order "Desk revised" waits for approval');
  });
});
