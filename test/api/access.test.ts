import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
let clientToken: string;
beforeAll(async () => {
  t = await createTestApp();
  clientToken = (await t.signUp()).token;
});
afterAll(() => t.close());

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, SAMPLE_ID);
// A body that would fail validation: the role check must come first.
const invalidBody = { unexpected: 'x'.repeat(100) };
const apiRoutes = () => t.app.routeCatalog.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));

describe('role enforcement over every route', () => {
  it('knows the admin and signed-in routes', () => {
    expect(apiRoutes().filter((r) => r.access === 'admin').length).toBeGreaterThanOrEqual(4);
    expect(apiRoutes().filter((r) => r.access === 'user').length).toBeGreaterThanOrEqual(2);
  });

  it('answers 401 to anonymous callers on every protected route', async () => {
    for (const route of apiRoutes().filter((r) => r.access !== 'public')) {
      const res = await t.inject({ method: route.method as 'GET', url: concrete(route.url), payload: route.method === 'GET' ? undefined : invalidBody });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json(), `${route.method} ${route.url}`).toEqual({ error: 'Authentication required' });
    }
  });

  it('answers 403 to clients on every admin route', async () => {
    for (const route of apiRoutes().filter((r) => r.access === 'admin')) {
      const res = await t.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        token: clientToken,
        payload: route.method === 'GET' ? undefined : invalidBody,
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json(), `${route.method} ${route.url}`).toEqual({ error: 'Admin access required' });
    }
  });
});
