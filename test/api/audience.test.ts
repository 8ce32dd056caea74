/**
 * Sold on audience (issue 43, decision 057): demos, ratings books imported from CSV, an order's target
 * demo and guarantee, its GRPs/CPP/CPM frozen at booking, and the post-buy with ADUs. Every expectation
 * is computed by hand in the comment beside it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { broadcastMonthOf } from '../../src/domain/broadcast-calendar';
import { addDays } from '../../src/domain/dates';
import { trafficSpots } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { bookFields, uploadBook as sendBook } from '../support/audience-fixtures';
import { clientWithBrand, createDaypart, putOrder, readyOrder } from '../support/ordering-fixtures';

let t: TestApp;
let admin: string;
let morning: { id: string; name: string };
let prime: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  // Weekdays, $15 CPM and $30 CPM, multiplier 1: a spot is 1,366 × $15 / 1,000 = $20.49, and $40.98.
  morning = await createDaypart(t.database.db, { name: 'Aud Morning', baseCpmCents: 1500 });
  prime = await createDaypart(t.database.db, { name: 'Aud Prime', baseCpmCents: 3000 });
});
afterAll(() => t?.close());

const uploadBook = (csv: string, fields: Record<string, string>, token: string | null = admin) => sendBook(t, csv, fields, token);
const fields = bookFields;
const csvOf = (morningA2554: number) =>
  [
    'daypart,demo,rating,impressions,universe,program',
    `Aud Morning,A25-54,${morningA2554},${morningA2554 * 10},1000,Today`,
    'aud morning,hh,3,30,1000,',
    'Aud Prime,a25-54,5,50,1000,Prime movie',
  ].join('\n');
const books = async () =>
  (await t.inject({ method: 'GET', url: '/api/books', token: admin })).json() as { id: string; name: string; is_current: boolean; post_months: string[] }[];

describe('demos and books', () => {
  it('lists the demo notation to anyone signed in', async () => {
    const client = await clientWithBrand(t);
    const res = await t.inject({ method: 'GET', url: '/api/demos', token: client.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().common).toContain('A25-54');
    expect(res.json().groups).toContainEqual({ letter: 'WW', group: 'WWomen' });
  });

  it('refuses a bad file naming its line, and keeps nothing of it', async () => {
    const client = await clientWithBrand(t);
    expect((await uploadBook(csvOf(2), fields('Nov26'), client.token)).statusCode).toBe(403);
    const refusals: [string, string][] = [
      [
        'daypart,demo,rating\nAud Morning,A25-54,2',
        'Line 1: the header must name the columns daypart, demo, rating, impressions, universe (missing: impressions, universe)',
      ],
      [
        csvOf(2).replace('aud morning,hh', 'aud morning,Q18+'),
        'Line 3: "Q18+" is not a demo. A demo is written as HH, or a group (A, M, W, P, T, K, WW) and an age range such as A25-54 or M18+',
      ],
      [csvOf(2).replace('Aud Prime', 'Late Fringe'), 'Line 4: this channel has no daypart named "Late Fringe"'],
      [csvOf(2).replace('5,50,1000', '5,50,1200'), 'Line 4: the universe of A25-54 is 1000 on line 2, not 1200'],
      [csvOf(2).replace('3,30', 'three,30'), 'Line 3: rating must be a number (got "three")'],
      [`${csvOf(2)}\nAud Prime,A25-54,1,1,1000`, 'Line 5: Aud Prime A25-54 is already on line 4'],
      ['daypart,demo,rating,impressions,universe\n', 'The book has no rows'],
    ];
    for (const [csv, error] of refusals) {
      const res = await uploadBook(csv, fields('Bad'));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe(error);
    }
    const missingName = await uploadBook(csvOf(2), { rating_service: 'Nielsen', survey_period: 'Nov26' });
    expect(missingName.json()).toEqual({ error: 'Name is required', field: 'name' });
    expect(await books()).toEqual([]);
  });

  it('imports a book; the first is current, another becomes current when made so', async () => {
    const first = await uploadBook(csvOf(2), fields('Nov26', { geography: 'DMA' }));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ name: 'Nov26', rating_service: 'Nielsen', geography: 'DMA', is_current: true, demos: ['A25-54', 'HH'], rows: 3 });
    expect((await uploadBook(csvOf(2), fields('nov26'))).statusCode).toBe(409);
    const second = await uploadBook(csvOf(3), fields('Feb27'));
    expect(second.json().is_current).toBe(false);
    const made = await t.inject({ method: 'PATCH', url: `/api/books/${second.json().id}`, token: admin, payload: { is_current: true } });
    expect(made.statusCode, made.body).toBe(200);
    expect((await books()).map((b) => [b.name, b.is_current])).toEqual([
      ['Feb27', true],
      ['Nov26', false],
    ]);
    // Back to Nov26 for the orders below.
    await t.inject({ method: 'PATCH', url: `/api/books/${first.json().id}`, token: admin, payload: { is_current: true } });
    const month = await t.inject({ method: 'PUT', url: '/api/post-books/2026-13', token: admin, payload: { book_id: first.json().id } });
    // A path that names no month names nothing (path parameters answer 404, as ids do).
    expect(month.statusCode).toBe(404);
    expect(month.json().error).toBe('A broadcast month is written YYYY-MM');
  });
});

describe('audience on an order', () => {
  it('takes a target demo and a guarantee, freezes its audience at booking, and posts it', async () => {
    const { order, owner } = await readyOrder(t, { daypartId: morning.id, spots: 2 });
    const both = await putOrder(t, owner.token, order.id, { audience_guarantee: { demo: 'A25-54', grps: 10, impressions: 5 } });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toBe('A guarantee names impressions or GRPs, not both');
    expect((await putOrder(t, owner.token, order.id, { target_demo: 'X25' })).statusCode).toBe(400);
    const set = await putOrder(t, owner.token, order.id, { target_demo: 'a25-54', audience_guarantee: { demo: 'a25-54', grps: 100 } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ target_demo: 'A25-54', audience_guarantee: { demo: 'A25-54', grps: 100, impressions: null } });

    // 2 spots a weekday = 10 a week at $20.49 ($204.90), 2.0 rating and 20 (000) a spot on Nov26:
    // 20 GRPs, 200 (000), CPP $204.90 / 20 = $10.245 → 1,025 cents (rounded), CPM $204.90 / 200 = 102 cents.
    const audience = async (token: string, demo = '') =>
      (await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/audience${demo ? `?demo=${demo}` : ''}`, token })).json();
    const before = await audience(owner.token);
    expect(before).toMatchObject({ demo: 'A25-54', book_name: 'Nov26', frozen: false });
    expect(before.weeks[0]).toMatchObject({ spots: 10, cost_cents: 20_490, grps: 20, impressions: 200, cpp_cents: 1025, cpm_cents: 102 });
    expect(before.lines[0]).toMatchObject({ label: 'Aud Morning', rating: 2, impressions_per_spot: 20 });
    // HH: 3.0 a spot, 30 GRPs a week.
    expect((await audience(owner.token, 'HH')).weeks[0].grps).toBe(30);

    expect((await putOrder(t, owner.token, order.id, { status: 'ordered' })).statusCode).toBe(200);
    expect((await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin, payload: {} })).statusCode).toBe(200);

    // A new current book after booking: the booked order keeps Nov26's 2.0; a draft reads the new 4.0.
    const later = await uploadBook(csvOf(4), fields('May27', { is_current: 'true' }));
    expect(later.json().is_current).toBe(true);
    const after = await audience(owner.token);
    expect(after).toMatchObject({ book_name: 'Nov26', frozen: true });
    expect(after.lines[0].rating).toBe(2);
    const draft = await readyOrder(t, { daypartId: morning.id, spots: 2 });
    await putOrder(t, draft.owner.token, draft.order.id, { target_demo: 'A25-54' });
    const draftAudience = (await t.inject({ method: 'GET', url: `/api/estimates/${draft.order.id}/audience`, token: draft.owner.token })).json();
    expect(draftAudience).toMatchObject({ book_name: 'May27', frozen: false });
    expect(draftAudience.lines[0].rating).toBe(4);
    // Another advertiser sees neither.
    expect((await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/audience`, token: draft.owner.token })).statusCode).toBe(404);

    // Aired: 3 real spots of the line, a makegood in Prime, a simulated airing and a missed spot (neither counts).
    const [item] = set.json().items as { id: string }[];
    const start = order.start_date as string;
    const spot = (day: number, extra: Partial<typeof trafficSpots.$inferInsert>) => {
      const airDate = addDays(start, day);
      const at = new Date(`${airDate}T06:00:00Z`);
      return {
        airDate,
        estimateId: order.id,
        estimateItemId: item!.id,
        daypartId: morning.id,
        houseCode: randomUUID().slice(0, 8),
        durationSeconds: 30,
        breakAt: at,
        scheduledAt: at,
        position: day,
        status: 'aired' as const,
        airedAt: at,
        ...extra,
      };
    };
    await t.database.db.insert(trafficSpots).values([
      spot(0, {}),
      spot(1, {}),
      spot(2, {}),
      spot(3, { estimateItemId: null, daypartId: prime.id }),
      spot(4, { simulated: true }),
      spot(5, { status: 'missed', airedAt: null }),
      // Ten weeks on, in a broadcast month with no post book: counted, valued at nothing.
      spot(70, {}),
    ]);
    const nov26 = (await books()).find((b) => b.name === 'Nov26')!;
    for (const month of new Set([0, 1, 2, 3, 4, 5].map((d) => broadcastMonthOf(addDays(start, d)).month))) {
      const put = await t.inject({ method: 'PUT', url: `/api/post-books/${month}`, token: admin, payload: { book_id: nov26.id } });
      expect(put.statusCode, put.body).toBe(200);
    }
    expect((await books()).find((b) => b.name === 'Nov26')!.post_months.length).toBeGreaterThan(0);

    const res = await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/post-buy`, token: owner.token });
    expect(res.statusCode, res.body).toBe(200);
    const post = res.json();
    // Delivered on Nov26: 3 × 2.0 + 5.0 (the Prime makegood) = 11 GRPs; 3 × 20 + 50 = 110 (000).
    expect(post.total.delivered).toMatchObject({ spots: 5, grps: 11, impressions: 110 });
    expect(post.measure).toBe('grps');
    expect(post.lines.find((l: { id: string }) => l.id === 'other').delivered).toMatchObject({ spots: 1, grps: 5 });
    expect(post.unvalued_spots).toBe(1);
    // Guaranteed 100 GRPs: 89 short; ADUs on the current book (May27, 4.0 a Morning spot): 89 / 4 = 22.25 → 23.
    expect(post.shortfall).toBe(89);
    expect(post.adus).toEqual({ spots: 23, daypart_id: morning.id, line_id: item!.id, label: 'Aud Morning', per_spot: 4, pending: 0 });
    expect(post.total.percent_delivered).toBe(Math.round((11 / post.total.ordered.grps) * 1000) / 10);

    const csv = await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/post-buy.csv`, token: admin });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('total,A25-54,');
    expect(csv.body).toContain('adus,Aud Morning,23');
    expect((await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/post-buy`, token: draft.owner.token })).statusCode).toBe(404);

    // Sent back for changes: no longer booked, its audience thaws and reads the current book (May27, 4.0).
    const back = await putOrder(t, admin, order.id, { status: 'modified' });
    expect(back.statusCode, back.body).toBe(200);
    const thawed = await audience(owner.token);
    expect(thawed).toMatchObject({ book_name: 'May27', frozen: false });
    expect(thawed.lines[0].rating).toBe(4);
  });
});

describe('a limited admin', () => {
  it('names post books and makes books current only on their channels', async () => {
    const metv = await t.inject({ method: 'POST', url: '/api/channels', token: admin, payload: { call_letters: 'WAUD', channel_number: '6.2', name: 'MeTV' } });
    expect(metv.statusCode, metv.body).toBe(201);
    const signedUp = await t.signUp();
    await t.inject({ method: 'PATCH', url: `/api/users/${signedUp.user.id}/promote`, token: admin });
    await t.inject({ method: 'PATCH', url: `/api/users/${signedUp.user.id}`, token: admin, payload: { channel_ids: [metv.json().id] } });
    const limited = await t.login(signedUp.user.email, signedUp.password);
    const nov26 = (await books()).find((b) => b.name === 'Nov26')!;
    expect((await t.inject({ method: 'PUT', url: '/api/post-books/2027-01', token: limited, payload: { book_id: nov26.id } })).statusCode).toBe(404);
    expect((await t.inject({ method: 'PATCH', url: `/api/books/${nov26.id}`, token: limited, payload: { is_current: true } })).statusCode).toBe(404);
    expect(await (await t.inject({ method: 'GET', url: '/api/books', token: limited })).json()).toEqual([]);
  });
});
