/**
 * Every route, as an administrator and as a client, fed hostile input: wrong types, unknown
 * fields, huge values, odd ids and query strings, and a NUL character in every string field of every
 * documented JSON body. Nothing may answer 500, and every refusal is JSON `{ error }`. (A 500 is a
 * bug; see DESIGN.md.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { clientWithBrand, submittedOrder } from '../support/ordering-fixtures';

let t: TestApp;
let adminToken: string;
let clientToken: string;
/** Real ids of this test's data, so that routes get past "not found" into their validation. */
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.adminToken();
  const { owner, order } = await submittedOrder(t, { name: 'Hostile target' });
  clientToken = owner.token;
  const other = await clientWithBrand(t);
  ids = { estimate: order.id, brand: owner.brand.id, media: owner.media.id, card: owner.card.id, user: other.client.id, other: other.brand.id };
});
afterAll(() => t.close());

const BODIES: unknown[] = [
  null,
  [],
  'text',
  12,
  true,
  {},
  { unknown_field: 'x', __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } },
  { status: ['approved'], notes: { nested: true }, total_spend: 'lots', start_date: '2026-02-30', estimate_name: 'x'.repeat(100_000) },
  { total_spend: 1e308, spots_per_occurrence: -1, user_defined_cpm: Number.MAX_SAFE_INTEGER * 10, exp_month: 13, exp_year: 1e9, percentage_off: 'NaN' },
  { email: 'a@b', password: ['x'], token: 'x'.repeat(10_000), recipient_email: 12, notification_type: '../../etc/passwd', is_active: 'yes' },
  { daypart_id: 'not-a-uuid', brand_id: "' or 1=1 --", media_asset_id: '00000000-0000-0000-0000-000000000000', selectedDayparts: [{ id: null }, 'x', 5] },
  { code: '<script>alert(1)</script>', valid_from: '9999-99-99', valid_until: 'yesterday', restricted_to_daypart_ids: 'all', usage_limit: 0.5 },
  // Control characters, tiny and negative numbers, numbers as strings.
  {
    estimate_name: 'a\u0001\u001fb\u007f',
    notes: 'bell\u0007',
    amount: 1e-9,
    actual_spend: 'NaN',
    actual_impressions: -1,
    total_spend: '1e308',
    air_date: '2027-02-29',
  },
];
/** Sent raw: deep nesting and a body over the 1 MB limit. */
const RAW_BODIES = ['['.repeat(5_000) + ']'.repeat(5_000), JSON.stringify({ estimate_name: 'x'.repeat(1_100_000) })];
const QUERIES = [
  '',
  '?status=nope&exclude_status[]=x&limit=-1&offset=abc',
  '?start_date=2026-13-45&end_date=x&type=../../x&brand_id=%00',
  `?search=${'%25'.repeat(300)}&active_only=maybe&timeframe=1e999`,
  // LIKE metacharacters and an escape, control characters, a number that is not one.
  '?search=%25_%5C%5C&page=1e-9&limit=NaN&from=%01&to=2027-02-30',
];

/** The id a path parameter most likely wants, by the route's first segment. */
const idFor = (url: string, param: string) => {
  if (/estimate/i.test(param)) return ids.estimate!;
  if (/item/i.test(param)) return '00000000-0000-4000-8000-000000000000';
  const area = url.split('/')[2];
  const byArea: Record<string, string | undefined> = {
    brands: ids.brand,
    estimates: ids.estimate,
    media: ids.media,
    'payment-methods': ids.card,
    users: ids.user,
  };
  return byArea[area ?? ''] ?? '00000000-0000-4000-8000-000000000000';
};
const urlsFor = (url: string) => {
  const withIds = url.replace(/:([A-Za-z]+)/g, (_, p: string) => idFor(url, p));
  const odd = url.replace(/:[A-Za-z]+/g, encodeURIComponent("x'; drop table users; --"));
  const huge = url.replace(/:[A-Za-z]+/g, 'a'.repeat(900));
  return url.includes(':') ? [withIds, odd, huge] : [withIds];
};

const routes = () =>
  t.app.routeCatalog.filter(
    (r) =>
      r.url.startsWith('/api/') &&
      !r.url.startsWith('/api/docs') &&
      // Long-lived or multipart routes are covered by their own tests.
      !r.url.includes('upload') &&
      r.url !== '/api/auth/logout' &&
      !(r.method === 'DELETE' && r.url === '/api/users/:id'),
  );

describe('hostile input on every route', () => {
  for (const who of ['admin', 'client'] as const) {
    it(`never answers 500 and always refuses with { error }, as ${who}`, async () => {
      const token = who === 'admin' ? adminToken : clientToken;
      const failures: string[] = [];
      for (const route of routes()) {
        for (const url of urlsFor(route.url)) {
          const requests =
            route.method === 'GET' || route.method === 'DELETE'
              ? QUERIES.map((q) => ({ url: url + q, payload: undefined, type: 'application/json' }))
              : [
                  ...BODIES.map((payload) => ({ url, payload: JSON.stringify(payload), type: 'application/json' })),
                  ...RAW_BODIES.map((payload) => ({ url, payload, type: 'application/json' })),
                  // Wrong content types.
                  { url, payload: '<x/>', type: 'application/xml' },
                  { url, payload: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
                ];
          for (const request of requests) {
            const res = await t.inject({
              method: route.method as 'POST',
              url: request.url,
              token,
              ...(request.payload === undefined ? {} : { payload: request.payload, headers: { 'content-type': request.type } }),
            });
            const label = `${route.method} ${request.url.slice(0, 120)} ${JSON.stringify(request.payload)?.slice(0, 120)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
            if (res.statusCode >= 500) failures.push(label);
            else if (res.statusCode >= 400 && !(String(res.headers['content-type'] ?? '').includes('json') && typeof res.json().error === 'string'))
              failures.push(label);
          }
        }
      }
      expect(failures).toEqual([]);
      // Every route × every hostile value: thousands of calls.
    }, 180_000);
  }

  it('refuses a NUL character in every string field of every JSON body with 400 { error }, never 5xx', async () => {
    type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[] };
    type Operation = { requestBody?: { content?: Record<string, { schema?: Schema }> } };
    const NUL = 'a\u0000b';
    const types = (schema: Schema) => [schema.type ?? []].flat();
    /** A value of this schema with "a\u0000b" in every string it can hold; undefined when it holds none. */
    const poisoned = (schema: Schema, depth = 0): unknown => {
      if (depth > 6) return undefined;
      const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
      if (branches.length > 0) {
        const merged: Schema = { type: 'object', properties: Object.assign({}, ...branches.map((b) => b.properties ?? {})) };
        const fromObject = Object.keys(merged.properties!).length > 0 ? poisoned(merged, depth + 1) : undefined;
        return fromObject ?? branches.map((b) => poisoned(b, depth + 1)).find((v) => v !== undefined);
      }
      if (schema.properties) {
        const entries = Object.entries(schema.properties).flatMap(([key, field]) => {
          const value = poisoned(field, depth + 1);
          return value === undefined ? [] : [[key, value] as const];
        });
        return entries.length > 0 ? Object.fromEntries(entries) : undefined;
      }
      if (types(schema).includes('string')) return NUL;
      if (types(schema).includes('array') && schema.items) {
        const item = poisoned(schema.items, depth + 1);
        return item === undefined ? undefined : [item];
      }
      return undefined;
    };
    const doc = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
    const failures: string[] = [];
    let walked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/') || path.includes('upload') || path === '/api/auth/logout') continue;
      for (const [method, operation] of Object.entries(operations)) {
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        const body = schema && poisoned(schema);
        if (body === undefined) continue;
        const url = urlsFor(path.replace(/\{(\w+)\}/g, ':$1'))[0]!;
        for (const token of [adminToken, clientToken]) {
          walked += 1;
          const res = await t.inject({ method: method.toUpperCase() as 'POST', url, token, payload: body as Record<string, unknown> });
          const label = `${method.toUpperCase()} ${url} ${JSON.stringify(body).slice(0, 160)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          const json = String(res.headers['content-type'] ?? '').includes('json') ? (res.json() as { error?: unknown }) : {};
          if (res.statusCode >= 500 || res.statusCode < 400 || typeof json.error !== 'string') failures.push(label);
          else if (token === adminToken && (res.statusCode !== 400 || !String(json.error).endsWith('must not contain the NUL character (\\u0000)')))
            failures.push(label);
        }
      }
    }
    expect(failures).toEqual([]);
    // Every route that documents a JSON body with a string in it (about 40).
    expect(walked).toBeGreaterThan(40);
  });

  it('leaves no trace of prototype pollution', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
