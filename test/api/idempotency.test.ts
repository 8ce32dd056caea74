/**
 * Idempotent writes (issue 25, decision 030), on PGlite and, with DATABASE_URL, on PostgreSQL: a repeat
 * replays the first answer and runs nothing, a different request under the same key is refused, a
 * repeat while the first runs answers 409, 5xx answers are not kept, and 20 concurrent identical POSTs
 * make one order.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimates, idempotencyKeys } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { secondInstance } from '../realtime/helpers';
import { msAgo } from '../support/clock';

let t: TestApp;
let owner: Awaited<ReturnType<TestApp['signUp']>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
});
afterAll(async () => t?.close());

const post = (key: string | undefined, payload: Record<string, unknown>, token = owner.token) =>
  t.inject({ method: 'POST', url: '/api/estimates', token, payload, headers: key === undefined ? {} : { 'idempotency-key': key } });
const ordersNamed = async (name: string) => (await t.database.db.select({ id: estimates.id }).from(estimates).where(eq(estimates.estimateName, name))).length;

describe('Idempotency-Key', () => {
  it('replays the first answer to a repeat and runs nothing', async () => {
    const first = await post('order-1', { estimate_name: 'Replayed' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    const again = await post('order-1', { estimate_name: 'Replayed' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.headers['content-type']).toContain('application/json');
    expect(again.json()).toEqual(first.json());
    expect(await ordersNamed('Replayed')).toBe(1);
    // Without a key, the same call makes a second order.
    expect((await post(undefined, { estimate_name: 'Replayed' })).statusCode).toBe(201);
    expect(await ordersNamed('Replayed')).toBe(2);
  });

  it('refuses the same key for a different request with 422, and changes nothing', async () => {
    expect((await post('order-2', { estimate_name: 'First use' })).statusCode).toBe(201);
    const other = await post('order-2', { estimate_name: 'Second use' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ error: 'This Idempotency-Key was already used for a different request' });
    expect(await ordersNamed('Second use')).toBe(0);
    const otherPath = await t.inject({
      method: 'PUT',
      url: '/api/estimates/00000000-0000-4000-8000-000000000000',
      token: owner.token,
      payload: { estimate_name: 'First use' },
      headers: { 'idempotency-key': 'order-2' },
    });
    expect(otherPath.statusCode).toBe(422);
  });

  it('keeps keys per caller: another user may use the same key', async () => {
    const other = await t.signUp();
    expect((await post('shared-key', { estimate_name: 'Mine' })).statusCode).toBe(201);
    const theirs = await post('shared-key', { estimate_name: 'Theirs' }, other.token);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotency-replayed']).toBeUndefined();
    expect(theirs.json().estimate_name).toBe('Theirs');
  });

  it('stores 4xx answers and replays them', async () => {
    const missing = '/api/estimates/00000000-0000-4000-8000-000000000001';
    const first = await t.inject({ method: 'DELETE', url: missing, token: owner.token, headers: { 'idempotency-key': 'delete-missing' } });
    expect(first.statusCode).toBe(404);
    const again = await t.inject({ method: 'DELETE', url: missing, token: owner.token, headers: { 'idempotency-key': 'delete-missing' } });
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('refuses a key that is empty, too long or not visible ASCII', async () => {
    for (const key of ['', 'x'.repeat(256), 'has space', 'é']) {
      const res = await post(key, { estimate_name: 'Bad key' });
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json()).toEqual({ error: 'Idempotency-Key must be 1 to 255 visible characters' });
    }
    expect(await ordersNamed('Bad key')).toBe(0);
  });

  it('answers 409 with Retry-After while the first request runs', async () => {
    expect((await post('running', { estimate_name: 'While running' })).statusCode).toBe(201);
    // As while the first is still running (here or on another instance): its claim has no answer yet.
    await t.database.db
      .update(idempotencyKeys)
      .set({ status: null, body: null })
      .where(and(eq(idempotencyKeys.caller, `user:${owner.user.id}`), eq(idempotencyKeys.key, 'running')));
    const busy = await post('running', { estimate_name: 'While running' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({ error: 'A request with this Idempotency-Key is still running; retry shortly' });
    expect(busy.headers['retry-after']).toBe('1');
    expect(await ordersNamed('While running')).toBe(1);
  });

  it('makes one order from 20 concurrent identical POSTs', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('twenty', { estimate_name: 'Twenty at once' })));
    expect(await ordersNamed('Twenty at once')).toBe(1);
    const created = answers.filter((r) => r.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((r) => r.json().id)).size).toBe(1);
    for (const r of answers) expect([201, 409]).toContain(r.statusCode);
    expect(answers.filter((r) => r.statusCode === 201 && !r.headers['idempotency-replayed'])).toHaveLength(1);
    const later = await post('twenty', { estimate_name: 'Twenty at once' });
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotency-replayed']).toBe('true');
    expect(later.json().id).toBe(created[0]!.json().id);
  });

  it('does not keep a 5xx answer, so a retry runs again', async () => {
    // A write that fails inside the server: the orders table is briefly unwritable.
    const db = t.database.db;
    await db.execute(`create or replace function refuse_write() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`);
    await db.execute('create trigger refuse_write before insert on estimates for each row execute function refuse_write()');
    const failed = await post('after-5xx', { estimate_name: 'After a failure' });
    expect(failed.statusCode).toBe(500);
    await db.execute('drop trigger refuse_write on estimates');
    const retry = await post('after-5xx', { estimate_name: 'After a failure' });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotency-replayed']).toBeUndefined();
    expect(await ordersNamed('After a failure')).toBe(1);
  });

  it('replays after the answer expires no more: an expired key runs again', async () => {
    expect((await post('expiring', { estimate_name: 'Expiring' })).statusCode).toBe(201);
    await t.database.db
      .update(idempotencyKeys)
      .set({ expiresAt: msAgo(1000) })
      .where(eq(idempotencyKeys.key, 'expiring'));
    const again = await post('expiring', { estimate_name: 'Expiring' });
    expect(again.headers['idempotency-replayed']).toBeUndefined();
    expect(await ordersNamed('Expiring')).toBe(2);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('Idempotency-Key on two instances', () => {
  it('makes one order from 20 identical POSTs sent at once to two instances', async () => {
    const b = await secondInstance(t.database);
    try {
      const send = (i: number) =>
        (i % 2 ? b.app : t.app).inject({
          method: 'POST',
          url: '/api/estimates',
          payload: { estimate_name: 'Across instances' },
          headers: { authorization: `Bearer ${owner.token}`, 'idempotency-key': 'across' },
        });
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send(i)));
      expect(await ordersNamed('Across instances')).toBe(1);
      expect(answers.filter((r) => r.statusCode === 201 && !r.headers['idempotency-replayed'])).toHaveLength(1);
      for (const r of answers) expect([201, 409]).toContain(r.statusCode);
    } finally {
      await b.close();
    }
  });
});
