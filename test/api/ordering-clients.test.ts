/**
 * Ordering calls as generic HTTP clients make them: a `Content-Type: application/json` header on
 * every call (also without a body), searches by what the lists show, availability without dates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { clientWithBrand, createDaypart, createOrder, dateIn, submittedOrder } from '../support/ordering-fixtures';
import { clockToday } from '../support/clock';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const JSON_HEADER = { 'content-type': 'application/json' };

describe('a JSON content type without a body', () => {
  it('deletes a draft, brand and coupon', async () => {
    const owner = await clientWithBrand(t);
    const draft = await createOrder(t, owner.token, { estimate_name: 'Throwaway' });
    const res = await t.inject({ method: 'DELETE', url: `/api/estimates/${draft.id}`, token: owner.token, headers: JSON_HEADER });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Estimate deleted successfully' });

    const brand = await t.inject({ method: 'POST', url: '/api/brands', token: owner.token, payload: { common_name: 'Spare', legal_name: 'Spare LLC' } });
    const gone = await t.inject({ method: 'DELETE', url: `/api/brands/${brand.json().id}`, token: owner.token, headers: JSON_HEADER });
    expect(gone.statusCode, gone.body).toBe(200);
  });

  it('creates an empty draft and reviews an order', async () => {
    const owner = await clientWithBrand(t);
    const created = await t.inject({ method: 'POST', url: '/api/estimates', token: owner.token, headers: JSON_HEADER });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ status: 'draft', owner_id: owner.id });

    const { order } = await submittedOrder(t);
    const approved = await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: await t.adminToken(), headers: JSON_HEADER });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('approved');
  });

  it('still refuses malformed JSON', async () => {
    const owner = await clientWithBrand(t);
    const res = await t.inject({ method: 'POST', url: '/api/estimates', token: owner.token, headers: JSON_HEADER, payload: '{"estimate_name":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Malformed JSON in request body' });
  });
});

describe('GET /api/estimates?search', () => {
  it("finds orders by their owner's name and by status", async () => {
    const owner = await clientWithBrand(t, { firstName: 'Zebulon', lastName: 'Quayle' });
    const draft = await createOrder(t, owner.token, { estimate_name: 'Night owls', brand_id: owner.brand.id, start_date: dateIn(9), total_spend: 5000 });
    const admin = await t.adminToken();
    const byName = (await t.inject({ method: 'GET', url: '/api/estimates?search=zebulon%20quayle', token: admin })).json();
    expect(byName.map((o: { id: string }) => o.id)).toEqual([draft.id]);
    const byStatus = (await t.inject({ method: 'GET', url: '/api/estimates?search=draft', token: owner.token })).json();
    expect(byStatus.map((o: { id: string }) => o.id)).toEqual([draft.id]);
    // Another client's orders never match.
    const stranger = await clientWithBrand(t);
    expect((await t.inject({ method: 'GET', url: '/api/estimates?search=zebulon', token: stranger.token })).json()).toEqual([]);
  });
});

describe('GET /api/dayparts/availability/:id without dates', () => {
  it('answers today, and from start_date alone that day', async () => {
    const owner = await clientWithBrand(t);
    const daypart = await createDaypart(t.database.db);
    const today = await t.inject({ method: 'GET', url: `/api/dayparts/availability/${daypart.id}`, token: owner.token });
    expect(today.statusCode, today.body).toBe(200);
    expect(today.json()).toMatchObject({
      daypart_id: daypart.id,
      start_date: clockToday(),
      end_date: clockToday(),
      available_spots: 30,
    });
    const day = dateIn(10);
    const one = await t.inject({ method: 'GET', url: `/api/dayparts/availability/${daypart.id}?start_date=${day}`, token: owner.token });
    expect(one.json()).toMatchObject({ start_date: day, end_date: day });
  });
});
