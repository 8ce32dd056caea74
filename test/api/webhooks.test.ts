/**
 * Signed webhooks (issue 25, decision 030): a real receiver on 127.0.0.1 verifies each delivery with
 * the `standardwebhooks` package; failed deliveries are retried on the (shortened) backoff; 410
 * disables the endpoint; an advertiser's endpoint hears only about their own orders, the station's
 * about everyone's; URLs to private addresses are refused unless WEBHOOK_ALLOW_PRIVATE=1.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../src/server/db/schema';
import { isPrivateAddress } from '../../src/server/modules/webhooks/address-guard';
import { createTestApp, type TestApp } from '../support/app';
import { eventually } from '../realtime/helpers';
import { createInvoice } from '../support/billing-fixtures';
import { clientWithBrand, submittedOrder } from '../support/ordering-fixtures';
import { clockNow, clockToday } from '../support/clock';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}
const received: Received[] = [];
/** Status answered per path, in turn (the last repeats). */
const answers = new Map<string, number[]>();
let receiver: http.Server;
let base: string;
let t: TestApp;

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body, at: clockNow().getTime() });
      const queue = answers.get(path) ?? [200];
      const status = queue.length > 1 ? queue.shift()! : queue[0]!;
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const at = (path: string) => received.filter((r) => r.path === path);
const register = async (token: string, path: string, events: string[]) => {
  const res = await t.inject({ method: 'POST', url: '/api/webhooks', token, payload: { url: `${base}${path}`, events, description: path } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { webhook: { id: string; enabled: boolean; events: string[] }; secret: string };
};

describe('webhooks', () => {
  it('signs a test event so that the standardwebhooks package verifies it', async () => {
    const { token } = await t.signUp();
    const { webhook, secret } = await register(token, '/test', ['order.created']);
    expect(secret).toMatch(/^whsec_/);
    expect(webhook).toMatchObject({ enabled: true, events: ['order.created'] });
    const sent = await t.inject({ method: 'POST', url: `/api/webhooks/${webhook.id}/test`, token });
    expect(sent.statusCode, sent.body).toBe(202);
    await eventually(() => expect(at('/test')).toHaveLength(1));
    const [delivery] = at('/test');
    // Each attempt on a connection of its own: no idle socket the receiver may be closing is reused.
    expect(delivery!.headers.connection).toBe('close');
    const payload = new Webhook(secret).verify(delivery!.body, delivery!.headers as Record<string, string>) as {
      type: string;
      timestamp: string;
      data: Record<string, unknown>;
    };
    expect(payload).toMatchObject({ type: 'webhook.test', data: { webhook_id: webhook.id } });
    expect(delivery!.headers['webhook-id']).toMatch(/^msg_/);
    expect(delivery!.headers['webhook-signature']).toMatch(/^v1,/);
    // Another secret does not verify it.
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another secret of enough length').toString('base64')}`).verify(
        delivery!.body,
        delivery!.headers as Record<string, string>,
      ),
    ).toThrow();
  });

  it("tells an advertiser about their own new order, and not about anyone else's", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const { secret } = await register(owner.token, '/mine', ['order.created']);
    const mine = await t.inject({ method: 'POST', url: '/api/estimates', token: owner.token, payload: { estimate_name: 'Hooked order' } });
    await t.inject({ method: 'POST', url: '/api/estimates', token: other.token, payload: { estimate_name: 'Not theirs' } });
    await eventually(() => expect(at('/mine')).toHaveLength(1));
    const payload = new Webhook(secret).verify(at('/mine')[0]!.body, at('/mine')[0]!.headers as Record<string, string>);
    expect(payload).toMatchObject({ type: 'order.created', data: { order_id: mine.json().id, name: 'Hooked order', status: 'draft' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(at('/mine')).toHaveLength(1);
  });

  it("tells the station's endpoint about every advertiser's orders", async () => {
    const admin = await t.adminToken();
    const { webhook } = await register(admin, '/station', ['order.created']);
    const { token } = await t.signUp();
    await t.inject({ method: 'POST', url: '/api/estimates', token, payload: { estimate_name: 'For the station' } });
    await eventually(() => expect(at('/station').map((r) => JSON.parse(r.body).data.name)).toContain('For the station'));
    const listed = (await t.inject({ method: 'GET', url: '/api/webhooks', token: admin })).json().webhooks;
    expect(listed.map((w: { id: string }) => w.id)).toContain(webhook.id);
    expect((await t.inject({ method: 'GET', url: '/api/webhooks', token })).json().webhooks).toEqual([]);
  });

  it('retries a failing endpoint on the backoff, with the same webhook-id, until it succeeds', async () => {
    const { token } = await t.signUp();
    answers.set('/flaky', [500, 503, 200]);
    const { webhook } = await register(token, '/flaky', ['order.created']);
    await t.inject({ method: 'POST', url: '/api/estimates', token, payload: { estimate_name: 'Retried' } });
    await eventually(() => expect(at('/flaky')).toHaveLength(3));
    expect(new Set(at('/flaky').map((r) => r.headers['webhook-id'])).size).toBe(1);
    await eventually(async () => {
      const [delivery] = (await t.inject({ method: 'GET', url: `/api/webhooks/${webhook.id}/deliveries`, token })).json().deliveries;
      expect(delivery).toMatchObject({ event_type: 'order.created', state: 'succeeded', next_attempt_at: null });
      expect(delivery.attempts.map((a: { status_code: number }) => a.status_code)).toEqual([500, 503, 200]);
      expect(delivery.attempts[0].error).toBe('HTTP 500');
    });
  });

  it('leaves a delivery another instance holds until its lease runs out, without looking again and again meanwhile', async () => {
    /** How many times the dispatch job has run on this instance (its duration histogram's count). */
    const dispatchRuns = async () => {
      const text = (await t.inject({ method: 'GET', url: '/metrics' })).body;
      return [...text.matchAll(/^spotbook_job_duration_seconds_count\{job="webhooks\.dispatch",outcome="[^"]*"\} (\d+)$/gm)].reduce(
        (sum, match) => sum + Number(match[1]),
        0,
      );
    };
    const { token } = await t.signUp();
    const { webhook } = await register(token, '/leased', ['order.created']);
    await t.inject({ method: 'POST', url: '/api/estimates', token, payload: { estimate_name: 'Held elsewhere' } });
    await eventually(() => expect(at('/leased')).toHaveLength(1));
    // The receiver has it before the dispatcher records the outcome: take it over only after that write.
    await eventually(async () => {
      const [delivery] = (await t.inject({ method: 'GET', url: `/api/webhooks/${webhook.id}/deliveries`, token })).json().deliveries;
      expect(delivery.state).toBe('succeeded');
    });
    // As if another instance had taken it again for a retry, holding its lease for 5 s.
    const [held] = await t.database.db
      .update(webhookDeliveries)
      .set({ state: 'pending', nextAttemptAt: sql`now()`, leasedUntil: sql`now() + interval '5 seconds'` })
      .where(eq(webhookDeliveries.endpointId, webhook.id))
      .returning({ leasedUntil: webhookDeliveries.leasedUntil });
    // A new event wakes the dispatcher: it sends that one, and sees the held one is not its to send yet.
    await t.inject({ method: 'POST', url: '/api/estimates', token, payload: { estimate_name: 'Sent at once' } });
    const nudged = clockNow().getTime();
    await eventually(() => expect(at('/leased')).toHaveLength(2));
    // For 2 s after an event the dispatcher looks again every 200 ms (its writer may not have committed
    // yet); after that, nothing is due before the lease runs out.
    const sleepUntil = (time: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, time - clockNow().getTime())));
    await sleepUntil(nudged + 2_300);
    const before = await dispatchRuns();
    await sleepUntil(held!.leasedUntil!.getTime() - 300);
    // Looking every 50 ms until the lease ran out made dozens of runs here.
    expect((await dispatchRuns()) - before).toBeLessThanOrEqual(1);
    await eventually(() => expect(at('/leased')).toHaveLength(3), 10_000);
    expect(JSON.parse(at('/leased')[2]!.body).data.name).toBe('Held elsewhere');
    expect(at('/leased')[2]!.at).toBeGreaterThanOrEqual(held!.leasedUntil!.getTime());
  });

  it('looks at the outbox again after a run that failed, with no new event to wake it', async () => {
    const { token } = await t.signUp();
    await register(token, '/after-failure', ['order.created']);
    // The database refuses the dispatcher's lease for a moment, as when it restarts.
    await t.database.db.execute(
      sql`create function refuse_leases() returns trigger language plpgsql as $$ begin raise exception 'the database is restarting'; end $$`,
    );
    await t.database.db.execute(sql`create trigger refuse_leases before update on webhook_deliveries for each statement execute function refuse_leases()`);
    await t.inject({ method: 'POST', url: '/api/estimates', token, payload: { estimate_name: 'Sent after a failure' } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(at('/after-failure')).toHaveLength(0);
    await t.database.db.execute(sql`drop trigger refuse_leases on webhook_deliveries`);
    await t.database.db.execute(sql`drop function refuse_leases()`);
    await eventually(() => expect(at('/after-failure')).toHaveLength(1), 8_000);
    expect(JSON.parse(at('/after-failure')[0]!.body).data.name).toBe('Sent after a failure');
  });

  it('gives up after the last retry, and a manual retry sends it again', async () => {
    const { token } = await t.signUp();
    answers.set('/down', [500]);
    const { webhook } = await register(token, '/down', ['order.created']);
    await t.inject({ method: 'POST', url: '/api/estimates', token, payload: { estimate_name: 'Never delivered' } });
    // The first attempt and the seven retries.
    await eventually(() => expect(at('/down')).toHaveLength(8), 10_000);
    const deliveries = async () => (await t.inject({ method: 'GET', url: `/api/webhooks/${webhook.id}/deliveries`, token })).json().deliveries;
    await eventually(async () => expect((await deliveries())[0]).toMatchObject({ state: 'failed', next_attempt_at: null }));
    answers.set('/down', [200]);
    const retry = await t.inject({ method: 'POST', url: `/api/webhooks/deliveries/${(await deliveries())[0].id}/retry`, token });
    expect(retry.statusCode, retry.body).toBe(202);
    await eventually(async () => expect((await deliveries())[0]).toMatchObject({ state: 'succeeded' }));
    expect((await deliveries())[0].attempts).toHaveLength(9);
  });

  it('disables the endpoint when it answers 410 Gone', async () => {
    const { token } = await t.signUp();
    answers.set('/gone', [410]);
    const { webhook } = await register(token, '/gone', ['order.created']);
    await t.inject({ method: 'POST', url: '/api/estimates', token, payload: { estimate_name: 'To a gone endpoint' } });
    await eventually(async () => {
      const [listed] = (await t.inject({ method: 'GET', url: '/api/webhooks', token })).json().webhooks;
      expect(listed).toMatchObject({ id: webhook.id, enabled: false, disabled_reason: 'The endpoint answered 410 Gone' });
    });
    await t.inject({ method: 'POST', url: '/api/estimates', token, payload: { estimate_name: 'Not sent' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(at('/gone')).toHaveLength(1);
    const test = await t.inject({ method: 'POST', url: `/api/webhooks/${webhook.id}/test`, token });
    expect(test.statusCode).toBe(409);
    expect(test.json()).toEqual({ error: 'Enable the webhook before sending a test' });
  });

  it('lets only its owner see, change or delete an endpoint', async () => {
    const owner = await t.signUp();
    const stranger = await t.signUp();
    const { webhook } = await register(owner.token, '/owned', ['order.created']);
    for (const call of [
      { method: 'PATCH', url: `/api/webhooks/${webhook.id}`, payload: { enabled: false } },
      { method: 'DELETE', url: `/api/webhooks/${webhook.id}` },
      { method: 'GET', url: `/api/webhooks/${webhook.id}/deliveries` },
      { method: 'POST', url: `/api/webhooks/${webhook.id}/test` },
    ] as const) {
      const res = await t.inject({ ...call, token: stranger.token });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(res.json()).toEqual({ error: 'Webhook not found' });
    }
    const patched = await t.inject({
      method: 'PATCH',
      url: `/api/webhooks/${webhook.id}`,
      token: owner.token,
      payload: { events: ['order.submitted', 'invoice.sent'] },
    });
    expect(patched.json().webhook.events).toEqual(['order.submitted', 'invoice.sent']);
    expect((await t.inject({ method: 'DELETE', url: `/api/webhooks/${webhook.id}`, token: owner.token })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/webhooks', token: owner.token })).json().webhooks).toEqual([]);
  });

  it('tells the advertiser their order was submitted and approved, its invoice sent and a credit note issued', async () => {
    const owner = await clientWithBrand(t);
    const { secret } = await register(owner.token, '/lifecycle', ['order.submitted', 'order.status_changed', 'invoice.sent', 'credit_note.issued']);
    const { order } = await submittedOrder(t, { owner });
    const admin = await t.adminToken();
    expect((await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/approve`, token: admin, payload: {} })).statusCode).toBe(200);
    const invoice = await createInvoice(t, order.id);
    expect((await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/send`, token: admin, payload: {} })).statusCode).toBe(200);
    expect(
      (await t.inject({ method: 'POST', url: `/api/billing/${invoice.id}/credit-notes`, token: admin, payload: { amount: 10, reason: 'Goodwill' } }))
        .statusCode,
    ).toBe(201);
    await eventually(() => expect(at('/lifecycle')).toHaveLength(4));
    const events = at('/lifecycle')
      .map((r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { type: string; timestamp: string; data: Record<string, unknown> })
      .sort((a, b) => a.timestamp.localeCompare(b.timestamp));
    expect(events.map((e) => e.type)).toEqual(['order.submitted', 'order.status_changed', 'invoice.sent', 'credit_note.issued']);
    expect(events[1]!.data).toMatchObject({ order_id: order.id, status: 'approved', previous_status: 'ordered' });
    expect(events[2]!.data).toMatchObject({ invoice_id: invoice.id, order_id: order.id });
    expect(events[3]!.data).toMatchObject({ invoice_id: invoice.id, amount: 10, reason: 'Goodwill' });
  });

  it('tells the advertiser an order was rejected or sent back for changes, and an invoice paid in full or voided', async () => {
    const owner = await clientWithBrand(t);
    const { secret } = await register(owner.token, '/corrections', ['order.status_changed', 'invoice.paid', 'invoice.voided']);
    const admin = await t.adminToken();
    const received = () =>
      at('/corrections').map((r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: Record<string, unknown> });
    const review = async (action: string) => {
      const { order } = await submittedOrder(t, { owner });
      const res = await t.inject({ method: 'PATCH', url: `/api/estimates/${order.id}/${action}`, token: admin, payload: { notes: 'Webhook check' } });
      expect(res.statusCode, res.body).toBe(200);
      return order.id as string;
    };
    const rejected = await review('reject');
    const modified = await review('modify');
    const paid = await createInvoice(t, await review('approve'));
    const voided = await createInvoice(t, await review('approve'));
    const payment = await t.inject({
      method: 'POST',
      url: `/api/billing/${paid.id}/payments`,
      token: admin,
      payload: { amount: paid.balance_due, payment_date: clockToday(), notes: 'In full' },
    });
    expect(payment.statusCode, payment.body).toBe(201);
    const voiding = await t.inject({ method: 'POST', url: `/api/billing/${voided.id}/void`, token: admin, payload: { reason: 'Booked in error' } });
    expect(voiding.statusCode, voiding.body).toBe(200);
    await eventually(() => expect(received()).toHaveLength(6));
    const statuses = received().filter((e) => e.type === 'order.status_changed');
    expect(statuses.find((e) => e.data.order_id === rejected)!.data).toMatchObject({ status: 'rejected', previous_status: 'ordered' });
    expect(statuses.find((e) => e.data.order_id === modified)!.data).toMatchObject({ status: 'modified', previous_status: 'ordered' });
    expect(received().find((e) => e.type === 'invoice.paid')!.data).toMatchObject({ invoice_id: paid.id, invoice_number: paid.invoice_number });
    expect(received().find((e) => e.type === 'invoice.voided')!.data).toMatchObject({ invoice_id: voided.id, invoice_number: voided.invoice_number });
  });

  it('refuses unknown events and non-http URLs', async () => {
    const { token } = await t.signUp();
    const badEvent = await t.inject({ method: 'POST', url: '/api/webhooks', token, payload: { url: `${base}/x`, events: ['order.eaten'] } });
    expect(badEvent.statusCode).toBe(400);
    expect(badEvent.json().error).toMatch(/^Events must be among order\.created/);
    const ftp = await t.inject({ method: 'POST', url: '/api/webhooks', token, payload: { url: 'ftp://example.com/hook', events: ['order.created'] } });
    expect(ftp.json()).toEqual({ error: 'Webhook URL must be an http or https address', field: 'url' });
  });
});

describe('SSRF guard (WEBHOOK_ALLOW_PRIVATE unset)', () => {
  let guarded: TestApp;
  beforeAll(async () => {
    guarded = await createTestApp({ webhookAllowPrivate: false });
  });
  afterAll(async () => guarded?.close());

  it('refuses endpoints on loopback, private, link-local and metadata addresses', async () => {
    const { token } = await guarded.signUp();
    for (const url of [
      'http://127.0.0.1:9/hook',
      'http://localhost/hook',
      'http://10.1.2.3/hook',
      'http://192.168.1.1/',
      'http://172.16.0.1/',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[fd00:ec2::254]/',
      'http://0.0.0.0/',
    ]) {
      const res = await guarded.inject({ method: 'POST', url: '/api/webhooks', token, payload: { url, events: ['order.created'] } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ error: 'Webhook URL must not point to a loopback, private, link-local or metadata address' });
    }
    expect((await guarded.inject({ method: 'GET', url: '/api/webhooks', token })).json().webhooks).toEqual([]);
  });

  it('classifies addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '::1',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '172.32.0.1']) expect(isPrivateAddress(address), address).toBe(false);
  });
});

describe('OpenAPI description', () => {
  it('declares the API key scheme, the Idempotency-Key header on writes and every webhook event', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'sb_live_…' });
    const create = doc.paths['/api/estimates'].post;
    expect(create.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'idempotency-key' })]));
    expect(Object.keys(doc.webhooks)).toEqual(
      expect.arrayContaining(['order.created', 'order.status_changed', 'invoice.sent', 'credit_note.issued', 'makegood.expired', 'delivery.updated']),
    );
    expect(doc.webhooks['order.created'].post.parameters.map((p: { name: string }) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    const data = (type: string) => Object.keys(doc.webhooks[type].post.requestBody.content['application/json'].schema.properties.data.properties);
    expect(data('delivery.updated')).toEqual(expect.arrayContaining(['order_id', 'aired', 'missed', 'unconfirmed']));
    expect(data('media.status_changed')).toEqual(expect.arrayContaining(['media_id', 'status', 'previous_status']));
  });
});
