/**
 * The campaign of an order holding a schedule (issue 42, decision 056): its spots are the schedule's, and a
 * simulated airing airs a line's spot: the daypart's impressions at the line's rate per spot (a bonus line's at $0).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addDays, weekdayOf } from '../../src/domain/dates';
import { createTestApp, type TestApp } from '../support/app';
import { campaignOfOrder, setOrderStatus, simulate } from '../support/campaign-fixtures';
import { clientWithBrand, createDaypart, createOrder, dateIn, putOrder } from '../support/ordering-fixtures';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t?.close());

it("plans the schedule's spots and airs its lines in turn at their rates", async () => {
  // ×1.5: 1366 × 1.5 = 2049 impressions a spot.
  const daypart = await createDaypart(t.database.db, { name: 'Campaign Morning', multiplier: 1.5, spotFrequency: 6 });
  const owner = await clientWithBrand(t);
  let monday = dateIn(8);
  while (weekdayOf(monday) !== 'Monday') monday = addDays(monday, 1);
  const order = await createOrder(t, owner.token, { estimate_name: 'Scheduled campaign', brand_id: owner.brand.id, start_date: monday, total_spend: 100 });
  const line = { daypart_id: daypart.id, start_time: '06:00', end_time: '07:00', spot_length: 30 };
  const put = await t.inject({
    method: 'PUT',
    url: `/api/estimates/${order.id}/schedule`,
    token: owner.token,
    payload: {
      week_start_day: 'Monday',
      start_date: monday,
      end_date: addDays(monday, 13),
      lines: [
        { ...line, name: 'Breakfast', days: ['Monday', 'Wednesday', 'Friday'], rate: 125, spots_per_week: [3, 2] },
        { ...line, name: 'Bonus', days: ['Tuesday'], rate: 0, spots_per_week: [1, 1] },
      ],
    },
  });
  expect(put.statusCode, put.body).toBe(200);
  expect((await putOrder(t, owner.token, order.id, { media_asset_id: owner.media.id, payment_method_id: owner.card.id, status: 'ordered' })).statusCode).toBe(
    200,
  );
  await setOrderStatus(t, order.id, 'active');
  const campaignId = (await campaignOfOrder(t, admin, order.id))!.campaign_id;

  const first = await simulate(t, admin, campaignId);
  expect(first.statusCode, first.body).toBe(200);
  expect(first.json().airing).toMatchObject({ daypart_id: daypart.id, impressions: 2049, spend: 125 });
  const second = await simulate(t, admin, campaignId);
  expect(second.statusCode, second.body).toBe(200);
  expect(second.json().airing).toMatchObject({ daypart_id: daypart.id, impressions: 2049, spend: 0 });
  // 5 + 2 spots in the schedule; a budget of $625.
  expect(second.json().campaign).toMatchObject({ total_spots: 7, aired_spots: 2, total_impressions: 4098, total_spend: 125, total_budget: 625 });
});
