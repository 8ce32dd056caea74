/**
 * An agency's schedule is sold on audience too (issues 42 and 43, decision 057): the audience sums take a
 * schedule's mapped lines, at their rate a spot and spots in each week, and booking freezes them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { weekdayOf } from '../../src/domain/dates';
import { readProposal } from '../../src/domain/proposal-read';
import { readXmlTree } from '../../src/server/modules/orders/proposal-xml';
import { createTestApp, type TestApp } from '../support/app';
import { clientWithBrand, createDaypart, createOrder, dateIn } from '../support/ordering-fixtures';

let t: TestApp;
let admin: string;
let morning: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  morning = await createDaypart(t.database.db, { name: 'Sched Morning' });
  const boundary = '----spotbookbook';
  const csv = ['daypart,demo,rating,impressions,universe', 'Sched Morning,A25-54,2,20,1000'].join('\n');
  const fields = { name: 'Nov26', rating_service: 'Nielsen', survey_period: 'Nov26 DMA Live+3' };
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([field, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`)),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="book.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    ),
  ]);
  const book = await t.inject({
    method: 'POST',
    url: '/api/books',
    token: admin,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(book.statusCode, book.body).toBe(201);
  expect(book.json().is_current).toBe(true);
});
afterAll(() => t?.close());

it("sums a schedule's lines week by week on the current book", async () => {
  const client = await clientWithBrand(t);
  const order = await createOrder(t, client.token, { estimate_name: 'Agency buy', brand_id: client.brand.id, start_date: dateIn(8), total_spend: 100 });
  const put = await t.inject({
    method: 'PUT',
    url: `/api/estimates/${order.id}/schedule`,
    token: client.token,
    payload: {
      week_start_day: weekdayOf(dateIn(14)),
      start_date: dateIn(14),
      end_date: dateIn(27),
      demos: ['A25-54'],
      lines: [
        {
          name: 'Morning news',
          daypart_id: morning.id,
          days: ['Monday', 'Wednesday', 'Friday'],
          start_time: '06:00',
          end_time: '07:00',
          spot_length: 30,
          rate: 100,
          spots_per_week: [3, 2],
        },
      ],
    },
  });
  expect(put.statusCode, put.body).toBe(200);
  const res = await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/audience?demo=A25-54`, token: client.token });
  expect(res.statusCode, res.body).toBe(200);
  const audience = res.json();
  expect(audience).toMatchObject({ demo: 'A25-54', book_name: 'Nov26', frozen: false });
  expect(audience.lines).toHaveLength(1);
  expect(audience.lines[0]).toMatchObject({ label: 'Morning news', rating: 2, impressions_per_spot: 20 });
  // Week 1: 3 spots at $100 = $300, 3 × 2.0 = 6 GRPs, 60 (000); CPP $300 / 6 = $50. Week 2: 2 spots, 4 GRPs.
  expect(
    audience.weeks.map((w: { spots: number; cost_cents: number; grps: number; impressions: number }) => [w.spots, w.cost_cents, w.grps, w.impressions]),
  ).toEqual([
    [3, 30_000, 6, 60],
    [2, 20_000, 4, 40],
  ]);
  expect(audience.weeks[0].cpp_cents).toBe(5000);
});

it('states the station’s audience on the target demo in the Proposal export, beside the buyer’s demo values', async () => {
  const client = await clientWithBrand(t);
  const order = await createOrder(t, client.token, { estimate_name: 'Agency buy', brand_id: client.brand.id, start_date: dateIn(8), total_spend: 100 });
  const schedule = {
    week_start_day: weekdayOf(dateIn(14)),
    start_date: dateIn(14),
    end_date: dateIn(27),
    demos: ['HH'],
    lines: [
      {
        name: 'Morning news',
        daypart_id: morning.id,
        days: ['Monday', 'Wednesday', 'Friday'],
        start_time: '06:00',
        end_time: '07:00',
        spot_length: 30,
        rate: 100,
        spots_per_week: [3, 2],
        demo_values: { HH: 3.5 },
      },
    ],
  };
  expect((await t.inject({ method: 'PUT', url: `/api/estimates/${order.id}/schedule`, token: client.token, payload: schedule })).statusCode).toBe(200);
  const exported = async () => (await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/proposal.xml`, token: client.token })).body;
  // No target demo: the buyer's HH rating only, as before.
  expect(await exported()).not.toContain('Impression');

  expect((await t.inject({ method: 'PUT', url: `/api/estimates/${order.id}`, token: client.token, payload: { target_demo: 'A25-54' } })).statusCode).toBe(200);
  const xml = await exported();
  // 5 spots × 2.0 = 10 GRPs, 5 × 20 = 100 (000) for $500: CPP $500 / 10 = $50.00, CPM $500 / 100 = $5.00.
  expect(xml).toContain('<!-- Station audience A25-54 on book Nov26: 10.0 GRPs, 100.0 (000) impressions, CPP $50.00, CPM $5.00 -->');
  expect(xml).toContain('<tvb:DemoType>Impression</tvb:DemoType>');
  // Each week: the buyer's HH 3.5 (D1), the book's A25-54 rating 2 (D2) and impressions 20 (I1).
  const values = [...xml.matchAll(/<DemoValue demoRef="(\w+)">([\d.]+)<\/DemoValue>/g)].map((m) => `${m[1]}=${m[2]}`);
  expect(values).toEqual(['D1=3.5', 'D2=2', 'I1=20', 'D1=3.5', 'D2=2', 'I1=20']);
  // Read back, a line's demo values are its ratings (the Impression category is not one).
  const proposal = readProposal(readXmlTree(xml));
  expect(proposal.lines[0]!.demoValues).toEqual({ HH: 3.5, 'A25-54': 2 });
});
