import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import {
  MISSING_ID,
  addItem,
  clientWithBrand,
  createBrand,
  createMediaAsset,
  createOrder,
  createPaymentMethod,
  dateIn,
  daypartByName,
  getOrder,
  newClient,
  putOrder,
  readyOrder,
  submittedOrder,
} from '../support/ordering-fixtures';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const ESTIMATE_FIELDS = [
  'id',
  'channel_id',
  'estimate_name',
  'status',
  'brand_id',
  'brand_name',
  'start_date',
  'end_date',
  'total_spend',
  'total_estimated_cost',
  'total_amount',
  'discount_amount',
  'coupon_code',
  'owner_id',
  'owner_name',
  'owner_first_name',
  'owner_last_name',
  'owner_email',
  'media_asset_id',
  'media_filename',
  'payment_method_id',
  'payment_last4',
  'payment_brand',
  'notes',
  'media_asset_count',
  'weekly_reach',
  'billing_mode',
  'source',
  'source_name',
  'created_at',
  'updated_at',
  // The agency's codes (issue 27).
  'agency_estimate_number',
  'client_code',
  'product_code',
  'po_number',
  // The demo the order is bought on (issue 43).
  'target_demo',
].sort();

describe('POST /api/estimates', () => {
  it('creates an empty draft owned by the caller, starting today + 8 days, with every field of the order', async () => {
    const client = await newClient(t, { firstName: 'Dana', lastName: 'Drafts' });
    const order = await createOrder(t, client.token);
    expect(Object.keys(order).sort()).toEqual([...ESTIMATE_FIELDS, 'items', 'audience_guarantee'].sort());
    expect(order).toMatchObject({
      estimate_name: '',
      status: 'draft',
      brand_id: null,
      brand_name: null,
      start_date: dateIn(8),
      end_date: null,
      total_spend: 0,
      total_estimated_cost: 0,
      total_amount: 0,
      discount_amount: 0,
      coupon_code: null,
      owner_id: client.id,
      owner_name: 'Dana Drafts',
      owner_first_name: 'Dana',
      owner_last_name: 'Drafts',
      owner_email: client.email,
      media_asset_id: null,
      media_filename: null,
      payment_method_id: null,
      payment_last4: null,
      payment_brand: null,
      notes: null,
      media_asset_count: 0,
      weekly_reach: 0,
      items: [],
    });
    expect(new Date(order.created_at).toISOString()).toBe(order.created_at);
  });

  it('accepts the form fields and answers the brand and its media count', async () => {
    const c = await clientWithBrand(t);
    await createMediaAsset(t.database.db, c.brand.id);
    const start = dateIn(10);
    const order = await createOrder(t, c.token, {
      estimate_name: '  Summer  ',
      brand_id: c.brand.id,
      start_date: start,
      total_spend: '2500',
      notes: 'Call first',
    });
    expect(order).toMatchObject({
      estimate_name: 'Summer',
      brand_id: c.brand.id,
      brand_name: c.brand.commonName,
      start_date: start,
      total_spend: 2500,
      total_amount: 2500,
      notes: 'Call first',
      media_asset_count: 2,
    });
  });

  it("refuses another client's brand and unknown brands with 404 'Brand not found'; admins may use any brand", async () => {
    const owner = await clientWithBrand(t);
    const other = await newClient(t);
    for (const brand_id of [owner.brand.id, MISSING_ID]) {
      const res = await t.inject({ method: 'POST', url: '/api/estimates', token: other.token, payload: { brand_id } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Brand not found' });
    }
    const res = await t.inject({ method: 'POST', url: '/api/estimates', token: admin, payload: { brand_id: owner.brand.id } });
    expect(res.statusCode).toBe(201);
    expect(res.json().brand_id).toBe(owner.brand.id);
  });

  it('validates the budget: a whole number of dollars greater than 0', async () => {
    const c = await newClient(t);
    for (const total_spend of [0, -5, 12.5, '12.5']) {
      const res = await t.inject({ method: 'POST', url: '/api/estimates', token: c.token, payload: { total_spend } });
      expect(res.statusCode, String(total_spend)).toBe(400);
      expect(res.json()).toEqual({ error: 'Total budget must be greater than 0', field: 'total_spend' });
    }
    const huge = await t.inject({ method: 'POST', url: '/api/estimates', token: c.token, payload: { total_spend: 1e300 } });
    expect(huge.json()).toEqual({ error: 'Total budget is too large', field: 'total_spend' });
    const text = await t.inject({ method: 'POST', url: '/api/estimates', token: c.token, payload: { total_spend: 'lots' } });
    expect(text.json()).toEqual({ error: 'Total budget must be a number', field: 'total_spend' });
    const date = await t.inject({ method: 'POST', url: '/api/estimates', token: c.token, payload: { start_date: '2026-02-30' } });
    expect(date.json()).toEqual({ error: 'Start date must be a date (YYYY-MM-DD)', field: 'start_date' });
  });
});

describe('GET /api/estimates/:id', () => {
  it('answers the order with its items; another client gets 404', async () => {
    const { owner, order } = await readyOrder(t);
    const got = await getOrder(t, owner.token, order.id);
    expect(got.items).toHaveLength(1);
    expect(got.items[0]).toMatchObject({ spots_per_occurrence: 10, weekly_cost: 1024.5, expected_views: 68300 });
    expect(got).toMatchObject({ media_filename: owner.media.filename, payment_last4: '4242', payment_brand: 'visa', media_asset_count: 1 });
    expect((await getOrder(t, admin, order.id)).id).toBe(order.id);

    const stranger = await newClient(t);
    for (const url of [`/api/estimates/${order.id}`, `/api/estimates/${MISSING_ID}`, '/api/estimates/not-an-id']) {
      const res = await t.inject({ method: 'GET', url, token: stranger.token });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: 'Estimate not found' });
    }
  });
});

describe('PUT /api/estimates/:id (edits)', () => {
  it('updates the fields and recomputes the end date and totals on every change', async () => {
    const c = await clientWithBrand(t);
    const start = dateIn(9);
    const order = await createOrder(t, c.token, { estimate_name: 'Q3', brand_id: c.brand.id, start_date: start, total_spend: 5000 });
    const earlyMorning = await daypartByName(t.database.db, 'Early Morning');
    await addItem(t, c.token, order.id, { daypart_id: earlyMorning.id, spots_per_occurrence: 10 });
    // $5,000 ÷ $1,024.50 a week = 4.88 weeks = 34 days.
    let got = await getOrder(t, c.token, order.id);
    expect(got).toMatchObject({ total_estimated_cost: 1024.5, weekly_reach: 68300, end_date: dateIn(9 + 34), total_amount: 5000 });

    const res = await putOrder(t, c.token, order.id, { total_spend: 10000, estimate_name: 'Q3 bigger', notes: 'More' });
    expect(res.statusCode).toBe(200);
    // $10,000 ÷ $1,024.50 = 9.76 weeks = 68 days.
    expect(res.json()).toMatchObject({ estimate_name: 'Q3 bigger', total_spend: 10000, total_amount: 10000, end_date: dateIn(9 + 68), notes: 'More' });

    got = (await putOrder(t, c.token, order.id, { start_date: null })).json();
    expect(got).toMatchObject({ start_date: null, end_date: null });
  });

  it('ignores end_date and the computed totals sent by the client', async () => {
    const { owner, order } = await readyOrder(t);
    const res = await putOrder(t, owner.token, order.id, { end_date: '2099-01-01', total_estimated_cost: 1, total_amount: 1, weekly_reach: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ end_date: order.end_date, total_estimated_cost: 1024.5, total_amount: 5000 });
  });

  it('sets media of the order brand and a card of the order owner, and clears them with null', async () => {
    const c = await clientWithBrand(t);
    const order = await createOrder(t, c.token, { brand_id: c.brand.id });
    const set = await putOrder(t, c.token, order.id, { media_asset_id: c.media.id, payment_method_id: c.card.id });
    expect(set.json()).toMatchObject({ media_asset_id: c.media.id, media_filename: c.media.filename, payment_method_id: c.card.id, payment_last4: '4242' });

    const otherBrand = await createBrand(t.database.db, c.id);
    const foreignMedia = await createMediaAsset(t.database.db, otherBrand.id);
    const wrongMedia = await putOrder(t, c.token, order.id, { media_asset_id: foreignMedia.id });
    expect(wrongMedia.statusCode).toBe(400);
    expect(wrongMedia.json()).toEqual({ error: "The selected media does not belong to the order's brand", field: 'media_asset_id' });
    // A missing asset or card and another client's are the same to a client: not found.
    const stranger = await clientWithBrand(t);
    for (const media_asset_id of [MISSING_ID, stranger.media.id]) {
      const res = await putOrder(t, c.token, order.id, { media_asset_id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Media asset not found' });
    }
    for (const payment_method_id of [MISSING_ID, stranger.card.id]) {
      const res = await putOrder(t, c.token, order.id, { payment_method_id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Payment method not found' });
    }
    // An admin sees every card: one of another owner is named as such.
    const wrongCard = await putOrder(t, await t.adminToken(), order.id, { payment_method_id: stranger.card.id });
    expect(wrongCard.statusCode).toBe(400);
    expect(wrongCard.json()).toEqual({ error: "The selected payment method does not belong to the order's owner", field: 'payment_method_id' });

    const cleared = await putOrder(t, c.token, order.id, { media_asset_id: null, payment_method_id: null });
    expect(cleared.json()).toMatchObject({ media_asset_id: null, media_filename: null, payment_method_id: null, payment_last4: null });
    await putOrder(t, c.token, order.id, { media_asset_id: c.media.id, payment_method_id: c.card.id, start_date: dateIn(9) });
    // An empty select in a form clears the field too.
    const emptied = await putOrder(t, c.token, order.id, { media_asset_id: '', payment_method_id: '', start_date: '', brand_id: '' });
    expect(emptied.statusCode).toBe(200);
    expect(emptied.json()).toMatchObject({ media_asset_id: null, payment_method_id: null, start_date: null, brand_id: null, brand_name: null });
  });

  it("drops the media when the order moves to another brand, and refuses a brand that is not the client's", async () => {
    const c = await clientWithBrand(t);
    const order = await createOrder(t, c.token, { brand_id: c.brand.id });
    await putOrder(t, c.token, order.id, { media_asset_id: c.media.id });
    const second = await createBrand(t.database.db, c.id);
    const moved = (await putOrder(t, c.token, order.id, { brand_id: second.id })).json();
    expect(moved).toMatchObject({ brand_id: second.id, brand_name: second.commonName, media_asset_id: null, media_asset_count: 0 });

    const stranger = await clientWithBrand(t);
    const res = await putOrder(t, c.token, order.id, { brand_id: stranger.brand.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Brand not found' });
  });

  it("answers 404 on another client's order and 403 once the order left the client's hands", async () => {
    const { owner, order } = await submittedOrder(t);
    const stranger = await newClient(t);
    const foreign = await putOrder(t, stranger.token, order.id, { notes: 'mine' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'Estimate not found' });
    const locked = await putOrder(t, owner.token, order.id, { notes: 'later' });
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toEqual({ error: 'You cannot edit this order in its current status' });
  });

  it('lets admins edit orders in any status but approved', async () => {
    const { order } = await submittedOrder(t);
    const edited = await putOrder(t, admin, order.id, { notes: 'Checked by traffic', total_spend: 6000 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ notes: 'Checked by traffic', total_spend: 6000, status: 'ordered' });
    await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin });
    const refused = await putOrder(t, admin, order.id, { total_spend: 7000 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'You cannot edit this order in its current status' });
    const notesOnly = await putOrder(t, admin, order.id, { notes: 'x' });
    expect(notesOnly.statusCode).toBe(403);
  });
});

describe('GET /api/estimates', () => {
  it('lists only the caller’s orders for clients and all orders for admins, newest first', async () => {
    const a = await clientWithBrand(t);
    const b = await clientWithBrand(t);
    const first = await createOrder(t, a.token, { estimate_name: 'A first' });
    const second = await createOrder(t, a.token, { estimate_name: 'A second' });
    const theirs = await createOrder(t, b.token, { estimate_name: 'B only' });

    const mine = (await t.inject({ method: 'GET', url: '/api/estimates', token: a.token })).json();
    expect(mine.map((o: { id: string }) => o.id)).toEqual([second.id, first.id]);
    const all = (await t.inject({ method: 'GET', url: '/api/estimates', token: admin })).json();
    const ids = all.map((o: { id: string }) => o.id);
    expect(ids).toEqual(expect.arrayContaining([first.id, second.id, theirs.id]));
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(Object.keys(all[0]).sort()).toEqual(ESTIMATE_FIELDS);
  });

  it('filters by status, excluded statuses (repeated, single or comma-separated), brand and search', async () => {
    const c = await clientWithBrand(t, { email: `needle.${randomUUID().slice(0, 8)}@example.com` });
    const { order: submitted } = await submittedOrder(t, { owner: c, name: 'Submitted one' });
    const draft = await createOrder(t, c.token, { estimate_name: 'Draft 100%_match', brand_id: c.brand.id });
    const other = await createOrder(t, c.token, { estimate_name: 'No brand' });
    const list = async (qs: string, token = c.token) => {
      const res = await t.inject({ method: 'GET', url: `/api/estimates?${qs}`, token });
      expect(res.statusCode, `${qs}: ${res.body}`).toBe(200);
      return res.json().map((o: { id: string }) => o.id);
    };
    expect(await list('status=ordered')).toEqual([submitted.id]);
    expect(await list('exclude_status=draft')).toEqual([submitted.id]);
    expect(await list('exclude_status=ordered&exclude_status=approved')).toEqual([other.id, draft.id]);
    expect(await list('exclude_status=ordered,draft')).toEqual([]);
    expect(await list(`brand_id=${c.brand.id}`)).toEqual([draft.id, submitted.id]);
    expect(await list('search=100%25_')).toEqual([draft.id]);
    expect(await list(`search=${encodeURIComponent(c.brand.commonName.toUpperCase())}`)).toEqual([draft.id, submitted.id]);
    expect(await list(`search=NEEDLE.`, admin)).toEqual([other.id, draft.id, submitted.id]);
    expect(await list('limit=1&offset=1')).toEqual([draft.id]);
    // A status is also found by its name on screen.
    await t.inject({ method: 'PATCH', url: `/api/estimates/${submitted.id}/modify`, token: admin, payload: { notes: 'More spots' } });
    expect(await list(`search=${encodeURIComponent('changes requested')}`)).toEqual([submitted.id]);

    const bad = await t.inject({ method: 'GET', url: '/api/estimates?status=bogus', token: c.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Unknown order status', field: 'status' });
    expect((await t.inject({ method: 'GET', url: '/api/estimates?exclude_status=nope', token: c.token })).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/estimates?limit=1001', token: c.token })).json()).toEqual({
      error: 'limit must be at most 1000',
      field: 'limit',
    });
    expect((await t.inject({ method: 'GET', url: '/api/estimates?limit=abc', token: c.token })).statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/estimates?brand_id=1%27%20or%201=1', token: c.token })).statusCode).toBe(400);
  });
});

describe('DELETE /api/estimates/:id', () => {
  it('deletes drafts for their owner or an admin, and only drafts', async () => {
    const c = await clientWithBrand(t);
    const draft = await createOrder(t, c.token);
    const stranger = await newClient(t);
    const foreign = await t.inject({ method: 'DELETE', url: `/api/estimates/${draft.id}`, token: stranger.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'Estimate not found' });

    const res = await t.inject({ method: 'DELETE', url: `/api/estimates/${draft.id}`, token: c.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Estimate deleted successfully' });
    expect((await t.inject({ method: 'GET', url: `/api/estimates/${draft.id}`, token: c.token })).statusCode).toBe(404);

    const byAdmin = await createOrder(t, c.token);
    await addItem(t, c.token, byAdmin.id, { daypart_id: (await daypartByName(t.database.db, 'Midday')).id });
    expect((await t.inject({ method: 'DELETE', url: `/api/estimates/${byAdmin.id}`, token: admin })).json()).toEqual({
      message: 'Estimate deleted successfully',
    });

    const { owner, order } = await submittedOrder(t);
    for (const token of [owner.token, admin]) {
      const refused = await t.inject({ method: 'DELETE', url: `/api/estimates/${order.id}`, token });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: 'Only draft orders can be deleted' });
    }
  });
});

describe('GET /api/estimates/stats/dashboard', () => {
  it("counts the caller's orders by status with budgets; admins count everything", async () => {
    const c = await clientWithBrand(t);
    await createOrder(t, c.token, { total_spend: 100 });
    const { order } = await submittedOrder(t, { owner: c, totalSpend: 5000 });
    const approvedOne = await submittedOrder(t, { owner: c, totalSpend: 3000, daypartId: (await daypartByName(t.database.db, 'Afternoon')).id });
    expect((await t.inject({ method: 'PATCH', url: `/api/estimates/${approvedOne.order.id}/approve`, token: admin })).statusCode).toBe(200);
    const res = await t.inject({ method: 'GET', url: '/api/estimates/stats/dashboard', token: c.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total_estimates: 3,
      draft_count: 1,
      ordered_count: 1,
      approved_count: 1,
      rejected_count: 0,
      modified_count: 0,
      scheduled_count: 0,
      active_count: 0,
      completed_count: 0,
      total_budget: 8100,
      approved_budget: 3000,
      pending_count: 1,
    });
    const all = (await t.inject({ method: 'GET', url: '/api/estimates/stats/dashboard', token: admin })).json();
    expect(all.total_estimates).toBeGreaterThanOrEqual(3);
    expect(order.status).toBe('ordered');
  });
});

describe('GET /api/estimates/pending', () => {
  it('lists orders awaiting review, oldest first, for admins only', async () => {
    const first = await submittedOrder(t);
    const second = await submittedOrder(t);
    await createOrder(t, first.owner.token);
    const res = await t.inject({ method: 'GET', url: '/api/estimates/pending', token: admin });
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((o: { id: string }) => o.id);
    expect(ids.indexOf(first.order.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first.order.id)).toBeLessThan(ids.indexOf(second.order.id));
    expect(res.json().every((o: { status: string }) => o.status === 'ordered' || o.status === 'pending_approval')).toBe(true);
    const client = await t.inject({ method: 'GET', url: '/api/estimates/pending', token: first.owner.token });
    expect(client.statusCode).toBe(403);
  });
});

describe('card and media rows', () => {
  it('shows the card brand and last 4 of a card added later', async () => {
    const c = await clientWithBrand(t);
    const card = await createPaymentMethod(t.database.db, c.id, c.brand.id, { cardBrand: 'mastercard', last4: '4444' });
    const order = await createOrder(t, c.token, { brand_id: c.brand.id });
    expect((await putOrder(t, c.token, order.id, { payment_method_id: card.id })).json()).toMatchObject({ payment_brand: 'mastercard', payment_last4: '4444' });
  });
});
