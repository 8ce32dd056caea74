/**
 * AdCP sales agent (issue 26, decision 035): a whole buy driven through /mcp with the MCP SDK's own
 * client over real HTTP, as a buying agent would: discover, create (submitted), sync a creative served
 * by a local HTTP server (real ffmpeg processing), the desk approves, the task completes and a signed
 * push notification arrives, an as-run is imported, and delivery reports the aired spots. Responses
 * are checked against the AdCP schemas `@adcp/client` ships.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import * as adcp from '@adcp/client';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { createTestApp, type TestApp } from '../support/app';
import { uploadAsRun } from '../support/as-run-fixtures';
import { setOrderStatus } from '../support/campaign-fixtures';
import { makeClip } from '../support/media-fixtures';
import { createDaypart } from '../support/ordering-fixtures';
import { eventually } from '../realtime/helpers';
import { clockNow } from '../support/clock';

const TODAY = '2027-06-01'; // a Tuesday
const DAY = '2027-06-08'; // the earliest bookable day (7 days' lead)
const CREDENTIALS = 'buyer-push-credentials-of-32-chars-or-more';
let now = new Date(`${TODAY}T14:00:00Z`);
let t: TestApp;
let dataDir: string;
let base: string;
let files: http.Server;
let filesBase: string;
let receiver: http.Server;
let pushUrl: string;
/** What the buyer's push receiver got: the signature checked with the buyer's credentials, the body with AdCP's webhook schema. */
const pushes: { headers: http.IncomingHttpHeaders; body: string; problem: string | null }[] = [];
let clip: Buffer;
let secret: string;
let buyer: Client;
let daypartId: string;

type Product = { product_id: string; expires_at: string };
type Json = Record<string, unknown> & { errors?: { code: string; message: string; field?: string; suggestion?: string }[] };

const connect = async (key: string) => {
  const client = new Client({ name: 'test-buying-agent', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  return client;
};
const call = async (name: string, args: Record<string, unknown> = {}, client = buyer) => {
  const result = await client.callTool({ name, arguments: args });
  return result.structuredContent as Json;
};
/** Checks an answer against the AdCP response schema that @adcp/client ships. */
const conforms = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown) => {
  const checked = schema.safeParse(value);
  expect(checked.success, JSON.stringify(checked.error ?? null).slice(0, 2000)).toBe(true);
};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'spotbook-adcp-'));
  clip = readFileSync(await makeClip(dataDir, 'sunny-30.mp4', { seconds: 2 }));
  files = http.createServer((request, response) => {
    if (request.url === '/spots/sunny-30.mp4') response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': clip.length }).end(clip);
    else if (request.url === '/spots/moved.mp4') response.writeHead(302, { location: '/spots/sunny-30.mp4' }).end();
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesBase = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      let problem: string | null = null;
      try {
        const payload = new Webhook(`whsec_${Buffer.from(CREDENTIALS).toString('base64')}`).verify(body, request.headers as Record<string, string>);
        const checked = adcp.MCPWebhookPayloadSchema.safeParse(payload);
        if (!checked.success) problem = JSON.stringify(checked.error.issues).slice(0, 1000);
      } catch (error) {
        problem = String(error);
      }
      pushes.push({ headers: request.headers, body, problem });
      response.writeHead(problem ? 400 : 204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  pushUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/adcp/push`;

  t = await createTestApp({ dataDir, trafficHorizonDays: 3 }, { now: () => now });
  const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  daypartId = (
    await createDaypart(t.database.db, {
      name: 'Morning News',
      startTime: '06:00',
      endTime: '07:00',
      daysOfWeek: everyDay,
      spotFrequency: 10,
      baseCpmCents: 2000,
    })
  ).id;
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const owner = await t.signUp({ company: 'Sunny Juice Agency' });
  const key = await t.inject({ method: 'POST', url: '/api/api-keys', token: owner.token, payload: { name: 'Buying agent' } });
  expect(key.statusCode, key.body).toBe(201);
  secret = key.json().secret;
  buyer = await connect(secret);
});
afterAll(async () => {
  await buyer?.close();
  await t?.close();
  await new Promise((resolve) => files.close(resolve));
  await new Promise((resolve) => receiver.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('/mcp', () => {
  it('refuses a call without a valid API key', async () => {
    const none = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{}',
    });
    expect(none.status).toBe(401);
    expect((await none.json()).error).toBe('Authentication required: send a Spotbook API key as Authorization: Bearer sb_live_…');
    await expect(connect('sb_live_not-a-real-key')).rejects.toThrow();
  });

  it("counts calls against the key's per-minute limit", async () => {
    // The station clock is process-wide: this app keeps the suite's.
    const limited = await createTestApp({ rateLimitPerMinute: 2 }, { now: () => now });
    try {
      const owner = await limited.signUp();
      const made = (await limited.inject({ method: 'POST', url: '/api/api-keys', token: owner.token, payload: { name: 'Limited agent' } })).json();
      const post = () =>
        limited.app.inject({
          method: 'POST',
          url: '/mcp',
          headers: { authorization: `Bearer ${made.secret}`, 'content-type': 'application/json' },
          payload: '{}',
        });
      expect((await post()).statusCode).not.toBe(429);
      expect((await post()).statusCode).not.toBe(429);
      const third = await post();
      expect(third.statusCode).toBe(429);
      expect(third.json().error).toMatch(/^Too many requests: at most 2 a minute\. Please retry in \d+ seconds\.$/);
    } finally {
      await limited.close();
    }
  });

  it('lists the AdCP tasks and the station as a guaranteed linear TV seller', async () => {
    const { tools } = await buyer.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining([
        'get_adcp_capabilities',
        'get_products',
        'list_creative_formats',
        'list_authorized_properties',
        'create_media_buy',
        'update_media_buy',
        'get_media_buys',
        'get_media_buy_delivery',
        'sync_creatives',
        'list_creatives',
        'list_accounts',
        'provide_performance_feedback',
        'tasks/get',
      ]),
    );
    const capabilities = await call('get_adcp_capabilities');
    conforms(adcp.GetAdCPCapabilitiesResponseSchema, capabilities);
    expect(capabilities).toMatchObject({
      adcp: { major_versions: [3] },
      supported_protocols: ['media_buy', 'creative'],
      media_buy: { supported_pricing_models: ['cpm'], features: { audience_targeting: false } },
      creative: { has_creative_library: true, supports_generation: false, supports_transformation: false, supports_compliance: false },
    });
    const formats = await call('list_creative_formats');
    conforms(adcp.ListCreativeFormatsResponseSchema, formats);
    expect((formats.formats as { format_id: { id: string } }[]).map((f) => f.format_id.id)).toEqual([
      'broadcast_spot_15s',
      'broadcast_spot_30s',
      'broadcast_spot_60s',
    ]);
    expect(await call('list_authorized_properties')).toEqual({
      publisher_domains: ['spotbook.test'],
      primary_channels: ['linear_tv'],
      portfolio_description: expect.stringMatching(/^Broadcast airtime of .+ \[\w+\]$/),
    });
    const accounts = await call('list_accounts');
    conforms(adcp.ListAccountsResponseSchema, accounts);
    expect(accounts.accounts).toEqual([expect.objectContaining({ name: 'Sunny Juice Agency', status: 'active' })]);
  });

  it('answers bad input with AdCP errors naming the field, never a crash', async () => {
    const unknown = await call('create_media_buy', {
      buyer_ref: 'bad',
      brand: { domain: 'sunnyjuice.example' },
      start_time: `${DAY}T00:00:00Z`,
      end_time: `${addDays(DAY, 7)}T00:00:00Z`,
      packages: [{ buyer_ref: 'p', product_id: 'NONEXISTENT_PRODUCT', budget: 500, pricing_option_id: 'cpm_usd' }],
    });
    expect(unknown.errors).toEqual([
      expect.objectContaining({
        code: 'PRODUCT_NOT_FOUND',
        message: 'Product NONEXISTENT_PRODUCT does not exist',
        field: 'packages[0].product_id',
        suggestion: 'Use a product_id from get_products',
      }),
    ]);
    const pacing = await call('create_media_buy', {
      buyer_ref: 'bad',
      brand: { domain: 'sunnyjuice.example' },
      start_time: `${DAY}T00:00:00Z`,
      end_time: `${addDays(DAY, 7)}T00:00:00Z`,
      packages: [{ buyer_ref: 'p', product_id: `${daypartId}_30s`, budget: 500, pricing_option_id: 'cpm_usd', pacing: 'INVALID' }],
    });
    expect(pacing.errors![0]).toMatchObject({ code: 'INVALID_REQUEST', field: 'packages.0.pacing' });
    // Money is whole (issue 40): a package budget is whole dollars, a fraction of a cent is refused too.
    const subCent = await call('create_media_buy', {
      buyer_ref: 'bad',
      brand: { domain: 'sunnyjuice.example' },
      start_time: `${DAY}T00:00:00Z`,
      end_time: `${addDays(DAY, 7)}T00:00:00Z`,
      packages: [{ buyer_ref: 'p', product_id: `${daypartId}_30s`, budget: 500.004, pricing_option_id: 'cpm_usd' }],
    });
    expect(subCent.errors).toEqual([
      expect.objectContaining({ code: 'INVALID_REQUEST', message: 'Total budget must be greater than 0', field: 'packages[0].budget' }),
    ]);
    const missing = await call('get_media_buy_delivery', { media_buy_ids: ['NONEXISTENT'] });
    expect(missing.errors).toEqual([expect.objectContaining({ code: 'MEDIA_BUY_NOT_FOUND', field: 'media_buy_ids' })]);
  });

  it('moves a new flight asked to start inside the lead time whole to the earliest bookable date; a change into the lead time names that date', async () => {
    // A slot of its own, so that this buy takes no airtime the whole-buy test below counts on.
    const lateNight = await createDaypart(t.database.db, { name: 'Lead Time Slot', startTime: '23:00', endTime: '23:30', spotFrequency: 4 });
    const soon = await call('create_media_buy', {
      buyer_ref: 'from-tomorrow',
      brand: { domain: 'sunnyjuice.example' },
      start_time: `${addDays(TODAY, 1)}T00:00:00Z`,
      end_time: `${addDays(TODAY, 9)}T00:00:00Z`,
      packages: [{ buyer_ref: 'p', product_id: `${lateNight.id}_30s`, budget: 500, pricing_option_id: 'cpm_usd' }],
    });
    expect(soon.errors).toBeUndefined();
    expect(soon).toMatchObject({ status: 'submitted' });
    // Asked: 8 days from tomorrow; booked: the same 8 days from the earliest bookable date.
    expect(soon.message).toContain(
      `The flight asked to start on ${addDays(TODAY, 1)}, inside the station's 7-day lead time: it is moved whole to ${DAY} (the earliest bookable date) through ${addDays(DAY, 7)}.`,
    );

    const tooSoon = await call('update_media_buy', { media_buy_id: soon.media_buy_id, start_time: `${addDays(TODAY, 1)}T00:00:00Z` });
    expect(tooSoon.errors).toEqual([
      {
        code: 'INVALID_REQUEST',
        message: `Start date must be at least 7 days from today for campaign planning: the earliest bookable date is ${DAY}`,
        field: 'start_time',
        suggestion: `Start the flight on ${DAY} or later`,
        details: { earliest_start_date: DAY, requested_start_date: addDays(TODAY, 1), today: TODAY },
        recovery: 'correctable',
      },
    ]);
  });

  it('sells a whole buy: discover, create, sync a creative, approval, push notification, as-run, delivery', async () => {
    // 1. Discover: a product per daypart and length, with the flight's availability and forecast.
    const discovered = await call('get_products', {
      buying_mode: 'brief',
      brief: 'Morning news, one week',
      filters: { start_date: DAY, end_date: addDays(DAY, 6) },
    });
    conforms(adcp.GetProductsResponseSchema, discovered);
    const product = (discovered.products as Product[]).find((p) => p.product_id === `${daypartId}_30s`)!;
    expect(product).toMatchObject({
      name: 'Morning News :30',
      channels: ['linear_tv'],
      delivery_type: 'guaranteed',
      format_ids: [{ id: 'broadcast_spot_30s' }],
      pricing_options: [{ pricing_option_id: 'cpm_usd', pricing_model: 'cpm', currency: 'USD', fixed_price: 20, min_spend_per_package: 192 }],
      forecast: { method: 'guaranteed', forecast_range_unit: 'weekly', points: [{ metrics: { impressions: { mid: 70 * 1366 } } }] },
      ext: { spotbook: { availability: [{ week_start: DAY, week_end: addDays(DAY, 6), remaining_spots: 70 }], impressions_per_spot: 1366 } },
    });
    expect(Date.parse(product.expires_at)).toBeGreaterThan(clockNow().getTime());

    // 2. Create: one order, submitted for the station's approval; the task is "submitted".
    const request = {
      buyer_ref: 'sunny-june',
      buyer_campaign_ref: 'EST-2027-044',
      brand: { domain: 'sunnyjuice.example' },
      po_number: 'PO-7781',
      start_time: `${DAY}T00:00:00Z`,
      end_time: `${addDays(DAY, 7)}T00:00:00Z`,
      packages: [{ buyer_ref: 'morning', product_id: product.product_id, budget: 400, pricing_option_id: 'cpm_usd' }],
      push_notification_config: { url: pushUrl, authentication: { schemes: ['HMAC-SHA256'], credentials: CREDENTIALS } },
      idempotency_key: 'create-sunny-june-1',
    };
    const created = await call('create_media_buy', request);
    expect(created).toMatchObject({ status: 'submitted', buyer_ref: 'sunny-june', packages: [{ package_id: 'pkg-0', buyer_ref: 'morning', budget: 400 }] });
    const buyId = created.media_buy_id as string;
    const taskId = created.task_id as string;
    // The same key and payload replays the answer; another payload under it is refused.
    expect(await call('create_media_buy', request)).toEqual({ ...created, replayed: true });
    const conflict = await call('create_media_buy', { ...request, po_number: 'PO-OTHER' });
    expect(conflict.errors![0]).toMatchObject({
      code: 'IDEMPOTENCY_CONFLICT',
      message: 'This idempotency_key was already used for a different request',
      field: 'idempotency_key',
    });

    const admin = await t.adminToken();
    const pending = (await t.inject({ method: 'GET', url: '/api/estimates/pending', token: admin })).json() as Record<string, unknown>[];
    expect(pending.filter((o) => o.id === buyId)).toEqual([
      expect.objectContaining({
        status: 'ordered',
        source: 'adcp',
        source_name: 'Sunny Juice Agency',
        brand_name: 'sunnyjuice.example',
        start_date: DAY,
        end_date: addDays(DAY, 7),
        total_spend: 400,
        estimate_name: 'EST-2027-044',
      }),
    ]);
    const detail = (await t.inject({ method: 'GET', url: `/api/estimates/${buyId}`, token: admin })).json();
    expect(detail.items).toEqual([expect.objectContaining({ daypart_id: daypartId, spots_per_occurrence: 2 })]);
    expect(await call('tasks/get', { task_id: taskId })).toMatchObject({
      task_id: taskId,
      task_type: 'create_media_buy',
      status: 'submitted',
      media_buy_id: buyId,
    });

    // 3. Sync a creative from a local HTTP server: Ad-ID required; fetched, checked by ffprobe, assigned.
    const creative = (id: string, file: string, identifiers?: unknown) => ({
      creative_id: id,
      name: 'Sunny Juice :30',
      format_id: { agent_url: `${base}/mcp`, id: 'broadcast_spot_30s' },
      assets: { video: { url: `${filesBase}/spots/${file}` } },
      ...(identifiers ? { industry_identifiers: identifiers } : {}),
    });
    const synced = await call('sync_creatives', {
      creatives: [
        creative('sunny-30', 'sunny-30.mp4', [{ type: 'ad_id', value: 'SUNY0001000H' }]),
        creative('no-ad-id', 'sunny-30.mp4'),
        creative('moved', 'moved.mp4', [{ type: 'ad_id', value: 'SUNY0002000H' }]),
      ],
      assignments: [{ creative_id: 'sunny-30', package_id: 'pkg-0' }],
    });
    conforms(adcp.SyncCreativesResponseSchema, synced);
    expect(synced.creatives).toEqual([
      expect.objectContaining({ creative_id: 'sunny-30', action: 'created', assigned_to: ['pkg-0'] }),
      { creative_id: 'no-ad-id', action: 'failed', errors: ['An Ad-ID is required: send industry_identifiers [{ "type": "ad_id", "value": "ABCD1234000H" }]'] },
      { creative_id: 'moved', action: 'failed', errors: ['The creative URL answered 302 (redirects are not followed)'] },
    ]);
    await eventually(async () => {
      const list = await call('list_creatives');
      expect((list.creatives as { status: string }[])[0]!.status).toBe('pending_review');
    }, 60_000);
    const reviewed = await call('list_creatives');
    conforms(adcp.ListCreativesResponseSchema, reviewed);
    expect(reviewed.creatives).toEqual([
      expect.objectContaining({ creative_id: 'sunny-30', status: 'pending_review', ext: { spotbook: expect.objectContaining({ ad_id: 'SUNY0001000H' }) } }),
    ]);

    // 4. The desk approves (the creative with it); 5. the task completes and a signed push arrives.
    const approved = await t.inject({ method: 'PATCH', url: `/api/estimates/${buyId}/approve`, token: admin, payload: { notes: 'Cleared by traffic' } });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await call('tasks/get', { task_id: taskId })).toMatchObject({ status: 'completed', result: { media_buy_id: buyId, status: 'pending_activation' } });
    expect((await call('list_creatives')).creatives).toEqual([expect.objectContaining({ status: 'approved' })]);
    await eventually(() => expect(pushes.length).toBeGreaterThan(0));
    expect(pushes[0]!.problem).toBeNull();
    // AdCP's webhook payload as the body, not Spotbook's { type, data } envelope.
    expect(JSON.parse(pushes[0]!.body)).toEqual({
      task_id: taskId,
      task_type: 'create_media_buy',
      domain: 'media-buy',
      status: 'completed',
      timestamp: expect.any(String),
      message: 'The station approved the buy',
      result: expect.objectContaining({
        media_buy_id: buyId,
        buyer_ref: 'sunny-june',
        packages: [expect.objectContaining({ package_id: 'pkg-0', budget: 400 })],
      }),
    });
    const buys = await call('get_media_buys', { media_buy_ids: [buyId] });
    conforms(adcp.GetMediaBuysResponseSchema, buys);
    expect(buys.media_buys).toEqual([expect.objectContaining({ media_buy_id: buyId, status: 'pending_activation', revision: 1, po_number: 'PO-7781' })]);

    // A stale revision is refused; a budget change after approval waits for the desk, which rejects it here.
    const stale = await call('update_media_buy', { media_buy_id: buyId, revision: 7, paused: true });
    expect(stale.errors![0]).toMatchObject({ code: 'CONFLICT', message: 'The media buy is at revision 1, not 7', field: 'revision' });
    const budget = await call('update_media_buy', { media_buy_id: buyId, revision: 1, packages: [{ package_id: 'pkg-0', budget: 600 }] });
    expect(budget).toMatchObject({ status: 'submitted', media_buy_id: buyId, message: "The change waits for the station's approval." });
    const rejected = await t.inject({
      method: 'POST',
      url: `/api/adcp/changes/${buyId}/reject`,
      token: admin,
      payload: { notes: 'Morning News is sold out that week' },
    });
    expect(rejected.json()).toEqual({ media_buy_id: buyId, task_id: budget.task_id, status: 'rejected' });
    expect(await call('tasks/get', { task_id: budget.task_id })).toMatchObject({
      task_type: 'update_media_buy',
      status: 'rejected',
      result: {
        errors: [
          { code: 'MEDIA_BUY_CHANGE_REJECTED', message: 'The station rejected the change; the buy stays as booked: Morning News is sold out that week' },
        ],
      },
    });
    await eventually(() => expect(pushes.map((p) => JSON.parse(p.body).task_id)).toContain(budget.task_id));
    const rejectedPush = pushes.find((p) => JSON.parse(p.body).task_id === budget.task_id)!;
    expect(rejectedPush.problem).toBeNull();
    expect(JSON.parse(rejectedPush.body)).toMatchObject({
      task_type: 'update_media_buy',
      status: 'rejected',
      result: { errors: [{ code: 'MEDIA_BUY_CHANGE_REJECTED' }] },
    });
    expect((await t.inject({ method: 'GET', url: `/api/estimates/${buyId}`, token: admin })).json()).toMatchObject({ total_spend: 400 });

    // 6. It airs: the log is placed, master control's as-run comes back.
    await setOrderStatus(t, buyId, 'active');
    now = new Date(`${DAY}T05:00:00Z`);
    await t.app.ctx.stationClock.tick();
    const spots = (
      (await t.inject({ method: 'GET', url: `/api/traffic/logs/${DAY}`, token: admin })).json().spots as {
        estimate_id: string;
        local_time: string;
        house_code: string;
      }[]
    ).filter((s) => s.estimate_id === buyId);
    expect(spots).toHaveLength(2);
    now = new Date(`${addDays(DAY, 1)}T12:00:00Z`);
    const csv = ['date,time,house_code,duration,status', ...spots.map((s) => `${DAY},${s.local_time},${s.house_code},30,aired`)].join('\n');
    const imported = await uploadAsRun(t, 'as-run.csv', csv, admin);
    expect(imported.statusCode, imported.body).toBe(201);

    // 7. Delivery reports the aired spots, their impressions and spend.
    const delivery = await call('get_media_buy_delivery', { media_buy_ids: [buyId] });
    conforms(adcp.GetMediaBuyDeliveryResponseSchema, delivery);
    const [report] = delivery.media_buy_deliveries as { by_package: unknown[] }[];
    expect(report).toMatchObject({ media_buy_id: buyId, status: 'active', is_final: false, totals: { impressions: 2 * 1366, spend: 54.64 } });
    expect(report!.by_package).toEqual([
      expect.objectContaining({
        package_id: 'pkg-0',
        impressions: 2 * 1366,
        spend: 54.64,
        ext: { spotbook: expect.objectContaining({ spots_aired: 2, spots_missed: 0, spot_length_seconds: 30 }) },
      }),
    ]);

    // Pause and resume the airing campaign; each change is a new revision.
    // The change asked and its rejection were revisions 2 and 3.
    expect((await call('update_media_buy', { media_buy_id: buyId, revision: 3, paused: true })).errors).toBeUndefined();
    expect(((await call('get_media_buys', { media_buy_ids: [buyId] })).media_buys as { status: string; revision: number }[])[0]).toMatchObject({
      status: 'paused',
      revision: 4,
    });
    expect((await call('update_media_buy', { media_buy_id: buyId, paused: false })).errors).toBeUndefined();
    expect(((await call('get_media_buys', { media_buy_ids: [buyId] })).media_buys as { status: string }[])[0]!.status).toBe('active');
  });

  it('prices :15 and :60 from the rate card, offers the flat rate where set, and keeps the agency codes on the order', async () => {
    now = new Date(`${TODAY}T14:00:00Z`);
    const admin = await t.adminToken();
    const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    const evening = await createDaypart(t.database.db, {
      name: 'Evening News',
      startTime: '18:00',
      endTime: '19:00',
      daysOfWeek: everyDay,
      spotFrequency: 10,
      baseCpmCents: 3000,
    });
    const set = await t.inject({
      method: 'PUT',
      url: `/api/dayparts/${evening.id}`,
      token: admin,
      payload: { rate_15_percent: 60, rate_60_percent: 180, flat_rate: 100 },
    });
    expect(set.statusCode, set.body).toBe(200);

    const discovered = await call('get_products', { filters: { start_date: DAY, end_date: addDays(DAY, 6) } });
    conforms(adcp.GetProductsResponseSchema, discovered);
    const options = (length: number) =>
      (discovered.products as { product_id: string; pricing_options: unknown[] }[]).find((p) => p.product_id === `${evening.id}_${length}s`)!.pricing_options;
    // CPM × the length's percentage; the flat rate per spot scaled the same way. Minimum spend: a spot a day for a week.
    expect(options(15)).toEqual([
      { pricing_option_id: 'cpm_usd', pricing_model: 'cpm', currency: 'USD', fixed_price: 18, min_spend_per_package: 173 },
      { pricing_option_id: 'flat_rate_usd', pricing_model: 'flat_rate', currency: 'USD', fixed_price: 60, min_spend_per_package: 420 },
    ]);
    expect(options(30)).toEqual([
      { pricing_option_id: 'cpm_usd', pricing_model: 'cpm', currency: 'USD', fixed_price: 30, min_spend_per_package: 287 },
      { pricing_option_id: 'flat_rate_usd', pricing_model: 'flat_rate', currency: 'USD', fixed_price: 100, min_spend_per_package: 700 },
    ]);
    expect(options(60)).toEqual([
      { pricing_option_id: 'cpm_usd', pricing_model: 'cpm', currency: 'USD', fixed_price: 54, min_spend_per_package: 517 },
      { pricing_option_id: 'flat_rate_usd', pricing_model: 'flat_rate', currency: 'USD', fixed_price: 180, min_spend_per_package: 1260 },
    ]);
    expect((await call('get_adcp_capabilities')).media_buy).toMatchObject({ supported_pricing_models: ['cpm', 'flat_rate'] });
    // The daypart without length rates keeps today's price and offers no flat rate.
    expect(
      (discovered.products as { product_id: string; pricing_options: unknown[] }[]).find((p) => p.product_id === `${daypartId}_60s`)!.pricing_options,
    ).toEqual([{ pricing_option_id: 'cpm_usd', pricing_model: 'cpm', currency: 'USD', fixed_price: 20, min_spend_per_package: 192 }]);

    let n = 0;
    const buy = (packages: Record<string, unknown>[], extra: Record<string, unknown> = {}) =>
      call('create_media_buy', {
        buyer_ref: `priced-${++n}`,
        brand: { domain: 'sunnyjuice.example' },
        start_time: `${DAY}T00:00:00Z`,
        end_time: `${addDays(DAY, 7)}T00:00:00Z`,
        packages: packages.map((p) => ({ buyer_ref: 'p', ...p })),
        ...extra,
      });
    const items = async (id: unknown) => (await t.inject({ method: 'GET', url: `/api/estimates/${id as string}`, token: admin })).json();

    // A :60 by CPM: $54 CPM, so $1,100 buys 2 spots a day (a spot a day is $516.35 a week).
    const sixty = await buy([{ product_id: `${evening.id}_60s`, budget: 1100, pricing_option_id: 'cpm_usd' }], {
      po_number: 'PO-5521',
      ext: { agency_estimate_number: 'EST-0912', client_code: 'SUNJ', product_code: 'OJ30' },
    });
    expect(sixty.status, JSON.stringify(sixty)).toBe('submitted');
    const sixtyOrder = await items(sixty.media_buy_id);
    expect(sixtyOrder).toMatchObject({ agency_estimate_number: 'EST-0912', client_code: 'SUNJ', product_code: 'OJ30', po_number: 'PO-5521' });
    expect(sixtyOrder.items).toEqual([expect.objectContaining({ daypart_id: evening.id, spots_per_occurrence: 2, user_defined_cpm: 54 })]);
    expect(((await call('get_media_buys', { media_buy_ids: [sixty.media_buy_id] })).media_buys as { ext: unknown }[])[0]!.ext).toMatchObject({
      agency_estimate_number: 'EST-0912',
      client_code: 'SUNJ',
      product_code: 'OJ30',
    });

    // A :30 at the flat rate: $100 a spot is carried as the CPM it equals ($73.20, never more than the rate); $1,400 buys 2 a day.
    const flat = await buy([{ product_id: `${evening.id}_30s`, budget: 1400, pricing_option_id: 'flat_rate_usd' }]);
    expect(flat.status, JSON.stringify(flat)).toBe('submitted');
    const flatOrder = await items(flat.media_buy_id);
    expect(flatOrder.items).toEqual([expect.objectContaining({ spots_per_occurrence: 2, user_defined_cpm: 73.2 })]);
    expect(flatOrder.items[0].weekly_cost).toBeCloseTo(2 * 7 * 100, 0);
    expect((await call('get_media_buys', { media_buy_ids: [flat.media_buy_id] })).media_buys).toEqual([
      expect.objectContaining({ packages: [expect.objectContaining({ pricing_option_id: 'flat_rate_usd' })] }),
    ]);

    // No flat rate on Morning News; a code too long for the EI file. Nothing is booked.
    const before = (await t.inject({ method: 'GET', url: '/api/estimates/pending', token: admin })).json().length;
    const noFlat = await buy([{ product_id: `${daypartId}_30s`, budget: 1400, pricing_option_id: 'flat_rate_usd' }]);
    expect(noFlat.errors![0]).toMatchObject({
      code: 'INVALID_REQUEST',
      message: `Product ${daypartId}_30s has no pricing option flat_rate_usd: the station sets no flat rate for Morning News`,
      field: 'packages[0].pricing_option_id',
    });
    const longCode = await buy([{ product_id: `${evening.id}_30s`, budget: 1400, pricing_option_id: 'cpm_usd' }], { ext: { client_code: 'SUNNYJUICE' } });
    expect(longCode.errors![0]).toMatchObject({ code: 'INVALID_REQUEST', message: 'Client code must be at most 8 characters', field: 'ext.client_code' });
    expect((await t.inject({ method: 'GET', url: '/api/estimates/pending', token: admin })).json()).toHaveLength(before);
  });

  it('sends a budget and flight change of an approved buy to the desk, which approves it in Order Management', async () => {
    now = new Date(`${TODAY}T14:00:00Z`);
    const admin = await t.adminToken();
    const created = await call('create_media_buy', {
      buyer_ref: 'grows-later',
      brand: { domain: 'sunnyjuice.example' },
      start_time: `${addDays(DAY, 14)}T00:00:00Z`,
      end_time: `${addDays(DAY, 21)}T00:00:00Z`,
      packages: [{ buyer_ref: 'p', product_id: `${daypartId}_30s`, budget: 400, pricing_option_id: 'cpm_usd' }],
    });
    const id = created.media_buy_id as string;
    expect((await t.inject({ method: 'PATCH', url: `/api/estimates/${id}/approve`, token: admin, payload: {} })).statusCode).toBe(200);

    // Into the lead time, or a budget that no longer covers a week: refused at once, nothing waits.
    const early = await call('update_media_buy', { media_buy_id: id, start_time: `${addDays(TODAY, 2)}T00:00:00Z` });
    expect(early.errors![0]).toMatchObject({ code: 'INVALID_REQUEST', field: 'start_time', details: { earliest_start_date: DAY } });
    const small = await call('update_media_buy', { media_buy_id: id, packages: [{ package_id: 'pkg-0', budget: 100 }] });
    expect(small.errors![0]).toMatchObject({ code: 'INVALID_REQUEST', message: 'Budget too small. Weekly cost is $191.24, minimum budget needed: $191.24' });

    const asked = await call('update_media_buy', {
      media_buy_id: id,
      revision: 1,
      end_time: `${addDays(DAY, 28)}T00:00:00Z`,
      packages: [{ package_id: 'pkg-0', budget: 1200 }],
    });
    expect(asked).toMatchObject({ status: 'submitted', media_buy_id: id });
    expect(await call('tasks/get', { task_id: asked.task_id })).toMatchObject({ task_type: 'update_media_buy', status: 'submitted' });
    const again = await call('update_media_buy', { media_buy_id: id, packages: [{ package_id: 'pkg-0', budget: 1300 }] });
    expect(again.errors![0]).toMatchObject({ code: 'CONFLICT', message: "A change of this buy already waits for the station's review" });
    expect(((await call('get_media_buys', { media_buy_ids: [id] })).media_buys as { ext: { spotbook: unknown } }[])[0]!.ext.spotbook).toMatchObject({
      pending_change: { task_id: asked.task_id, start_date: addDays(DAY, 14), end_date: addDays(DAY, 27), total_budget: 1200 },
    });
    // The booked order airs as booked until the desk decides.
    expect((await t.inject({ method: 'GET', url: `/api/estimates/${id}`, token: admin })).json()).toMatchObject({
      status: 'approved',
      total_spend: 400,
      start_date: addDays(DAY, 14),
    });

    const { token: client } = await t.signUp();
    expect((await t.inject({ method: 'GET', url: '/api/adcp/changes', token: client })).statusCode).toBe(403);
    expect((await t.inject({ method: 'POST', url: `/api/adcp/changes/${id}/approve`, token: client, payload: {} })).statusCode).toBe(403);
    const listed = (await t.inject({ method: 'GET', url: '/api/adcp/changes', token: admin })).json().changes;
    expect(listed).toEqual([
      expect.objectContaining({
        media_buy_id: id,
        buyer: 'Sunny Juice Agency',
        task_id: asked.task_id,
        start_date: addDays(DAY, 14),
        end_date: addDays(DAY, 27),
        total_budget: 1200,
        previous: { start_date: addDays(DAY, 14), end_date: expect.any(String), total_budget: 400 },
      }),
    ]);

    const approved = await t.inject({ method: 'POST', url: `/api/adcp/changes/${id}/approve`, token: admin, payload: {} });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ media_buy_id: id, task_id: asked.task_id, status: 'completed' });
    // 14 days: $1,200 spreads as 3 spots a day ($573.72 a week); the order keeps its approval.
    const order = (await t.inject({ method: 'GET', url: `/api/estimates/${id}`, token: admin })).json();
    expect(order).toMatchObject({ status: 'approved', total_spend: 1200, start_date: addDays(DAY, 14) });
    expect(order.items).toEqual([expect.objectContaining({ spots_per_occurrence: 3 })]);
    expect(await call('tasks/get', { task_id: asked.task_id })).toMatchObject({
      status: 'completed',
      result: { media_buy_id: id, affected_packages: [expect.objectContaining({ budget: 1200 })] },
    });
    expect(((await call('get_media_buys', { media_buy_ids: [id] })).media_buys as { revision: number }[])[0]!.revision).toBe(3);
    expect((await t.inject({ method: 'GET', url: '/api/adcp/changes', token: admin })).json().changes).toEqual([]);
    const twice = await t.inject({ method: 'POST', url: `/api/adcp/changes/${id}/approve`, token: admin, payload: {} });
    expect(twice.statusCode).toBe(404);
    expect(twice.json().error).toBe('This order has no AdCP change waiting for review');
  });

  it('cancels a buy the desk has not reviewed, and publishes adagents.json from Station Settings', async () => {
    now = new Date(`${TODAY}T14:00:00Z`);
    const products = (await call('get_products', { filters: { start_date: DAY, end_date: addDays(DAY, 6) } })).products as { product_id: string }[];
    const created = await call('create_media_buy', {
      buyer_ref: 'to-cancel',
      brand: { domain: 'sunnyjuice.example' },
      start_time: 'asap',
      end_time: `${addDays(DAY, 7)}T00:00:00Z`,
      packages: [
        { buyer_ref: 'p', product_id: products.find((p) => p.product_id === `${daypartId}_15s`)!.product_id, budget: 400, pricing_option_id: 'cpm_usd' },
      ],
    });
    expect(created.status, JSON.stringify(created)).toBe('submitted');
    const canceled = await call('update_media_buy', { media_buy_id: created.media_buy_id, canceled: true });
    expect(canceled.errors).toBeUndefined();
    expect(await call('tasks/get', { task_id: created.task_id })).toMatchObject({ status: 'canceled' });

    const admin = await t.adminToken();
    const settings = await t.inject({
      method: 'PUT',
      url: '/api/station',
      token: admin,
      payload: { name: 'WSPT Channel 7', call_letters: 'wspt-tv', fcc_facility_id: '12345', agent_url: 'https://ads.wspt.example/mcp' },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json()).toMatchObject({ call_letters: 'WSPT-TV', fcc_facility_id: '12345', agent_url: 'https://ads.wspt.example/mcp' });
    const wrong = await t.inject({ method: 'PUT', url: '/api/station', token: admin, payload: { name: 'WSPT Channel 7', fcc_facility_id: 'abc' } });
    expect(wrong.json().error).toBe('FCC facility id must be 1 to 7 digits');
    const res = await fetch(`${base}/.well-known/adagents.json`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      authorized_agents: [{ url: 'https://ads.wspt.example/mcp', authorization_type: 'property_tags', property_tags: ['linear_tv'] }],
      properties: [
        {
          property_type: 'linear_tv',
          name: 'WSPT-TV (WSPT Channel 7)',
          identifiers: [
            { type: 'call_sign', value: 'WSPT-TV' },
            { type: 'fcc_facility_id', value: '12345' },
            { type: 'domain', value: 'ads.wspt.example' },
          ],
          publisher_domain: 'ads.wspt.example',
        },
      ],
    });
  });

  it('sells each channel as its own property: adagents.json lists it, its products name it, a buy is for one channel', async () => {
    const admin = await t.adminToken();
    const metv = await t.inject({
      method: 'POST',
      url: '/api/channels',
      token: admin,
      payload: { call_letters: 'WSPT', channel_number: '6.2', name: 'MeTV', short_name: 'METV' },
    });
    expect(metv.statusCode, metv.body).toBe(201);
    const metvDaypart = await t.inject({
      method: 'POST',
      url: '/api/dayparts',
      token: admin,
      payload: {
        name: 'MeTV Mornings',
        start_time: '06:00',
        end_time: '07:00',
        days_of_week: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
        base_cpm: 15,
        spot_frequency: 10,
        channel_id: metv.json().id,
      },
    });
    expect(metvDaypart.statusCode, metvDaypart.body).toBe(201);

    const body = (await (await fetch(`${base}/.well-known/adagents.json`)).json()) as { properties: { property_id: string; name: string }[] };
    expect(body.properties.map((p) => p.property_id)).toHaveLength(2);
    expect(body.properties[1]).toMatchObject({ property_id: 'metv', name: 'WSPT 6.2 (MeTV)' });

    const products = (await call('get_products', { filters: { start_date: DAY, end_date: addDays(DAY, 6) } })).products as {
      product_id: string;
      publisher_properties: unknown[];
    }[];
    const onMetv = products.find((p) => p.product_id === `${metvDaypart.json().id}_30s`)!;
    expect(onMetv.publisher_properties).toEqual([{ publisher_domain: 'ads.wspt.example', selection_type: 'by_id', property_ids: ['metv'] }]);
    const onMain = products.find((p) => p.product_id === `${daypartId}_30s`)!;
    expect(onMain.publisher_properties).toEqual([
      { publisher_domain: 'ads.wspt.example', selection_type: 'by_id', property_ids: [body.properties[0]!.property_id] },
    ]);

    const mixed = await call('create_media_buy', {
      buyer_ref: 'two-channels',
      brand: { domain: 'sunnyjuice.example' },
      start_time: 'asap',
      end_time: `${addDays(DAY, 7)}T00:00:00Z`,
      packages: [
        { buyer_ref: 'a', product_id: onMain.product_id, budget: 400, pricing_option_id: 'cpm_usd' },
        { buyer_ref: 'b', product_id: onMetv.product_id, budget: 400, pricing_option_id: 'cpm_usd' },
      ],
    });
    expect(mixed.errors?.[0]).toMatchObject({ code: 'INVALID_REQUEST', field: 'packages' });
    const single = await call('create_media_buy', {
      buyer_ref: 'metv-only',
      brand: { domain: 'sunnyjuice.example' },
      start_time: 'asap',
      end_time: `${addDays(DAY, 7)}T00:00:00Z`,
      packages: [{ buyer_ref: 'b', product_id: onMetv.product_id, budget: 400, pricing_option_id: 'cpm_usd' }],
    });
    expect(single.status, JSON.stringify(single)).toBe('submitted');
    const order = await t.inject({ method: 'GET', url: `/api/estimates/${single.media_buy_id as string}`, token: admin });
    expect(order.json().channel_id).toBe(metv.json().id);
  });
});
