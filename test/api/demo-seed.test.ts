/** The demo data goes in through the API, once, and shows orders in every stage. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/demo/demo-data';
import { seedDemo } from '../../src/server/demo/seed';
import { eq } from 'drizzle-orm';
import { addDays, localDateOf } from '../../src/domain/dates';
import { campaignDeliveries, campaigns, estimates } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { TEST_STATION_ZONE, clockNow } from '../support/clock';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-demo-test-'));
  t = await createTestApp({ dataDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('demo data', () => {
  it('adds advertisers who can sign in, with orders from draft to completed, and runs only once', async () => {
    const outcome = await seedDemo(t.app, t.app.ctx);
    expect(outcome).toEqual({
      kind: 'seeded',
      clients: ['maria.lopez@sunnyjuice.example', 'dev.patel@northwindmotors.example', 'grace.kim@brightsmile.example'],
    });

    const maria = await t.login('maria.lopez@sunnyjuice.example', DEMO_PASSWORD);
    const mine = (await t.inject({ method: 'GET', url: '/api/estimates', token: maria })).json() as {
      estimate_name: string;
      status: string;
      total_amount: number;
      total_spend: number;
    }[];
    expect(mine.map((o) => [o.estimate_name, o.status]).sort()).toEqual([
      ['Back to School', 'draft'],
      ['Holiday Teaser', 'approved'],
      ['Summer Refresh - Morning Drive', 'scheduled'],
      ['Weekend Family Push', 'ordered'],
    ]);
    // SPRING10: 10% of $18,000 capped at $500.
    expect(mine.find((o) => o.estimate_name === 'Weekend Family Push')).toMatchObject({ total_spend: 18000, total_amount: 17500 });

    const admin = await t.adminToken();
    const all = (await t.inject({ method: 'GET', url: '/api/estimates', token: admin })).json() as { status: string }[];
    expect(new Set(all.map((o) => o.status))).toEqual(new Set(['draft', 'ordered', 'approved', 'rejected', 'modified', 'scheduled', 'active', 'completed']));
    // The operations screens have something to show: an airing campaign, a reconciliation, a part-paid invoice.
    const stats = (await t.inject({ method: 'GET', url: '/api/campaigns/stats/dashboard', token: admin })).json();
    expect(stats).toMatchObject({ total_campaigns: 3, active_campaigns: 1 });
    expect(stats.total_impressions).toBeGreaterThan(0);
    const reconciliation = (await t.inject({ method: 'GET', url: '/api/reconciliation/dashboard', token: admin })).json();
    expect(reconciliation.reconciliation_status).toMatchObject({ reconciled_campaigns: 1 });
    const { invoices } = (await t.inject({ method: 'GET', url: '/api/billing', token: admin })).json();
    const partPaid = invoices.find((i: { estimate_name: string }) => i.estimate_name === 'New Patient Offer');
    expect(partPaid.status_label).toMatch(/^Partially paid/);
    expect(partPaid.paid_amount).toBeGreaterThan(0);
    expect(partPaid.balance_due).toBeGreaterThan(0);
    expect(invoices.find((i: { estimate_name: string }) => i.estimate_name === 'Year-End Clearance')).toMatchObject({ status: 'paid', balance_due: 0 });
    // A week of traffic logs: the running campaign airs today. Only what is past aired, simulated;
    // today's later spots and the days after are scheduled (decision 031).
    const clock = (await t.inject({ method: 'GET', url: '/api/station/clock' })).json() as { today: string; now: string };
    const today = clock.today;
    const log = (await t.inject({ method: 'GET', url: `/api/traffic/logs/${today}`, token: admin })).json() as {
      spots: { status: string; estimate_name: string; scheduled_at: string; aired_at: string | null; simulated: boolean }[];
    };
    const running = log.spots.filter((s) => s.estimate_name === 'Year-End Clearance');
    expect(running.length).toBeGreaterThan(0);
    for (const spot of running) {
      if (spot.status === 'aired')
        expect(spot.simulated && spot.aired_at !== null && Date.parse(spot.aired_at) <= Date.parse(clock.now), `aired at ${spot.aired_at}`).toBe(true);
      else if (Date.parse(spot.scheduled_at) > Date.parse(clock.now)) expect(spot.status).toBe('scheduled');
    }
    const aired = await t.database.db.select({ airedAt: campaignDeliveries.airedAt, simulated: campaignDeliveries.simulated }).from(campaignDeliveries);
    expect(aired.length).toBeGreaterThan(0);
    expect(aired.filter((a) => a.airedAt.getTime() > clockNow().getTime() || !a.simulated)).toEqual([]);
    const week = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(
        async (n) =>
          (await t.inject({ method: 'GET', url: `/api/traffic/logs/${addDays(today, n)}`, token: admin })).json() as {
            placed: boolean;
            spots: { status: string }[];
          },
      ),
    );
    expect(week.every((d) => d.placed)).toBe(true);
    // On air every day, whatever today's weekday (issue 38): each of the next days' logs holds spots.
    expect(week.map((d) => d.spots.length > 0)).toEqual([true, true, true, true, true, true]);
    expect(week.flatMap((d) => d.spots).filter((s) => s.status !== 'scheduled' && s.status !== 'cancelled')).toEqual([]);
    const media = (await t.inject({ method: 'GET', url: '/api/media', token: admin })).json() as { status: string }[];
    expect(media.map((m) => m.status).sort()).toEqual(['approved', 'approved', 'approved', 'pending']);

    await holdsTogether(admin, today);

    expect(await seedDemo(t.app, t.app.ctx)).toEqual({ kind: 'present' });
    expect((await t.inject({ method: 'GET', url: '/api/estimates', token: admin })).json()).toHaveLength(all.length);
  }, 180_000);
});

/** The demo's calendar hangs together (decision 019), and every chart has something to draw. */
const holdsTogether = async (admin: string, today: string) => {
  const get = async (url: string) => {
    const res = await t.inject({ method: 'GET', url, token: admin });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  // No completed campaign with a flight still to come or nothing delivered.
  const all = (await get('/api/campaigns')) as {
    campaign_id: string;
    name: string;
    display_status: string;
    start_date: string;
    end_date: string;
    total_impressions: number;
    total_spend: number;
  }[];
  const completed = all.filter((c) => c.display_status === 'completed');
  expect(completed.map((c) => c.name)).toEqual(['New Patient Offer']);
  for (const c of completed) {
    expect(c.end_date < today, `${c.name} ends ${c.end_date}`).toBe(true);
    expect(c.total_impressions, c.name).toBeGreaterThan(0);
    expect(c.total_spend, c.name).toBeGreaterThan(0);
  }
  // No airing outside its campaign's flight.
  const airings = await t.database.db
    .select({ name: campaigns.name, startDate: campaigns.startDate, endDate: campaigns.endDate, airedAt: campaignDeliveries.airedAt })
    .from(campaignDeliveries)
    .innerJoin(campaigns, eq(campaigns.id, campaignDeliveries.campaignId));
  expect(airings.length).toBeGreaterThan(10);
  // Every past day of the running flight has its airings, weekends too.
  const [running] = all.filter((c) => c.display_status === 'active');
  const airedDays = new Set(airings.filter((a) => a.name === running!.name).map((a) => localDateOf(a.airedAt, TEST_STATION_ZONE)));
  for (let day = running!.start_date; day < today; day = addDays(day, 1)) expect(airedDays.has(day), `${running!.name} aired nothing on ${day}`).toBe(true);
  for (const a of airings) {
    const day = localDateOf(a.airedAt, TEST_STATION_ZONE);
    expect(day >= a.startDate! && day <= a.endDate! && day <= today, `${a.name} aired ${day}, flight ${a.startDate}–${a.endDate}`).toBe(true);
  }
  // Every submitted order was submitted at least the lead time before its flight, and not in the future.
  const orders = await t.database.db
    .select({ name: estimates.estimateName, startDate: estimates.startDate, submittedAt: estimates.submittedAt })
    .from(estimates);
  for (const o of orders.filter((o) => o.submittedAt)) {
    const day = localDateOf(o.submittedAt!, TEST_STATION_ZONE);
    expect(day <= today && day <= addDays(o.startDate!, -7), `${o.name} submitted ${day}, starts ${o.startDate}`).toBe(true);
  }
  // The campaign detail shows several days of delivery.
  const finished = await get(`/api/campaigns/${completed[0]!.campaign_id}/performance/history?days=90`);
  expect(finished.history.filter((d: { impressions: number }) => d.impressions > 0).length).toBeGreaterThanOrEqual(3);
  // The dashboard: revenue in several weeks, a forecast with enough history and a band.
  const weekly = await get('/api/analytics/revenue/trends?granularity=weekly');
  expect(weekly.revenue_trends.filter((w: { revenue: number }) => w.revenue > 0).length).toBeGreaterThanOrEqual(3);
  const forecast = await get('/api/analytics/forecast/predictions');
  expect(forecast.insights, JSON.stringify(forecast)).toMatchObject({ enough_history: true });
  expect(forecast.forecast.every((f: { lower: number | null }) => f.lower !== null)).toBe(true);
  // Invoices were paid after they were issued, on several days of the week.
  const { invoices } = await get('/api/billing');
  for (const invoice of invoices as { id: string; issue_date: string }[]) {
    const detail = await get(`/api/billing/${invoice.id}`);
    for (const p of detail.payments as { payment_date: string }[]) expect(p.payment_date >= invoice.issue_date && p.payment_date <= today).toBe(true);
  }
  const billing = await get('/api/billing/analytics/overview?timeframe=30');
  expect(billing.payment_trends.filter((d: { daily_payments: number }) => d.daily_payments > 0).length).toBeGreaterThanOrEqual(3);
};
