import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimates } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
let owner: { token: string; user: { id: string } };
let other: { token: string; user: { id: string } };
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  other = await t.signUp();
});
afterAll(() => t.close());

const brandBody = (overrides: Record<string, unknown> = {}) => ({
  common_name: 'Sunny Juice',
  legal_name: 'Sunny Juice Holdings LLC',
  email: 'Marketing@SunnyJuice.com',
  address: '12 Orchard Rd',
  phone: '555-0101',
  contact_person: 'Dana Doe',
  ...overrides,
});
const createBrand = async (token: string, overrides: Record<string, unknown> = {}) => {
  const res = await t.inject({ method: 'POST', url: '/api/brands', token, payload: brandBody(overrides) });
  expect(res.statusCode).toBe(201);
  return res.json();
};
const addOrder = (brandId: string, ownerId: string) => t.database.db.insert(estimates).values({ brandId, ownerId, estimateName: 'Uses the brand' });

describe('brands', () => {
  it('creates a brand owned by the caller, with has_orders false', async () => {
    const brand = await createBrand(owner.token);
    expect(brand).toMatchObject({
      common_name: 'Sunny Juice',
      legal_name: 'Sunny Juice Holdings LLC',
      email: 'marketing@sunnyjuice.com',
      owner_id: owner.user.id,
      has_orders: false,
    });
  });

  it.each([
    [{ common_name: '' }, 'Common name is required'],
    [{ common_name: undefined }, 'Common name is required'],
    [{ legal_name: '  ' }, 'Legal name is required'],
    [{ email: 'not-an-email' }, 'Invalid email address'],
    [{ common_name: 42 }, 'Common name is required'],
  ])('refuses %o with "%s"', async (change, error) => {
    const res = await t.inject({ method: 'POST', url: '/api/brands', token: owner.token, payload: brandBody(change) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error, field: Object.keys(change)[0] });
  });

  it('shows clients only their own brands; admins see all', async () => {
    const mine = await createBrand(owner.token, { common_name: 'Mine Only' });
    const theirs = await createBrand(other.token, { common_name: 'Theirs Only' });
    const myList = (await t.inject({ method: 'GET', url: '/api/brands', token: owner.token })).json();
    expect(myList.map((b: { id: string }) => b.id)).toContain(mine.id);
    expect(myList.map((b: { id: string }) => b.id)).not.toContain(theirs.id);
    const all = (await t.inject({ method: 'GET', url: '/api/brands', token: await t.adminToken() })).json();
    expect(all.map((b: { id: string }) => b.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });

  it("never reads, changes or deletes another client's brand", async () => {
    const theirs = await createBrand(other.token);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await t.inject({
        method,
        url: `/api/brands/${theirs.id}`,
        token: owner.token,
        payload: method === 'PUT' ? { common_name: 'Hijacked' } : undefined,
      });
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ error: 'Brand not found' });
    }
    expect((await t.inject({ method: 'GET', url: `/api/brands/${theirs.id}`, token: other.token })).json().common_name).toBe('Sunny Juice');
  });

  it('updates the given fields only', async () => {
    const brand = await createBrand(owner.token, { common_name: 'Sunny Juice Updated' });
    const res = await t.inject({ method: 'PUT', url: `/api/brands/${brand.id}`, token: owner.token, payload: { common_name: 'Sunny Juice Light' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ common_name: 'Sunny Juice Light', legal_name: 'Sunny Juice Holdings LLC' });
    const bad = await t.inject({ method: 'PUT', url: `/api/brands/${brand.id}`, token: owner.token, payload: { legal_name: '' } });
    expect(bad.json()).toEqual({ error: 'Legal name is required', field: 'legal_name' });
  });

  it('refuses to delete a brand with orders, and its owner may no longer rename it; admins still may edit', async () => {
    const brand = await createBrand(owner.token, { common_name: 'Sunny Juice Ordered' });
    await addOrder(brand.id, owner.user.id);
    const read = (await t.inject({ method: 'GET', url: `/api/brands/${brand.id}`, token: owner.token })).json();
    expect(read.has_orders).toBe(true);
    const del = await t.inject({ method: 'DELETE', url: `/api/brands/${brand.id}`, token: owner.token });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({ error: 'Cannot delete brand that has associated orders' });
    const adminDel = await t.inject({ method: 'DELETE', url: `/api/brands/${brand.id}`, token: await t.adminToken() });
    expect(adminDel.json()).toEqual({ error: 'Cannot delete brand that has associated orders' });
    const edit = await t.inject({ method: 'PUT', url: `/api/brands/${brand.id}`, token: owner.token, payload: { common_name: 'Renamed' } });
    expect(edit.statusCode).toBe(409);
    const adminEdit = await t.inject({ method: 'PUT', url: `/api/brands/${brand.id}`, token: await t.adminToken(), payload: { common_name: 'Renamed' } });
    expect(adminEdit.statusCode).toBe(200);
  });

  it('deletes a brand without orders', async () => {
    const brand = await createBrand(owner.token, { common_name: 'Sunny Juice Deleted' });
    const res = await t.inject({ method: 'DELETE', url: `/api/brands/${brand.id}`, token: owner.token });
    expect(res.json()).toEqual({ message: 'Brand deleted successfully' });
    expect((await t.inject({ method: 'GET', url: `/api/brands/${brand.id}`, token: owner.token })).statusCode).toBe(404);
  });

  it('answers hostile input with 4xx, never 500', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/brands/1;drop table brands', token: owner.token })).statusCode).toBe(404);
    const huge = await t.inject({ method: 'POST', url: '/api/brands', token: owner.token, payload: brandBody({ common_name: 'x'.repeat(100_000) }) });
    expect(huge.statusCode).toBe(400);
    expect((await t.inject({ method: 'GET', url: '/api/brands', token: owner.token })).statusCode).toBe(200);
  });
});
