/**
 * Delivery truth (issue 23, decision 031): a new order reaches the log before it airs, a simulated airing
 * touches no log spot without demo data and airs only a spot whose time has passed with it (decision 052: never certified),
 * and a past day without an as-run leaves its spots unconfirmed until one arrives.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { createTestApp, type TestApp } from '../support/app';
import { campaignOfOrder, setOrderStatus, simulate } from '../support/campaign-fixtures';
import { createDaypart, submittedOrder } from '../support/ordering-fixtures';
import { uploadAsRun } from '../support/as-run-fixtures';
import { autoOfferMakegoods } from '../support/station-settings';

const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const TODAY = '2027-03-01';
let now = new Date(`${TODAY}T12:00:00Z`);
let t: TestApp;
let demo: TestApp;

beforeAll(async () => {
  // The defaults a station runs with (decision 031 raised the horizon's floor), in UTC.
  t = await createTestApp({ trafficHorizonDays: 7 }, { now: () => now });
  // These tests read the makegoods an as-run offers at once: the station's choice (decision 058).
  await autoOfferMakegoods(t.database.db);
  demo = await createTestApp({ demo: true, trafficHorizonDays: 7 }, { now: () => now });
});
afterAll(async () => {
  await t?.close();
  await demo?.close();
});

interface Spot {
  id: string;
  status: string;
  estimate_id: string;
  scheduled_at: string;
  aired_at: string | null;
  local_time: string;
  house_code: string;
  simulated: boolean;
}

const spotsOf = async (app: TestApp, date: string, orderId: string) => {
  const res = await app.inject({ method: 'GET', url: `/api/traffic/logs/${date}`, token: await app.adminToken() });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().spots as Spot[]).filter((s) => s.estimate_id === orderId);
};

describe('flights reach the log', () => {
  it("places every approved order's first day on a log before it airs, even one booked at the minimum lead time", async () => {
    now = new Date(`${TODAY}T12:00:00Z`);
    const daypart = await createDaypart(t.database.db, { startTime: '06:00', endTime: '07:00', daysOfWeek: EVERY_DAY, spotFrequency: 10 });
    const first = addDays(TODAY, 7); // the earliest start the lead time allows
    const { order } = await submittedOrder(t, { name: 'Booked today', startDate: first, daypartId: daypart.id, spots: 2, totalSpend: 2000 });
    const approved = await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: await t.adminToken() });
    expect(approved.statusCode, approved.body).toBe(200);
    // The run after the approval places the first day already: a week ahead, not on the eve.
    await t.app.ctx.stationClock.tick();
    const firstDay = await spotsOf(t, first, order.id);
    expect(firstDay.map((s) => s.status)).toEqual(['scheduled', 'scheduled']);
    expect((await t.inject({ method: 'GET', url: `/api/traffic/logs/${first}`, token: await t.adminToken() })).json().placed).toBe(true);
    const clock = (await t.inject({ method: 'GET', url: '/api/station/clock' })).json();
    expect(clock.traffic_horizon_days).toBeGreaterThanOrEqual(14);
  });
});

describe('demo airings', () => {
  it('without demo data record a simulated airing at the CPM, never past the budget, touching no spot and certifying nothing', async () => {
    now = new Date('2027-04-01T12:00:00Z');
    const daypart = await createDaypart(t.database.db, {
      startTime: '06:00',
      endTime: '07:00',
      daysOfWeek: EVERY_DAY,
      spotFrequency: 10,
      multiplier: 1.5,
      baseCpmCents: 2000,
    });
    const { owner, order } = await submittedOrder(t, { name: 'Production airing', startDate: '2027-04-08', daypartId: daypart.id, spots: 2, totalSpend: 2000 });
    await setOrderStatus(t, order.id, 'active');
    await t.app.ctx.stationClock.tick();
    now = new Date('2027-04-08T09:00:00Z');
    await t.app.ctx.stationClock.tick();
    const admin = await t.adminToken();
    const campaign = await campaignOfOrder(t, admin, order.id);
    const res = await simulate(t, admin, campaign!.campaign_id);
    expect(res.statusCode, res.body).toBe(200);
    // 1366 × 1.5 = 2049 impressions; 2049 ÷ 1000 × $20 = $40.98, at now.
    expect(res.json()).toMatchObject({
      message: `Recorded 2049 impressions for ${daypart.name}`,
      airing: { daypart_id: daypart.id, aired_at: '2027-04-08T09:00:00.000Z', impressions: 2049, spend: 40.98 },
      campaign: { total_impressions: 2049, total_spend: 40.98, aired_spots: 1 },
    });
    // The traffic log is untouched: no spot aired, nothing on the affidavit.
    expect((await spotsOf(t, '2027-04-08', order.id)).map((s) => [s.status, s.simulated])).toEqual([
      ['scheduled', false],
      ['scheduled', false],
    ]);
    const affidavit = await t.inject({
      method: 'GET',
      url: `/api/estimates/${order.id}/affidavit?from=2027-04-08&to=2027-04-08&format=csv`,
      token: owner.token,
    });
    expect(affidavit.statusCode).toBe(200);
    expect(affidavit.body.trim().split('\r\n')).toHaveLength(1);
    await expectSimulatedOnly(t, order.id, campaign!.campaign_id, { spots: 1, impressions: 2049, spend: 40.98 }, '2027-04-08');

    // Never past the budget: with $10 left, the airing is cut to $10 (500 impressions), then refused.
    await t.database.db.execute(sql`update campaigns set spend_cents = total_budget_cents - 1000 where id = ${campaign!.campaign_id}`);
    const last = await simulate(t, admin, campaign!.campaign_id);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().airing).toMatchObject({ impressions: 500, spend: 10 });
    expect(last.json().campaign).toMatchObject({ total_spend: 2000, total_budget: 2000, budget_utilization: 100 });
    const spent = await simulate(t, admin, campaign!.campaign_id);
    expect(spent.statusCode).toBe(409);
    expect(spent.json()).toEqual({ error: 'The campaign budget is fully spent' });
    expect((await spotsOf(t, '2027-04-08', order.id)).map((s) => s.status)).toEqual(['scheduled', 'scheduled']);
  });

  it('in demo mode air only a spot whose time has passed, at its time, shown as simulated and never certified', async () => {
    now = new Date('2027-05-01T12:00:00Z');
    const daypart = await createDaypart(demo.database.db, { startTime: '06:00', endTime: '07:00', daysOfWeek: EVERY_DAY, spotFrequency: 10 });
    const { owner, order } = await submittedOrder(demo, { name: 'Demo airing', startDate: '2027-05-08', daypartId: daypart.id, spots: 2, totalSpend: 2000 });
    await setOrderStatus(demo, order.id, 'active');
    await demo.app.ctx.stationClock.tick();
    const admin = await demo.adminToken();
    const campaign = await campaignOfOrder(demo, admin, order.id);

    // The spots are on the log for the 8th, but none has reached its air time.
    const early = await simulate(demo, admin, campaign!.campaign_id);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: 'No spot of this campaign has reached its air time yet' });
    expect((await spotsOf(demo, '2027-05-08', order.id)).map((s) => s.status)).toEqual(['scheduled', 'scheduled']);

    now = new Date('2027-05-08T06:20:00Z');
    const aired = await simulate(demo, admin, campaign!.campaign_id);
    expect(aired.statusCode, aired.body).toBe(200);
    const [first, second] = await spotsOf(demo, '2027-05-08', order.id);
    expect(first).toMatchObject({ status: 'aired', simulated: true, aired_at: first!.scheduled_at });
    expect(second).toMatchObject({ status: 'scheduled', simulated: false });
    expect(Date.parse(second!.scheduled_at)).toBeGreaterThan(now.getTime());
    // Only one spot's time has passed: a second airing waits for it.
    expect((await simulate(demo, admin, campaign!.campaign_id)).statusCode).toBe(409);

    // The affidavit certifies no simulated airing.
    const csv = await demo.inject({ method: 'GET', url: `/api/estimates/${order.id}/affidavit?from=2027-05-08&to=2027-05-08&format=csv`, token: owner.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\r\n')).toHaveLength(1);
    await expectSimulatedOnly(demo, order.id, campaign!.campaign_id, { spots: 1, impressions: 1366, spend: aired.json().airing.spend }, '2027-05-08');

    // Billing on delivery bills no simulated airing: the completed order has nothing to bill.
    const mode = await demo.inject({ method: 'PUT', url: `/api/estimates/${order.id}/billing-mode`, token: admin, payload: { billing_mode: 'monthly' } });
    expect(mode.statusCode, mode.body).toBe(200);
    await setOrderStatus(demo, order.id, 'completed');
    const bill = await demo.inject({ method: 'POST', url: `/api/billing/from-estimate/${order.id}`, token: admin, payload: {} });
    expect(bill.statusCode, bill.body).toBe(409);
    const invoices = await demo.inject({ method: 'GET', url: `/api/billing?search=${encodeURIComponent('Demo airing')}`, token: admin });
    expect(invoices.json().invoices).toEqual([]);
  });
});

/**
 * A simulated airing shows as such in campaign performance (its figures and the day's row say "Simulated")
 * and is not delivery for reconciliation: the aired figures there stay at zero.
 */
const expectSimulatedOnly = async (
  app: TestApp,
  orderId: string,
  campaignId: string,
  simulated: { spots: number; impressions: number; spend: number },
  day: string,
) => {
  const admin = await app.adminToken();
  const realtime = await app.inject({ method: 'GET', url: `/api/campaigns/${campaignId}/performance/realtime`, token: admin });
  expect(realtime.json()).toMatchObject({ aired_spots: simulated.spots, total_impressions: simulated.impressions, simulated });
  const history = await app.inject({ method: 'GET', url: `/api/campaigns/${campaignId}/performance/history?days=7`, token: admin });
  expect(history.json().history.find((d: { date: string }) => d.date === day)).toMatchObject({ spots: simulated.spots, simulated_spots: simulated.spots });
  const variance = await app.inject({ method: 'GET', url: `/api/reconciliation/variance/${orderId}`, token: admin });
  expect(variance.statusCode, variance.body).toBe(200);
  expect(variance.json()).toMatchObject({ aired_spend: 0, aired_impressions: 0 });
  // Nothing certified aired, so actuals of zero need no override reason.
  const reconciled = await app.inject({
    method: 'PUT',
    url: `/api/reconciliation/reconcile/${orderId}`,
    token: admin,
    payload: { actual_spend: 0, actual_impressions: 0 },
  });
  expect(reconciled.statusCode, reconciled.body).toBe(200);
  expect(reconciled.json().reconciliation).toMatchObject({ aired_spend: 0, aired_impressions: 0, override_reason: null, actual_spend: 0 });
};

describe('unconfirmed spots', () => {
  it('a past day without an as-run is unconfirmed after the grace period, and a later as-run settles it', async () => {
    now = new Date('2027-06-01T12:00:00Z');
    const daypart = await createDaypart(t.database.db, { startTime: '06:00', endTime: '07:00', daysOfWeek: EVERY_DAY, spotFrequency: 10 });
    const { owner, order } = await submittedOrder(t, { name: 'Nobody reported', startDate: '2027-06-08', daypartId: daypart.id, spots: 2, totalSpend: 2000 });
    await setOrderStatus(t, order.id, 'active');
    await t.app.ctx.stationClock.tick();
    const day = '2027-06-08';

    // The day ends at midnight; 36 hours later the as-run is still missing.
    now = new Date('2027-06-10T11:59:00Z');
    expect((await t.app.ctx.stationClock.tick()).unconfirmedSpots).toBe(0);
    expect((await spotsOf(t, day, order.id)).map((s) => s.status)).toEqual(['scheduled', 'scheduled']);
    now = new Date('2027-06-10T12:01:00Z');
    await t.app.ctx.stationClock.tick();
    const spots = await spotsOf(t, day, order.id);
    expect(spots.map((s) => s.status)).toEqual(['unconfirmed', 'unconfirmed']);
    // Not aired, not missed: nothing delivered, nothing certified, no makegood.
    const admin = await t.adminToken();
    const campaign = await campaignOfOrder(t, admin, order.id);
    const figures = (await t.inject({ method: 'GET', url: `/api/campaigns/${campaign!.campaign_id}`, token: admin })).json();
    expect(figures).toMatchObject({ aired_spots: 0, total_spend: 0 });
    const affidavit = await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/affidavit?from=${day}&to=${day}&format=csv`, token: owner.token });
    expect(affidavit.body.trim().split('\r\n')).toHaveLength(1);
    const offers = (await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/makegoods`, token: admin })).json();
    expect(JSON.stringify(offers)).not.toContain('offered');

    const desk = (await t.inject({ method: 'GET', url: '/api/traffic/discrepancies', token: admin })).json();
    expect(
      (desk.unconfirmed as Spot[])
        .filter((s) => s.estimate_id === order.id)
        .map((s) => s.id)
        .sort(),
    ).toEqual(spots.map((s) => s.id).sort());

    // Completing the order says so first; it completes only when the admin confirms.
    const complete = await t.inject({ method: 'PUT', url: `/api/estimates/${order.id}`, token: admin, payload: { status: 'completed' } });
    expect(complete.statusCode).toBe(409);
    expect(complete.json()).toEqual({
      error: 'This order has unconfirmed spots: 2 spots have no as-run yet, so they are neither aired nor missed. Confirm to complete it anyway.',
    });
    expect((await t.inject({ method: 'GET', url: `/api/estimates/${order.id}`, token: admin })).json().status).toBe('active');

    // The as-run arrives late, for the whole day: its airing settles one spot, the day's other becomes missed.
    const csv = ['date,time,house_code,duration,status', `${day},${spots[0]!.local_time},${spots[0]!.house_code},30,aired`].join('\n');
    const res = await uploadAsRun(t, 'late.csv', csv, admin, 'text/csv', { close_day: 'true' });
    expect(res.statusCode, res.body).toBe(201);
    const settled = await spotsOf(t, day, order.id);
    expect(settled.map((s) => s.status)).toEqual(['aired', 'missed']);
    // The missed spot waits for its makegood decision on the Discrepancies list; nothing is unconfirmed any more.
    const after = (await t.inject({ method: 'GET', url: '/api/traffic/discrepancies', token: admin })).json();
    expect((after.unconfirmed as Spot[]).filter((s) => s.estimate_id === order.id)).toEqual([]);
    expect(
      (after.missed_undecided as (Spot & { makegood_status: string | null })[]).filter((s) => s.estimate_id === order.id).map((s) => [s.id, s.makegood_status]),
    ).toEqual([[settled[1]!.id, 'offered']]);

    // Its offered day goes to master control: the offer moves to the next free day, and the advertiser is told.
    const offersOf = async () => JSON.stringify((await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/makegoods`, token: owner.token })).json());
    const offeredDay = /"air_date":"(\d{4}-\d\d-\d\d)"/.exec(await offersOf())?.[1];
    expect(offeredDay).toBeDefined();
    expect((await t.inject({ method: 'GET', url: `/api/traffic/logs/${offeredDay}/export`, token: admin })).statusCode).toBe(200);
    const before = (await t.inject({ method: 'GET', url: '/api/notifications', token: owner.token })).json().notifications.length as number;
    await t.app.ctx.stationClock.tick();
    const moved = /"air_date":"(\d{4}-\d\d-\d\d)"/.exec(await offersOf())?.[1];
    expect(moved).toBeDefined();
    expect(moved! > offeredDay!).toBe(true);
    expect(await offersOf()).toContain('"status":"offered"');
    expect((await t.inject({ method: 'GET', url: '/api/notifications', token: owner.token })).json().notifications.length).toBe(before + 1);
  });

  it('an order with unconfirmed spots completes when the admin confirms it', async () => {
    now = new Date('2027-07-01T12:00:00Z');
    const daypart = await createDaypart(t.database.db, { startTime: '06:00', endTime: '07:00', daysOfWeek: EVERY_DAY, spotFrequency: 10 });
    const { order } = await submittedOrder(t, { name: 'Confirmed anyway', startDate: '2027-07-08', daypartId: daypart.id, spots: 1, totalSpend: 2000 });
    await setOrderStatus(t, order.id, 'active');
    await t.app.ctx.stationClock.tick();
    now = new Date('2027-07-10T12:30:00Z'); // only the 8th is past its grace period
    await t.app.ctx.stationClock.tick();
    expect((await spotsOf(t, '2027-07-08', order.id)).map((s) => s.status)).toEqual(['unconfirmed']);
    const admin = await t.adminToken();
    const refused = await t.inject({ method: 'PUT', url: `/api/estimates/${order.id}`, token: admin, payload: { status: 'completed' } });
    expect(refused.json().error).toBe(
      'This order has unconfirmed spots: 1 spot has no as-run yet, so it is neither aired nor missed. Confirm to complete it anyway.',
    );
    const done = await t.inject({
      method: 'PUT',
      url: `/api/estimates/${order.id}`,
      token: admin,
      payload: { status: 'completed', confirm_unconfirmed: true },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().status).toBe('completed');
  });

  it('the station clock completes an order on schedule over spots no as-run confirmed only with a warning to the desk, and Discrepancies lists it', async () => {
    now = new Date('2027-08-01T12:00:00Z');
    const daypart = await createDaypart(t.database.db, { startTime: '06:00', endTime: '07:00', daysOfWeek: EVERY_DAY, spotFrequency: 10 });
    const { order } = await submittedOrder(t, { name: 'Ends unreported', startDate: '2027-08-08', daypartId: daypart.id, spots: 1, totalSpend: 150 });
    await setOrderStatus(t, order.id, 'active');
    await t.app.ctx.stationClock.tick();
    const admin = await t.adminToken();
    const end = (await t.inject({ method: 'GET', url: `/api/estimates/${order.id}`, token: admin })).json().end_date as string;
    expect(end >= '2027-08-08').toBe(true);

    // The day after the flight: the clock completes it, though no as-run reported any spot.
    now = new Date(`${addDays(end, 1)}T09:00:00Z`);
    const before = (await t.inject({ method: 'GET', url: '/api/notifications', token: admin })).json().notifications as { message: string }[];
    expect((await t.app.ctx.stationClock.tick()).completed).toContain(order.id);
    const unreported = (await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/spots?from=2027-08-08&to=${end}`, token: admin }))
      .json()
      .days.flatMap((d: { spots: Spot[] }) => d.spots).length as number;
    expect(unreported).toBeGreaterThan(0);
    const after = (await t.inject({ method: 'GET', url: '/api/notifications', token: admin })).json().notifications as { message: string; sub_type?: string }[];
    const warning = `Order "Ends unreported" was completed by the station clock with ${unreported} ${unreported === 1 ? 'spot' : 'spots'} no as-run has confirmed: see Discrepancies`;
    expect(after.length).toBe(before.length + 1);
    expect(after.map((n) => n.message)).toContain(warning);

    const desk = (await t.inject({ method: 'GET', url: '/api/traffic/discrepancies', token: admin })).json();
    expect(
      (desk.completed_unconfirmed as { estimate_id: string; unconfirmed_spots: number; estimate_name: string }[]).filter((o) => o.estimate_id === order.id),
    ).toEqual([{ estimate_id: order.id, estimate_name: 'Ends unreported', brand_name: expect.any(String), end_date: end, unconfirmed_spots: unreported }]);
    // A second run warns no more.
    await t.app.ctx.stationClock.tick();
    expect((await t.inject({ method: 'GET', url: '/api/notifications', token: admin })).json().notifications.length).toBe(after.length);
  });
});
