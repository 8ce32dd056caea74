/**
 * An admin limited to channels (issue 41, decision 053), over every route with an id (generated from the
 * route list, so a new route is walked too): called with the ids of another channel's records, each
 * answers 403 or 404, as for a stranger, and nothing changes. Routes whose records belong to no channel
 * are listed apart, with the reason.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books, channelPrograms, makegoodOffers, trafficSpots } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { clockNow } from '../support/clock';
import { ownerWithOrders } from '../support/ownership-fixtures';

let t: TestApp;
let limited: string;
let ids: Record<string, string>;

/** Records of no channel: the advertiser's (brands, media, cards), the station's (coupons, channels, users), a person's own. */
const NOT_OF_A_CHANNEL = [
  '/api/brands/',
  '/api/media/',
  '/api/payment-methods/',
  '/api/coupons/',
  '/api/channels/',
  '/api/users/',
  '/api/api-keys/',
  '/api/webhooks/',
  '/api/notifications/',
  '/api/my/',
  // An advertiser's statement spans their orders of every channel; the as-run list scopes itself (as-run-channels.test.ts).
  '/api/billing/statements/',
  '/api/traffic/as-run/',
  // A date, not a record: the log of the channel named by channel_id (tested below).
  '/api/traffic/logs/',
  '/api/audit/',
  // A broadcast month, not a record: the book the body names is checked against the admin's channels (audience.test.ts).
  '/api/post-books/',
];

beforeAll(async () => {
  t = await createTestApp();
  const { daypart, admin, booked, campaignId, draft, itemId, invoice } = await ownerWithOrders(t);
  const now = clockNow();
  const [spot] = await t.database.db
    .insert(trafficSpots)
    .values({
      airDate: '2027-01-04',
      estimateId: booked.id,
      daypartId: daypart.id,
      houseCode: 'HOUSE001',
      durationSeconds: 30,
      breakAt: now,
      scheduledAt: now,
      position: 1,
      status: 'missed',
    })
    .returning();
  const [offer] = await t.database.db
    .insert(makegoodOffers)
    .values({
      missedSpotId: spot!.id,
      estimateId: booked.id,
      daypartId: daypart.id,
      airDate: '2027-01-05',
      spotCostCents: 2049,
      expiresAt: new Date(now.getTime() + 3_600_000),
    })
    .returning();
  expect((await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/send`, token: admin, payload: {} })).statusCode).toBe(200);
  const creditNote = await t.inject({
    method: 'POST',
    url: `/api/billing/${invoice.id}/credit-notes`,
    token: admin,
    payload: { amount: 10, reason: 'Goodwill' },
  });
  expect(creditNote.statusCode, creditNote.body).toBe(201);
  const [book] = await t.database.db
    .insert(books)
    .values({ channelId: daypart.channelId, name: 'Nov26', ratingService: 'Nielsen', surveyPeriod: 'Nov26' })
    .returning();
  const [program] = await t.database.db
    .insert(channelPrograms)
    .values({ channelId: daypart.channelId, name: 'Morning News', days: ['Monday'], startTime: '06:00', endTime: '07:00' })
    .returning();
  ids = {
    book: book!.id,
    program: program!.id,
    booked: booked.id,
    draft: draft.id,
    item: itemId,
    campaign: campaignId,
    invoice: invoice.id,
    creditNote: creditNote.json().credit_note.id,
    offer: offer!.id,
    spot: spot!.id,
    daypart: daypart.id,
  };
  // Every record above is the default channel's; the limited admin has MeTV only.
  const metv = await t.inject({ method: 'POST', url: '/api/channels', token: admin, payload: { call_letters: 'WSPT', channel_number: '6.2', name: 'MeTV' } });
  expect(metv.statusCode, metv.body).toBe(201);
  const signedUp = await t.signUp();
  expect((await t.inject({ method: 'PATCH', url: `/api/users/${signedUp.user.id}/promote`, token: admin })).statusCode).toBe(200);
  const limit = await t.inject({ method: 'PATCH', url: `/api/users/${signedUp.user.id}`, token: admin, payload: { channel_ids: [metv.json().id] } });
  expect(limit.statusCode, limit.body).toBe(200);
  limited = await t.login(signedUp.user.email, signedUp.password);
});
afterAll(() => t.close());

/** The default channel's record a route's path parameter names. */
const idFor = (url: string, param: string): string | undefined => {
  if (param === 'itemId') return ids.item;
  if (url.startsWith('/api/billing/credit-notes/')) return ids.creditNote;
  if (
    url.startsWith('/api/adcp/changes/') ||
    url.startsWith('/api/billing/from-estimate/') ||
    url.startsWith('/api/campaigns/from-estimate/') ||
    url.startsWith('/api/reconciliation/')
  )
    return ids.booked;
  if (url.startsWith('/api/estimates/')) return /spots|affidavit|makegoods|timeline/.test(url) ? ids.booked : ids.draft;
  const byArea: Record<string, string | undefined> = {
    'estimate-items': ids.draft,
    billing: ids.invoice,
    campaigns: ids.campaign,
    makegoods: ids.offer,
    dayparts: ids.daypart,
    traffic: ids.spot,
    books: ids.book,
    programs: ids.program,
  };
  return byArea[url.split('/')[2] ?? ''];
};

/** What a walk may change: the records of the default channel, as one digest per table. */
const snapshot = async () =>
  (
    (await t.database.db.execute(sql`
      select (select md5(coalesce(string_agg(e::text, ',' order by e.id), '')) from estimates e) as orders,
             (select md5(coalesce(string_agg(i::text, ',' order by i.id), '')) from invoices i) as invoices,
             (select md5(coalesce(string_agg(c::text, ',' order by c.id), '')) from campaigns c) as campaigns,
             (select md5(coalesce(string_agg(s::text, ',' order by s.id), '')) from traffic_spots s) as spots,
             (select md5(coalesce(string_agg(o::text, ',' order by o.id), '')) from makegood_offers o) as offers,
             (select md5(coalesce(string_agg(d::text, ',' order by d.id), '')) from dayparts d) as dayparts,
             (select md5(coalesce(string_agg(b::text, ',' order by b.id), '')) from books b) as books,
             (select md5(coalesce(string_agg(p::text, ',' order by p.id), '')) from channel_programs p) as programs`)) as unknown as { rows: unknown[] }
  ).rows;

describe("another channel's records", () => {
  it('are never read or changed by an admin limited to other channels, through any route with an id', async () => {
    const before = await snapshot();
    const leaks: string[] = [];
    const routes = t.app.routeCatalog.filter(
      (r) => r.access !== 'public' && r.url.startsWith('/api/') && r.url.includes('/:') && !NOT_OF_A_CHANNEL.some((prefix) => r.url.startsWith(prefix)),
    );
    expect(routes.length).toBeGreaterThanOrEqual(40);
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const url = route.url.replace(/:([A-Za-z]+)/g, (_, param: string) => {
        const id = idFor(route.url, param);
        if (!id) leaks.push(`${key}: no record for :${param} (add it to idFor, or to NOT_OF_A_CHANNEL with the reason)`);
        return id ?? 'missing';
      });
      const res = await t.inject({
        method: route.method as 'GET',
        url,
        token: limited,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      if (res.statusCode !== 403 && res.statusCode !== 404) leaks.push(`${key} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      else if (typeof res.json().error !== 'string') leaks.push(`${key} → ${res.statusCode} without { error }`);
    }
    expect(leaks).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for another channel's log, and lists only their channels' discrepancies", async () => {
    const channels = (await t.inject({ method: 'GET', url: '/api/channels', token: limited })).json() as { id: string; is_default: boolean }[];
    const main = channels.find((c) => c.is_default)!;
    const other = await t.inject({ method: 'GET', url: `/api/traffic/logs/2027-01-04?channel_id=${main.id}`, token: limited });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: 'Channel not found' });
    // With no channel named: theirs, not the default.
    const own = await t.inject({ method: 'GET', url: '/api/traffic/logs/2027-01-04', token: limited });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().channel_id).not.toBe(main.id);
    const theirs = (await t.inject({ method: 'GET', url: '/api/traffic/discrepancies', token: limited })).json() as { missed_undecided: { id: string }[] };
    expect(theirs.missed_undecided).toEqual([]);
    const admin = await t.adminToken();
    const everyone = (await t.inject({ method: 'GET', url: '/api/traffic/discrepancies', token: admin })).json() as { missed_undecided: { id: string }[] };
    expect(everyone.missed_undecided.map((s) => s.id)).toContain(ids.spot);
    const mainOnly = (await t.inject({ method: 'GET', url: `/api/traffic/discrepancies?channel_id=${main.id}`, token: admin })).json() as {
      missed_undecided: { id: string }[];
    };
    expect(mainOnly.missed_undecided.map((s) => s.id)).toContain(ids.spot);

    const invoicesOf = async (token: string, query = '') =>
      ((await t.inject({ method: 'GET', url: `/api/billing?limit=100${query}`, token })).json() as { invoices: { id: string }[] }).invoices.map((i) => i.id);
    expect(await invoicesOf(limited)).toEqual([]);
    expect(await invoicesOf(admin, `&channel_id=${main.id}`)).toEqual([ids.invoice]);
    expect(await invoicesOf(admin, `&channel_id=${own.json().channel_id}`)).toEqual([]);
    expect((await t.inject({ method: 'GET', url: `/api/billing?channel_id=${main.id}`, token: limited })).statusCode).toBe(404);

    const campaignsOf = async (token: string, query = '') =>
      ((await t.inject({ method: 'GET', url: `/api/campaigns${query}`, token })).json() as { campaign_id: string }[]).map((c) => c.campaign_id);
    expect(await campaignsOf(limited)).toEqual([]);
    expect(await campaignsOf(admin, `?channel_id=${main.id}`)).toContain(ids.campaign);
    expect(await campaignsOf(admin, `?channel_id=${own.json().channel_id}`)).toEqual([]);
    expect((await t.inject({ method: 'GET', url: `/api/campaigns?channel_id=${main.id}`, token: limited })).statusCode).toBe(404);
  });
});
