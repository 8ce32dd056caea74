import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weeklyCostOf } from '../../src/domain/pricing';
import { createTestApp, type TestApp } from '../support/app';
import { addItem, clientWithBrand, createDaypart, createOrder, dateIn, getOrder, putOrder } from '../support/ordering-fixtures';

// One weekly-cost rule (issue 22): the TypeScript of src/domain/pricing.ts and the SQL function
// item_weekly_cost that the analytics view and split use give the same figure, and a daypart whose
// base CPM is 0 costs 0 (it was priced at the form's $5 default and weighed nothing in analytics).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('weekly cost: one rule in TypeScript and SQL', () => {
  it('item_weekly_cost in SQL equals weeklyCostOf for the same selections, a zero CPM included', async () => {
    const cases = [
      { multiplier: 1, spotsPerDay: 10, cpm: 15, daysPerWeek: 5 },
      { multiplier: 1.35, spotsPerDay: 3, cpm: 40.25, daysPerWeek: 2 },
      { multiplier: 0.7, spotsPerDay: 30, cpm: 0, daysPerWeek: 7 },
      { multiplier: 2.5, spotsPerDay: 1, cpm: 5, daysPerWeek: 1 },
    ];
    for (const c of cases) {
      const [row] = await t.database.db.execute<{ cost: number }>(
        sql`select item_weekly_cost(${c.multiplier}::float8, ${c.spotsPerDay}::int, ${Math.round(c.cpm * 100)}::bigint, ${c.daysPerWeek}::int) / 100 as cost`,
      ).then((r) => ('rows' in r ? r.rows : r) as { cost: number }[]);
      expect(Number(row!.cost)).toBeCloseTo(weeklyCostOf(c), 9);
    }
  });

  it('prices a daypart whose base CPM is 0 at $0 and gives it no share of the budget in analytics', async () => {
    const free = await createDaypart(t.database.db, { name: 'Zero Base Slot', baseCpmCents: 0 });
    const paid = await createDaypart(t.database.db, { name: 'Paid Slot', baseCpmCents: 2000 });
    const c = await clientWithBrand(t);
    const order = await createOrder(t, c.token, { estimate_name: 'Zero base', brand_id: c.brand.id, start_date: dateIn(8), total_spend: 5000 });
    const zero = await addItem(t, c.token, order.id, { daypart_id: free.id, spots_per_occurrence: 10 });
    await addItem(t, c.token, order.id, { daypart_id: paid.id, spots_per_occurrence: 10 });
    expect(zero.weekly_cost).toBe(0);
    // Paid Slot: 1 × 1366 × 10 ÷ 1000 × $20 × 5 weekdays = $1,366.00; the zero-base slot adds nothing.
    expect(await getOrder(t, c.token, order.id)).toMatchObject({ total_estimated_cost: 1366 });

    const submitted = await putOrder(t, c.token, order.id, { media_asset_id: c.media.id, payment_method_id: c.card.id, status: 'ordered' });
    expect(submitted.statusCode, submitted.body).toBe(200);
    // The advertiser's split is computed from the rows; the station's from the rollups over the view.
    for (const token of [c.token, await t.adminToken()]) {
      const res = await t.inject({ method: 'GET', url: '/api/analytics/budget/analysis?timeframe=30', token });
      expect(res.statusCode, res.body).toBe(200);
      const allocation = (res.json() as { daypart_allocation: { daypart_name: string; allocated_budget: number }[] }).daypart_allocation;
      const byName = new Map(allocation.map((d) => [d.daypart_name, d.allocated_budget]));
      expect(byName.get('Paid Slot')).toBe(5000);
      expect(byName.get('Zero Base Slot') ?? 0).toBe(0);
    }
  });
});
