/**
 * Every dashboard takes `channel_id` (issue 41, decision 053): on random orders spread over two channels,
 * each figure of all channels equals the sum of the channels' figures (the rollups answer the first, the
 * rows the others), a channel's figures are its own orders' only, and a limited admin's dashboards are
 * their channels' alone.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { createInvoice, invoicedOrder } from '../support/billing-fixtures';
import { orderWithCampaign, simulate } from '../support/campaign-fixtures';
import { clientWithBrand, createDaypart, submittedOrder } from '../support/ordering-fixtures';
import { clockToday } from '../support/clock';
import { hasPoppler, renderPdf } from '../support/pdf-render';
import { formatCurrency } from '../../src/domain/format';
import { signedCurrency } from '../../src/domain/statement';

const STATUSES = ['draft', 'pending_approval', 'approved', 'rejected', 'scheduled', 'active', 'completed'] as const;

let t: TestApp;
let admin: string;
let limited: string;
let channelIds: string[];
let rateCards: string[][];

const rows = async <T>(query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
/** A fixed pseudo-random sequence (a linear congruential generator), the same on every run. */
const seeded = (seed: number) => () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
const random = seeded(41);
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const daysBefore = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

const get = async (url: string, token = admin) => {
  const res = await t.inject({ method: 'GET', url, token });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as Record<string, unknown>;
};

/** Every number in a reply, by its path ("summary.total_orders", "daypart_performance[Prime].total_revenue"). */
const numbers = (value: unknown, path = '', out = new Map<string, number>()): Map<string, number> => {
  if (typeof value === 'number') out.set(path, value);
  else if (Array.isArray(value))
    for (const [i, entry] of value.entries()) {
      const named = entry as Record<string, unknown>;
      const key = named.daypart_name ?? named.brand_name ?? named.customer_id ?? named.date ?? named.month ?? named.week ?? i;
      numbers(entry, `${path}[${String(key)}]`, out);
    }
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) numbers(v, path ? `${path}.${k}` : k, out);
  return out;
};

/** Figures that add up across channels (ratios and averages do not; counts and money do). */
const ADDITIVE =
  /(current|days_\d+_\d+|days_over_90|\.total|invoices|total_billed|total_collected|total_outstanding|daily_payments|total_paid|_count|total_estimates|total_spend_variance|total_impression_variance|projected_spend|actual_spend|spend_variance|pagination\.total|_campaigns|total_budget|approved_budget|total_orders|approved_orders|total_revenue|revenue|orders|order_count|total_spots|allocated_budget|budgeted_amount|total_campaigns|active_campaigns|total_impressions|total_spend)$/;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const second = await t.inject({ method: 'POST', url: '/api/channels', token: admin, payload: { call_letters: 'WSPT', channel_number: '6.2', name: 'MeTV' } });
  expect(second.statusCode, second.body).toBe(201);
  const [first] = await rows<{ id: string }>(sql`select id from channels where is_default`);
  channelIds = [first!.id, second.json().id as string];
  const owners = [await clientWithBrand(t), await clientWithBrand(t)];
  rateCards = [];
  for (const channelId of channelIds) {
    const card: string[] = [];
    for (const name of ['Morning', 'Prime', 'Late'])
      card.push((await createDaypart(t.database.db, { name: `${name} ${channelId.slice(0, 4)}`, channelId })).id);
    rateCards.push(card);
  }
  const today = clockToday();
  for (let i = 0; i < 60; i += 1) {
    const channel = Math.floor(random() * 2);
    const owner = pick(owners);
    const status = pick(STATUSES);
    const at = new Date(`${daysBefore(today, Math.floor(random() * 80))}T${String(Math.floor(random() * 24)).padStart(2, '0')}:15:00Z`);
    const spend = (1000 + Math.floor(random() * 9000)) * 100;
    const [order] = await rows<{
      id: string;
    }>(sql`insert into estimates (owner_id, brand_id, channel_id, estimate_name, status, total_spend_cents, total_amount_cents,
        start_date, end_date, created_at, submitted_at)
      values (${owner.id}, ${owner.brand.id}, ${channelIds[channel]}, 'Inserted order', ${status}, ${spend}, ${spend - (random() < 0.3 ? 1234 : 0)},
        ${at.toISOString().slice(0, 10)}, ${daysBefore(at.toISOString().slice(0, 10), -7)}, ${at.toISOString()}, ${status === 'draft' ? null : at.toISOString()}) returning id`);
    // A third of the booked orders reconciled, at about their projection.
    if (['approved', 'scheduled', 'active', 'completed'].includes(status) && random() < 0.35)
      await t.database.db
        .execute(sql`insert into reconciliations (estimate_id, projected_spend_cents, actual_spend_cents, projected_impressions, actual_impressions, reconciled_at)
        values (${order!.id}, ${spend}, ${spend + Math.floor(random() * 20000) - 10000}, 1000, ${900 + Math.floor(random() * 200)}, ${at.toISOString()})`);
    for (let k = 0; k < 1 + Math.floor(random() * 2); k += 1)
      await t.database.db.execute(sql`insert into estimate_items (estimate_id, daypart_id, spots_per_occurrence)
        values (${order!.id}, ${rateCards[channel]![k]!}, ${1 + Math.floor(random() * 4)})`);
  }
  // Invoices of two orders a channel, sent (receivable); one of them part paid.
  for (const [channel, channelId] of channelIds.entries())
    for (const k of [0, 1]) {
      const { invoice } = await invoicedOrder(t, { channelId, daypartId: rateCards[channel]![k]!, totalSpend: 5000 + 700 * channel + 300 * k });
      const sent = await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/send`, token: admin, payload: {} });
      expect(sent.statusCode, sent.body).toBe(200);
      if (k === 1) {
        const paid = await t.inject({
          method: 'POST',
          url: `/api/billing/${invoice.id}/payments`,
          token: admin,
          payload: { amount: 250, payment_date: clockToday(), method: 'check' },
        });
        expect(paid.statusCode, paid.body).toBe(201);
      }
    }
  // Campaigns of two orders a channel, made by Order Management (the campaigns module writes the order's channel), each aired once.
  for (const [channel, channelId] of channelIds.entries())
    for (const k of [0, 1]) {
      const { campaignId } = await orderWithCampaign(t, 'active', {
        channelId,
        daypartId: rateCards[channel]![k]!,
        totalSpend: 4000 + 500 * k + 200 * channel,
      });
      const aired = await simulate(t, admin, campaignId);
      expect(aired.statusCode, aired.body).toBe(200);
    }
  const signedUp = await t.signUp();
  expect((await t.inject({ method: 'PATCH', url: `/api/users/${signedUp.user.id}/promote`, token: admin })).statusCode).toBe(200);
  const limit = await t.inject({ method: 'PATCH', url: `/api/users/${signedUp.user.id}`, token: admin, payload: { channel_ids: [channelIds[1]] } });
  expect(limit.statusCode, limit.body).toBe(200);
  limited = await t.login(signedUp.user.email, signedUp.password);
});
afterAll(() => t.close());

const DASHBOARDS = [
  '/api/analytics/dashboard/overview?timeframe=90',
  '/api/analytics/revenue/trends?timeframe=90&granularity=weekly',
  '/api/analytics/performance/metrics?timeframe=90',
  '/api/analytics/budget/analysis?timeframe=90',
  '/api/analytics/forecast/predictions',
  '/api/estimates/stats/dashboard',
  '/api/campaigns/stats/dashboard',
  '/api/reconciliation/dashboard?timeframe=90',
  '/api/billing/ageing',
  '/api/billing/analytics/overview?timeframe=90',
];
const withChannel = (url: string, id: string) => `${url}${url.includes('?') ? '&' : '?'}channel_id=${id}`;

describe('dashboards by channel', () => {
  it.each(DASHBOARDS)('%s: all channels equal the sum of the channels', async (url) => {
    const all = numbers(await get(url));
    const parts = await Promise.all(channelIds.map(async (id) => numbers(await get(withChannel(url, id)))));
    let compared = 0;
    for (const [path, total] of all) {
      if (!ADDITIVE.test(path) || path.startsWith('forecast') || path.includes('predicted')) continue;
      const sum = parts.reduce((acc, part) => acc + (part.get(path) ?? 0), 0);
      expect(sum, path).toBeCloseTo(total, 2);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(0);
  });

  it("the orders awaiting reconciliation of all channels are the channels' together", async () => {
    const ids = async (url: string) => {
      const reply = (await get(url)) as { campaigns: { id: string }[]; pagination: { total: number } };
      expect(reply.campaigns).toHaveLength(reply.pagination.total);
      return reply.campaigns.map((c) => c.id);
    };
    const all = await ids('/api/reconciliation/pending?limit=100');
    const byChannel = await Promise.all(channelIds.map((id) => ids(`/api/reconciliation/pending?limit=100&channel_id=${id}`)));
    expect(byChannel.every((list) => list.length > 0)).toBe(true);
    expect(byChannel.flat().sort()).toEqual([...all].sort());
  });

  it('ageing and billing analytics of a channel hold its invoices only', async () => {
    const invoicesOf = async (url: string) => ((await get(url)) as { totals: { invoices: number } }).totals.invoices;
    expect(await invoicesOf('/api/billing/ageing')).toBe(4);
    for (const id of channelIds) expect(await invoicesOf(`/api/billing/ageing?channel_id=${id}`)).toBe(2);
    const billed = async (query: string) =>
      ((await get(`/api/billing/analytics/overview?timeframe=30${query}`)) as { overview: { total_invoices: number; total_collected: number } }).overview;
    expect(await billed('')).toMatchObject({ total_invoices: 4, total_collected: 500 });
    expect(await billed(`&channel_id=${channelIds[1]}`)).toMatchObject({ total_invoices: 2, total_collected: 250 });
  });

  it("groups an agency's statement by channel; the channels' balances add up to the statement's", async () => {
    const owner = await clientWithBrand(t);
    for (const [channel, channelId] of channelIds.entries()) {
      const { order } = await submittedOrder(t, { owner, channelId, daypartId: rateCards[channel]![2]!, totalSpend: 6000 + 1000 * channel });
      expect((await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin, payload: {} })).statusCode).toBe(200);
      const invoice = await createInvoice(t, order.id);
      expect((await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/send`, token: admin, payload: {} })).statusCode).toBe(200);
    }
    type StatementReply = {
      lines: { kind: string }[];
      closing_balance: number;
      channels: { channel_id: string; channel: string; opening_balance: number; invoiced: number; closing_balance: number }[];
    };
    const statement = async (query = '', token = admin) => {
      const res = await t.inject({ method: 'GET', url: `/api/billing/statements/${owner.id}?to=${clockToday()}${query}`, token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as StatementReply;
    };
    const all = await statement();
    expect(all.channels.map((c) => c.channel_id)).toEqual(expect.arrayContaining(channelIds));
    expect(all.channels.find((c) => c.channel_id === channelIds[1])!.channel).toBe('WSPT 6.2 · MeTV');
    expect(all.channels.reduce((sum, c) => sum + c.closing_balance, 0)).toBeCloseTo(all.closing_balance, 2);
    const metv = await statement(`&channel_id=${channelIds[1]}`);
    expect(metv.lines.filter((l) => l.kind === 'invoice')).toHaveLength(1);
    expect(metv.closing_balance).toBeCloseTo(all.channels.find((c) => c.channel_id === channelIds[1])!.closing_balance, 2);
    expect(await statement('', limited)).toEqual(metv);
    if (!hasPoppler) return;
    // The paper groups the same way once two channels are on it: a channel's own statement has no such table.
    const paper = async (query: string) => {
      const res = await t.inject({ method: 'GET', url: `/api/billing/statements/${owner.id}/pdf?to=${clockToday()}${query}`, token: admin });
      expect(res.statusCode, res.body).toBe(200);
      return (await renderPdf(res.rawPayload)).flat;
    };
    const both = await paper('');
    expect(both).toContain('BY CHANNEL Channel Opening Invoiced Closing');
    for (const c of all.channels)
      expect(both).toContain(`${c.channel} ${signedCurrency(c.opening_balance)} ${formatCurrency(c.invoiced)} ${signedCurrency(c.closing_balance)}`);
    expect(await paper(`&channel_id=${channelIds[1]}`)).not.toContain('BY CHANNEL');
  });

  it("a channel's campaigns are its orders'; the channels' campaigns together are all of them", async () => {
    const list = async (query = '') => (await get(`/api/campaigns${query}`)) as unknown as { campaign_id: string; estimate_id: string }[];
    const all = await list();
    const byChannel = await Promise.all(channelIds.map((id) => list(`?channel_id=${id}`)));
    expect(byChannel.map((campaigns) => campaigns.length)).toEqual([2, 2]);
    expect(
      byChannel
        .flat()
        .map((c) => c.campaign_id)
        .sort(),
    ).toEqual(all.map((c) => c.campaign_id).sort());
    for (const [k, campaigns] of byChannel.entries()) {
      const orders = await rows<{ channel_id: string }>(sql`select channel_id from estimates where id in ${campaigns.map((c) => c.estimate_id)}`);
      expect(orders.map((o) => o.channel_id)).toEqual([channelIds[k], channelIds[k]]);
      const stats = (await get(withChannel('/api/campaigns/stats/dashboard', channelIds[k]!))) as { total_campaigns: number; total_impressions: number };
      expect(stats.total_campaigns).toBe(2);
      expect(stats.total_impressions).toBeGreaterThan(0);
    }
  });

  it("a channel's figures are its orders' only", async () => {
    const [counted] = await rows<{ n: number }>(sql`select count(*)::int as n from estimates where channel_id = ${channelIds[1]}`);
    const overview = await get(withChannel('/api/analytics/dashboard/overview?timeframe=365', channelIds[1]!));
    expect((overview.summary as { total_orders: number }).total_orders).toBe(counted!.n);
  });

  it("a limited admin's dashboards are their channel's; another channel answers 404", async () => {
    for (const url of DASHBOARDS) expect(await get(url, limited)).toEqual(await get(withChannel(url, channelIds[1]!)));
    const other = await t.inject({ method: 'GET', url: withChannel(DASHBOARDS[0]!, channelIds[0]!), token: limited });
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe('Channel not found');
  });

  it('an unknown or malformed channel answers 400', async () => {
    const unknown = await t.inject({ method: 'GET', url: withChannel(DASHBOARDS[0]!, '00000000-0000-4000-8000-000000000000'), token: admin });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('Channel not found');
    const malformed = await t.inject({ method: 'GET', url: withChannel(DASHBOARDS[0]!, 'six'), token: admin });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('Channel not found');
  });
});
