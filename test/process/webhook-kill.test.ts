/**
 * No webhook event is lost across kill -9 (issue 25, decision 030): the real server on PostgreSQL
 * commits an order and its `order.created` outbox rows and starts sending it to a receiver that
 * accepts the connection but never answers; it is killed with SIGKILL in the middle of that attempt,
 * holding the delivery's lease. Started again, it waits for the dead instance's lease to run out
 * (four times the 2-second timeout given here), then delivers the event, signed, with the event's own
 * `webhook-id`. (PostgreSQL only: the test reads the database beside the server.)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEvents } from '../../src/server/db/schema';
import { openDatabase } from '../../src/server/platform/db';
import { eventually } from '../realtime/helpers';
import { createTestApp, type TestApp } from '../support/app';
import { databaseUrlFor, withServer } from '../support/global-setup';
import { clientWithBrand } from '../support/ordering-fixtures';
import { call, exited, freePort, startRealServer, type RealServer } from '../support/real-server';
import { clockNow } from '../support/clock';

const serverUrl = process.env.DATABASE_URL;
let dataDir: string;
let databaseUrl: string;
let name: string;
let server: RealServer | undefined;
let t: TestApp | undefined;
let receiver: http.Server | undefined;
const env = { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT_SECONDS: '2' };

beforeAll(async () => {
  if (!serverUrl) return;
  dataDir = mkdtempSync(path.join(tmpdir(), 'spotbook-webhook-kill-'));
  name = `spotbook_webhook_kill_${randomBytes(4).toString('hex')}`;
  await withServer(serverUrl, (c) => c.query(`create database ${name}`));
  databaseUrl = databaseUrlFor(serverUrl, name);
  server = await startRealServer({ port: await freePort(), dataDir, databaseUrl, env });
  t = await createTestApp({}, { database: await openDatabase({ databaseUrl }) });
}, 150_000);
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await t?.close();
  if (receiver) await new Promise((resolve) => receiver!.close(resolve));
  if (serverUrl) await withServer(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(!serverUrl)('webhooks across kill -9', () => {
  it('delivers an event whose sending was cut by kill -9, once it is started again and the lease has run out', async () => {
    const db = t!.database.db;
    const client = await clientWithBrand(t!);
    const login = await call(server!, 'POST', '/api/auth/login', { body: { email: client.email, password: 'Client-Passw0rd' } });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const token = login.body.token as string;
    // The receiver's port holds every connection and never answers: no attempt can succeed before the kill.
    const port = await freePort();
    const held: net.Socket[] = [];
    const silent = net.createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
    const hook = await call(server!, 'POST', '/api/webhooks', { token, body: { url: `http://127.0.0.1:${port}/hook`, events: ['order.created'] } });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const secret = hook.body.secret as string;

    const created = await call(server!, 'POST', '/api/estimates', { token, body: { estimate_name: 'Survives kill -9', brand_id: client.brand.id } });
    expect(created.status).toBe(201);
    await eventually(() => expect(held.length).toBeGreaterThan(0), 10_000);
    server!.child.kill('SIGKILL');
    await exited(server!.child);
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));

    const [event] = await db.select().from(webhookEvents).where(eq(webhookEvents.type, 'order.created'));
    expect(event!.data).toMatchObject({ order_id: created.body.id, name: 'Survives kill -9' });
    const [cut] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event!.id));
    // Killed mid-attempt: still pending, no attempt recorded, the dead instance's lease still held.
    expect({ state: cut!.state, attempts: cut!.attempts, leased: cut!.leasedUntil !== null }).toEqual({ state: 'pending', attempts: 0, leased: true });

    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const receivedAt: number[] = [];
    receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        receivedAt.push(clockNow().getTime());
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver!.listen(port, '127.0.0.1', resolve));
    server = await startRealServer({ port: Number(new URL(server!.url).port), dataDir, databaseUrl, env });

    // Not sent again while the lease might still belong to an instance that is sending (8 s here).
    await eventually(() => expect(received).toHaveLength(1), 30_000);
    expect(receivedAt[0]!).toBeGreaterThanOrEqual(cut!.leasedUntil!.getTime());
    const payload = new Webhook(secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>);
    expect(payload).toMatchObject({ type: 'order.created', data: { order_id: created.body.id, name: 'Survives kill -9', status: 'draft' } });
    expect(received[0]!.headers['webhook-id']).toBe(`msg_${event!.id}`);
    await eventually(async () => {
      const [delivered] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event!.id));
      expect(delivered!.state).toBe('succeeded');
    });
  }, 180_000);
});
