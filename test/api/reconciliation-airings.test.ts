/** Reconciliation from airings: pending orders show what aired and whether their flight started; overriding the aired figures needs a reason. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { createTestApp, type TestApp } from '../support/app';
import { orderWithCampaign, simulate } from '../support/campaign-fixtures';
import { createDaypart } from '../support/ordering-fixtures';

const TODAY = '2027-03-01';
let now = new Date(`${TODAY}T15:00:00Z`);
let t: TestApp;
let admin: string;

interface Pending {
  id: string;
  aired_spend: number;
  aired_impressions: number;
  aired_spots: number;
  not_started: boolean;
}

beforeAll(async () => {
  // The Demo airing exists only with demo data (decision 031).
  t = await createTestApp({ demo: true }, { now: () => now });
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
    const later = addDays(TODAY, 20);
    const first = await orderWithCampaign(t, 'active', { startDate: later, daypartId: (await createDaypart(t.database.db)).id });
    const second = await orderWithCampaign(t, 'active', { startDate: later, daypartId: (await createDaypart(t.database.db)).id });
    for (const { campaignId } of [first, second]) {
      for (let i = 0; i < 2; i += 1) expect((await simulate(t, admin, campaignId)).statusCode).toBe(200);
    }
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
