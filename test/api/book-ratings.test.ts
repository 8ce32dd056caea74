/**
 * GET /api/book-ratings (issue 43): a channel's current book on one demo, per daypart, which the order
 * form multiplies by the spots as they are typed to show the week's GRPs and CPP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { bookFields, uploadBook } from '../support/audience-fixtures';
import { clientWithBrand, createDaypart } from '../support/ordering-fixtures';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t?.close());

describe('a channel’s current book on one demo', () => {
  it('answers no ratings without a current book, then each daypart’s figures on the demo asked, to anyone signed in', async () => {
    const client = await clientWithBrand(t);
    const before = await t.inject({ method: 'GET', url: '/api/book-ratings?demo=a25-54', token: client.token });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ demo: 'A25-54', book_name: null, ratings: [] });

    const morning = await createDaypart(t.database.db, { name: 'Ratings Morning', baseCpmCents: 1500 });
    const prime = await createDaypart(t.database.db, { name: 'Ratings Prime', baseCpmCents: 3000 });
    const csv = [
      'daypart,demo,rating,impressions,universe',
      'Ratings Morning,A25-54,2.5,12,480',
      'Ratings Morning,HH,4,40,1000',
      'Ratings Prime,A25-54,6,30,480',
    ].join('\n');
    const uploaded = await uploadBook(t, csv, bookFields('Ratings Nov26'), admin);
    expect(uploaded.statusCode).toBe(201);
    const made = await t.inject({ method: 'PATCH', url: `/api/books/${uploaded.json().id}`, token: admin, payload: { is_current: true } });
    expect(made.statusCode).toBe(200);

    const res = await t.inject({ method: 'GET', url: '/api/book-ratings?demo=A25-54', token: client.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().book_name).toBe('Ratings Nov26');
    expect(res.json().ratings).toHaveLength(2);
    expect(res.json().ratings).toEqual(
      expect.arrayContaining([
        { daypart_id: morning.id, rating: 2.5, impressions: 12 },
        { daypart_id: prime.id, rating: 6, impressions: 30 },
      ]),
    );
    const homes = await t.inject({ method: 'GET', url: '/api/book-ratings?demo=HH', token: client.token });
    expect(homes.json().ratings).toEqual([{ daypart_id: morning.id, rating: 4, impressions: 40 }]);
  });

  it('refuses a demo that is not one, an unknown channel and a stranger', async () => {
    const client = await clientWithBrand(t);
    const bad = await t.inject({ method: 'GET', url: '/api/book-ratings?demo=Q18%2B', token: client.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('A demo is written as HH');
    expect((await t.inject({ method: 'GET', url: '/api/book-ratings', token: client.token })).statusCode).toBe(400);
    const unknown = await t.inject({ method: 'GET', url: '/api/book-ratings?demo=HH&channel_id=00000000-0000-4000-8000-000000000000', token: client.token });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('Channel not found');
    expect((await t.inject({ method: 'GET', url: '/api/book-ratings?demo=HH' })).statusCode).toBe(401);
  });
});
