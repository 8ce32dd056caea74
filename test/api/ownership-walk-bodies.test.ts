/**
 * "Another client's object", in request bodies and query strings: every signed-in route whose
 * JSON body or query string takes an id (found from the OpenAPI document by the field's name, so a
 * new field or route is walked too) is called by a stranger with the owner's id in that field, and
 * everything else the stranger's own. The answer is a 4xx with an { error } (a list filter may
 * instead pass, with nothing of the owner's), the same answer as for an id that does not exist,
 * never the owner's object; the owner's data is unchanged afterwards. Each refused call is replayed
 * with the stranger's own id, which must pass, so that the refusal is about whose object it is and
 * not about a body that was never valid. The multipart upload (whose fields the schema cannot show),
 * a stranger's order with the owner's item, and id filters a list does not declare are walked too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { campaignOfOrder, setOrderStatus } from '../support/campaign-fixtures';
import { multipart } from '../support/media-fixtures';
import { MISSING_ID, addItem, clientWithBrand, createCoupon, createOrder, submittedOrder } from '../support/ordering-fixtures';
import { ownerWithOrders } from '../support/ownership-fixtures';
import { clockNow } from '../support/clock';

type Kind = 'brand' | 'media' | 'card' | 'order' | 'item' | 'campaign' | 'user' | 'invoice';
type Ids = Record<Kind, string>;

let t: TestApp;
let owner: Awaited<ReturnType<typeof clientWithBrand>>;
let stranger: Awaited<ReturnType<typeof clientWithBrand>>;
let mine: Ids & { booked: string };
let theirs: Ids;
let coupon: string;

beforeAll(async () => {
  t = await createTestApp();
  // The invoice is there for any route that comes to take an invoice id.
  const { owner: made, daypart, booked, campaignId, draft, itemId, invoice } = await ownerWithOrders(t);
  owner = made;
  mine = {
    brand: owner.brand.id,
    media: owner.media.id,
    card: owner.card.id,
    order: draft.id,
    item: itemId,
    campaign: campaignId,
    user: owner.id,
    invoice: invoice.id,
    booked: booked.id,
  };
  // The stranger has one of everything too, so that only the field under test is someone else's.
  stranger = await clientWithBrand(t);
  // Drafts stand for "an order" (an open one accepts changes); the booked orders give the campaigns.
  const strangerOrder = await submittedOrder(t, { owner: stranger, name: 'Stranger booked', daypartId: daypart.id, spots: 1 });
  await setOrderStatus(t, strangerOrder.order.id, 'scheduled');
  const strangerDraft = await createOrder(t, stranger.token, { estimate_name: 'Stranger draft', brand_id: stranger.brand.id });
  const strangerItem = await addItem(t, stranger.token, strangerDraft.id, { daypart_id: daypart.id, spots_per_occurrence: 1 });
  theirs = {
    brand: stranger.brand.id,
    media: stranger.media.id,
    card: stranger.card.id,
    order: strangerDraft.id,
    item: (strangerItem.item ?? strangerItem).id,
    campaign: (await campaignOfOrder(t, stranger.token, strangerOrder.order.id))!.campaign_id,
    user: stranger.id,
    invoice: MISSING_ID,
  };
  coupon = (await createCoupon(t.database.db)).id;
});
afterAll(() => t.close());

/** Which kind of owned object a body or query field names; `shared` for the station's own things (rate card, coupons), open to every client. */
const kindOf = (field: string): Kind | 'shared' | undefined => {
  const name = field.replace(/^.*\./, '').replace(/s$/, '');
  // Channels are the station's, listed to everyone signed in (decision 053); so is its program schedule (decision 060).
  if (/(^|_)daypart_id$|(^|_)coupon_id$|(^|_)channel_id$|(^|_)program_id$/.test(name)) return 'shared';
  if (/(^|_)brand_id$/.test(name)) return 'brand';
  if (/(^|_)media(_asset)?_id$/.test(name)) return 'media';
  if (/(^|_)(payment_method|card)_id$/.test(name)) return 'card';
  if (/(^|_)(estimate|order)_id$/.test(name)) return 'order';
  if (/(^|_)(estimate_)?item_id$/.test(name)) return 'item';
  if (/(^|_)campaign_id$/.test(name)) return 'campaign';
  if (/(^|_)(user|owner|customer|client|account)_id$/.test(name)) return 'user';
  if (/(^|_)invoice_id$/.test(name)) return 'invoice';
  return undefined;
};
// An Ad-ID is the commercial's industry code (issue 27), not an object's id.
const isIdField = (field: string) => /(^|_)ids?$/.test(field.replace(/^.*\./, '')) && field.replace(/^.*\./, '') !== 'ad_id';

/** A body that passes validation for the stranger with their own ids; the field under test is then set on it. */
const BODIES: Record<string, () => Record<string, unknown>> = {
  'POST /api/estimates': () => ({ estimate_name: 'Stranger order', brand_id: theirs.brand }),
  'POST /api/payment-methods': () => ({ brand_id: theirs.brand, brand: 'visa', last4: '4242', exp_month: 12, exp_year: clockNow().getUTCFullYear() + 3 }),
  'POST /api/coupons/:id/use': () => ({ estimate_id: theirs.order, original_amount: 100 }),
};

/**
 * Uploads take a multipart file the walk cannot send: their id fields are checked to refuse the owner's id as
 * they refuse a missing one, but not to accept the stranger's own (the upload's own tests do).
 */
const MULTIPART = new Set(['POST /api/estimates/import']);

/** The stranger's own object for a path parameter, so that only the field under test is the owner's. */
const pathId = (url: string, param: string) => {
  if (url.startsWith('/api/coupons/')) return coupon;
  if (url.startsWith('/api/estimates/') || url.startsWith('/api/estimate-items/')) return param === 'itemId' ? theirs.item : theirs.order;
  if (url.startsWith('/api/brands/')) return theirs.brand;
  if (url.startsWith('/api/media/')) return theirs.media;
  if (url.startsWith('/api/payment-methods/')) return theirs.card;
  if (url.startsWith('/api/campaigns/')) return theirs.campaign;
  return undefined;
};

interface Probe {
  method: string;
  url: string;
  where: 'body' | 'query';
  field: string;
  kind: Kind;
}

type Schema = { properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[] };
/** Every property of a JSON schema, nested ones as `a.b`, and `a[].b` inside an array of objects. */
const fieldsOf = (schema: Schema | undefined, prefix = ''): string[] => {
  if (!schema) return [];
  const nested = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap((s) => fieldsOf(s, prefix));
  const inner = (name: string, s: Schema) => (s.items ? fieldsOf(s.items, `${prefix}${name}[].`) : fieldsOf(s, `${prefix}${name}.`));
  return [...Object.entries(schema.properties ?? {}).flatMap(([name, s]) => [`${prefix}${name}`, ...inner(name, s)]), ...nested];
};

type Operation = { parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };
/** Every (route, field) of the signed-in API whose body or query field is an id of something a client owns. */
const probes = async (unknown: string[]) => {
  const doc = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
  const found: Probe[] = [];
  for (const route of t.app.routeCatalog.filter((r) => r.access === 'user' && r.url.startsWith('/api/'))) {
    const op = doc.paths[route.url.replace(/:([A-Za-z]+)/g, '{$1}')]?.[route.method.toLowerCase()];
    if (!op) continue;
    const fields = [
      ...(op.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ where: 'query' as const, field: p.name })),
      ...fieldsOf(op.requestBody?.content?.['application/json']?.schema).map((field) => ({ where: 'body' as const, field })),
    ];
    for (const { where, field } of fields.filter((f) => isIdField(f.field))) {
      const kind = kindOf(field);
      if (kind === undefined) unknown.push(`${route.method} ${route.url} ${where} ${field}: which object is this? (add it to kindOf)`);
      else if (kind !== 'shared') found.push({ method: route.method, url: route.url, where, field, kind });
    }
  }
  return found;
};

/** The request for a probe, with `id` in the field under test (an array field gets a one-element array). */
const request = (probe: Probe, id: string) => {
  const key = `${probe.method} ${probe.url}`;
  const url = probe.url.replace(/:([A-Za-z]+)/g, (_, param: string) => pathId(probe.url, param) ?? 'missing');
  const value = /_ids$/.test(probe.field) ? [id] : id;
  if (probe.where === 'query') return { method: probe.method as 'GET', url, query: { [probe.field]: id } };
  const body = BODIES[key]?.() ?? {};
  // Down to the field: `a.b` sets b inside object a, `a[].b` inside the first element of array a.
  const path = probe.field.split('.');
  let target: Record<string, unknown> = body;
  for (const part of path.slice(0, -1)) {
    const name = part.replace(/\[\]$/, '');
    if (part.endsWith('[]')) target = ((target[name] ??= [{}]) as Record<string, unknown>[])[0]!;
    else target = (target[name] ??= {}) as Record<string, unknown>;
  }
  target[path.at(-1)!] = value;
  return { method: probe.method as 'POST', url, payload: body };
};

/** Any of the owner's ids in a reply. */
const ownersIdsIn = (body: string) =>
  Object.entries(mine)
    .filter(([, id]) => body.includes(id))
    .map(([kind]) => kind);

describe("another client's objects in bodies and query strings", () => {
  it('are never read or attached through any signed-in route that takes an id in its body or query', async () => {
    const before = await snapshot();
    const leaks: string[] = [];
    const found = await probes(leaks);
    // brand_id, media_asset_id, payment_method_id on orders; brand_id on cards; estimate_id on coupon uses; the list filters.
    expect(found.length).toBeGreaterThanOrEqual(8);
    const walked = new Set<string>();
    for (const probe of found) {
      const name = `${probe.method} ${probe.url} ${probe.where} ${probe.field}`;
      walked.add(name);
      const res = await t.inject({ ...request(probe, mine[probe.kind]), token: stranger.token });
      // The owner's object must look to the stranger exactly like one that does not exist.
      const missing = await t.inject({ ...request(probe, MISSING_ID), token: stranger.token });
      const seen = ownersIdsIn(res.body);
      if (seen.length > 0) leaks.push(`${name} → ${res.statusCode} shows the owner's ${seen.join(', ')}`);
      else if (res.statusCode >= 200 && res.statusCode < 300) {
        // Only a list filter may pass, answering as it does for an id that does not exist.
        if (probe.method !== 'GET' || missing.statusCode !== res.statusCode || missing.body !== res.body)
          leaks.push(`${name} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      } else if (![400, 403, 404, 409].includes(res.statusCode)) leaks.push(`${name} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      else if (typeof res.json().error !== 'string') leaks.push(`${name} → ${res.statusCode} without { error }`);
      else if (missing.statusCode !== res.statusCode || missing.body !== res.body)
        leaks.push(`${name} → ${res.statusCode} ${res.body} but a missing id → ${missing.statusCode} ${missing.body}`);
      else if (!MULTIPART.has(`${probe.method} ${probe.url}`)) {
        const own = await t.inject({ ...request(probe, theirs[probe.kind]), token: stranger.token });
        if (own.statusCode >= 300)
          leaks.push(
            `${name}: refused (${res.statusCode}) but the stranger's own id is refused too (${own.statusCode} ${own.body.slice(0, 120)}); fix the body in BODIES`,
          );
      }
    }
    expect(leaks).toEqual([]);
    expect(walked).toContain('PUT /api/estimates/:id body media_asset_id');
    expect(walked).toContain('POST /api/payment-methods body brand_id');
    expect(await snapshot()).toEqual(before);
  });

  it('are never attached through the multipart upload (its fields are not in the OpenAPI schema)', async () => {
    const before = await snapshot();
    const file = { name: 'file', filename: 'spot.mp4', type: 'video/mp4', data: Buffer.from('not really a video') };
    const cases = [
      { what: "the owner's brand", parts: (id: string) => [{ name: 'brand_id', value: id }, file] },
      { what: "the owner's brand, after the file", parts: (id: string) => [file, { name: 'brand_id', value: id }] },
      {
        what: "the stranger's brand and the owner's order",
        parts: (id: string) => [{ name: 'brand_id', value: theirs.brand }, { name: 'estimate_id', value: id }, file],
      },
    ];
    for (const { what, parts } of cases) {
      const upload = (id: string) => t.inject({ method: 'POST', url: '/api/media/upload', token: stranger.token, ...multipart(parts(id)) });
      const res = await upload(what.includes("owner's order") ? mine.order : mine.brand);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(404);
      expect(res.json().error, what).toMatch(/not found/i);
      expect(res.body, what).toBe((await upload(MISSING_ID)).body);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("are never reached through the stranger's own order with the owner's item id", async () => {
    const before = await snapshot();
    for (const [method, payload] of [
      ['PUT', { spots_per_occurrence: 3 }],
      ['DELETE', undefined],
    ] as const) {
      const call = (itemId: string) =>
        t.inject({ method, url: `/api/estimate-items/${theirs.order}/${itemId}`, token: stranger.token, ...(payload && { payload }) });
      const res = await call(mine.item);
      expect(res.statusCode, `${method}: ${res.body}`).toBe(404);
      expect(res.body, method).toBe((await call(MISSING_ID)).body);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('are never read through an id filter a list route does not declare: it is ignored', async () => {
    // A Proposal says when it was sent, to the second: two requests may fall either side of one.
    const unstamped = (body: string) => body.replace(/sendDateTime="[^"]*"/g, 'sendDateTime=""');
    const doc = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
    const lists = t.app.routeCatalog.filter((r) => r.access === 'user' && r.method === 'GET' && r.url.startsWith('/api/') && !r.url.includes('/:'));
    expect(lists.length).toBeGreaterThanOrEqual(10);
    const filters = {
      owner_id: mine.user,
      user_id: mine.user,
      customer_id: mine.user,
      client_id: mine.user,
      brand_id: mine.brand,
      estimate_id: mine.order,
      campaign_id: mine.campaign,
      media_asset_id: mine.media,
      payment_method_id: mine.card,
      invoice_id: mine.invoice,
    };
    const leaks: string[] = [];
    for (const route of lists) {
      // The declared ones are walked above; the rest must change nothing.
      const declared = new Set((doc.paths[route.url]?.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name));
      const query = Object.fromEntries(Object.entries(filters).filter(([name]) => !declared.has(name)));
      const plain = await t.inject({ method: 'GET', url: route.url, token: stranger.token });
      const res = await t.inject({ method: 'GET', url: route.url, query, token: stranger.token });
      const seen = ownersIdsIn(res.body);
      if (seen.length > 0) leaks.push(`GET ${route.url} → ${res.statusCode} shows the owner's ${seen.join(', ')}`);
      else if (res.statusCode !== plain.statusCode || unstamped(res.body) !== unstamped(plain.body))
        leaks.push(`GET ${route.url} → ${res.statusCode} ${res.body.slice(0, 120)}, without the filters → ${plain.statusCode} ${plain.body.slice(0, 120)}`);
    }
    expect(leaks).toEqual([]);
  });
});

/** What the owner sees of their own things. */
const snapshot = async () => {
  const get = async (url: string) => {
    const res = await t.inject({ method: 'GET', url, token: owner.token });
    expect(res.statusCode, url).toBe(200);
    return res.json();
  };
  const urls = [
    '/api/estimates',
    `/api/estimates/${mine.order}`,
    `/api/estimate-items/${mine.order}`,
    `/api/estimates/${mine.booked}`,
    '/api/brands',
    '/api/payment-methods',
    '/api/media',
    '/api/campaigns',
    `/api/campaigns/${mine.campaign}`,
    '/api/my/invoices',
  ];
  return Object.fromEntries(await Promise.all(urls.map(async (url) => [url, await get(url)] as const)));
};
