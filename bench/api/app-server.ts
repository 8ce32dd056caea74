/**
 * Spotbook for the API read benchmark: PGlite on disk in its own data folder, filled with a fixed
 * data set (CLIENTS advertisers, ORDERS orders with two time slots each, NOTIFICATIONS per user),
 * then listening on a free loopback port. Prints one JSON line with the port, tokens and ids.
 * Usage: tsx bench/api/app-server.ts <dataDir>
 */
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { brands, dayparts, estimateItems, estimates, notifications, users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { ensureFirstAdmin } from '../../src/server/modules/users/first-admin';
import { openDatabase } from '../../src/server/platform/db';
import { addDays, todayIso } from '../../src/domain/dates';
import { ORDER_STATUSES } from '../../src/domain/orders';

export const CLIENTS = 500;
export const ORDERS = 20_000;
export const NOTIFICATIONS = 50;
const BATCH = 1000;

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: app-server.ts <dataDir>');
const admin = { email: 'bench@spotbook.test', password: 'Bench-Passw0rd' };
const client = { password: 'Client-Passw0rd' };
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });

const database = await openDatabase({ dataDir: path.join(config.dataDir, 'db') });
await database.migrate();
await ensureFirstAdmin({ db: database.db, ...admin });
const { db } = database;

const inBatches = async <T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) => {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
};

const passwordHash = await hashPassword(client.password);
const clientRows = await db
  .insert(users)
  .values(
    Array.from({ length: CLIENTS }, (_, i) => ({
      email: `client${i}@bench.test`,
      passwordHash,
      firstName: 'Client',
      lastName: String(i),
      company: `Company ${i}`,
    })),
  )
  .returning({ id: users.id });
const brandRows = await db
  .insert(brands)
  .values(clientRows.map((c, i) => ({ ownerId: c.id, commonName: `Brand ${i}`, legalName: `Brand ${i} LLC` })))
  .returning({ id: brands.id, ownerId: brands.ownerId });
const daypartRows = await db.select({ id: dayparts.id }).from(dayparts);

const orderRows: (typeof estimates.$inferInsert)[] = Array.from({ length: ORDERS }, (_, i) => {
  const brand = brandRows[i % CLIENTS]!;
  const start = addDays(todayIso(new Date(), 'UTC'), 8 + (i % 120));
  return {
    ownerId: brand.ownerId,
    brandId: brand.id,
    estimateName: `Order ${i}`,
    status: ORDER_STATUSES[i % ORDER_STATUSES.length]!,
    startDate: start,
    endDate: addDays(start, 56),
    totalSpendCents: 1_000_000,
    totalEstimatedCostCents: 120_000,
    totalAmountCents: 1_000_000,
  };
});
const orderIds: string[] = [];
await inBatches(orderRows, async (batch) => orderIds.push(...(await db.insert(estimates).values(batch).returning({ id: estimates.id })).map((r) => r.id)));
await inBatches(
  orderIds.flatMap((estimateId, i) =>
    [0, 1].map((k) => ({ estimateId, daypartId: daypartRows[(i + k * 3) % daypartRows.length]!.id, spotsPerOccurrence: 1 + (i % 3) })),
  ),
  (batch) => db.insert(estimateItems).values(batch),
);
await inBatches(
  clientRows.flatMap((c) =>
    Array.from({ length: NOTIFICATIONS }, (_, i) => ({
      userId: c.id,
      type: 'estimate_status_change' as const,
      status: 'approved',
      message: `Your order Order ${i} was approved`,
    })),
  ),
  (batch) => db.insert(notifications).values(batch),
);

const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const login = async (email: string, password: string) =>
  (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).json().token as string;
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({
    port: typeof address === 'object' && address ? address.port : 0,
    adminToken: await login(admin.email, admin.password),
    clientToken: await login('client0@bench.test', client.password),
    orderId: orderIds[0],
    daypartId: daypartRows[0]!.id,
  })}\n`,
);

process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
