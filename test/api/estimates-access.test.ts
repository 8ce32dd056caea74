import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import {
  MISSING_ID,
  clientWithBrand,
  createDaypart,
  createOrder,
  newClient,
  putOrder,
  readyOrder,
  submittedOrder,
  type Client,
} from '../support/ordering-fixtures';

let t: TestApp;
let admin: string;
let owner: Awaited<ReturnType<typeof clientWithBrand>>;
let stranger: Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  owner = await clientWithBrand(t);
  stranger = await newClient(t);
});
afterAll(() => t.close());

type Role = 'anonymous' | 'owner' | 'stranger' | 'admin';
interface Target {
  orderId: string;
  itemId: string;
  daypartId: string;
}
interface RouteCase {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (x: Target) => string;
  payload?: (x: Target) => Record<string, unknown>;
  /** A submitted order instead of a draft (the review routes). */
  submitted?: boolean;
  /** The 403's message when it is not the admin guard's. */
  forbidden?: string;
  expect: Record<Exclude<Role, 'anonymous'>, number>;
}

const ROUTES: RouteCase[] = [
  { name: 'list', method: 'GET', url: () => '/api/estimates', expect: { owner: 200, stranger: 200, admin: 200 } },
  { name: 'create', method: 'POST', url: () => '/api/estimates', payload: () => ({ estimate_name: 'New' }), expect: { owner: 201, stranger: 201, admin: 201 } },
  { name: 'stats', method: 'GET', url: () => '/api/estimates/stats/dashboard', expect: { owner: 200, stranger: 200, admin: 200 } },
  { name: 'pending', method: 'GET', url: () => '/api/estimates/pending', expect: { owner: 403, stranger: 403, admin: 200 } },
  { name: 'read', method: 'GET', url: (x) => `/api/estimates/${x.orderId}`, expect: { owner: 200, stranger: 404, admin: 200 } },
  {
    name: 'update',
    method: 'PUT',
    url: (x) => `/api/estimates/${x.orderId}`,
    payload: () => ({ notes: 'n' }),
    expect: { owner: 200, stranger: 404, admin: 200 },
  },
  {
    name: 'submit',
    method: 'PUT',
    url: (x) => `/api/estimates/${x.orderId}`,
    payload: () => ({ status: 'ordered' }),
    expect: { owner: 200, stranger: 404, admin: 200 },
  },
  { name: 'delete', method: 'DELETE', url: (x) => `/api/estimates/${x.orderId}`, expect: { owner: 200, stranger: 404, admin: 200 } },
  ...(['approve', 'reject', 'modify'] as const).map((action): RouteCase => ({
    name: action,
    method: 'PATCH',
    url: (x) => `/api/estimates/${x.orderId}/${action}`,
    payload: () => ({ notes: 'n' }),
    submitted: true,
    expect: { owner: 403, stranger: 403, admin: 200 },
  })),
  {
    name: 'withdraw',
    method: 'POST',
    url: (x) => `/api/estimates/${x.orderId}/withdraw`,
    submitted: true,
    forbidden: "Only the order's owner can withdraw it",
    expect: { owner: 200, stranger: 404, admin: 403 },
  },
  { name: 'spots', method: 'GET', url: (x) => `/api/estimates/${x.orderId}/spots`, expect: { owner: 200, stranger: 404, admin: 200 } },
  { name: 'timeline', method: 'GET', url: (x) => `/api/estimates/${x.orderId}/timeline`, expect: { owner: 200, stranger: 404, admin: 200 } },
  {
    name: 'billing mode',
    method: 'PUT',
    url: (x) => `/api/estimates/${x.orderId}/billing-mode`,
    payload: () => ({ billing_mode: 'monthly' }),
    expect: { owner: 403, stranger: 403, admin: 200 },
  },
  { name: 'affidavit', method: 'GET', url: (x) => `/api/estimates/${x.orderId}/affidavit?format=csv`, expect: { owner: 200, stranger: 404, admin: 200 } },
  ...(['audience', 'post-buy', 'post-buy.csv', 'post-buy.pdf', 'order.pdf', 'schedule', 'schedule/revisions'] as const).map((read): RouteCase => ({
    name: read,
    method: 'GET',
    url: (x) => `/api/estimates/${x.orderId}/${read}`,
    expect: { owner: 200, stranger: 404, admin: 200 },
  })),
  {
    // The order holds daypart items, no schedule: the owner and admins reach the rule (409), a stranger never the order.
    name: 'schedule revision',
    method: 'POST',
    url: (x) => `/api/estimates/${x.orderId}/schedule/revisions`,
    payload: () => ({ start_date: '2030-01-07', end_date: '2030-01-13', lines: [] }),
    submitted: true,
    expect: { owner: 409, stranger: 404, admin: 409 },
  },
  // Not a booked order under a guarantee: admins reach the rule (409); clients are refused by the guard.
  { name: 'ADUs', method: 'POST', url: (x) => `/api/estimates/${x.orderId}/adus`, expect: { owner: 403, stranger: 403, admin: 409 } },
  { name: 'items list', method: 'GET', url: (x) => `/api/estimate-items/${x.orderId}`, expect: { owner: 200, stranger: 404, admin: 200 } },
  {
    name: 'item add',
    method: 'POST',
    url: (x) => `/api/estimate-items/${x.orderId}`,
    payload: (x) => ({ daypart_id: x.daypartId }),
    expect: { owner: 201, stranger: 404, admin: 201 },
  },
  {
    name: 'items bulk',
    method: 'POST',
    url: (x) => `/api/estimate-items/${x.orderId}/bulk`,
    payload: (x) => ({ selectedDayparts: [{ daypart_id: x.daypartId }] }),
    expect: { owner: 200, stranger: 404, admin: 200 },
  },
  {
    name: 'item update',
    method: 'PUT',
    url: (x) => `/api/estimate-items/${x.orderId}/${x.itemId}`,
    payload: () => ({ spots_per_occurrence: 2 }),
    expect: { owner: 200, stranger: 404, admin: 200 },
  },
  { name: 'item delete', method: 'DELETE', url: (x) => `/api/estimate-items/${x.orderId}/${x.itemId}`, expect: { owner: 200, stranger: 404, admin: 200 } },
];

/** A fresh order of `owner` (ready to submit, one item) for each call, so that calls never depend on each other. */
const target = async (submitted = false): Promise<Target> => {
  const { order } = submitted ? await submittedOrder(t, { owner }) : await readyOrder(t, { owner });
  const daypart = await createDaypart(t.database.db);
  return { orderId: order.id, itemId: order.items[0].id, daypartId: daypart.id };
};

describe('permissions over every estimates and estimate-items route', () => {
  it('covers every route the two modules register', () => {
    const registered = t.app.routeCatalog.filter((r) => r.url.startsWith('/api/estimate')).map((r) => `${r.method} ${r.url}`);
    expect(registered.sort()).toEqual(
      [
        'GET /api/estimates',
        'POST /api/estimates',
        'GET /api/estimates/stats/dashboard',
        'GET /api/estimates/pending',
        'GET /api/estimates/:id',
        'PUT /api/estimates/:id',
        'DELETE /api/estimates/:id',
        'PATCH /api/estimates/:id/approve',
        'PATCH /api/estimates/:id/reject',
        'PATCH /api/estimates/:id/modify',
        'POST /api/estimates/:id/withdraw',
        'GET /api/estimates/:id/spots',
        'GET /api/estimates/:id/affidavit',
        'GET /api/estimates/:id/makegoods',
        'GET /api/estimates/:id/timeline',
        'GET /api/estimates/:id/audience',
        'GET /api/estimates/:id/post-buy',
        'GET /api/estimates/:id/post-buy.csv',
        'GET /api/estimates/:id/post-buy.pdf',
        'GET /api/estimates/:id/order.pdf',
        'GET /api/estimates/:id/schedule/revisions',
        'POST /api/estimates/:id/schedule/revisions',
        'PATCH /api/estimates/:id/schedule/revisions/:revisionId/approve',
        'PATCH /api/estimates/:id/schedule/revisions/:revisionId/reject',
        'POST /api/estimates/:id/adus',
        'GET /api/estimates/:id/schedule',
        'PUT /api/estimates/:id/schedule',
        'GET /api/estimates/:id/proposal.xml',
        'POST /api/estimates/import',
        'PUT /api/estimates/:id/billing-mode',
        'GET /api/estimate-items/:estimateId',
        'POST /api/estimate-items/:estimateId',
        'POST /api/estimate-items/:estimateId/bulk',
        'PUT /api/estimate-items/:estimateId/:itemId',
        'DELETE /api/estimate-items/:estimateId/:itemId',
      ].sort(),
    );
  });

  for (const route of ROUTES) {
    it(`${route.method} ${route.name}: anonymous 401, owner ${route.expect.owner}, other client ${route.expect.stranger}, admin ${route.expect.admin}`, async () => {
      const tokens: Record<Role, string | undefined> = { anonymous: undefined, owner: owner.token, stranger: stranger.token, admin };
      for (const role of ['anonymous', 'stranger', 'owner', 'admin'] as const) {
        const x = await target(route.submitted);
        const res = await t.inject({ method: route.method, url: route.url(x), token: tokens[role], ...(route.payload && { payload: route.payload(x) }) });
        const expected = role === 'anonymous' ? 401 : route.expect[role];
        expect(res.statusCode, `${role}: ${res.body}`).toBe(expected);
        if (expected >= 400) expect(Object.keys(res.json()), role).toEqual(['error']);
        if (role === 'anonymous') expect(res.json()).toEqual({ error: 'Authentication required' });
        if (expected === 404) expect(res.json()).toEqual({ error: 'Estimate not found' });
        if (expected === 403) expect(res.json()).toEqual({ error: route.forbidden ?? 'Admin access required' });
      }
    });
  }

  it("never shows another client's orders in lists or stats", async () => {
    const { order } = await readyOrder(t, { owner });
    const list = (await t.inject({ method: 'GET', url: '/api/estimates', token: stranger.token })).json();
    expect(list.map((o: { id: string }) => o.id)).not.toContain(order.id);
    expect(list.every((o: { owner_id: string }) => o.owner_id === stranger.id)).toBe(true);
    const searched = (await t.inject({ method: 'GET', url: `/api/estimates?search=${encodeURIComponent(owner.email)}`, token: stranger.token })).json();
    expect(searched).toEqual([]);
    const byBrand = (await t.inject({ method: 'GET', url: `/api/estimates?brand_id=${owner.brand.id}`, token: stranger.token })).json();
    expect(byBrand).toEqual([]);
  });
});

describe('hostile input answers 4xx with { error }, never 500', () => {
  it('refuses huge strings and wrong types in bodies', async () => {
    const order = await createOrder(t, owner.token);
    const cases: [Record<string, unknown>, string][] = [
      [{ estimate_name: 'x'.repeat(10_000) }, 'Order name must be at most 200 characters'],
      [{ estimate_name: 123 }, 'Order name must be text'],
      [{ notes: 'n'.repeat(2001) }, 'Notes must be at most 2000 characters'],
      [{ notes: ['a'] }, 'Notes must be text'],
      [{ brand_id: 5 }, 'Brand not found'],
      [{ brand_id: "'; DROP TABLE estimates; --" }, 'Brand not found'],
      [{ media_asset_id: '../../etc/passwd' }, 'Media asset not found'],
      [{ payment_method_id: { $ne: null } }, 'Payment method not found'],
      [{ total_spend: [] }, 'Total budget must be a number'],
      [{ total_spend: '1e400' }, 'Total budget must be a number'],
      [{ total_spend: Number.MAX_SAFE_INTEGER * 10 }, 'Total budget is too large'],
      [{ start_date: '9999-99-99' }, 'Start date must be a date (YYYY-MM-DD)'],
      [{ start_date: '275760-09-13' }, 'Start date must be a date (YYYY-MM-DD)'],
      [{ start_date: '1900-01-01' }, 'Start date is out of range'],
      [{ status: { toString: 'ordered' } }, 'Unknown order status'],
      [{ coupon_code: 'C'.repeat(51) }, 'Coupon code must be at most 50 characters'],
    ];
    for (const [payload, error] of cases) {
      const res = await putOrder(t, owner.token, order.id, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual({ error, field: Object.keys(payload)[0] });
    }
  });

  it('answers 404 for injection-shaped and unknown ids in paths', async () => {
    const { order } = await readyOrder(t, { owner });
    const urls = [
      "/api/estimates/1' OR '1'='1",
      '/api/estimates/1;DROP TABLE estimates',
      `/api/estimates/${MISSING_ID}`,
      '/api/estimate-items/%00',
      `/api/estimate-items/${MISSING_ID}`,
    ];
    for (const url of urls) {
      const res = await t.inject({ method: 'GET', url, token: owner.token });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: 'Estimate not found' });
    }
    // Ids longer than any route parameter never reach the handler: still a client error with { error }.
    for (const url of [`/api/estimates/${'9'.repeat(150)}`, `/api/estimates/${'9'.repeat(5000)}`]) {
      const res = await t.inject({ method: 'GET', url, token: owner.token });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      // The message, and the parameter it is about (decision 043).
      expect(['error', 'field']).toEqual(expect.arrayContaining(Object.keys(res.json())));
      expect(res.json().error).toEqual(expect.any(String));
    }
    for (const itemId of ["x' OR 1=1 --", MISSING_ID]) {
      const res = await t.inject({ method: 'DELETE', url: `/api/estimate-items/${order.id}/${encodeURIComponent(itemId)}`, token: owner.token });
      expect(res.statusCode, itemId).toBe(404);
      expect(res.json()).toEqual({ error: 'Item not found' });
    }
  });

  it('treats query strings as data', async () => {
    const search = await t.inject({ method: 'GET', url: `/api/estimates?search=${encodeURIComponent("' OR 1=1 --")}`, token: owner.token });
    expect(search.statusCode).toBe(200);
    expect(search.json()).toEqual([]);
    for (const qs of [
      'limit=99999999999999999999',
      'offset=-1',
      'limit=1.5',
      `search=${'s'.repeat(201)}`,
      'status=draft&status=ordered',
      'exclude_status=draft&exclude_status=x',
    ]) {
      const res = await t.inject({ method: 'GET', url: `/api/estimates?${qs}`, token: owner.token });
      expect(res.statusCode, qs).toBe(400);
      // The message, and the parameter it is about (decision 043).
      expect(['error', 'field']).toEqual(expect.arrayContaining(Object.keys(res.json())));
      expect(res.json().error).toEqual(expect.any(String));
    }
  });

  it('refuses malformed and non-object bodies', async () => {
    const order = await createOrder(t, owner.token);
    const malformed = await t.inject({
      method: 'PUT',
      url: `/api/estimates/${order.id}`,
      token: owner.token,
      headers: { 'content-type': 'application/json' },
      payload: '{"notes":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: 'Malformed JSON in request body' });
    for (const payload of ['"text"', '[1,2]', '42']) {
      const res = await t.inject({
        method: 'PUT',
        url: `/api/estimates/${order.id}`,
        token: owner.token,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      // The message, and the parameter it is about (decision 043).
      expect(['error', 'field']).toEqual(expect.arrayContaining(Object.keys(res.json())));
      expect(res.json().error).toEqual(expect.any(String));
    }
    const proto = await t.inject({
      method: 'PUT',
      url: `/api/estimates/${order.id}`,
      token: owner.token,
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"status":"approved"},"notes":"ok"}',
    });
    expect(proto.statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: `/api/estimates/${order.id}`, token: owner.token })).json().status).toBe('draft');
  });

  it('keeps odd but valid text as it is', async () => {
    const name = `Ünïcødé 🚀 <script>alert(1)</script> ' OR 1=1 --`;
    const order = await createOrder(t, owner.token, { estimate_name: name, notes: 'line\nbreak' });
    expect(order).toMatchObject({ estimate_name: name, notes: 'line\nbreak' });
    const found = (await t.inject({ method: 'GET', url: `/api/estimates?search=${encodeURIComponent('🚀')}`, token: owner.token })).json();
    expect(found.map((o: { id: string }) => o.id)).toContain(order.id);
  });
});
