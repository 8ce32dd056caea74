/**
 * The campaigns' and receivables' rollups (migration 0041, decision 045) follow every write that moves
 * campaign stats or receivables ageing: campaigns made by booked orders, airings recorded, campaign
 * statuses, invoices created, sent, paid, credited, refunded and voided through the API, then rows
 * written directly (due dates into every bucket and back, end dates, owners, an invoice inserted and
 * one deleted), writes made at the same time, and a seeded random sequence of all of these. After each
 * phase every rollup equals its fresh computation from the rows, and campaign stats (station and each
 * client) and ageing (the whole list, every page, the totals) equal figures computed here from the rows.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageingBucket, AGEING_BUCKETS } from '../../src/domain/billing-corrections';
import { averageCpm } from '../../src/domain/campaigns';
import { addDays } from '../../src/domain/dates';
import { advertiserName } from '../../src/domain/users';
import { recordAirings } from '../../src/server/modules/campaigns/airings';
import { createTestApp, type TestApp } from '../support/app';
import { createInvoice } from '../support/billing-fixtures';
import { setOrderStatus } from '../support/campaign-fixtures';
import { clientWithBrand, submittedOrder } from '../support/ordering-fixtures';
import { clockNow, clockToday } from '../support/clock';

let t: TestApp;
let admin: string;
type Owner = Awaited<ReturnType<typeof clientWithBrand>>;
let owners: Owner[];

const rows = async <T>(query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
/** A fixed pseudo-random sequence (a linear congruential generator), the same on every run. */
const seeded = (seed: number) => () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
const random = seeded(45);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const today = () => clockToday();
const dollars = (cents: number) => Math.round(cents) / 100;
const call = async (method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, token: string, payload?: object) => {
  const res = await t.inject({ method, url, token, ...(payload && { payload }) });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
};

/** Every rollup row that differs from its computation from the rows (none when in step). */
const staleRows = async () => [
  ...(await rows(sql`(select * from campaign_counts where campaigns <> 0 or impressions <> 0 or spend_cents <> 0 or budget_cents <> 0
      except select * from campaign_counts_computed)
    union all (select * from campaign_counts_computed except select * from campaign_counts)`)),
  ...(await rows(sql`(select * from receivable_days where invoices <> 0 or balance_cents <> 0 except select * from receivable_days_computed)
    union all (select * from receivable_days_computed except select * from receivable_days)`)),
  ...(await rows(sql`(select * from receivable_customers where invoices <> 0 or balance_cents <> 0 except select * from receivable_customers_computed)
    union all (select * from receivable_customers_computed except select * from receivable_customers)`)),
];

/** Campaign stats as the dashboard shows them, computed from the campaign rows (all, or one owner's). */
const campaignStatsFromRows = async (ownerId?: string) => {
  const list = await rows<{ status: string; end_date: string | null; impressions: number; spend: number; budget: number }>(
    sql`select status, end_date::text, total_impressions::float8 as impressions, spend_cents::float8 as spend, total_budget_cents::float8 as budget
      from campaigns ${ownerId ? sql`where owner_id = ${ownerId}` : sql``}`,
  );
  const active = list.filter((c) => c.status === 'active' && !(c.end_date !== null && c.end_date < today()));
  const impressions = list.reduce((sum, c) => sum + c.impressions, 0);
  const spend = list.reduce((sum, c) => sum + c.spend, 0);
  return {
    total_campaigns: list.length,
    active_campaigns: active.length,
    total_impressions: impressions,
    total_spend: dollars(spend),
    active_budget: dollars(active.reduce((sum, c) => sum + c.budget, 0)),
    average_cpm: averageCpm(spend, impressions),
  };
};

/** The analytics overview's campaign counts of the last 30 days, from the campaign rows (all, or one owner's). */
const overviewCountsFromRows = async (ownerId?: string) => {
  const from = addDays(today(), -29);
  const list = await rows<{ status: string; end_date: string | null }>(
    sql`select status, end_date::text from campaigns ${ownerId ? sql`where owner_id = ${ownerId}` : sql``}`,
  );
  const running = list.filter((c) => c.status !== 'cancelled' && (c.end_date === null || c.end_date >= from));
  return {
    total_campaigns: running.length,
    active_campaigns: running.filter((c) => c.status === 'active' && !(c.end_date !== null && c.end_date < today())).length,
  };
};

/** Ageing computed from the invoice rows: sent invoices with a balance, per advertiser, by the domain's buckets. */
const ageingFromRows = async () => {
  const open = await rows<{
    customer_id: string;
    company: string | null;
    first_name: string | null;
    last_name: string | null;
    email: string;
    days: number;
    cents: number;
  }>(
    sql`select i.customer_id, u.company, u.first_name, u.last_name, u.email, (${today()}::date - i.due_date) as days,
      (i.total_cents - i.commission_cents - i.credited_cents - i.paid_cents + i.refunded_cents)::float8 as cents
      from invoices i join users u on u.id = i.customer_id where i.status = 'sent'`,
  );
  const zero = () => ({ ...Object.fromEntries(AGEING_BUCKETS.map((b) => [b, 0])), total: 0, invoices: 0 }) as Record<string, number>;
  const customers = new Map<string, { name: string; email: string; cents: Record<string, number> }>();
  const totals = zero();
  for (const row of open.filter((r) => r.cents > 0)) {
    const entry = customers.get(row.customer_id) ?? {
      name: advertiserName(row.company, row.first_name, row.last_name, row.email),
      email: row.email,
      cents: zero(),
    };
    for (const sums of [entry.cents, totals]) {
      sums[ageingBucket(row.days)]! += row.cents;
      sums.total! += row.cents;
      sums.invoices! += 1;
    }
    customers.set(row.customer_id, entry);
  }
  const inDollars = (c: Record<string, number>) => ({
    ...Object.fromEntries(AGEING_BUCKETS.map((b) => [b, dollars(c[b]!)])),
    total: dollars(c.total!),
    invoices: c.invoices,
  });
  const list = [...customers]
    .sort(([idA, a], [idB, b]) => b.cents.total! - a.cents.total! || a.name.localeCompare(b.name) || (idA < idB ? -1 : 1))
    .map(([id, c]) => ({ customer_id: id, customer_name: c.name, customer_email: c.email, ...inDollars(c.cents) }));
  return { as_of: today(), rows: list, totals: inDollars(totals) };
};

const expectReadsFromRows = async () => {
  expect(await call('GET', '/api/campaigns/stats/dashboard', admin)).toEqual(await campaignStatsFromRows());
  expect((await call('GET', '/api/analytics/dashboard/overview?timeframe=30', admin)).overall_metrics).toMatchObject(await overviewCountsFromRows());
  for (const owner of owners)
    expect((await call('GET', '/api/analytics/dashboard/overview?timeframe=30', owner.token)).overall_metrics, owner.email).toMatchObject(
      await overviewCountsFromRows(owner.id),
    );
  for (const owner of owners)
    expect(await call('GET', '/api/campaigns/stats/dashboard', owner.token), owner.email).toEqual(await campaignStatsFromRows(owner.id));
  const expected = await ageingFromRows();
  expect(await call('GET', '/api/billing/ageing', admin)).toEqual(expected);
  for (const [offset, limit] of [
    [0, 2],
    [1, 2],
    [2, 3],
    [0, 1000],
    [expected.rows.length - 1, 5],
    [expected.rows.length, 5],
  ] as const) {
    expect(await call('GET', `/api/billing/ageing?offset=${offset}&limit=${limit}`, admin), `offset ${offset}, limit ${limit}`).toEqual({
      ...expected,
      rows: expected.rows.slice(offset, offset + limit),
      pagination: { offset, limit, total: expected.rows.length },
    });
  }
};

const expectInStep = async () => {
  expect(await staleRows()).toEqual([]);
  expect(await rows(sql`select * from rollup_deltas`), 'deltas staged by a committed transaction are applied and gone').toEqual([]);
  await expectReadsFromRows();
};

/** A booked order of `owner` moved to `status`, with its campaign. */
const bookedOrder = async (owner: Owner, status = 'scheduled') => {
  const { order } = await submittedOrder(t, { owner, totalSpend: 2000 + Math.floor(random() * 6000) });
  await setOrderStatus(t, order.id, 'approved');
  if (status !== 'approved') await setOrderStatus(t, order.id, status);
  return order as { id: string };
};
/** A sent invoice of a booked order of `owner`. */
const sentInvoice = async (owner: Owner) => {
  const order = await bookedOrder(owner, 'approved');
  const invoice = await createInvoice(t, order.id);
  await call('POST', `/api/billing/${invoice.id}/send`, admin, {});
  return invoice;
};
const airings = async (count: number) => {
  const campaigns = await rows<{ id: string; daypart_id: string }>(sql`select c.id, (select id from dayparts order by name limit 1) as daypart_id
    from campaigns c where c.status in ('scheduled', 'active') order by c.id`);
  if (campaigns.length === 0) return;
  await t.database.db.transaction((tx) =>
    recordAirings(
      tx,
      Array.from({ length: count }, () => {
        const c = pick(campaigns);
        return {
          campaignId: c.id,
          daypartId: c.daypart_id,
          airedAt: clockNow(),
          impressions: 1000 + Math.floor(random() * 9000),
          spendCents: 500 + Math.floor(random() * 5000),
          spotId: null,
          simulated: true,
        };
      }),
    ),
  );
};
const someInvoice = async (where: SQL) => {
  const found = await rows<{ id: string; customer_id: string }>(sql`select id, customer_id from invoices where ${where} order by id`);
  return found.length > 0 ? pick(found) : null;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  // Two advertisers of one company name: the list orders them by id when their balances are equal too.
  owners = [
    await clientWithBrand(t, { company: 'Acme Foods' }),
    await clientWithBrand(t, { company: 'Acme Foods' }),
    await clientWithBrand(t, { company: 'Beta Motors' }),
  ];
});
afterAll(() => t.close());

describe('campaign_counts and receivables, against the rows', () => {
  it('follow campaigns, airings, statuses and invoices written through the API', async () => {
    const [acme, acme2, beta] = owners as [Owner, Owner, Owner];
    for (const owner of owners) await bookedOrder(owner, 'scheduled');
    const active = await bookedOrder(beta, 'active');
    await airings(12);
    const campaignOf = async (orderId: string) => (await rows<{ id: string }>(sql`select id from campaigns where estimate_id = ${orderId}`))[0]!.id;
    await call('PATCH', `/api/campaigns/${await campaignOf(active.id)}/status`, admin, { status: 'paused' });
    await call('PATCH', `/api/campaigns/${await campaignOf(active.id)}/status`, admin, { status: 'active' });
    const done = await bookedOrder(acme, 'active');
    await setOrderStatus(t, done.id, 'completed');
    // Invoices: equal balances for the two Acme Foods (a tie on name and total), paid, credited, refunded, voided.
    const [first, second] = [await sentInvoice(acme), await sentInvoice(acme2)];
    await t.database.db.execute(sql`update invoices set due_date = ${addDays(today(), -10)} where id in (${first.id}, ${second.id})`);
    await t.database.db.execute(
      sql`update invoices set total_cents = 300000, commission_cents = 0, credited_cents = 0, paid_cents = 0, refunded_cents = 0 where id in (${first.id}, ${second.id})`,
    );
    const partly = await sentInvoice(beta);
    await call('POST', `/api/billing/${partly.id}/payments`, admin, { amount: 400, payment_date: today() });
    await call('POST', `/api/billing/${partly.id}/credit-notes`, admin, { amount: 100, reason: 'Goodwill' });
    const overpaid = await sentInvoice(beta);
    await call('POST', `/api/billing/${overpaid.id}/payments`, admin, { amount: overpaid.balance_due, payment_date: today() });
    await call('POST', `/api/billing/${overpaid.id}/credit-notes`, admin, { amount: 50, reason: 'Short airing' });
    await call('POST', `/api/billing/${overpaid.id}/payments`, admin, { amount: 50, payment_date: today(), direction: 'refund' });
    const voided = await sentInvoice(acme);
    await call('POST', `/api/billing/${voided.id}/void`, admin, { reason: 'Duplicate' });
    await createInvoice(t, (await bookedOrder(acme, 'approved')).id); // a draft: not receivable
    await expectInStep();
  });

  it('follow rows written directly: due dates in every bucket, end dates, owners, invoices inserted and deleted', async () => {
    const [acme, , beta] = owners as [Owner, Owner, Owner];
    for (const days of [-40, 0, 1, 30, 31, 60, 61, 90, 91, 400]) {
      const invoice = await sentInvoice(pick(owners));
      await t.database.db.execute(sql`update invoices set due_date = ${addDays(today(), -days)} where id = ${invoice.id}`);
    }
    await t.database.db.execute(
      sql`update campaigns set end_date = ${addDays(today(), -1)} where id = (select id from campaigns where status = 'active' order by id limit 1)`,
    );
    await t.database.db.execute(sql`update campaigns set end_date = null where id = (select id from campaigns where status = 'scheduled' order by id limit 1)`);
    // Before the overview's 30 days, and cancelled: neither counts there.
    await t.database.db.execute(
      sql`update campaigns set end_date = ${addDays(today(), -45)} where id = (select id from campaigns where status = 'scheduled' order by id desc limit 1)`,
    );
    await t.database.db.execute(
      sql`update campaigns set status = 'cancelled' where id = (select id from campaigns where status = 'active' order by id desc limit 1)`,
    );
    await t.database.db.execute(
      sql`update campaigns set owner_id = ${acme.id} where id = (select id from campaigns where owner_id = ${beta.id} order by id limit 1)`,
    );
    await t.database.db.execute(
      sql`update invoices set customer_id = ${beta.id} where id = (select id from invoices where customer_id = ${acme.id} and status = 'sent' order by id limit 1)`,
    );
    const unbilled = await bookedOrder(beta, 'approved');
    const [copy] = await rows<{
      id: string;
    }>(sql`insert into invoices (invoice_number, estimate_id, customer_id, brand_id, subtotal_cents, total_cents, status, issue_date, due_date, payment_terms)
      select 'INV-ROW-1', id, owner_id, brand_id, total_spend_cents, total_spend_cents, 'sent', ${today()}, ${addDays(today(), -45)}, 'Net 30' from estimates where id = ${unbilled.id} returning id`);
    await expectInStep();
    await t.database.db.execute(sql`delete from invoices where id = ${copy!.id}`);
    await t.database.db.execute(sql`update invoices set due_date = due_date + 1 where status = 'sent'`); // every open invoice a day later, in one statement
    await expectInStep();
  });

  it('catch a write that skips them (the comparison can fail), and are rebuilt by analytics_rollups_rebuild()', async () => {
    await t.database.db.execute(sql`alter table invoices disable trigger rollups_invoices_update`);
    await t.database.db.execute(sql`alter table campaigns disable trigger rollups_campaigns_update`);
    await t.database.db.execute(
      sql`update invoices set due_date = due_date - 20 where id = (select id from invoices where status = 'sent' order by id limit 1)`,
    );
    await t.database.db.execute(sql`update campaigns set total_impressions = total_impressions + 5 where id = (select id from campaigns order by id limit 1)`);
    await t.database.db.execute(sql`alter table invoices enable trigger rollups_invoices_update`);
    await t.database.db.execute(sql`alter table campaigns enable trigger rollups_campaigns_update`);
    expect((await staleRows()).length).toBeGreaterThanOrEqual(3);
    await t.database.db.execute(sql`select analytics_rollups_rebuild()`);
    await expectInStep();
  });

  it('stay in step when invoices of one due date and campaigns of one end date are written at the same time', async () => {
    const invoices = await Promise.all(owners.flatMap((owner) => [1, 2].map(() => sentInvoice(owner))));
    await t.database.db.execute(sql`update invoices set due_date = ${addDays(today(), -5)} where id in ${invoices.map((i) => i.id)}`);
    await Promise.all([
      ...invoices.map((invoice) => call('POST', `/api/billing/${invoice.id}/payments`, admin, { amount: 10, payment_date: today() })),
      airings(5),
      airings(5),
    ]);
    await expectInStep();
  });

  it('stay in step after a seeded random sequence of writes', async () => {
    const actions: (() => Promise<unknown>)[] = [
      () => bookedOrder(pick(owners), pick(['scheduled', 'active'])),
      () => sentInvoice(pick(owners)),
      () => airings(1 + Math.floor(random() * 6)),
      async () => {
        const i = await someInvoice(sql`status = 'sent'`);
        if (i)
          await t.inject({
            method: 'POST',
            url: `/api/billing/${i.id}/payments`,
            token: admin,
            payload: { amount: 1 + Math.floor(random() * 3000), payment_date: today() },
          });
      },
      async () => {
        const i = await someInvoice(sql`status = 'sent'`);
        if (i)
          await t.inject({
            method: 'POST',
            url: `/api/billing/${i.id}/credit-notes`,
            token: admin,
            payload: { amount: 1 + Math.floor(random() * 500), reason: 'Random' },
          });
      },
      async () => {
        const i = await someInvoice(sql`status in ('sent', 'draft')`);
        if (i) await t.inject({ method: 'POST', url: `/api/billing/${i.id}/void`, token: admin, payload: { reason: 'Random' } });
      },
      async () => {
        const i = await someInvoice(sql`true`);
        if (i) await t.database.db.execute(sql`update invoices set due_date = ${addDays(today(), 60 - Math.floor(random() * 200))} where id = ${i.id}`);
      },
      async () => {
        const c = await rows<{ id: string; status: string }>(sql`select id, status from campaigns order by id`);
        if (c.length > 0)
          await t.inject({
            method: 'PATCH',
            url: `/api/campaigns/${pick(c).id}/status`,
            token: admin,
            payload: { status: pick(['active', 'paused', 'cancelled', 'completed']) },
          });
      },
      () =>
        t.database.db.execute(
          sql`update campaigns set end_date = ${pick([null, addDays(today(), -45), addDays(today(), -2), today(), addDays(today(), 9)])} where id = (select id from campaigns order by random() limit 1)`,
        ),
    ];
    for (let step = 0; step < 40; step += 1) await pick(actions)();
    await expectInStep();
  });
});
