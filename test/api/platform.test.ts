import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('platform', () => {
  it('reports health while the database answers', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('reports readiness: database, migrations, jobs and storage', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: true, migrations: true, jobs: true, storage: true } });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ error: 'Route GET /api/no-such-thing not found' });
    expect((await t.inject({ method: 'POST', url: '/api/nothing/here', payload: {} })).statusCode).toBe(404);
    const longId = await t.inject({ method: 'GET', url: `/api/users/${'a'.repeat(5000)}/x` });
    expect(longId.statusCode).toBe(404);
    expect(longId.json().error).toEqual(expect.any(String));
  });

  it('serves the web app for client-side routes', async () => {
    for (const url of ['/', '/login', '/app/dashboard', '/some/unknown/page']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves built assets and answers a missing one with 404, not the app', async () => {
    const index = (await t.inject({ method: 'GET', url: '/' })).body;
    const script = index.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeTruthy();
    const asset = await t.inject({ method: 'GET', url: script! });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['content-encoding']).toBeUndefined();
    const brotli = await t.inject({ method: 'GET', url: script!, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.rawPayload.length).toBeLessThan(asset.rawPayload.length / 2);
    expect((await t.inject({ method: 'GET', url: '/assets/missing-123.js' })).statusCode).toBe(404);
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const res = await t.inject({ method: 'GET', url: '/login' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('publishes the OpenAPI description', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/auth/register', '/api/users', '/api/users/{id}/promote']));
    expect((await t.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('seeds the eight dayparts of the FAQ rate card', async () => {
    const { dayparts } = await import('../../src/server/db/schema');
    const rows = await t.database.db.select().from(dayparts).orderBy(dayparts.baseCpmCents);
    expect(rows.map((d) => [d.name, d.baseCpmCents / 100])).toEqual([
      ['Early Morning', 15],
      ['Morning', 18],
      ['Midday', 20],
      ['Weekend Morning', 22],
      ['Afternoon', 25],
      ['Late Night', 28],
      ['Weekend Afternoon', 30],
      ['Weekend Evening', 40],
    ]);
    expect(rows.every((d) => d.spotFrequency === 30 && d.minCpmCents === 500 && d.multiplier === 1)).toBe(true);
  });
});

describe('health without a database', () => {
  it('answers 503 when the database does not answer', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().status).toBe('unavailable');
    const ready = await other.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not_ready', checks: { database: false, migrations: false } });
    await other.app.close();
  });
});
