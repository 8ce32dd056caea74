/**
 * The dashboards' rollups (migration 0016, decision 023) follow every write that moves a figure:
 * after orders inserted as rows, drafts, coupons, items added, changed, replaced and removed,
 * submissions, withdrawals, reviews, status changes up to completed, reconciliations, a daypart's
 * rate card, a deleted draft, a reconciled order deleted with its reconciliation, and then a
 * seeded random sequence of these writes, each rollup equals its fresh computation from the rows,
 * and the dashboards that read them (order stats, reconciliation dashboard, performance per daypart
 * and brand, budget per daypart) equal figures computed here from the rows. The station is in Asia/Kolkata
 * (UTC+05:30): its midnight is not on a UTC hour, so the window's first half hour comes from the rows.
 */
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectionDefaults, weeklyCostOf } from '../../src/domain/pricing';
import { createTestApp, type TestApp } from '../support/app';
import { setOrderStatus } from '../support/campaign-fixtures';
import { addItem, clientWithBrand, createCoupon, createDaypart, putOrder, readyOrder, submittedOrder } from '../support/ordering-fixtures';
import { clockToday } from '../support/clock';

const ZONE = 'Asia/Kolkata';
const BOOKED = ['approved', 'scheduled', 'active', 'completed'];
const STATUSES = ['draft', 'pending_approval', 'ordered', 'modified', 'approved', 'rejected', 'scheduled', 'active', 'completed'] as const;

let t: TestApp;
let admin: string;
type Owner = Awaited<ReturnType<typeof clientWithBrand>>;
let owners: Owner[];

const rows = async <T>(query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
/** A fixed pseudo-random sequence (a linear congruential generator), the same on every run. */
const seeded = (seed: number) => () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
const random = seeded(23);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const daysBefore = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
const stationDay = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
const dollars = (cents: number) => Math.round(cents) / 100;
const call = async (method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) => {
  const res = await t.inject({ method, url, token, ...(payload && { payload }) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
};

/** An order inserted as a row (the seed's way), with one to three items of the rate card. */
const insertOrder = async (at: Date, status: string) => {
  const owner = pick(owners);
  const rateCard = await rows<{ id: string }>(sql`select id from dayparts order by name limit 6`);
  const spend = (1000 + Math.floor(random() * 9000)) * 100 + Math.floor(random() * 100);
  const [order] = await rows<{
    id: string;
  }>(sql`insert into estimates (owner_id, brand_id, estimate_name, status, total_spend_cents, total_amount_cents, start_date, created_at, submitted_at)
    values (${owner.id}, ${random() < 0.2 ? null : owner.brand.id}, 'Inserted order', ${status}, ${spend}, ${spend - (random() < 0.3 ? 1234 : 0)}, ${at.toISOString().slice(0, 10)}, ${at.toISOString()}, ${status === 'draft' ? null : at.toISOString()}) returning id`);
  const first = Math.floor(random() * rateCard.length);
  for (let k = 0; k < 1 + Math.floor(random() * 3); k += 1)
    await t.database.db.execute(sql`insert into estimate_items (estimate_id, daypart_id, spots_per_occurrence, user_defined_cpm_cents)
      values (${order!.id}, ${rateCard[(first + k) % rateCard.length]!.id}, ${1 + Math.floor(random() * 5)}, ${random() < 0.3 ? 2500 : null})`);
};

/** Orders dated around the station's midnight (18:30 UTC) of the last 40 days. */
const insertOrders = async (count: number) => {
  for (let i = 0; i < count; i += 1) {
    const at = new Date(`${daysBefore(clockToday(ZONE), 1 + Math.floor(random() * 40))}T18:00:00Z`);
    at.setUTCMinutes(Math.floor(random() * 90) - 20, Math.floor(random() * 60));
    await insertOrder(at, pick(STATUSES));
  }
};

/** Every rollup row that differs from its computation from the rows (none when in step). */
const staleRollupRows = async () => [
  ...(await rows(sql`(select scope, scope_id, status, orders, spend_cents, reconciled from order_counts where orders <> 0 or spend_cents <> 0 or reconciled <> 0
      except select * from order_counts_computed)
    union all (select * from order_counts_computed except select * from order_counts)`)),
  ...(await rows(sql`(select * from reconciliation_brand_days where reconciliations <> 0 or projected_spend_cents <> 0 or actual_spend_cents <> 0
      except select * from reconciliation_brand_days_computed)
    union all (select * from reconciliation_brand_days_computed except select * from reconciliation_brand_days)`)),
  ...(await rows(sql`(select * from brand_hours where orders <> 0 or amount_cents <> 0 except select * from brand_hours_computed)
    union all (select * from brand_hours_computed except select * from brand_hours)`)),
  ...(await rows(sql`(select * from status_hours where orders <> 0 or amount_cents <> 0 or spend_cents <> 0 or days <> 0 except select * from status_hours_computed)
    union all (select * from status_hours_computed except select * from status_hours)`)),
  // Campaigns are made and moved by the orders' statuses: their rollup (migration 0041) is checked here too.
  ...(await rows(sql`(select * from campaign_counts where campaigns <> 0 or impressions <> 0 or spend_cents <> 0 or budget_cents <> 0
      except select * from campaign_counts_computed)
    union all (select * from campaign_counts_computed except select * from campaign_counts)`)),
  ...(await rows(sql`select hour, status, daypart_id, a.orders, b.orders as fresh_orders, a.amount_cents, b.amount_cents as fresh_amount
    from (select * from daypart_hours where orders <> 0 or spots <> 0 or amount_cents <> 0 or spend_cents <> 0) a full join daypart_hours_computed b using (hour, status, daypart_id)
    where a.orders is distinct from b.orders or a.spots is distinct from b.spots
      or coalesce(abs(a.amount_cents - b.amount_cents) > 1e-6, true) or coalesce(abs(a.spend_cents - b.spend_cents) > 1e-6, true)`)),
  // Its sums per UTC day and week (migration 0066), kept by the same deltas.
  ...(await rows(sql`select day, status, daypart_id, a.orders, b.orders as fresh_orders, a.amount_cents, b.amount_cents as fresh_amount
    from (select * from daypart_days where orders <> 0 or spots <> 0 or amount_cents <> 0 or spend_cents <> 0) a full join daypart_days_computed b using (day, status, daypart_id)
    where a.orders is distinct from b.orders or a.spots is distinct from b.spots
      or coalesce(abs(a.amount_cents - b.amount_cents) > 1e-6, true) or coalesce(abs(a.spend_cents - b.spend_cents) > 1e-6, true)`)),
  ...(await rows(sql`select week, status, daypart_id, a.orders, b.orders as fresh_orders, a.amount_cents, b.amount_cents as fresh_amount
    from (select * from daypart_weeks where orders <> 0 or spots <> 0 or amount_cents <> 0 or spend_cents <> 0) a full join daypart_weeks_computed b using (week, status, daypart_id)
    where a.orders is distinct from b.orders or a.spots is distinct from b.spots
      or coalesce(abs(a.amount_cents - b.amount_cents) > 1e-6, true) or coalesce(abs(a.spend_cents - b.spend_cents) > 1e-6, true)`)),
];

interface OrderRow {
  id: string;
  owner_id: string;
  brand_name: string;
  status: string;
  spend: number;
  amount: number;
  at: string;
}
interface ItemRow {
  estimate_id: string;
  name: string;
  spots: number;
  weekly: number;
}
interface ItemParts {
  estimate_id: string;
  name: string;
  spots: number;
  multiplier: number;
  custom_cents: number | null;
  base_cents: number;
  days: number;
}
const orderRows = () =>
  rows<OrderRow>(sql`select e.id, e.owner_id, coalesce(b.common_name, 'No brand') as brand_name, e.status, e.total_spend_cents::float8 as spend, e.total_amount_cents::float8 as amount,
    coalesce(e.submitted_at, e.created_at)::text as at from estimates e left join brands b on b.id = e.brand_id`);
/** Each item with its weekly cost by the domain's rule (cents as the CPM unit: shares are ratios). */
const itemRows = async (): Promise<ItemRow[]> =>
  (
    await rows<ItemParts>(sql`select i.estimate_id, d.name, i.spots_per_occurrence as spots, d.multiplier,
      i.user_defined_cpm_cents::float8 as custom_cents, d.base_cpm_cents::float8 as base_cents, cardinality(d.days_of_week) as days
      from estimate_items i join dayparts d on d.id = i.daypart_id`)
  ).map((i) => {
    const cpm = i.custom_cents ?? selectionDefaults({ name: i.name, spotFrequency: null, minCpm: null, baseCpm: i.base_cents / 100 }).cpm * 100;
    return {
      estimate_id: i.estimate_id,
      name: i.name,
      spots: i.spots,
      weekly: weeklyCostOf({ multiplier: i.multiplier, spotsPerDay: i.spots, cpm, daysPerWeek: i.days }),
    };
  });

/** Per brand: the submitted orders dated from the window's first station day, the booked ones and their revenue. */
const expectedBrands = async (days: number) => {
  const from = daysBefore(clockToday(ZONE), days - 1);
  const brands = new Map<string, { brand_name: string; total_orders: number; approved_orders: number; total_revenue: number }>();
  for (const o of (await orderRows()).filter((x) => x.status !== 'draft' && stationDay(new Date(x.at)) >= from)) {
    const row = brands.get(o.brand_name) ?? { brand_name: o.brand_name, total_orders: 0, approved_orders: 0, total_revenue: 0 };
    const booked = BOOKED.includes(o.status);
    brands.set(o.brand_name, {
      ...row,
      total_orders: row.total_orders + 1,
      approved_orders: row.approved_orders + (booked ? 1 : 0),
      total_revenue: row.total_revenue + (booked ? o.amount : 0),
    });
  }
  return [...brands.values()].map((b) => ({ ...b, total_revenue: dollars(b.total_revenue) })).sort((a, b) => a.brand_name.localeCompare(b.brand_name));
};

/** Per daypart: the orders' `amount` split by weekly cost, for the orders `wanted`, dated from the window's first station day. */
const expectedSplit = async (days: number, wanted: (o: OrderRow) => boolean, amount: 'spend' | 'amount') => {
  const from = daysBefore(clockToday(ZONE), days - 1);
  const orders = new Map((await orderRows()).filter((o) => wanted(o) && stationDay(new Date(o.at)) >= from).map((o) => [o.id, o]));
  const items = (await itemRows()).filter((i) => orders.has(i.estimate_id));
  const totals = new Map<string, number>();
  for (const i of items) totals.set(i.estimate_id, (totals.get(i.estimate_id) ?? 0) + i.weekly);
  const split = new Map<string, { cents: number; orders: number; spots: number }>();
  for (const i of items) {
    const total = totals.get(i.estimate_id)!;
    const row = split.get(i.name) ?? { cents: 0, orders: 0, spots: 0 };
    split.set(i.name, {
      cents: row.cents + (total > 0 ? (orders.get(i.estimate_id)![amount] * i.weekly) / total : 0),
      orders: row.orders + 1,
      spots: row.spots + i.spots,
    });
  }
  return split;
};

const expectDashboardsFromRows = async () => {
  // Order stats, the station's and one client's.
  for (const [token, ownerId] of [
    [admin, undefined],
    [owners[0]!.token, owners[0]!.id],
  ] as const) {
    const counts = await rows<{ status: string; n: number; spend: number }>(
      sql`select status, count(*)::int as n, sum(total_spend_cents)::float8 as spend from estimates ${ownerId ? sql`where owner_id = ${ownerId}` : sql``} group by status`,
    );
    const of = (...statuses: string[]) => counts.filter((c) => statuses.includes(c.status));
    const n = (...statuses: string[]) => of(...statuses).reduce((sum, c) => sum + c.n, 0);
    const spend = (...statuses: string[]) => dollars(of(...statuses).reduce((sum, c) => sum + c.spend, 0));
    expect(await call('GET', '/api/estimates/stats/dashboard', token)).toEqual({
      total_estimates: n(...STATUSES),
      draft_count: n('draft'),
      ordered_count: n('ordered'),
      approved_count: n('approved'),
      rejected_count: n('rejected'),
      modified_count: n('modified'),
      scheduled_count: n('scheduled'),
      active_count: n('active'),
      completed_count: n('completed'),
      total_budget: spend(...STATUSES),
      approved_budget: spend(...BOOKED),
      pending_count: n('ordered', 'pending_approval'),
    });
  }

  // The reconciliation dashboard: brands of the window's reconciliations and the reconciliation rate, all and for one brand.
  for (const brand of [undefined, owners[0]!.brand.id]) {
    const body = await call('GET', `/api/reconciliation/dashboard?timeframe=30${brand ? `&brand_id=${brand}` : ''}`, admin);
    const [status] = await rows<{ booked: number; reconciled: number }>(sql`select count(*)::int as booked, count(r.id)::int as reconciled from estimates e
      left join reconciliations r on r.estimate_id = e.id where e.status in ('approved', 'scheduled', 'active', 'completed') ${brand ? sql`and e.brand_id = ${brand}` : sql``}`);
    expect(body.reconciliation_status).toMatchObject({ reconciled_campaigns: status!.reconciled, total_approved_campaigns: status!.booked });
    const brands = await rows<{
      brand_name: string;
      projected_spend: number;
      actual_spend: number;
    }>(sql`select coalesce(b.common_name, 'No brand') as brand_name,
      sum(r.projected_spend_cents)::float8 / 100 as projected_spend, sum(r.actual_spend_cents)::float8 / 100 as actual_spend
      from reconciliations r join estimates e on e.id = r.estimate_id left join brands b on b.id = e.brand_id
      where r.reconciled_at >= ${`${daysBefore(clockToday(ZONE), 29)}T00:00:00Z`}::timestamptz ${brand ? sql`and e.brand_id = ${brand}` : sql``} group by b.id, b.common_name`);
    const byName = (a: { brand_name: string }, b: { brand_name: string }) => a.brand_name.localeCompare(b.brand_name);
    expect([...body.brand_variance].sort(byName)).toEqual(brands.sort(byName));
  }

  // Revenue and budgets per daypart, for windows of 7 and 30 days.
  for (const days of [7, 30]) {
    const performance = await call('GET', `/api/analytics/performance/metrics?timeframe=${days}`, admin);
    const revenue = await expectedSplit(days, (o) => BOOKED.includes(o.status), 'amount');
    expect(
      Object.fromEntries(
        performance.daypart_performance.map((d: { daypart_name: string; total_revenue: number; order_count: number; total_spots: number }) => [
          d.daypart_name,
          d,
        ]),
      ),
    ).toEqual(
      Object.fromEntries(
        [...revenue].map(([name, r]) => [name, { daypart_name: name, total_revenue: dollars(r.cents), order_count: r.orders, total_spots: r.spots }]),
      ),
    );
    const brands = (performance.brand_performance as { brand_name: string; avg_order_value: number }[]).map(({ avg_order_value: _, ...b }) => b);
    expect(brands.sort((a, b) => a.brand_name.localeCompare(b.brand_name))).toEqual(await expectedBrands(days));
    const budget = await call('GET', `/api/analytics/budget/analysis?timeframe=${days}`, admin);
    const budgets = await expectedSplit(days, (o) => o.status !== 'draft', 'spend');
    expect(
      Object.fromEntries(budget.daypart_allocation.map((d: { daypart_name: string; allocated_budget: number }) => [d.daypart_name, d.allocated_budget])),
    ).toEqual(Object.fromEntries([...budgets].map(([name, r]) => [name, dollars(r.cents)])));
    // Overview, revenue per station day and budgets per month (status_hours, migration 0035): the
    // hour 18:00 UTC is cut by the station's midnight, so its orders must go to two days.
    const dated = (await orderRows()).filter((o) => stationDay(new Date(o.at)) >= daysBefore(clockToday(ZONE), days - 1));
    const bookedRows = dated.filter((o) => BOOKED.includes(o.status));
    const overview = await call('GET', `/api/analytics/dashboard/overview?timeframe=${days}`, admin);
    expect(overview.summary).toMatchObject({
      total_orders: dated.length,
      approved_orders: bookedRows.length,
      total_revenue: dollars(bookedRows.reduce((sum, o) => sum + o.amount, 0)),
    });
    const trends = await call('GET', `/api/analytics/revenue/trends?timeframe=${days}&granularity=daily`, admin);
    const perDay = new Map<string, { revenue: number; orders: number }>();
    for (const o of bookedRows) {
      const day = perDay.get(stationDay(new Date(o.at))) ?? { revenue: 0, orders: 0 };
      perDay.set(stationDay(new Date(o.at)), { revenue: day.revenue + o.amount, orders: day.orders + 1 });
    }
    const points = trends.revenue_trends as { date: string; revenue: number; approved_orders: number }[];
    expect(points.filter((d) => d.approved_orders > 0).map(({ date, revenue, approved_orders }) => ({ date, revenue, approved_orders }))).toEqual(
      [...perDay].sort(([a], [b]) => a.localeCompare(b)).map(([date, d]) => ({ date, revenue: dollars(d.revenue), approved_orders: d.orders })),
    );
    const perMonth = new Map<string, number>();
    for (const o of dated.filter((x) => x.status !== 'draft'))
      perMonth.set(stationDay(new Date(o.at)).slice(0, 7), (perMonth.get(stationDay(new Date(o.at)).slice(0, 7)) ?? 0) + 1);
    expect(
      Object.fromEntries(
        budget.monthly_trends.map((m: { month: string; order_count: number }) => [m.month, m.order_count]).filter(([, n]: [string, number]) => n > 0),
      ),
    ).toEqual(Object.fromEntries(perMonth));
    const mine = await call('GET', `/api/analytics/performance/metrics?timeframe=${days}`, owners[0]!.token);
    const myRevenue = await expectedSplit(days, (o) => BOOKED.includes(o.status) && o.owner_id === owners[0]!.id, 'amount');
    expect(mine.daypart_performance.map((d: { daypart_name: string; total_revenue: number }) => [d.daypart_name, d.total_revenue]).sort()).toEqual(
      [...myRevenue].map(([name, r]) => [name, dollars(r.cents)]).sort(),
    );
  }
};

const expectInStep = async () => {
  expect(await staleRollupRows()).toEqual([]);
  expect(await rows(sql`select * from rollup_deltas`), 'deltas staged by a committed transaction are applied and gone').toEqual([]);
  await expectDashboardsFromRows();
};

beforeAll(async () => {
  t = await createTestApp({ stationTimeZone: ZONE });
  admin = await t.adminToken();
  owners = [await clientWithBrand(t), await clientWithBrand(t)];
  await insertOrders(60);
  // The first half hour of the 7- and 30-day windows (from 18:30 UTC), and the half hour before it.
  for (const days of [7, 30])
    for (const minute of [10, 40, 50]) await insertOrder(new Date(`${daysBefore(clockToday(ZONE), days)}T18:${minute}:00Z`), pick(BOOKED));
});
afterAll(() => t.close());

/** A booked order of one of the owners, reconciled. */
const reconciledOrder = async (owner: Owner, status = 'completed') => {
  const { order } = await submittedOrder(t, { owner, totalSpend: 2000 + Math.floor(random() * 5000) });
  await setOrderStatus(t, order.id, status);
  await call('PUT', `/api/reconciliation/reconcile/${order.id}`, admin, { actual_spend: 1800.25, actual_impressions: 90_000, notes: 'As aired' });
  return order as { id: string };
};

describe('rollups of the dashboards, against the rows', () => {
  it('are filled from the orders inserted as rows', async () => {
    await expectInStep();
  });

  it('catch a write that skips them (the comparison can fail)', async () => {
    await t.database.db.execute(sql`alter table estimates disable trigger rollups_estimates_update`);
    await t.database.db.execute(sql`update estimates set status = 'completed' where id = (select id from estimates where status = 'draft' limit 1)`);
    await t.database.db.execute(sql`alter table estimates enable trigger rollups_estimates_update`);
    expect((await staleRollupRows()).length).toBeGreaterThan(0);
    await t.database.db.execute(sql`select analytics_rollups_rebuild()`);
    expect(await staleRollupRows()).toEqual([]);
  });

  it('follow drafts, coupons, items, submissions, withdrawals, reviews, statuses, reconciliations and deletions', async () => {
    const [alice, bob] = owners as [Owner, Owner];
    const daypart = await createDaypart(t.database.db, { multiplier: 1.5 });
    // A draft with a coupon, two items, one changed, one removed, then submitted and approved.
    const { order: couponed } = await readyOrder(t, { owner: alice, daypartId: daypart.id });
    const coupon = await createCoupon(t.database.db);
    expect((await putOrder(t, alice.token, couponed.id, { coupon_code: coupon.code })).statusCode).toBe(200);
    const extra = await addItem(t, alice.token, couponed.id, { daypart_id: (await createDaypart(t.database.db)).id, spots_per_occurrence: 3 });
    const kept = await addItem(t, alice.token, couponed.id, {
      daypart_id: (await createDaypart(t.database.db)).id,
      spots_per_occurrence: 2,
      user_defined_cpm: 40,
    });
    await call('PUT', `/api/estimate-items/${couponed.id}/${kept.id}`, alice.token, { spots_per_occurrence: 6, user_defined_cpm: 22 });
    await call('DELETE', `/api/estimate-items/${couponed.id}/${extra.id}`, alice.token);
    await call('PUT', `/api/estimates/${couponed.id}`, alice.token, { status: 'ordered' });
    await call('PATCH', `/api/estimates/${couponed.id}/approve`, admin, {});
    // Items replaced in bulk; a withdrawal; a rejection; changes asked for.
    const { order: bulk } = await readyOrder(t, { owner: bob });
    await call('POST', `/api/estimate-items/${bulk.id}/bulk`, bob.token, {
      selectedDayparts: [{ daypart_id: daypart.id, spots_per_occurrence: 4 }, { daypart_id: (await createDaypart(t.database.db)).id }],
    });
    await call('PUT', `/api/estimates/${bulk.id}`, bob.token, { status: 'ordered' });
    await call('POST', `/api/estimates/${bulk.id}/withdraw`, bob.token);
    const { order: rejected } = await submittedOrder(t, { owner: bob });
    await call('PATCH', `/api/estimates/${rejected.id}/reject`, admin, { notes: 'No budget left' });
    const { order: modified } = await submittedOrder(t, { owner: alice });
    await call('PATCH', `/api/estimates/${modified.id}/modify`, admin, {});
    // Booked orders moved to completed and reconciled, one reconciled again; a deleted draft.
    const scheduled = await reconciledOrder(alice, 'scheduled');
    for (const status of ['active', 'completed']) await setOrderStatus(t, scheduled.id, status);
    await call('PUT', `/api/reconciliation/reconcile/${scheduled.id}`, admin, { actual_spend: 2500, actual_impressions: 120_000, notes: 'Corrected' });
    await reconciledOrder(bob);
    const { order: draft } = await readyOrder(t, { owner: bob });
    await call('DELETE', `/api/estimates/${draft.id}`, bob.token);
    await expectInStep();
  });

  it('follow a daypart’s rate card, and writes made as rows: times, brands, reconciliations and orders deleted', async () => {
    const [alice] = owners as [Owner];
    const [used] = await rows<{ id: string }>(sql`select daypart_id as id from estimate_items group by daypart_id order by count(*) desc limit 1`);
    await call('PUT', `/api/dayparts/${used!.id}`, admin, { multiplier: 2.25, base_cpm: 31.5, days_of_week: ['monday', 'wednesday'] });
    await call('PUT', `/api/dayparts/${used!.id}`, admin, { description: 'Renamed nothing, priced the same' });
    await expectInStep();

    const reconciled = await reconciledOrder(alice);
    await t.database.db.execute(sql`update estimates set submitted_at = submitted_at - interval '3 days 5 hours' where id = ${reconciled.id}`);
    await t.database.db.execute(sql`update estimates set brand_id = null where id = ${reconciled.id}`);
    const other = await reconciledOrder(alice);
    await t.database.db.execute(sql`delete from reconciliations where estimate_id = ${other.id}`);
    // A reconciled order deleted as a row (no campaign, no invoice): its reconciliation goes with it (cascade).
    const [row] = await rows<{ id: string }>(sql`insert into estimates (owner_id, brand_id, estimate_name, status, total_spend_cents, total_amount_cents)
      values (${alice.id}, ${alice.brand.id}, 'Reconciled row', 'completed', 50000, 50000) returning id`);
    await t.database.db.execute(
      sql`insert into reconciliations (estimate_id, projected_spend_cents, projected_impressions, actual_spend_cents, actual_impressions) values (${row!.id}, 50000, 1000, 45000, 900)`,
    );
    await expectInStep();
    await t.database.db.execute(sql`delete from estimates where id = ${row!.id}`);
    await expectInStep();
  });

  it('stay in step when orders of the same hour are written at the same time', async () => {
    const drafts = await Promise.all(owners.flatMap((owner) => [1, 2, 3].map(() => readyOrder(t, { owner }))));
    await Promise.all(drafts.map(({ owner, order }) => call('PUT', `/api/estimates/${order.id}`, owner.token, { status: 'ordered' })));
    await Promise.all(drafts.map(({ order }, i) => call('PATCH', `/api/estimates/${order.id}/${i % 2 === 0 ? 'approve' : 'reject'}`, admin, {})));
    await expectInStep();
  });

  it('never deadlock when drafts are created, filled and submitted at the same time (migration 0018)', async () => {
    // Drafts ready beforehand are submitted while new drafts are created and filled: on PostgreSQL a
    // new draft (its status counts, then its hour's lock) and a submit (its hour's lock, then the
    // draft count) waited for each other in a cycle before the rollups' writer lock.
    const waiting = await Promise.all(owners.flatMap((owner) => [1, 2, 3, 4, 5].map(() => readyOrder(t, { owner }))));
    const daypart = await createDaypart(t.database.db);
    await Promise.all([
      ...waiting.map(({ owner, order }) => call('PUT', `/api/estimates/${order.id}`, owner.token, { status: 'ordered' })),
      ...owners.flatMap((owner) =>
        [1, 2, 3, 4, 5].map(async () => {
          const draft = await call('POST', '/api/estimates', owner.token, { estimate_name: 'Raced draft', brand_id: owner.brand.id, total_spend: 3000 });
          await addItem(t, owner.token, draft.id, { daypart_id: daypart.id, spots_per_occurrence: 2 });
        }),
      ),
    ]);
    await expectInStep();
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'are applied at commit: a transaction that wrote an order and is still open holds up no other order (migration 0019)',
    async () => {
      // Before, the open transaction held its hour's lock and the station's draft count until it
      // ended: the draft below waited for it.
      const [alice, bob] = owners as [Owner, Owner];
      const open = new pg.Client({ connectionString: t.database.url });
      await open.connect();
      try {
        await open.query('begin');
        await open.query(
          `insert into estimates (owner_id, brand_id, estimate_name, status, total_spend_cents, total_amount_cents) values ($1, $2, 'Open transaction', 'draft', 100000, 100000)`,
          [alice.id, alice.brand.id],
        );
        const { order } = await readyOrder(t, { owner: bob });
        await call('PUT', `/api/estimates/${order.id}`, bob.token, { status: 'ordered' });
        expect((await rows(sql`select 1 from estimates where estimate_name = 'Open transaction'`)).length, 'the first transaction is still open').toBe(0);
        await open.query('commit');
      } finally {
        await open.end();
      }
      await expectInStep();
    },
  );

  it('stay in step after a seeded random sequence of writes', async () => {
    const dayparts = await rows<{ id: string }>(sql`select id from dayparts order by name`);
    const anyOrder = async (statuses: readonly string[], ownerId?: string) => {
      const found = await rows<{ id: string; owner_id: string }>(
        sql`select id, owner_id from estimates where status in ${statuses} ${ownerId ? sql`and owner_id = ${ownerId}` : sql``} order by id`,
      );
      return found.length > 0 ? pick(found) : null;
    };
    const tokenOf = (ownerId: string) => owners.find((o) => o.id === ownerId)?.token ?? admin;
    const actions: (() => Promise<unknown>)[] = [
      () => readyOrder(t, { owner: pick(owners), daypartId: pick(dayparts).id, totalSpend: 1000 + Math.floor(random() * 8000) }),
      () => submittedOrder(t, { owner: pick(owners), daypartId: pick(dayparts).id }),
      async () => {
        const o = await anyOrder(['ordered', 'pending_approval']);
        if (o) await t.inject({ method: 'PATCH', url: `/api/estimates/${o.id}/${pick(['approve', 'reject', 'modify'])}`, token: admin, payload: {} });
      },
      async () => {
        const o = await anyOrder(['approved', 'scheduled', 'active', 'completed', 'modified', 'rejected']);
        if (o) await putOrder(t, admin, o.id, { status: pick(['approved', 'scheduled', 'active', 'completed', 'modified', 'rejected']) });
      },
      async () => {
        const o = await anyOrder(BOOKED);
        if (o)
          await t.inject({
            method: 'PUT',
            url: `/api/reconciliation/reconcile/${o.id}`,
            token: admin,
            payload: { actual_spend: Math.floor(random() * 900_000) / 100, actual_impressions: Math.floor(random() * 100_000), notes: 'Random' },
          });
      },
      async () => {
        const o = await anyOrder(['draft', 'modified'], owners[0]!.id);
        if (o)
          await t.inject({
            method: 'POST',
            url: `/api/estimate-items/${o.id}/bulk`,
            token: tokenOf(o.owner_id),
            payload: { selectedDayparts: [{ daypart_id: pick(dayparts).id, spots_per_occurrence: 1 + Math.floor(random() * 9) }] },
          });
      },
      async () => {
        const o = await anyOrder(['draft'], owners[1]!.id);
        if (o) await t.inject({ method: 'DELETE', url: `/api/estimates/${o.id}`, token: tokenOf(o.owner_id) });
      },
      () => t.inject({ method: 'PUT', url: `/api/dayparts/${pick(dayparts).id}`, token: admin, payload: { multiplier: 0.5 + Math.floor(random() * 30) / 10 } }),
      () => insertOrders(2),
    ];
    for (let step = 0; step < 40; step += 1) await pick(actions)();
    await expectInStep();
  });
});
