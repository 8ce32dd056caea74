import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectionDefaults, weeklyCostOf } from '../../src/domain/pricing';
import { createTestApp, type TestApp } from '../support/app';
import { addItem, clientWithBrand, createDaypart, createOrder, dateIn, getOrder, putOrder } from '../support/ordering-fixtures';

// One weekly-cost rule (issue 22, decision 036): the TypeScript of src/domain/pricing.ts and the SQL
// functions item_cpm_cents and item_weekly_cost that the analytics view and split use give the same
// figure. A daypart whose base CPM is 0 is priced at $5 ("CPM to base_cpm or 5"); the analytics
// split weighed it at nothing.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('weekly cost: one rule in TypeScript and SQL', () => {
  it('item_weekly_cost and item_cpm_cents in SQL equal weeklyCostOf and selectionDefaults, a zero base included', async () => {
    const cases = [
      { multiplier: 1, spotsPerDay: 10, cpm: 15, daysPerWeek: 5 },
      { multiplier: 1.35, spotsPerDay: 3, cpm: 40.25, daysPerWeek: 2 },
      { multiplier: 0.7, spotsPerDay: 30, cpm: 0, daysPerWeek: 7 },
      { multiplier: 2.5, spotsPerDay: 1, cpm: 5, daysPerWeek: 1 },
    ];
    for (const c of cases) {
      const result = await t.database.db.execute(
        sql`select item_weekly_cost(${c.multiplier}::float8, ${c.spotsPerDay}::int, ${Math.round(c.cpm * 100)}::bigint, ${c.daysPerWeek}::int) / 100 as cost`,
      );
      const [row] = (result as unknown as { rows: { cost: number }[] }).rows;
      expect(Number(row!.cost)).toBeCloseTo(weeklyCostOf(c), 9);
    }
    for (const [custom, base] of [
      [null, 1500],
      [2000, 1500],
      [null, 0],
      [700, 0],
      [null, null],
    ] as const) {
      const result = await t.database.db.execute(sql`select item_cpm_cents(${custom}::bigint, ${base}::bigint)::int as cents`);
      const [row] = (result as unknown as { rows: { cents: number }[] }).rows;
      const limits = { name: 'x', spotFrequency: 1, minCpm: null, baseCpm: base === null ? null : base / 100 };
      expect(row!.cents).toBe(custom ?? Math.round(selectionDefaults(limits).cpm * 100));
    }
  });

  it('prices a daypart whose base CPM is 0 at $5 and splits the budget by that price in analytics', async () => {
    const free = await createDaypart(t.database.db, { name: 'Zero Base Slot', baseCpmCents: 0 });
    const paid = await createDaypart(t.database.db, { name: 'Paid Slot', baseCpmCents: 2000 });
    const c = await clientWithBrand(t);
    const order = await createOrder(t, c.token, { estimate_name: 'Zero base', brand_id: c.brand.id, start_date: dateIn(8), total_spend: 5000 });
    const zero = await addItem(t, c.token, order.id, { daypart_id: free.id, spots_per_occurrence: 10 });
    await addItem(t, c.token, order.id, { daypart_id: paid.id, spots_per_occurrence: 10 });
    // Zero Base Slot: 1 × 1366 × 10 ÷ 1000 × $5 × 5 weekdays = $341.50; Paid Slot at $20: $1,366.00.
    expect(zero.weekly_cost).toBe(341.5);
    expect(await getOrder(t, c.token, order.id)).toMatchObject({ total_estimated_cost: 1707.5 });

    const submitted = await putOrder(t, c.token, order.id, { media_asset_id: c.media.id, payment_method_id: c.card.id, status: 'ordered' });
    expect(submitted.statusCode, submitted.body).toBe(200);
    // The advertiser's split is computed from the rows; the station's from the rollups over the view.
    for (const token of [c.token, await t.adminToken()]) {
      const res = await t.inject({ method: 'GET', url: '/api/analytics/budget/analysis?timeframe=30', token });
      expect(res.statusCode, res.body).toBe(200);
      const allocation = (res.json() as { daypart_allocation: { daypart_name: string; allocated_budget: number }[] }).daypart_allocation;
      const byName = new Map(allocation.map((d) => [d.daypart_name, d.allocated_budget]));
      // $5,000 split 1,366 : 341.50 = 4,000 : 1,000.
      expect(byName.get('Paid Slot')).toBe(4000);
      expect(byName.get('Zero Base Slot')).toBe(1000);
    }
  });
});
