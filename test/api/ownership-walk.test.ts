/**
 * "Another client's object", over every signed-in route with an id (generated from the route list,
 * so a new route is walked too): a client calling it with another client's ids gets 403 or 404,
 * and the owner's data is unchanged afterwards. Ids in bodies and query strings: ownership-walk-bodies.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makegoodOffers, notifications, trafficSpots } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { approvedOrder, createInvoice } from '../support/billing-fixtures';
import { clientWithBrand, createCoupon } from '../support/ordering-fixtures';
import { ownerWithOrders } from '../support/ownership-fixtures';
import { clockNow } from '../support/clock';

let t: TestApp;
let stranger: string;
let owner: Awaited<ReturnType<typeof clientWithBrand>>;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const { owner: made, daypart, admin, booked, campaignId, draft, itemId, invoice } = await ownerWithOrders(t);
  owner = made;
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
  const [note] = await t.database.db.select().from(notifications).where(eq(notifications.userId, owner.id)).limit(1);
  const coupon = await createCoupon(t.database.db);
  // The owner's invoice, sent and credited in part, for the advertiser's own billing routes.
  expect((await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/send`, token: admin, payload: {} })).statusCode).toBe(200);
  const creditNote = await t.inject({
    method: 'POST',
    url: `/api/billing/${invoice.id}/credit-notes`,
    token: admin,
    payload: { amount: 10, reason: 'Goodwill' },
  });
  expect(creditNote.statusCode, creditNote.body).toBe(201);
  // The owner's API key and webhook endpoint (with one delivery), for the machine API's routes (decision 030).
  const apiKey = await t.inject({ method: 'POST', url: '/api/api-keys', token: owner.token, payload: { name: 'Owner key' } });
  const webhook = await t.inject({
    method: 'POST',
    url: '/api/webhooks',
    token: owner.token,
    payload: { url: 'http://127.0.0.1:9/hook', events: ['order.created'] },
  });
  const delivery = await t.inject({ method: 'POST', url: `/api/webhooks/${webhook.json().webhook.id}/test`, token: owner.token });
  ids = {
    apiKey: apiKey.json().api_key.id,
    webhook: webhook.json().webhook.id,
    delivery: delivery.json().delivery_id,
    invoice: invoice.id,
    creditNote: creditNote.json().credit_note.id,
    brand: owner.brand.id,
    media: owner.media.id,
    card: owner.card.id,
    draft: draft.id,
    booked: booked.id,
    item: itemId,
    campaign: campaignId,
    offer: offer!.id,
    notification: note!.id,
    coupon: coupon.id,
    daypart: daypart.id,
    billed: (await t.inject({ method: 'GET', url: `/api/billing/${invoice.id}`, token: admin })).json().estimate_id as string,
  };
  stranger = (await clientWithBrand(t)).token;
});
afterAll(() => t.close());

/** Which of the owner's ids a route's path parameter names. */
const idFor = (url: string, param: string): string | undefined => {
  const area = url.split('/')[2];
  if (param === 'itemId') return ids.item;
  if (url.startsWith('/api/my/invoices/')) return ids.invoice;
  if (url.startsWith('/api/webhooks/deliveries/')) return ids.delivery;
  if (url.startsWith('/api/my/credit-notes/')) return ids.creditNote;
  if (area === 'estimates' && /spots|affidavit|makegoods/.test(url)) return ids.booked;
  const byArea: Record<string, string | undefined> = {
    brands: ids.brand,
    media: ids.media,
    'payment-methods': ids.card,
    estimates: ids.draft,
    'estimate-items': ids.draft,
    campaigns: ids.campaign,
    makegoods: ids.offer,
    notifications: ids.notification,
    coupons: ids.coupon,
    'api-keys': ids.apiKey,
    webhooks: ids.webhook,
  };
  return byArea[area ?? ''];
};

/** Bodies that would pass validation, so that the answer is about whose object it is. */
const BODIES: Record<string, unknown> = {
  'PUT /api/brands/:id': { common_name: 'Hijacked', legal_name: 'Hijacked Inc' },
  'PUT /api/estimates/:id': { estimate_name: 'Hijacked' },
  'PUT /api/estimates/:id/schedule': { start_date: '2030-01-07', end_date: '2030-01-13', lines: [] },
  'POST /api/estimates/:id/schedule/revisions': { start_date: '2030-01-07', end_date: '2030-01-13', lines: [] },
  'POST /api/estimate-items/:estimateId': { daypart_id: '', spots_per_occurrence: 1 },
  'POST /api/estimate-items/:estimateId/bulk': { selectedDayparts: [] },
  'PUT /api/estimate-items/:estimateId/:itemId': { spots_per_occurrence: 2 },
  'PUT /api/payment-methods/:id': { is_default: true },
  'POST /api/coupons/:id/use': { estimate_id: '', original_amount: 100 },
  'PATCH /api/webhooks/:id': { enabled: false },
};

/** Routes whose object is shared by everyone (the station's rate card), not owned by a client. */
const SHARED = ['/api/dayparts/'];

const ownedRoutes = () =>
  t.app.routeCatalog.filter(
    (r) => r.access === 'user' && r.url.startsWith('/api/') && r.url.includes('/:') && !SHARED.some((prefix) => r.url.startsWith(prefix)),
  );

describe("another client's objects", () => {
  it('are never read or changed through any signed-in route with an id', async () => {
    const before = await snapshot();
    const leaks: string[] = [];
    const routes = ownedRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(20);
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const url = route.url.replace(/:([A-Za-z]+)/g, (_, param: string) => {
        const id = idFor(route.url, param);
        if (!id) leaks.push(`${key}: no owner's id for :${param} (add it to idFor)`);
        return id ?? 'missing';
      });
      const body = JSON.parse(
        JSON.stringify(BODIES[key] ?? {})
          .replace('"daypart_id":""', `"daypart_id":"${ids.daypart}"`)
          .replace('"estimate_id":""', `"estimate_id":"${ids.booked}"`),
      );
      const res = await t.inject({
        method: route.method as 'GET',
        url,
        token: stranger,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: body }),
      });
      if (res.statusCode !== 403 && res.statusCode !== 404) leaks.push(`${key} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      else if (typeof res.json().error !== 'string') leaks.push(`${key} → ${res.statusCode} without { error }`);
    }
    expect(leaks).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});

// Issue 30, finding 9: the owner may read the timeline, but not the station's draft invoices (amounts,
// notes) nor who at the station acted.
describe("the owner's order timelines", () => {
  it("show no draft invoice and no e-mail but the owner's own", async () => {
    const admin = await t.adminToken();
    // A second order billed with a draft the station is still working on, and the issued invoice's draft history.
    const { order: drafted } = await approvedOrder(t, { owner } as Parameters<typeof approvedOrder>[1]);
    const draft = await createInvoice(t, drafted.id, {
      notes: 'INTERNAL: margin too thin, check with sales',
      discount_amount: 123.45,
      due_days: 30,
      tax_rate: 0,
      payment_terms: 'Net 30',
    });
    const timelines: Record<
      string,
      {
        events: {
          entity: string;
          entity_id: string;
          actor_id: string | null;
          actor_email: string | null;
          actor_role: string;
          before: unknown;
          after: unknown;
        }[];
      }
    > = {};
    for (const id of [ids.booked!, ids.draft!, ids.billed!, drafted.id]) {
      const res = await t.inject({ method: 'GET', url: `/api/estimates/${id}/timeline`, token: owner.token });
      expect(res.statusCode).toBe(200);
      timelines[id] = res.json();
      const text = res.body;
      expect(text).not.toContain('INTERNAL');
      expect(text).not.toContain(draft.id);
      expect(
        [...new Set(text.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? [])].filter((email) => email !== owner.email),
        id,
      ).toEqual([]);
      for (const event of timelines[id]!.events) {
        if (event.entity === 'invoice') expect((event.after as { status?: string } | null)?.status, JSON.stringify(event)).not.toBe('draft');
        if (event.actor_id !== owner.id) expect({ actor_id: event.actor_id, actor_email: event.actor_email }).toEqual({ actor_id: null, actor_email: null });
      }
    }
    // The issued invoice's history is there from its issue on, by "Station staff" (the role is kept).
    const issued = timelines[ids.billed!]!.events.filter((e) => e.entity === 'invoice');
    expect(issued.length).toBeGreaterThan(0);
    expect(issued[0]).toMatchObject({ entity_id: ids.invoice, actor_role: 'traffic_admin', after: expect.objectContaining({ status: 'sent' }) });
    expect(timelines[drafted.id]!.events.filter((e) => e.entity === 'invoice')).toEqual([]);
    // Admins still read everything, drafts and e-mails included.
    const full = await t.inject({ method: 'GET', url: `/api/estimates/${drafted.id}/timeline`, token: admin });
    expect(full.body).toContain('INTERNAL');
    expect(full.body).toContain('admin@spotbook.test');
  });
});

/** What the owner sees of their own things. */
const snapshot = async () => {
  const get = async (url: string) => {
    const res = await t.inject({ method: 'GET', url, token: owner.token });
    expect(res.statusCode, url).toBe(200);
    return res.json();
  };
  const [draft, items, brands, cards, media, campaign, makegoods, bell, apiKeys, webhooks] = await Promise.all([
    get(`/api/estimates/${ids.draft}`),
    get(`/api/estimate-items/${ids.draft}`),
    get('/api/brands'),
    get(`/api/payment-methods/${ids.card}`),
    get(`/api/media/${ids.media}`),
    get(`/api/campaigns/${ids.campaign}`),
    get(`/api/estimates/${ids.booked}/makegoods`),
    get('/api/notifications'),
    get('/api/api-keys'),
    get('/api/webhooks'),
  ]);
  return { draft, items, brands, cards, media, campaign, makegoods, bell, apiKeys, webhooks };
};
