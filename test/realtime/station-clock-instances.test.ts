/** Two app instances on one PostgreSQL run the station clock at once: each change happens exactly once. */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { instantOf } from '../../src/domain/dates';
import { notifications, trafficSpots } from '../../src/server/db/schema';
import { openDatabase } from '../../src/server/platform/db';
import { createPgBossJobs } from '../../src/server/platform/jobs-pgboss';
import { createTestApp, type TestApp } from '../support/app';
import { setOrderStatus } from '../support/campaign-fixtures';
import { createDaypart, submittedOrder } from '../support/ordering-fixtures';
import { eventually, sleep } from './helpers';

const onPostgres = Boolean(process.env.DATABASE_URL);
const ZONE = 'America/New_York';

describe.skipIf(!onPostgres)('the station clock on two instances', () => {
  let now = new Date('2027-03-01T17:00:00Z');
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ stationTimeZone: ZONE }, { now: () => now });
    b = await createTestApp({ stationTimeZone: ZONE }, { now: () => now, database: await openDatabase({ databaseUrl: a.database.url! }) });
  });
  afterAll(async () => {
    await b?.app.close();
    await b?.database.close();
    await a?.close();
  });

  it('starts each order once and places each spot once when both instances tick together', async () => {
    const daypart = await createDaypart(a.database.db, { spotFrequency: 30 });
    const orders = [];
    for (let i = 0; i < 4; i += 1) {
      const { order } = await submittedOrder(a, { name: `Twin ${i}`, startDate: '2027-03-08', daypartId: daypart.id, spots: 3 });
      await setOrderStatus(a, order.id, 'scheduled');
      orders.push(order);
    }
    now = instantOf('2027-03-08', '09:00', ZONE);
    const [fromA, fromB] = await Promise.all([a.app.ctx.stationClock.tick(), b.app.ctx.stationClock.tick()]);
    expect([...fromA.started, ...fromB.started].sort()).toEqual(orders.map((o) => o.id).sort());
    // Placed once, however the two runs interleaved: 4 orders × 3 spots on each weekday of the 14 days
    // from Monday the 8th (the horizon covers the lead time and a week, decision 031).
    const [placed] = await a.database.db.select({ n: count() }).from(trafficSpots).where(eq(trafficSpots.daypartId, daypart.id));
    expect(placed!.n).toBe(10 * 12);
    const log = (await a.inject({ method: 'GET', url: '/api/traffic/logs/2027-03-08', token: await a.adminToken() })).json();
    expect(log.dayparts.find((d: { id: string }) => d.id === daypart.id).placed).toBe(12);
    for (const order of orders) {
      const statuses = await a.database.db.select({ status: notifications.status }).from(notifications).where(eq(notifications.estimateId, order.id));
      expect(statuses.filter((s) => s.status === 'active')).toHaveLength(1);
    }
  });

  it('runs a recurring pg-boss job on one instance only', async () => {
    const runs: string[] = [];
    const queues = ['a', 'b'].map((name) => {
      const jobs = createPgBossJobs({ connectionString: a.database.url!, log: a.app.log, pollingIntervalSeconds: 0.5 });
      jobs.register('test.every', z.object({}), async () => {
        runs.push(name);
      });
      return jobs;
    });
    try {
      for (const jobs of queues) jobs.every('test.every', 60);
      await eventually(() => expect(runs.length).toBeGreaterThan(0), 15_000);
      await sleep(1500);
      expect(runs).toHaveLength(1);
    } finally {
      await Promise.all(queues.map((q) => q.close()));
    }
  });
});
