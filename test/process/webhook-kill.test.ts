/**
 * No webhook event is lost across kill -9 (issue 25, decision 030): the real server on PostgreSQL
 * commits an order and its `order.created` outbox rows, is killed with SIGKILL before it could
 * deliver (its receiver is not listening yet), and is started again; the restarted server delivers
 * the event, signed, with the event's own `webhook-id`. (PostgreSQL only: the test reads the
 * database beside the server.)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
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

const serverUrl = process.env.DATABASE_URL;
let dataDir: string;
let databaseUrl: string;
let name: string;
let server: RealServer | undefined;
let t: TestApp | undefined;
let receiver: http.Server | undefined;
const env = { WEBHOOK_ALLOW_PRIVATE: '1' };

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
  it('delivers an event committed just before the server was killed, once it is started again', async () => {
    const db = t!.database.db;
    const client = await clientWithBrand(t!);
    const login = await call(server!, 'POST', '/api/auth/login', { body: { email: client.email, password: 'Client-Passw0rd' } });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const token = login.body.token as string;
    // The receiver's port is free but nobody listens yet: no attempt can succeed before the kill.
    const port = await freePort();
    const hook = await call(server!, 'POST', '/api/webhooks', { token, body: { url: `http://127.0.0.1:${port}/hook`, events: ['order.created'] } });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const secret = hook.body.secret as string;

    const created = await call(server!, 'POST', '/api/estimates', { token, body: { estimate_name: 'Survives kill -9', brand_id: client.brand.id } });
    expect(created.status).toBe(201);
    server!.child.kill('SIGKILL');
    await exited(server!.child);

    const [event] = await db.select().from(webhookEvents).where(eq(webhookEvents.type, 'order.created'));
    expect(event!.data).toMatchObject({ order_id: created.body.id, name: 'Survives kill -9' });
    const [pending] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event!.id));
    expect(pending!.state).toBe('pending');

    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver!.listen(port, '127.0.0.1', resolve));
    server = await startRealServer({ port: Number(new URL(server!.url).port), dataDir, databaseUrl, env });

    // Due at once, or after the 5-second first retry when an attempt failed before the kill, or, when the
    // kill landed while an attempt held the delivery's lease, once that 60-second lease runs out.
    await eventually(() => expect(received).toHaveLength(1), 90_000);
    const payload = new Webhook(secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>);
    expect(payload).toMatchObject({ type: 'order.created', data: { order_id: created.body.id, name: 'Survives kill -9', status: 'draft' } });
    expect(received[0]!.headers['webhook-id']).toBe(`msg_${event!.id}`);
    await eventually(async () => {
      const [delivered] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event!.id));
      expect(delivered!.state).toBe('succeeded');
    });
  }, 180_000);
});
