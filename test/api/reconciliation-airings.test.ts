/** Reconciliation from airings: pending orders show what aired and whether their flight started; overriding the aired figures needs a reason. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { createTestApp, type TestApp } from '../support/app';
import { uploadAsRun } from '../support/as-run-fixtures';
import { orderWithCampaign } from '../support/campaign-fixtures';
import { createDaypart } from '../support/ordering-fixtures';

const TODAY = '2027-03-01';
let now = new Date(`${TODAY}T15:00:00Z`);
let t: TestApp;
let admin: string;

interface Spot {
  estimate_id: string;
  local_time: string;
  house_code: string;
}

interface Pending {
  id: string;
  aired_spend: number;
  aired_impressions: number;
  aired_spots: number;
  not_started: boolean;
}

beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
  admin = await t.adminToken();
});
afterAll(() => t.close());

const pending = async () => (await t.inject({ method: 'GET', url: '/api/reconciliation/pending?limit=100', token: admin })).json().campaigns as Pending[];
const reconcile = (id: string, payload: object) => t.inject({ method: 'PUT', url: `/api/reconciliation/reconcile/${id}`, token: admin, payload });

describe('reconciliation from airings', () => {
  it('marks orders whose flight has not started, with their figures so far', async () => {
    const { order } = await orderWithCampaign(t, 'scheduled', { startDate: addDays(TODAY, 8), daypartId: (await createDaypart(t.database.db)).id });
    const row = (await pending()).find((p) => p.id === order.id);
    expect(row).toMatchObject({ not_started: true, aired_spots: 0, aired_spend: 0, aired_impressions: 0 });
    now = new Date(`${addDays(TODAY, 9)}T15:00:00Z`);
    expect((await pending()).find((p) => p.id === order.id)).toMatchObject({ not_started: false });
  });

  it('takes the aired figures as the actuals; entering others needs a reason, which is kept and shown', async () => {
    const later = addDays(TODAY, 22); // a Tuesday: the test dayparts air on weekdays
    const options = { startDate: later, spots: 2 };
    const first = await orderWithCampaign(t, 'active', { ...options, daypartId: (await createDaypart(t.database.db)).id });
    const second = await orderWithCampaign(t, 'active', { ...options, daypartId: (await createDaypart(t.database.db)).id });
    // Both orders' first day is placed, airs, and its as-run says so (a simulated airing is never delivery, decision 052).
    now = new Date(`${later}T00:30:00Z`);
    await t.app.ctx.stationClock.tick();
    now = new Date(`${addDays(later, 1)}T12:00:00Z`);
    const log = (await t.inject({ method: 'GET', url: `/api/traffic/logs/${later}`, token: admin })).json().spots as Spot[];
    const aired = log.filter((s) => s.estimate_id === first.order.id || s.estimate_id === second.order.id);
    expect(aired).toHaveLength(4);
    const csv = ['date,time,house_code,duration,status', ...aired.map((s) => `${later},${s.local_time},${s.house_code},30,aired`)].join('\n');
    const upload = await uploadAsRun(t, 'as-run.csv', csv, admin);
    expect(upload.statusCode, upload.body).toBe(201);
    const row = (await pending()).find((p) => p.id === first.order.id)!;
    // Two airings of 1366 impressions at a $15 CPM.
    expect(row).toMatchObject({ aired_spots: 2, aired_impressions: 2732, aired_spend: 40.98 });

    const asAired = await reconcile(first.order.id, { actual_spend: 40.98, actual_impressions: 2732 });
    expect(asAired.statusCode, asAired.body).toBe(200);
    expect(asAired.json().reconciliation).toMatchObject({
      status: 'reconciled',
      actual_spend: 40.98,
      aired_spend: 40.98,
      aired_impressions: 2732,
      override_reason: null,
    });

    const unexplained = await reconcile(second.order.id, { actual_spend: 100, actual_impressions: 5000 });
    expect(unexplained.statusCode).toBe(400);
    expect(unexplained.json()).toEqual({ error: 'Give a reason for overriding the aired figures', field: 'override_reason' });
    expect((await pending()).some((p) => p.id === second.order.id)).toBe(true);

    const explained = await reconcile(second.order.id, {
      actual_spend: 100,
      actual_impressions: 5000,
      override_reason: 'Station log lost two airings; confirmed by master control',
    });
    expect(explained.statusCode, explained.body).toBe(200);
    const variance = (await t.inject({ method: 'GET', url: `/api/reconciliation/variance/${second.order.id}`, token: admin })).json();
    expect(variance).toMatchObject({ actual_spend: 100, aired_spend: 40.98, override_reason: 'Station log lost two airings; confirmed by master control' });
  });
});
