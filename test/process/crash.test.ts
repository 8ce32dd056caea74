/**
 * A crash loses nothing acknowledged: the real server on PostgreSQL takes a storm of writes (new
 * orders, payments, coupon uses racing for a limit of 5), is killed with SIGKILL in the middle of
 * it, and is started again. Every write it acknowledged is there; no limit was passed; the
 * invoice's paid amount is the sum of its payments. (PostgreSQL only: the test reads the database
 * beside the server, which an embedded database does not allow.)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponUsages, coupons, estimates, invoicePayments, invoices } from '../../src/server/db/schema';
import { openDatabase } from '../../src/server/platform/db';
import { createTestApp, type TestApp } from '../support/app';
import { invoicedOrder } from '../support/billing-fixtures';
import { databaseUrlFor, withServer } from '../support/global-setup';
import { clientWithBrand, createCoupon } from '../support/ordering-fixtures';
import { REAL_ADMIN, call, exited, freePort, startRealServer, type RealServer } from '../support/real-server';

const serverUrl = process.env.DATABASE_URL;
let dataDir: string;
let databaseUrl: string;
let name: string;
let server: RealServer | undefined;
let t: TestApp | undefined;

beforeAll(async () => {
  if (!serverUrl) return;
  dataDir = mkdtempSync(path.join(tmpdir(), 'spotbook-crash-'));
  name = `spotbook_crash_${randomBytes(4).toString('hex')}`;
  await withServer(serverUrl, (c) => c.query(`create database ${name}`));
  databaseUrl = databaseUrlFor(serverUrl, name);
  server = await startRealServer({ port: await freePort(), dataDir, databaseUrl });
  t = await createTestApp({}, { database: await openDatabase({ databaseUrl }) });
}, 150_000);
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await t?.close();
  if (serverUrl) await withServer(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!serverUrl)('kill -9 in the middle of writes', () => {
  it('keeps every acknowledged order, payment and coupon use, and passes no limit', async () => {
    const app = t!;
    const { invoice } = await invoicedOrder(app);
    const coupon = await createCoupon(app.database.db, { usageLimit: 5 });
    const clients = await Promise.all(Array.from({ length: 8 }, () => clientWithBrand(app)));
    const login = async (email: string, password: string) => {
      const res = await call(server!, 'POST', '/api/auth/login', { body: { email, password } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.token as string;
    };
    const admin = await login(REAL_ADMIN.email, REAL_ADMIN.password);
    const tokens = await Promise.all(clients.map((c) => login(c.email, 'Client-Passw0rd')));
    const drafts = await Promise.all(
      clients.map(async (c, i) => {
        const res = await call(server!, 'POST', '/api/estimates', {
          token: tokens[i],
          body: { estimate_name: 'Coupon order', brand_id: c.brand.id, total_spend: 1000 },
        });
        expect(res.status).toBe(201);
        return res.body.id as string;
      }),
    );
    // Only a submitted order's coupon use counts toward the limit: mark them submitted.
    await app.database.db.update(estimates).set({ status: 'ordered' }).where(inArray(estimates.id, drafts));

    const acked = { orders: [] as string[], payments: [] as string[], uses: [] as string[] };
    const storm: Promise<void>[] = [];
    for (let i = 0; i < 60; i += 1) {
      const k = i % clients.length;
      storm.push(
        call(server!, 'POST', '/api/estimates', { token: tokens[k], body: { estimate_name: `Storm ${i}`, brand_id: clients[k]!.brand.id } }).then((res) => {
          if (res.status === 201) acked.orders.push(res.body.id as string);
        }),
      );
      if (i < 40) {
        storm.push(
          call(server!, 'POST', `/api/billing/${invoice.id}/payments`, {
            token: admin,
            body: { amount: 1, payment_date: '2026-11-20', notes: `storm ${i}` },
          }).then((res) => {
            if (res.status === 201) acked.payments.push((res.body.payment as { id: string }).id);
          }),
        );
      }
      if (i < clients.length) {
        storm.push(
          call(server!, 'POST', `/api/coupons/${coupon.id}/use`, { token: tokens[i], body: { estimate_id: drafts[i], original_amount: 1000 } }).then((res) => {
            if (res.status === 201) acked.uses.push((res.body.usage as { id: string }).id);
          }),
        );
      }
    }
    // Kill once some writes are acknowledged and others are still in flight.
    const deadline = performance.now() + 20_000;
    while (acked.orders.length + acked.payments.length < 10 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    server!.child.kill('SIGKILL');
    await exited(server!.child);
    await Promise.all(storm);
    expect(acked.orders.length + acked.payments.length).toBeGreaterThanOrEqual(10);
    // Some writes were cut off by the kill (not acknowledged): the crash hit the middle of the storm.
    expect(acked.orders.length + acked.payments.length + acked.uses.length).toBeLessThan(60 + 40 + clients.length);

    server = await startRealServer({ port: Number(new URL(server!.url).port), dataDir, databaseUrl });
    const db = app.database.db;
    const orders = acked.orders.length ? await db.select({ id: estimates.id }).from(estimates).where(inArray(estimates.id, acked.orders)) : [];
    expect(orders.map((o) => o.id).sort()).toEqual([...acked.orders].sort());
    const payments = await db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id));
    for (const id of acked.payments) expect(payments.some((p) => p.id === id)).toBe(true);
    const [stored] = await db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(stored!.paidCents).toBe(payments.reduce((sum, p) => sum + p.amountCents, 0));
    expect(stored!.paidCents).toBeLessThanOrEqual(stored!.totalCents);
    const [counted] = await db.select().from(coupons).where(eq(coupons.id, coupon.id));
    const uses = await db.select().from(couponUsages).where(eq(couponUsages.couponId, coupon.id));
    expect(counted!.usageCount).toBe(uses.length);
    expect(uses.length).toBeLessThanOrEqual(5);
    for (const id of acked.uses) expect(uses.some((u) => u.id === id)).toBe(true);
    // The restarted server serves what it acknowledged.
    if (acked.orders[0]) {
      const res = await call(server, 'GET', `/api/estimates/${acked.orders[0]}`, { token: admin });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  }, 180_000);
});
