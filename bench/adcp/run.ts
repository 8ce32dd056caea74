/**
 * AdCP get_products (decision 035): a 13-week flight with availability for every daypart and length,
 * p50 and p99 over repeated calls, beside a bare read of the same availability (daypartAvailability
 * per daypart, what get_products reads) in the same run. In-memory PGlite, the seeded rate card and
 * 200 booked orders across it.
 *
 *   npx tsx bench/adcp/run.ts [runs]     # 200 by default
 */
import os from 'node:os';
import { addDays } from '../../src/domain/dates';
import { dayparts, estimateItems, estimates, users } from '../../src/server/db/schema';
import { openMigratedDatabase } from '../../src/server/platform/db';
import { daypartAvailability } from '../../src/server/modules/dayparts/service';
import { listProducts } from '../../src/server/modules/adcp/products';

const RUNS = Number(process.argv[2] ?? 200);
const START = '2027-03-01';
const END = addDays(START, 13 * 7 - 1);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const time = async (run: () => Promise<unknown>) => {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = process.hrtime.bigint();
    await run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return { p50: percentile(times, 50).toFixed(1), p99: percentile(times, 99).toFixed(1) };
};

const main = async () => {
  const database = await openMigratedDatabase({ memory: true });
  const { db } = database;
  const rows = await db.select().from(dayparts);
  const [owner] = await db.insert(users).values({ email: 'bench@example.com', passwordHash: 'x' }).returning({ id: users.id });
  for (let i = 0; i < 200; i += 1) {
    const start = addDays(START, (i * 3) % 80);
    const [order] = await db
      .insert(estimates)
      .values({ ownerId: owner!.id, estimateName: `Bench ${i}`, status: 'approved', startDate: start, endDate: addDays(start, 20), totalSpendCents: 100_000 })
      .returning({ id: estimates.id });
    await db.insert(estimateItems).values({ estimateId: order!.id, daypartId: rows[i % rows.length]!.id, spotsPerOccurrence: 1 + (i % 3) });
  }
  const station = { name: 'Bench', callLetters: 'WBEN', fccFacilityId: '1', agentUrl: 'https://bench.example/mcp', publisherDomain: 'bench.example' };
  const products = await listProducts({ db, station, filters: { start_date: START, end_date: END } });
  const bare = await time(() => Promise.all(rows.map((d) => daypartAvailability({ db, id: d.id, start: START, end: END }))));
  const full = await time(() => listProducts({ db, station, filters: { start_date: START, end_date: END } }));
  process.stdout.write(`get_products, 13-week flight (${START} to ${END}), ${rows.length} dayparts → ${products.length} products, ${RUNS} runs, load ${os.loadavg()[0]!.toFixed(2)}\n`);
  process.stdout.write(`| read | p50 (ms) | p99 (ms) |\n|---|---|---|\n| bare availability (daypartAvailability × ${rows.length}) | ${bare.p50} | ${bare.p99} |\n| get_products (products, weeks, forecast) | ${full.p50} | ${full.p99} |\n`);
  await database.close();
};

await main();
