import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { orderWithCampaign, setOrderStatus } from '../support/campaign-fixtures';
import { MISSING_ID, clientWithBrand, newClient, submittedOrder, type Client } from '../support/ordering-fixtures';

let t: TestApp;
let admin: string;
let owner: Awaited<ReturnType<typeof clientWithBrand>>;
let stranger: Client;
beforeAll(async () => {
  // The Demo airing exists only with demo data (decision 031).
  t = await createTestApp({ demo: true });
  admin = await t.adminToken();
  owner = await clientWithBrand(t);
  stranger = await newClient(t);
});
afterAll(() => t.close());

type Role = 'anonymous' | 'owner' | 'stranger' | 'admin';
interface Target {
  campaignId: string;
  /** An approved order of `owner` without a campaign. */
  estimateId: string;
}
interface RouteCase {
  method: 'GET' | 'POST' | 'PATCH';
  url: (x: Target) => string;
  payload?: Record<string, unknown>;
  expect: Record<Exclude<Role, 'anonymous'>, number>;
  notFound?: string;
}

const ROUTES: RouteCase[] = [
  { method: 'GET', url: () => '/api/campaigns', expect: { owner: 200, stranger: 200, admin: 200 } },
  { method: 'GET', url: () => '/api/campaigns/stats/dashboard', expect: { owner: 200, stranger: 200, admin: 200 } },
  { method: 'GET', url: (x) => `/api/campaigns/${x.campaignId}`, expect: { owner: 200, stranger: 404, admin: 200 } },
  { method: 'GET', url: (x) => `/api/campaigns/${x.campaignId}/performance/realtime`, expect: { owner: 200, stranger: 404, admin: 200 } },
  { method: 'GET', url: (x) => `/api/campaigns/${x.campaignId}/performance/history?days=7`, expect: { owner: 200, stranger: 404, admin: 200 } },
  { method: 'PATCH', url: (x) => `/api/campaigns/${x.campaignId}/status`, payload: { status: 'paused' }, expect: { owner: 403, stranger: 403, admin: 200 } },
  { method: 'POST', url: (x) => `/api/campaigns/${x.campaignId}/simulate-impression`, expect: { owner: 403, stranger: 403, admin: 200 } },
  { method: 'POST', url: (x) => `/api/campaigns/from-estimate/${x.estimateId}`, expect: { owner: 403, stranger: 403, admin: 201 } },
];

/**
 * A fresh active campaign and a fresh approved order of `owner` for each route. Its roles are tried in
 * turn with the admin last: the refused calls change nothing, so the admin's call (the one that may)
 * finds the target as it was made.
 */
const target = async (): Promise<Target> => {
  const { campaignId } = await orderWithCampaign(t, 'active', { owner });
  const { order } = await submittedOrder(t, { owner });
  await setOrderStatus(t, order.id, 'approved');
  return { campaignId, estimateId: order.id };
};

describe('permissions over every campaigns route', () => {
  it('covers every route the module registers', () => {
    const registered = t.app.routeCatalog.filter((r) => r.url.startsWith('/api/campaigns')).map((r) => `${r.method} ${r.url} ${r.access}`);
    expect(registered.sort()).toEqual(
      [
        'GET /api/campaigns user',
        'GET /api/campaigns/stats/dashboard user',
        'GET /api/campaigns/:id user',
        'GET /api/campaigns/:id/performance/realtime user',
        'GET /api/campaigns/:id/performance/history user',
        'PATCH /api/campaigns/:id/status admin',
        'POST /api/campaigns/:id/simulate-impression admin',
        'POST /api/campaigns/from-estimate/:estimateId admin',
      ].sort(),
    );
  });

  for (const route of ROUTES) {
    const name = route.url({ campaignId: ':id', estimateId: ':estimateId' });
    it(`${route.method} ${name}: anonymous 401, owner ${route.expect.owner}, other client ${route.expect.stranger}, admin ${route.expect.admin}`, async () => {
      const tokens: Record<Role, string | undefined> = { anonymous: undefined, owner: owner.token, stranger: stranger.token, admin };
      const x = await target();
      for (const role of ['anonymous', 'stranger', 'owner', 'admin'] as const) {
        const res = await t.inject({ method: route.method, url: route.url(x), token: tokens[role], ...(route.payload && { payload: route.payload }) });
        const expected = role === 'anonymous' ? 401 : route.expect[role];
        expect(res.statusCode, `${role}: ${res.body}`).toBe(expected);
        if (expected >= 400) expect(Object.keys(res.json()), role).toEqual(['error']);
        if (role === 'anonymous') expect(res.json()).toEqual({ error: 'Authentication required' });
        if (expected === 404) expect(res.json()).toEqual({ error: 'Campaign not found' });
        if (expected === 403) expect(res.json()).toEqual({ error: 'Admin access required' });
      }
    });
  }

  it("never lists or counts another client's campaigns", async () => {
    const { campaignId } = await orderWithCampaign(t, 'active', { owner });
    const list = (await t.inject({ method: 'GET', url: '/api/campaigns', token: stranger.token })).json();
    expect(list).toEqual([]);
    const byBrand = (await t.inject({ method: 'GET', url: `/api/campaigns?brand_id=${owner.brand.id}`, token: stranger.token })).json();
    expect(byBrand).toEqual([]);
    const stats = (await t.inject({ method: 'GET', url: '/api/campaigns/stats/dashboard', token: stranger.token })).json();
    expect(stats).toEqual({ total_campaigns: 0, active_campaigns: 0, total_impressions: 0, total_spend: 0, active_budget: 0, average_cpm: 0 });
    const mine = (await t.inject({ method: 'GET', url: '/api/campaigns', token: owner.token })).json();
    expect(mine.map((c: { campaign_id: string }) => c.campaign_id)).toContain(campaignId);
  });
});

describe('hostile input answers 4xx with { error }, never 500', () => {
  it('answers 404 for injection-shaped and unknown ids', async () => {
    const ids = ["1' OR '1'='1", '1;DROP TABLE campaigns', '%00', MISSING_ID, '../estimates'];
    for (const id of ids) {
      for (const [method, suffix] of [
        ['GET', ''],
        ['GET', '/performance/realtime'],
        ['GET', '/performance/history'],
        ['POST', '/simulate-impression'],
      ] as const) {
        const res = await t.inject({ method, url: `/api/campaigns/${encodeURIComponent(id)}${suffix}`, token: admin });
        expect(res.statusCode, `${method} ${id}${suffix}`).toBe(404);
        expect(res.json()).toEqual({ error: 'Campaign not found' });
      }
      const status = await t.inject({ method: 'PATCH', url: `/api/campaigns/${encodeURIComponent(id)}/status`, token: admin, payload: { status: 'paused' } });
      expect(status.statusCode, id).toBe(404);
      expect(status.json()).toEqual({ error: 'Campaign not found' });
      const from = await t.inject({ method: 'POST', url: `/api/campaigns/from-estimate/${encodeURIComponent(id)}`, token: admin });
      expect(from.statusCode, id).toBe(404);
      expect(from.json()).toEqual({ error: 'Estimate not found' });
    }
    const long = await t.inject({ method: 'GET', url: `/api/campaigns/${'9'.repeat(5000)}`, token: admin });
    expect(long.statusCode).toBeGreaterThanOrEqual(400);
    expect(long.statusCode).toBeLessThan(500);
    expect(Object.keys(long.json())).toEqual(['error']);
  });

  it('refuses bad status bodies with 400', async () => {
    const { campaignId } = await orderWithCampaign(t, 'active', { owner });
    for (const payload of [{ status: 'completed' }, { status: 'cancelled' }, {}, { status: ['paused'] }, { status: { toString: 'paused' } }]) {
      const res = await t.inject({ method: 'PATCH', url: `/api/campaigns/${campaignId}/status`, token: admin, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ error: 'Status must be paused or active', field: 'status' });
    }
    const none = await t.inject({ method: 'PATCH', url: `/api/campaigns/${campaignId}/status`, token: admin });
    expect(none.statusCode).toBe(400);
    expect(Object.keys(none.json())).toEqual(['error']);
  });
});
