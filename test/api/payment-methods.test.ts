import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMethods } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { clientWithBrand, insertBrand } from '../support/coupon-fixtures';
import { clockNow } from '../support/clock';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const MISSING = '00000000-0000-4000-8000-000000000000';
const NEXT_YEAR = clockNow().getUTCFullYear() + 1;
const REFUSED = { error: 'Full card numbers must not be sent; send only brand, last4 and expiry' };
const card = (brandId: string, overrides: Record<string, unknown> = {}) => ({
  brand_id: brandId,
  brand: 'Visa',
  last4: '4242',
  exp_month: 12,
  exp_year: NEXT_YEAR,
  ...overrides,
});
const add = (token: string, payload: unknown) => t.inject({ method: 'POST', url: '/api/payment-methods', token, payload: payload as object });
const list = async (token: string, query = '') => (await t.inject({ method: 'GET', url: `/api/payment-methods${query}`, token })).json();
const storedCards = async (brandId: string) => t.database.db.select().from(paymentMethods).where(eq(paymentMethods.brandId, brandId));

describe('adding cards', () => {
  it('stores brand, last4 and expiry; the first card of a brand is its default', async () => {
    const { token, brand } = await clientWithBrand(t, 'Acme Snacks');
    const res = await add(token, card(brand.id, { is_default: false }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      brand: 'Visa',
      last4: '4242',
      exp_month: 12,
      exp_year: NEXT_YEAR,
      is_default: true,
      brand_id: brand.id,
      brand_name: 'Acme Snacks',
      created_at: expect.any(String),
    });
    const second = await add(token, card(brand.id, { brand: 'Mastercard', last4: '4444', exp_month: '3' }));
    expect(second.json()).toMatchObject({ is_default: false, brand: 'Mastercard', exp_month: 3 });
  });

  it('moves the default when a new card asks for it, and lists the default first then the newest', async () => {
    const { token, brand } = await clientWithBrand(t);
    const a = (await add(token, card(brand.id, { last4: '1111' }))).json();
    const b = (await add(token, card(brand.id, { last4: '2222' }))).json();
    const c = (await add(token, card(brand.id, { last4: '3333', is_default: true }))).json();
    expect(c.is_default).toBe(true);
    const cards = await list(token);
    expect(cards.map((x: { id: string }) => x.id)).toEqual([c.id, b.id, a.id]);
    expect(cards.filter((x: { is_default: boolean }) => x.is_default)).toHaveLength(1);
  });

  it('keeps defaults per brand and filters by brand_id', async () => {
    const { token, user, brand } = await clientWithBrand(t);
    const second = await insertBrand(t.database.db, user.id);
    const a = (await add(token, card(brand.id))).json();
    const b = (await add(token, card(second.id))).json();
    expect(b.is_default).toBe(true);
    expect((await list(token, `?brand_id=${brand.id}`)).map((x: { id: string }) => x.id)).toEqual([a.id]);
    expect((await list(token, `?brand_id=${second.id}`))[0]).toMatchObject({ id: b.id, is_default: true });
    expect(await list(token, "?brand_id=1'%20or%20'1'='1")).toEqual([]);
  });

  it.each([
    [{ brand_id: undefined }, 'Brand is required'],
    [{ brand: '' }, 'Card brand is required'],
    [{ brand: '<script>' }, 'Card brand must be a card network name such as Visa'],
    [{ last4: '424' }, 'Last 4 digits must be exactly 4 digits'],
    [{ last4: 4242 }, 'Last 4 digits must be exactly 4 digits'],
    [{ last4: 'abcd' }, 'Last 4 digits must be exactly 4 digits'],
    [{ exp_month: 0 }, 'Expiry month must be between 1 and 12'],
    [{ exp_month: 13 }, 'Expiry month must be between 1 and 12'],
    [{ exp_month: 'June' }, 'Expiry month must be between 1 and 12'],
    [{ exp_year: 27 }, 'Expiry year must be 4 digits'],
    [{ exp_year: 20271 }, 'Expiry year must be 4 digits'],
    [{ exp_year: NEXT_YEAR - 2 }, 'Card has expired'],
    [{ is_default: 'yes' }, 'is_default must be true or false'],
  ])('refuses %j', async (overrides, error) => {
    const { token, brand } = await clientWithBrand(t);
    const res = await add(token, card(brand.id, overrides));
    expect(res.statusCode).toBe(400);
    // The case's field is named (decision 043); an expiry in the past is about month and year together: none.
    expect(res.json()).toEqual(error === 'Card has expired' ? { error } : { error, field: Object.keys(overrides)[0] });
    expect(await storedCards(brand.id)).toEqual([]);
  });

  it('treats a card that expired last month as expired and one expiring this month as valid', async () => {
    const { token, brand } = await clientWithBrand(t);
    const now = clockNow();
    const month = now.getUTCMonth() + 1;
    const thisMonth = await add(token, card(brand.id, { exp_month: month, exp_year: now.getUTCFullYear() }));
    expect(thisMonth.statusCode).toBe(201);
    const last = month === 1 ? { exp_month: 12, exp_year: now.getUTCFullYear() - 1 } : { exp_month: month - 1, exp_year: now.getUTCFullYear() };
    expect((await add(token, card(brand.id, last))).json()).toEqual({ error: 'Card has expired' });
  });

  it('refuses full card numbers and security codes, storing nothing', async () => {
    const { token, brand } = await clientWithBrand(t);
    const payloads = [
      card(brand.id, { card_number: '4242424242424242' }),
      card(brand.id, { number: '' }),
      card(brand.id, { cardNumber: 'x' }),
      card(brand.id, { pan: '1' }),
      card(brand.id, { cvc: '123' }),
      card(brand.id, { CVV: '123' }),
      card(brand.id, { last4: '4242 4242 4242 4242' }),
      card(brand.id, { brand: 'Visa 4242-4242-4242-4242' }),
      card(brand.id, { note: 4242424242424242 }),
      card(brand.id, { extra: { nested: ['5555555555554444'] } }),
      { card_number: '4242424242424242' },
    ];
    for (const payload of payloads) {
      const res = await add(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual(REFUSED);
    }
    expect(await storedCards(brand.id)).toEqual([]);
    const saved = (await add(token, card(brand.id))).json();
    const put = await t.inject({ method: 'PUT', url: `/api/payment-methods/${saved.id}`, token, payload: { exp_month: 1, card_number: '4000056655665556' } });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toEqual(REFUSED);
    // A brand id made only of digits and dashes is an id, not a card number.
    expect(await add(token, card('12345678-1234-4123-8123-123456789012'))).toMatchObject({ statusCode: 404 });
  });

  it('adds a card only to the caller’s own brand; an admin may add to any, for the brand’s owner', async () => {
    const owner = await clientWithBrand(t, 'Owned Brand');
    const stranger = await clientWithBrand(t);
    for (const brandId of [owner.brand.id, MISSING, "1' or '1'='1", 'x'.repeat(100)]) {
      const res = await add(stranger.token, card(brandId));
      expect(res.statusCode, brandId).toBe(404);
      expect(res.json()).toEqual({ error: 'Brand not found' });
    }
    const byAdmin = await add(admin, card(owner.brand.id));
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json()).toMatchObject({ brand_name: 'Owned Brand', is_default: true });
    expect((await list(owner.token)).map((x: { id: string }) => x.id)).toEqual([byAdmin.json().id]);
    expect(await list(stranger.token)).toEqual([]);
    expect((await list(admin)).map((x: { id: string }) => x.id)).toContain(byAdmin.json().id);
  });

  it('gives one default to racing first cards of a brand', async () => {
    const { token, brand } = await clientWithBrand(t);
    const results = await Promise.all(['1111', '2222', '3333', '4444'].map((last4) => add(token, card(brand.id, { last4 }))));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect((await storedCards(brand.id)).filter((c) => c.isDefault)).toHaveLength(1);
  });
});

describe('reading, changing and deleting a card', () => {
  it('reads, updates expiry and default, and answers 404 to another client', async () => {
    const { token, brand } = await clientWithBrand(t);
    const stranger = await clientWithBrand(t);
    const first = (await add(token, card(brand.id, { last4: '1111' }))).json();
    const second = (await add(token, card(brand.id, { last4: '2222' }))).json();
    const url = (id: string) => `/api/payment-methods/${id}`;

    expect((await t.inject({ method: 'GET', url: url(second.id), token })).json()).toEqual(second);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await t.inject({ method, url: url(second.id), token: stranger.token, payload: method === 'PUT' ? { is_default: true } : undefined });
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ error: 'Payment method not found' });
    }
    for (const id of [MISSING, 'nope', "1'%20or%20'1'='1"]) {
      expect((await t.inject({ method: 'GET', url: url(id), token })).json()).toEqual({ error: 'Payment method not found' });
    }

    const updated = await t.inject({
      method: 'PUT',
      url: url(second.id),
      token,
      payload: { is_default: true, exp_month: 6, exp_year: NEXT_YEAR + 1, last4: '9999' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: second.id, is_default: true, exp_month: 6, exp_year: NEXT_YEAR + 1, last4: '2222' });
    expect((await t.inject({ method: 'GET', url: url(first.id), token })).json().is_default).toBe(false);

    const expired = await t.inject({ method: 'PUT', url: url(second.id), token, payload: { exp_year: NEXT_YEAR - 2 } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ error: 'Card has expired' });
    expect((await t.inject({ method: 'PUT', url: url(second.id), token, payload: { exp_month: 14 } })).json()).toEqual({
      error: 'Expiry month must be between 1 and 12',
      field: 'exp_month',
    });

    // Unsetting the default hands it to the newest other card.
    const unset = await t.inject({ method: 'PUT', url: url(second.id), token, payload: { is_default: false } });
    expect(unset.json().is_default).toBe(false);
    expect((await t.inject({ method: 'GET', url: url(first.id), token })).json().is_default).toBe(true);

    const byAdmin = await t.inject({ method: 'PUT', url: url(second.id), token: admin, payload: { is_default: true } });
    expect(byAdmin.json().is_default).toBe(true);
  });

  it('deletes a card; deleting the default promotes the newest remaining card', async () => {
    const { token, brand } = await clientWithBrand(t);
    const a = (await add(token, card(brand.id, { last4: '1111' }))).json();
    const b = (await add(token, card(brand.id, { last4: '2222' }))).json();
    const c = (await add(token, card(brand.id, { last4: '3333' }))).json();
    expect(a.is_default).toBe(true);
    const res = await t.inject({ method: 'DELETE', url: `/api/payment-methods/${a.id}`, token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Payment method deleted successfully' });
    expect((await list(token)).map((x: { id: string; is_default: boolean }) => [x.id, x.is_default])).toEqual([
      [c.id, true],
      [b.id, false],
    ]);
    expect((await t.inject({ method: 'DELETE', url: `/api/payment-methods/${b.id}`, token: admin })).statusCode).toBe(200);
    const again = await t.inject({ method: 'DELETE', url: `/api/payment-methods/${a.id}`, token });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'Payment method not found' });
  });
});

describe('payment method permissions and hostile input', () => {
  it('answers 401 to anonymous callers on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/payment-methods'],
      ['POST', '/api/payment-methods'],
      ['GET', `/api/payment-methods/${MISSING}`],
      ['PUT', `/api/payment-methods/${MISSING}`],
      ['DELETE', `/api/payment-methods/${MISSING}`],
    ] as const) {
      const res = await t.inject({ method, url, payload: method === 'POST' || method === 'PUT' ? { card_number: '4242424242424242' } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ error: 'Authentication required' });
    }
  });

  it('answers 4xx with an error, never 500', async () => {
    const { token, brand } = await clientWithBrand(t);
    const saved = (await add(token, card(brand.id))).json();
    const bodies: unknown[] = [
      card(brand.id, { brand: 'V'.repeat(100_000) }),
      card(brand.id, { exp_month: { $gt: 0 } }),
      card(brand.id, { exp_year: [2030] }),
      card(brand.id, { is_default: 'true; drop table payment_methods' }),
      [card(brand.id)],
      'text',
      null,
    ];
    // PUT changes only is_default and the expiry; other fields are ignored, so only its own fields are hostile there.
    const updates: unknown[] = [
      { exp_month: { $gt: 0 } },
      { exp_year: [2030] },
      { is_default: 'true; drop table payment_methods' },
      { exp_month: 'x'.repeat(100_000) },
      [1],
      'text',
      null,
    ];
    const responses = [
      ...(await Promise.all(bodies.map((payload) => add(token, payload)))),
      ...(await Promise.all(updates.map((payload) => t.inject({ method: 'PUT', url: `/api/payment-methods/${saved.id}`, token, payload: payload as object })))),
    ];
    for (const res of responses) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ error: expect.any(String) });
    }
    expect(await storedCards(brand.id)).toHaveLength(1);
  });
});
