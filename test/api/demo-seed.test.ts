/** The demo data goes in through the API, once, and shows orders in every stage. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/demo/demo-data';
import { seedDemo } from '../../src/server/demo/seed';
import { addDays } from '../../src/domain/dates';
import { createTestApp, type TestApp } from '../support/app';

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
    expect(outcome).toEqual({ kind: 'seeded', clients: ['maria.lopez@sunnyjuice.example', 'dev.patel@northwindmotors.example', 'grace.kim@brightsmile.example'] });

    const maria = await t.login('maria.lopez@sunnyjuice.example', DEMO_PASSWORD);
    const mine = (await t.inject({ method: 'GET', url: '/api/estimates', token: maria })).json() as { estimate_name: string; status: string; total_amount: number; total_spend: number }[];
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
    expect(invoices).toEqual([expect.objectContaining({ estimate_name: 'New Patient Offer', status: 'sent' })]);
    expect(invoices[0].paid_amount).toBeGreaterThan(0);
    expect(invoices[0].balance_due).toBeGreaterThan(0);
    // A week of traffic logs: the running campaign airs today, its first spots aired by the demo.
    const today = (await t.inject({ method: 'GET', url: '/api/station/clock' })).json().today as string;
    const log = (await t.inject({ method: 'GET', url: `/api/traffic/logs/${today}`, token: admin })).json() as { spots: { status: string; estimate_name: string }[] };
    expect(log.spots.some((s) => s.estimate_name === 'Year-End Clearance' && s.status === 'aired')).toBe(true);
    const week = await Promise.all([1, 2, 3, 4, 5, 6].map(async (n) => (await t.inject({ method: 'GET', url: `/api/traffic/logs/${addDays(today, n)}`, token: admin })).json() as { placed: boolean }));
    expect(week.every((d) => d.placed)).toBe(true);
    const media = (await t.inject({ method: 'GET', url: '/api/media', token: admin })).json() as { status: string }[];
    expect(media.map((m) => m.status).sort()).toEqual(['approved', 'approved', 'approved', 'pending']);

    expect(await seedDemo(t.app, t.app.ctx)).toEqual({ kind: 'present' });
    expect((await t.inject({ method: 'GET', url: '/api/estimates', token: admin })).json()).toHaveLength(all.length);
  }, 180_000);
});
