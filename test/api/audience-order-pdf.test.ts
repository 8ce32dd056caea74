/**
 * The order as a PDF with its audience (issue 43, decision 057): its lines' GRPs, impressions, CPP and CPM
 * on the target demo, labelled with the book; only for its owner and admins.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { bookFields, uploadBook } from '../support/audience-fixtures';
import { clientWithBrand, createDaypart, putOrder, readyOrder } from '../support/ordering-fixtures';
import { pdfText } from '../support/pdf-text';

let t: TestApp;
let admin: string;
let daypartId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  // Weekdays at $15 CPM: $20.49 a spot.
  daypartId = (await createDaypart(t.database.db, { name: 'PDF Morning', baseCpmCents: 1500 })).id;
  const csv = ['daypart,demo,rating,impressions,universe', 'PDF Morning,A25-54,2,20,1000', 'PDF Morning,HH,3,30,1000'].join('\n');
  expect((await uploadBook(t, csv, bookFields('Nov26'), admin)).statusCode).toBe(201);
});
afterAll(() => t?.close());

it('prints the order’s audience on its target demo, labelled with the book, for its owner and admins', async () => {
  const { order, owner } = await readyOrder(t, { daypartId, spots: 2, totalSpend: 200, name: 'Printed buy' });
  expect((await putOrder(t, owner.token, order.id, { target_demo: 'A25-54' })).statusCode).toBe(200);
  const pdf = async (token: string, query = '') => t.inject({ method: 'GET', url: `/api/estimates/${order.id}/order.pdf${query}`, token });

  const res = await pdf(owner.token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('application/pdf');
  const text = pdfText(res.rawPayload);
  expect(text).toContain('ORDER');
  expect(text).toContain('Printed buy');
  expect(text).toContain('Audience on A25-54 · book Nov26');
  // One week of 2 spots a weekday: 10 spots at $20.49 = $204.90; 10 × 2.0 = 20.0 GRPs, 10 × 20 = 200.0 (000);
  // CPP $204.90 / 20 = $10.25 (rounded from $10.245), CPM $204.90 / 200 = $1.02.
  const audience = (await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/audience`, token: owner.token })).json();
  expect(audience.total).toMatchObject({ spots: 10, cost_cents: 20_490, grps: 20, impressions: 200, cpp_cents: 1025, cpm_cents: 102 });
  for (const figure of ['PDF Morning', '10', '$204.90', '20.0', '200.0', '$10.25', '$1.02', 'Total']) expect(text).toContain(figure);

  // Another demo asked: HH, 3.0 a spot, 30.0 GRPs.
  const hh = pdfText((await pdf(admin, '?demo=HH')).rawPayload);
  expect(hh).toContain('Audience on HH · book Nov26');
  expect(hh).toContain('30.0');

  const stranger = await clientWithBrand(t);
  expect((await pdf(stranger.token)).statusCode).toBe(404);
  expect((await pdf(owner.token, '?demo=X9')).statusCode).toBe(400);
});
