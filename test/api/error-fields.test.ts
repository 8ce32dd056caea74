/**
 * Validation errors name their field (issue 22, decision 043): `{ error, field }`, the spec's exact
 * message first and the input it is about in the request's naming; an error about the request as a
 * whole, or a missing resource, stays `{ error }` byte for byte.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { clientWithBrand, createOrder, dateIn, daypartByName, putOrder } from '../support/ordering-fixtures';

let t: TestApp;
let client: Awaited<ReturnType<typeof clientWithBrand>>;
beforeAll(async () => {
  t = await createTestApp();
  client = await clientWithBrand(t);
});
afterAll(() => t.close());

describe('a refused body names the field, in the request’s naming', () => {
  it('a value of the wrong type', async () => {
    const order = await createOrder(t, client.token, { brand_id: client.brand.id });
    const res = await putOrder(t, client.token, order.id, { total_spend: 'plenty' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Total budget must be a number', field: 'total_spend' });
    // The message comes first: a client reading only `error` sees the spec's reply.
    expect(res.body).toBe('{"error":"Total budget must be a number","field":"total_spend"}');
  });

  it('a missing required field', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/brands', token: client.token, payload: { common_name: 'Acme' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Legal name is required', field: 'legal_name' });
  });

  it('an entry of a list, by its position', async () => {
    const order = await createOrder(t, client.token, { brand_id: client.brand.id });
    const early = await daypartByName(t.database.db, 'Early Morning');
    const midday = await daypartByName(t.database.db, 'Midday');
    const url = `/api/estimate-items/${order.id}/bulk`;
    const typed = await t.inject({
      method: 'POST',
      url,
      token: client.token,
      payload: { selectedDayparts: [{ daypart_id: early.id }, { daypart_id: midday.id, user_defined_cpm: 'cheap' }] },
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json()).toEqual({ error: 'CPM must be a number', field: 'selectedDayparts[1].user_defined_cpm' });
    // The daypart's own limit, a domain rule, names the same entry.
    const below = await t.inject({
      method: 'POST',
      url,
      token: client.token,
      payload: {
        selectedDayparts: [
          { daypart_id: early.id, spots_per_occurrence: 1 },
          { daypart_id: midday.id, user_defined_cpm: 0.5 },
        ],
      },
    });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ field: 'selectedDayparts[1].user_defined_cpm' });
    expect(below.json().error).toMatch(/^Minimum CPM for Midday is \$/);
  });

  it('a query parameter', async () => {
    const early = await daypartByName(t.database.db, 'Early Morning');
    const res = await t.inject({ method: 'GET', url: `/api/dayparts/availability/${early.id}?start_date=yesterday`, token: client.token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'start_date must be a date (YYYY-MM-DD)', field: 'start_date' });
  });
});

describe('a domain rule about one field names it', () => {
  it('an end date before the start', async () => {
    const early = await daypartByName(t.database.db, 'Early Morning');
    const res = await t.inject({
      method: 'GET',
      url: `/api/dayparts/availability/${early.id}?start_date=2027-02-01&end_date=2027-01-01`,
      token: client.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'end_date cannot be before start_date', field: 'end_date' });
  });

  it('the order form’s rules at Submit, by the order’s field', async () => {
    const order = await createOrder(t, client.token, { brand_id: client.brand.id, estimate_name: 'Launch', start_date: dateIn(3) });
    await putOrder(t, client.token, order.id, { media_asset_id: client.media.id, payment_method_id: client.card.id });
    const noSlots = await putOrder(t, client.token, order.id, { status: 'ordered' });
    expect(noSlots.json()).toEqual({ error: 'Please add at least one time slot before submitting the order', field: 'selectedDayparts' });
    const early = await daypartByName(t.database.db, 'Early Morning');
    await t.inject({ method: 'POST', url: `/api/estimate-items/${order.id}`, token: client.token, payload: { daypart_id: early.id } });
    const tooSoon = await putOrder(t, client.token, order.id, { status: 'ordered' });
    expect(tooSoon.statusCode).toBe(400);
    expect(tooSoon.json()).toEqual({ error: 'Start date must be at least 7 days from today for campaign planning', field: 'start_date' });
  });

  it('a wrong current password', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      token: client.token,
      payload: { currentPassword: 'Not-the-Passw0rd', newPassword: 'Another-Passw0rd' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Current password is incorrect', field: 'currentPassword' });
  });
});

describe('an error about the request as a whole names no field', () => {
  it('malformed JSON', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/brands',
      token: client.token,
      headers: { 'content-type': 'application/json' },
      payload: '{"common_name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('{"error":"Malformed JSON in request body"}');
  });

  it('a path id that cannot exist is not found, without a field', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/estimates/not-a-uuid', token: client.token });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Estimate not found' });
  });
});

describe('the OpenAPI document', () => {
  it('publishes `field` as an optional property of the error reply', async () => {
    const document = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const put = document.paths['/api/estimates/{id}'].put;
    const error = put.responses['400'].content['application/json'].schema;
    expect(error.properties.field.type).toBe('string');
    expect(error.required).toEqual(['error']);
  });

  it('publishes request numbers in their input form: a number, or its text', async () => {
    const document = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const body = document.paths['/api/estimates/{id}'].put.requestBody.content['application/json'].schema;
    expect(body.properties.total_spend.anyOf.map((branch: { type: string }) => branch.type)).toEqual(['number', 'string']);
    // Replies keep the parsed type.
    const reply = document.paths['/api/estimates/{id}'].get.responses['200'].content['application/json'].schema;
    expect(reply.properties.total_spend.type).toBe('number');
  });
});
