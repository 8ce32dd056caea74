import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, estimateItems } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { campaignOfOrder, orderWithCampaign, setCampaignStatus, setOrderStatus, simulate } from '../support/campaign-fixtures';
import { MISSING_ID, addItem, clientWithBrand, createDaypart, dateIn, putOrder, readyOrder, submittedOrder } from '../support/ordering-fixtures';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  // The Demo airing exists only with demo data (decision 031).
  t = await createTestApp({ demo: true });
  admin = await t.adminToken();
});
afterAll(() => t.close());

const getCampaign = async (token: string, id: string) => {
  const res = await t.inject({ method: 'GET', url: `/api/campaigns/${id}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('lifecycle through Order Management', () => {
  it('scheduling an order creates its campaign, waiting for its start date', async () => {
    const { owner, order } = await submittedOrder(t);
    expect(await campaignOfOrder(t, admin, order.id)).toBeUndefined();
    const scheduled = await setOrderStatus(t, order.id, 'scheduled');
    expect(scheduled.status).toBe('scheduled');
    const found = await campaignOfOrder(t, owner.token, order.id);
    // $5,000 on Early Morning-like weekdays at 10 spots: 50 spots a week for 5000 / 1024.50 weeks.
    expect(await getCampaign(owner.token, found!.campaign_id)).toMatchObject({
      campaign_id: found!.campaign_id,
      estimate_id: order.id,
      name: 'Spring launch',
      brand_id: owner.brand.id,
      brand_name: owner.brand.commonName,
      owner_id: owner.id,
      owner_email: owner.email,
      status: 'scheduled',
      display_status: 'scheduled',
      start_date: dateIn(8),
      end_date: order.end_date,
      total_budget: 5000,
      total_spend: 0,
      total_impressions: 0,
      avg_cpm: 0,
      budget_utilization: 0,
      completion_percentage: 0,
      aired_spots: 0,
      weekly_spots: 50,
      total_spots: 244,
      last_aired_at: null,
    });
  });

  it('activating starts it, pause and resume move it, completing completes it', async () => {
    const { order, campaignId } = await orderWithCampaign(t);
    await setOrderStatus(t, order.id, 'active');
    expect((await getCampaign(admin, campaignId)).display_status).toBe('active');

    const paused = await setCampaignStatus(t, admin, campaignId, 'paused');
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ status: 'paused', display_status: 'paused' });
    const again = await setCampaignStatus(t, admin, campaignId, 'paused');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'Only active campaigns can be paused; this campaign is Paused' });
    const airPaused = await simulate(t, admin, campaignId);
    expect(airPaused.statusCode).toBe(409);
    expect(airPaused.json()).toEqual({ error: 'Impressions can only be recorded for active campaigns' });

    const resumed = await setCampaignStatus(t, admin, campaignId, 'active');
    expect(resumed.json()).toMatchObject({ status: 'active', display_status: 'active' });
    const twice = await setCampaignStatus(t, admin, campaignId, 'active');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: 'Only paused campaigns can be resumed; this campaign is Active' });

    await setOrderStatus(t, order.id, 'completed');
    expect((await getCampaign(admin, campaignId)).display_status).toBe('completed');
    const done = await setCampaignStatus(t, admin, campaignId, 'paused');
    expect(done.json()).toEqual({ error: 'Only active campaigns can be paused; this campaign is Completed' });
  });

  it('an order activated directly gets an active campaign; one moved back to draft or rejected cancels it; rescheduling revives it', async () => {
    const { order, campaignId } = await orderWithCampaign(t, 'active');
    expect((await getCampaign(admin, campaignId)).status).toBe('active');
    await setOrderStatus(t, order.id, 'draft');
    expect((await getCampaign(admin, campaignId)).display_status).toBe('cancelled');
    await setOrderStatus(t, order.id, 'scheduled');
    expect(await getCampaign(admin, campaignId)).toMatchObject({ campaign_id: campaignId, status: 'scheduled' });
    await setOrderStatus(t, order.id, 'rejected');
    expect((await getCampaign(admin, campaignId)).status).toBe('cancelled');
    const pause = await setCampaignStatus(t, admin, campaignId, 'paused');
    expect(pause.json()).toEqual({ error: 'Only active campaigns can be paused; this campaign is Cancelled' });
  });

  it('approving on the detail page creates no campaign; a scheduled campaign waits even after its start date', async () => {
    const { order } = await submittedOrder(t);
    const approved = await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin, payload: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await campaignOfOrder(t, admin, order.id)).toBeUndefined();
    await setOrderStatus(t, order.id, 'scheduled');
    const found = await campaignOfOrder(t, admin, order.id);
    await t.database.db
      .update(campaigns)
      .set({ startDate: dateIn(-3) })
      .where(eq(campaigns.id, found!.campaign_id));
    expect((await getCampaign(admin, found!.campaign_id)).display_status).toBe('scheduled');
  });

  it('an active campaign past its end date shows completed and airs no more', async () => {
    const { campaignId } = await orderWithCampaign(t, 'active');
    await t.database.db
      .update(campaigns)
      .set({ endDate: dateIn(-1) })
      .where(eq(campaigns.id, campaignId));
    expect(await getCampaign(admin, campaignId)).toMatchObject({ status: 'active', display_status: 'completed' });
    const completed = (await t.inject({ method: 'GET', url: '/api/campaigns?status=completed', token: admin })).json();
    expect(completed.map((c: { campaign_id: string }) => c.campaign_id)).toContain(campaignId);
    const active = (await t.inject({ method: 'GET', url: '/api/campaigns?status=active', token: admin })).json();
    expect(active.map((c: { campaign_id: string }) => c.campaign_id)).not.toContain(campaignId);
    expect((await simulate(t, admin, campaignId)).json()).toEqual({ error: 'Impressions can only be recorded for active campaigns' });
  });
});

describe('POST /campaigns/from-estimate/:estimateId', () => {
  it('makes a scheduled campaign of an approved order, once', async () => {
    const { order } = await submittedOrder(t);
    await setOrderStatus(t, order.id, 'approved');
    const res = await t.inject({ method: 'POST', url: `/api/campaigns/from-estimate/${order.id}`, token: admin });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ estimate_id: order.id, status: 'scheduled', total_budget: 5000, total_spots: 244 });
    const again = await t.inject({ method: 'POST', url: `/api/campaigns/from-estimate/${order.id}`, token: admin });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'A campaign already exists for this order' });
    // Scheduling it later keeps the one campaign.
    await setOrderStatus(t, order.id, 'scheduled');
    const list = (await t.inject({ method: 'GET', url: '/api/campaigns', token: admin })).json();
    expect(list.filter((c: { estimate_id: string }) => c.estimate_id === order.id)).toHaveLength(1);
  });

  it('refuses orders that are not booked, have a campaign, or have no time slots', async () => {
    const { order: draft } = await readyOrder(t);
    const notBooked = await t.inject({ method: 'POST', url: `/api/campaigns/from-estimate/${draft.id}`, token: admin });
    expect(notBooked.statusCode).toBe(409);
    expect(notBooked.json()).toEqual({ error: 'Only approved, scheduled or active orders can become campaigns' });

    const { order: scheduled } = await orderWithCampaign(t);
    const exists = await t.inject({ method: 'POST', url: `/api/campaigns/from-estimate/${scheduled.id}`, token: admin });
    expect(exists.json()).toEqual({ error: 'A campaign already exists for this order' });

    // Booking needs time slots; a booked order whose items were removed (by hand, in the database) cannot deliver.
    const { order: empty } = await submittedOrder(t);
    await setOrderStatus(t, empty.id, 'approved');
    await t.database.db.delete(estimateItems).where(eq(estimateItems.estimateId, empty.id));
    const noItems = await t.inject({ method: 'POST', url: `/api/campaigns/from-estimate/${empty.id}`, token: admin });
    expect(noItems.statusCode).toBe(400);
    expect(noItems.json()).toEqual({ error: 'The order has no time slots to deliver' });

    const missing = await t.inject({ method: 'POST', url: `/api/campaigns/from-estimate/${MISSING_ID}`, token: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Estimate not found' });
  });
});

describe('simulate-impression, realtime and history', () => {
  /** Two dayparts aired in turn: A (06:00, ×1, base $15) then B (20:00, ×1.5, custom $40). */
  const twoSlotCampaign = async () => {
    const owner = await clientWithBrand(t);
    const { order } = await readyOrder(t, { owner });
    const evening = await createDaypart(t.database.db, { startTime: '20:00', endTime: '21:00', multiplier: 1.5, baseCpmCents: 3000 });
    await addItem(t, owner.token, order.id, { daypart_id: evening.id, spots_per_occurrence: 2, user_defined_cpm: 40 });
    expect((await putOrder(t, owner.token, order.id, { status: 'ordered' })).statusCode).toBe(200);
    await setOrderStatus(t, order.id, 'active');
    const found = await campaignOfOrder(t, admin, order.id);
    return { owner, order, campaignId: found!.campaign_id, evening };
  };

  it('records 1366 × multiplier impressions per spot, spend at the CPM, dayparts in turn', async () => {
    const { owner, campaignId, evening } = await twoSlotCampaign();
    const first = await simulate(t, admin, campaignId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().airing).toMatchObject({ impressions: 1366, spend: 20.49 });
    const second = await simulate(t, admin, campaignId);
    expect(second.json().airing).toMatchObject({ daypart_id: evening.id, impressions: 2049, spend: 81.96 });
    expect(second.json().message).toBe(`Recorded 2049 impressions for ${evening.name}`);
    // Weekly: 50 spots at $20.49 + 10 spots at $81.96 = $1,844.10; 60 × 5000 / 1844.10 = 162 spots.
    expect(second.json().campaign).toMatchObject({
      total_impressions: 3415,
      total_spend: 102.45,
      avg_cpm: 30,
      total_budget: 5000,
      budget_utilization: 2.05,
      aired_spots: 2,
      total_spots: 162,
      completion_percentage: 1.23,
    });

    const realtime = await t.inject({ method: 'GET', url: `/api/campaigns/${campaignId}/performance/realtime`, token: owner.token });
    expect(realtime.statusCode, realtime.body).toBe(200);
    expect(realtime.json()).toMatchObject({
      campaign_id: campaignId,
      display_status: 'active',
      total_impressions: 3415,
      total_spend: 102.45,
      avg_cpm: 30,
      budget_utilization: 2.05,
      completion_percentage: 1.23,
      aired_spots: 2,
      total_spots: 162,
      last_aired_at: second.json().airing.aired_at,
      simulated: { spots: 2, impressions: 3415, spend: 102.45 },
    });

    const history = (await t.inject({ method: 'GET', url: `/api/campaigns/${campaignId}/performance/history`, token: owner.token })).json();
    expect(history.days).toBe(30);
    expect(history.history).toHaveLength(30);
    expect(history.history.at(-1)).toEqual({ date: dateIn(0), impressions: 3415, spend: 102.45, spots: 2, simulated_spots: 2 });
    expect(history.history[0]).toEqual({ date: dateIn(-29), impressions: 0, spend: 0, spots: 0, simulated_spots: 0 });
    const week = (await t.inject({ method: 'GET', url: `/api/campaigns/${campaignId}/performance/history?days=7`, token: owner.token })).json();
    expect(week.history.map((d: { date: string }) => d.date)).toEqual([-6, -5, -4, -3, -2, -1, 0].map(dateIn));
    for (const days of ['0', '366', '1.5', 'abc', '-1']) {
      const bad = await t.inject({ method: 'GET', url: `/api/campaigns/${campaignId}/performance/history?days=${days}`, token: owner.token });
      expect(bad.statusCode, days).toBe(400);
      expect(bad.json()).toEqual({ error: 'days must be a whole number from 1 to 365', field: 'days' });
    }
  });

  it('never spends past the budget and never airs more spots than planned', async () => {
    const { campaignId } = await orderWithCampaign(t, 'active');
    await t.database.db
      .update(campaigns)
      .set({ spendCents: sql`${campaigns.totalBudgetCents} - 1000` })
      .where(eq(campaigns.id, campaignId));
    const last = await simulate(t, admin, campaignId);
    expect(last.json().airing).toMatchObject({ impressions: 666, spend: 10 });
    expect(last.json().campaign).toMatchObject({ total_spend: 5000, budget_utilization: 100 });
    const spent = await simulate(t, admin, campaignId);
    expect(spent.statusCode).toBe(409);
    expect(spent.json()).toEqual({ error: 'The campaign budget is fully spent' });

    const other = await orderWithCampaign(t, 'active');
    await t.database.db.update(campaigns).set({ airedSpots: 244 }).where(eq(campaigns.id, other.campaignId));
    const aired = await simulate(t, admin, other.campaignId);
    expect(aired.statusCode).toBe(409);
    expect(aired.json()).toEqual({ error: 'Every planned spot of this campaign has aired' });
  });

  it('refuses a scheduled campaign', async () => {
    const { campaignId } = await orderWithCampaign(t);
    const res = await simulate(t, admin, campaignId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Impressions can only be recorded for active campaigns' });
  });
});

describe('list filters and dashboard stats', () => {
  it("counts the caller's campaigns: totals, active budget and average CPM", async () => {
    const owner = await clientWithBrand(t);
    const active = await orderWithCampaign(t, 'active', { owner });
    const scheduled = await orderWithCampaign(t, 'scheduled', { owner, totalSpend: 3000 });
    await simulate(t, admin, active.campaignId);
    await simulate(t, admin, active.campaignId);
    const stats = await t.inject({ method: 'GET', url: '/api/campaigns/stats/dashboard', token: owner.token });
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json()).toEqual({
      total_campaigns: 2,
      active_campaigns: 1,
      total_impressions: 2732,
      total_spend: 40.98,
      active_budget: 5000,
      average_cpm: 15,
    });

    const ids = async (qs: string) =>
      ((await t.inject({ method: 'GET', url: `/api/campaigns${qs}`, token: owner.token })).json() as { campaign_id: string }[]).map((c) => c.campaign_id);
    expect(await ids('')).toEqual([scheduled.campaignId, active.campaignId]);
    expect(await ids('?status=active')).toEqual([active.campaignId]);
    expect(await ids('?status=scheduled')).toEqual([scheduled.campaignId]);
    expect(await ids('?status=paused')).toEqual([]);
    expect(await ids(`?brand_id=${owner.brand.id}&status=scheduled`)).toEqual([scheduled.campaignId]);
    expect(await ids(`?brand_id=${MISSING_ID}`)).toEqual([]);

    const adminStats = (await t.inject({ method: 'GET', url: '/api/campaigns/stats/dashboard', token: admin })).json();
    expect(adminStats.total_campaigns).toBeGreaterThan(2);
  });

  it('refuses unknown filters with 400', async () => {
    const cases: [string, string][] = [
      ['status=running', 'Unknown campaign status'],
      ['status=', 'Unknown campaign status'],
      ['brand_id=1%27%20OR%201%3D1', 'Brand not found'],
    ];
    for (const [qs, error] of cases) {
      const res = await t.inject({ method: 'GET', url: `/api/campaigns?${qs}`, token: admin });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json()).toEqual({ error, field: qs.split('=')[0] });
    }
  });
});
