/**
 * Keyset pages of the whole lists (issue 28, decision 037): GET /brands and GET /users answer their
 * whole list as before, and with `limit`, `after` or `search` one page, newest first, with
 * X-Next-Cursor when the page is full; walking the cursors gives the whole list once, in its order,
 * ties on created_at included. Bad parameters answer 400 with the message and nothing else.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
let admin: string;
let owner: Awaited<ReturnType<TestApp['signUp']>>;
let other: Awaited<ReturnType<TestApp['signUp']>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  // Fixed e-mails: a generated one may hold the digits the search below looks for.
  owner = await t.signUp({ firstName: 'Paula', lastName: 'Pager', company: 'Keyset Foods', email: 'paula.pager@keyset.example' });
  other = await t.signUp({ firstName: 'Otto', lastName: 'Other', email: 'otto.other@keyset.example' });
  // 23 brands for the owner, 7 for the other client; three brands share each creation time.
  for (const [client, count, name] of [
    [owner, 23, 'Owner brand'],
    [other, 7, 'Other brand'],
  ] as const)
    await t.database.db.execute(sql`insert into brands (owner_id, common_name, legal_name, email, created_at)
      select ${client.user.id}::uuid, ${name} || ' ' || g, ${name} || ' ' || g || ' Inc', case when g = 4 then 'sales@crunchy.example' end,
        date_trunc('second', now()) - (g / 3) * interval '1 second' + interval '321 microseconds'
      from generate_series(1, ${count}::int) g`);
  // 11 users created in one statement: one creation time, ordered by e-mail.
  await t.database.db.execute(sql`insert into users (email, password_hash, role, first_name, last_name, created_at)
    select 'tied.' || g || '@paging.example', 'x', case when g = 5 then 'traffic_admin' else 'client' end, 'Tied', 'User ' || g, date_trunc('second', now()) - interval '1 hour'
    from generate_series(1, 11) g`);
});
afterAll(() => t.close());

type Page<T> = { rows: T[]; cursor: string | undefined; body: unknown };

const get = async <T>(url: string, token: string, pick: (body: never) => T[]): Promise<Page<T>> => {
  const res = await t.inject({ method: 'GET', url, token });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as never;
  return { rows: pick(body), cursor: res.headers['x-next-cursor'] as string | undefined, body };
};

const walk = async <T>(base: string, token: string, pick: (body: never) => T[]) => {
  const rows: T[] = [];
  const sizes: number[] = [];
  let cursor: string | undefined;
  do {
    const page = await get(`${base}${cursor ? `&after=${encodeURIComponent(cursor)}` : ''}`, token, pick);
    rows.push(...page.rows);
    sizes.push(page.rows.length);
    cursor = page.cursor;
  } while (cursor && sizes.length < 100);
  return { rows, sizes };
};

const brandIds = (body: { id: string }[]) => body.map((b) => b.id);
const userEmails = (body: { users: { email: string }[] }) => body.users.map((u) => u.email);

describe('GET /api/brands by pages', () => {
  it('answers the whole list without the parameters, and the same list page by page with them', async () => {
    const whole = await get('/api/brands', admin, brandIds);
    expect(whole.cursor).toBeUndefined();
    expect(whole.rows.length).toBeGreaterThanOrEqual(30);

    const first = await get('/api/brands?limit=4', admin, brandIds);
    expect(first.rows).toEqual(whole.rows.slice(0, 4));
    expect(first.cursor).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_[0-9a-f-]{36}$/);

    const walked = await walk('/api/brands?limit=4', admin, brandIds);
    expect(walked.rows).toEqual(whole.rows);
    expect(walked.sizes.slice(0, -1).every((n) => n === 4)).toBe(true);
  });

  it("gives a client only their own brands, page by page; search finds every word in names, e-mail and owner's e-mail", async () => {
    const own = await walk('/api/brands?limit=5', owner.token, brandIds);
    expect(own.rows).toHaveLength(23);
    expect(own.rows).toEqual((await get('/api/brands', owner.token, brandIds)).rows);

    const found = await get('/api/brands?search=owner%20BRAND%2012', admin, (body: { common_name: string }[]) => body.map((b) => b.common_name));
    expect(found.rows).toEqual(['Owner brand 12']);
    expect(found.cursor).toBeUndefined();
    const byMail = await get('/api/brands?search=crunchy', admin, (body: { common_name: string }[]) => body.map((b) => b.common_name).sort());
    expect(byMail.rows).toEqual(['Other brand 4', 'Owner brand 4']);
    const byOwner = await get(`/api/brands?search=${encodeURIComponent(other.user.email)}`, admin, brandIds);
    expect(byOwner.rows).toHaveLength(7);
    // The other client's brands are not found by a client, whatever the search.
    expect((await get('/api/brands?search=other%20brand', owner.token, brandIds)).rows).toEqual([]);
    // % and _ are literal.
    expect((await get('/api/brands?search=%25', admin, brandIds)).rows).toEqual([]);
  });

  it('refuses bad parameters with their message', async () => {
    const cases: [string, string][] = [
      ['limit=0', 'limit must be at least 1'],
      ['limit=1001', 'limit must be at most 1000'],
      ['limit=2.5', 'limit must be a whole number'],
      ['limit=ten', 'limit must be a whole number'],
      ['after=yesterday', 'after must be the X-Next-Cursor of a previous page'],
      [`search=${'x'.repeat(201)}`, 'search must be at most 200 characters'],
    ];
    for (const [query, error] of cases) {
      const res = await t.inject({ method: 'GET', url: `/api/brands?${query}`, token: admin });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ error, field: query.split('=')[0] });
    }
    expect((await t.inject({ method: 'GET', url: '/api/brands?limit=2' })).statusCode).toBe(401);
  });
});

describe('GET /api/users by pages', () => {
  it('answers the whole list without the parameters, and the same list page by page with counts of everyone', async () => {
    const whole = await get('/api/users', admin, userEmails);
    expect(whole.cursor).toBeUndefined();
    expect(whole.body).not.toHaveProperty('counts');
    // The tied users come in e-mail order.
    const tied = whole.rows.filter((email) => email.startsWith('tied.'));
    expect(tied).toEqual([...tied].sort());

    const walked = await walk('/api/users?limit=3', admin, userEmails);
    expect(walked.rows).toEqual(whole.rows);
    const first = await get('/api/users?limit=3', admin, userEmails);
    const admins = (whole.body as { users: { role: string }[] }).users.filter((u) => u.role === 'traffic_admin').length;
    expect((first.body as { counts: unknown }).counts).toEqual({ total: whole.rows.length, admins, clients: whole.rows.length - admins });
  });

  it('searches every word in name, e-mail, company and role', async () => {
    expect((await get('/api/users?search=keyset%20paula', admin, userEmails)).rows).toEqual([owner.user.email]);
    expect((await get('/api/users?search=tied%20admin', admin, userEmails)).rows).toEqual(['tied.5@paging.example']);
    const clients = await walk('/api/users?search=tied%20client&limit=4', admin, userEmails);
    expect(clients.rows).toHaveLength(10);
  });

  it('refuses bad parameters, and clients', async () => {
    for (const [query, error] of [
      ['limit=-1', 'limit must be at least 1'],
      ['after=2026-01-01_abc', 'after must be the X-Next-Cursor of a previous page'],
    ] as const) {
      const res = await t.inject({ method: 'GET', url: `/api/users?${query}`, token: admin });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ error, field: query.split('=')[0] });
    }
    expect((await t.inject({ method: 'GET', url: '/api/users?limit=2', token: owner.token })).statusCode).toBe(403);
  });
});
