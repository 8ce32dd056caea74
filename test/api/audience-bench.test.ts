/**
 * The post-buy's speed (issue 43, decision 057): an order with 10,000 aired spots over three broadcast
 * months, each valued on its month's post book, answers in at most a second: the best of five calls, so
 * that a busy machine's one slow moment does not count. The one-second bound is held with SPOTBOOK_BENCH=1
 * (a quiet machine: about 0.2–0.4 s); a shared CI runner holds it to 3 s, which still catches a post-buy
 * that reads spots one by one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { broadcastMonthOf } from '../../src/domain/broadcast-calendar';
import { addDays } from '../../src/domain/dates';
import { bookRatings, books, postBooks, trafficSpots } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { approvedOrder } from '../support/billing-fixtures';
import { createDaypart } from '../support/ordering-fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const SPOTS = 10_000;
const BOUND_MS = process.env.SPOTBOOK_BENCH ? 1000 : 3000;
const FIRST_DAY = '2027-01-04';

describe('the post-buy of 10,000 aired spots', () => {
  it('answers in at most a second', async () => {
    const db = t.database.db;
    const daypart = await createDaypart(db, { spotFrequency: 200 });
    const { order, owner } = await approvedOrder(t, { daypartId: daypart.id, spots: 1 });
    const [book] = await db
      .insert(books)
      .values({ channelId: daypart.channelId, name: 'Bench', ratingService: 'Nielsen', surveyPeriod: 'Nov26', isCurrent: true })
      .returning();
    await db.insert(bookRatings).values({ bookId: book!.id, daypartId: daypart.id, demo: 'A25-54', rating: 1.5, impressions: 15 });
    const dates = Array.from({ length: 90 }, (_, d) => addDays(FIRST_DAY, d));
    for (const month of new Set(dates.map((d) => broadcastMonthOf(d).month)))
      await db.insert(postBooks).values({ channelId: daypart.channelId, month, bookId: book!.id });
    const [item] = (await t.inject({ method: 'GET', url: `/api/estimate-items/${order.id}`, token: owner.token })).json() as { id: string }[];
    for (let i = 0; i < SPOTS; i += 2000) {
      await db.insert(trafficSpots).values(
        Array.from({ length: 2000 }, (_, k) => {
          const n = i + k;
          const airDate = dates[n % dates.length]!;
          const at = new Date(`${airDate}T06:00:00Z`);
          return {
            airDate,
            estimateId: order.id,
            estimateItemId: item!.id,
            daypartId: daypart.id,
            houseCode: `B${n}`,
            durationSeconds: 30,
            breakAt: at,
            scheduledAt: at,
            position: n,
            status: 'aired' as const,
            airedAt: at,
          };
        }),
      );
    }
    const times: number[] = [];
    let body: { total: { delivered: { spots: number; grps: number } } } | undefined;
    for (let run = 0; run < 5; run += 1) {
      const started = performance.now();
      const res = await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/post-buy?demo=A25-54`, token: owner.token });
      times.push(performance.now() - started);
      expect(res.statusCode, res.body).toBe(200);
      body = res.json();
    }
    // 10,000 spots × 1.5 = 15,000 GRPs.
    expect(body!.total.delivered).toMatchObject({ spots: SPOTS, grps: 15_000 });
    expect(Math.min(...times), `post-buy of ${SPOTS} spots: ${times.map((ms) => Math.round(ms)).join(', ')} ms`).toBeLessThanOrEqual(BOUND_MS);
  }, 120_000);
});
