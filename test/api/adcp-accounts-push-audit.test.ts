/**
 * AdCP sales agent, issue 26's last gaps (decisions 034 and 035):
 * - an agency's API key acts for each of its advertisers' brands: list_accounts lists them in AdCP's
 *   account shape; create_media_buy with one's account_id books the agency's order on that brand,
 *   invoiced to the agency with the brand's billing details, net of its commission; another account's
 *   brand is refused with an AdCP error, and nothing is written;
 * - push notifications carry the buyer's chosen authentication (Bearer, or AdCP's HMAC-SHA256
 *   signature), checked by a real receiver on loopback;
 * - a change asked of an approved buy and the desk's decision are in the audit trail.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import * as adcp from '@adcp/client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/domain/dates';
import { createTestApp, type TestApp } from '../support/app';
import { createInvoice } from '../support/billing-fixtures';
import { clientWithBrand, createDaypart } from '../support/ordering-fixtures';
import { eventually } from '../realtime/helpers';
import { clockNow } from '../support/clock';

const TODAY = '2027-06-01';
const DAY = '2027-06-08'; // the earliest bookable day
let t: TestApp;
let base: string;
let admin: string;
let daypartId: string;
const clients: Client[] = [];
let receiver: http.Server;
let pushBase: string;
const CREDENTIALS = 'push-credentials-of-the-buyer-32-chars+';
/** What the buyer's receiver got, by path. */
const pushes: { path: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

type Json = Record<string, unknown> & { errors?: { code: string; message: string; field?: string; suggestion?: string }[] };

const connect = async (key: string) => {
  const client = new Client({ name: 'agency-buying-agent', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
  clients.push(client);
  return client;
};
const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })).structuredContent as Json;

/** An agency (a client with a commission rate) holding a brand per advertiser, and its agent's MCP client. */
const agencyWith = async (company: string, advertisers: { common_name: string; legal_name: string; address: string }[]) => {
  const agency = await clientWithBrand(t, { company });
  expect((await t.inject({ method: 'PUT', url: `/api/users/${agency.id}/agency`, token: admin, payload: { is_agency: true, rate: 0.15 } })).statusCode).toBe(
    200,
  );
  const brands = [];
  for (const advertiser of advertisers) {
    const made = await t.inject({ method: 'POST', url: '/api/brands', token: agency.token, payload: advertiser });
    expect(made.statusCode, made.body).toBe(201);
    brands.push(made.json() as { id: string });
  }
  const key = await t.inject({ method: 'POST', url: '/api/api-keys', token: agency.token, payload: { name: 'Agency buying agent' } });
  expect(key.statusCode, key.body).toBe(201);
  return { agency, brands, agent: await connect(key.json().secret) };
};

const buy = (extra: Record<string, unknown>) => ({
  buyer_ref: 'agency-buy',
  brand: { domain: 'advertiser.example' },
  start_time: `${DAY}T00:00:00Z`,
  end_time: `${addDays(DAY, 7)}T00:00:00Z`,
  packages: [{ buyer_ref: 'p', product_id: `${daypartId}_30s`, budget: 500, pricing_option_id: 'cpm_usd' }],
  ...extra,
});
const orderCount = async () => {
  const result = (await t.database.db.execute(sql`select count(*)::int as n from estimates`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]!.n);
};

beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(`${TODAY}T14:00:00Z`) });
  admin = await t.adminToken();
  daypartId = (await createDaypart(t.database.db, { name: 'Evening News', startTime: '18:00', endTime: '18:30', spotFrequency: 10, baseCpmCents: 2000 })).id;
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      pushes.push({ path: request.url ?? '', headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  pushBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await t?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('AdCP for an agency', () => {
  it("lists the agency's advertisers as accounts and books on the one a buy names, billed to the agency with the brand's details", async () => {
    const { agency, brands, agent } = await agencyWith('Madison Media', [
      { common_name: 'Sunny Juice', legal_name: 'Sunny Juice Inc.', address: '1 Orchard Way, Tampa FL' },
      { common_name: 'Bay Motors', legal_name: 'Bay Motors LLC', address: '9 Harbor Rd, Tampa FL' },
    ]);
    const [juice, motors] = brands as [{ id: string }, { id: string }];
    const listed = await call(agent, 'list_accounts');
    adcp.ListAccountsResponseSchema.parse(listed);
    expect(listed.accounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ account_id: agency.id, name: 'Madison Media', account_scope: 'operator' }),
        {
          account_id: juice.id,
          name: 'Sunny Juice Inc.',
          advertiser: 'Sunny Juice',
          operator: 'Madison Media',
          status: 'active',
          billing: 'operator',
          payment_terms: 'net_30',
          account_scope: 'operator_brand',
        },
        expect.objectContaining({ account_id: motors.id, name: 'Bay Motors LLC', advertiser: 'Bay Motors' }),
      ]),
    );

    const created = await call(agent, 'create_media_buy', buy({ account: { account_id: juice.id } }));
    expect(created.errors).toBeUndefined();
    expect(created).toMatchObject({ status: 'submitted' });
    const id = created.media_buy_id as string;
    const order = (await t.inject({ method: 'GET', url: `/api/estimates/${id}`, token: agency.token })).json();
    expect(order).toMatchObject({ brand_id: juice.id, status: 'ordered' });
    expect((await t.inject({ method: 'PATCH', url: `/api/estimates/${id}/approve`, token: admin, payload: {} })).statusCode).toBe(200);
    const invoice = await createInvoice(t, id);
    const detail = (await t.inject({ method: 'GET', url: `/api/billing/${invoice.id}`, token: admin })).json();
    expect(detail).toMatchObject({
      customer_id: agency.id,
      brand_name: 'Sunny Juice',
      brand_legal_name: 'Sunny Juice Inc.',
      brand_address: '1 Orchard Way, Tampa FL',
      commission_rate: 0.15,
    });

    // AdCP's other account reference: the advertiser's brand by name, with the agency as operator.
    const byBrand = await call(
      agent,
      'create_media_buy',
      buy({ buyer_ref: 'by-brand', account: { brand: { domain: 'bay motors' }, operator: 'madison.example' } }),
    );
    expect(byBrand.errors).toBeUndefined();
    expect((await t.inject({ method: 'GET', url: `/api/estimates/${byBrand.media_buy_id as string}`, token: agency.token })).json()).toMatchObject({
      brand_id: motors.id,
    });
  });

  it("refuses another account's brand with an AdCP error and writes nothing", async () => {
    const mine = await agencyWith('Harbor Agency', [{ common_name: 'Gulf Pizza', legal_name: 'Gulf Pizza Co.', address: '3 Bay St' }]);
    const theirs = await agencyWith('Rival Agency', [{ common_name: 'Rival Cola', legal_name: 'Rival Cola Corp.', address: '4 Main St' }]);
    const rivalBrand = theirs.brands[0]!.id;
    expect(JSON.stringify(await call(mine.agent, 'list_accounts'))).not.toContain(rivalBrand);
    const before = await orderCount();
    const refused = await call(mine.agent, 'create_media_buy', buy({ account: { account_id: rivalBrand } }));
    expect(refused.errors).toEqual([
      expect.objectContaining({
        code: 'ACCOUNT_NOT_FOUND',
        message: `Account ${rivalBrand} is not one this API key acts for`,
        field: 'account.account_id',
        suggestion: 'Use an account_id from list_accounts',
      }),
    ]);
    const otherUser = await call(mine.agent, 'create_media_buy', buy({ account: { account_id: theirs.agency.id } }));
    expect(otherUser.errors).toEqual([expect.objectContaining({ code: 'ACCOUNT_NOT_FOUND', field: 'account.account_id' })]);
    const byName = await call(mine.agent, 'create_media_buy', buy({ account: { brand: { domain: 'Rival Cola' }, operator: 'harbor.example' } }));
    expect(byName.errors).toEqual([
      expect.objectContaining({ code: 'ACCOUNT_NOT_FOUND', message: 'Account Rival Cola is not one this API key acts for', field: 'account.brand' }),
    ]);
    expect(await orderCount()).toBe(before);
  });

  it('sends a push notification with the authentication the buyer asked for: Bearer, or the HMAC-SHA256 signature', async () => {
    const { agent, brands } = await agencyWith('Push Agency', [{ common_name: 'Coastal Bank', legal_name: 'Coastal Bank NA', address: '5 Shore Dr' }]);
    const account = { account_id: brands[0]!.id };
    const bearer = await call(
      agent,
      'create_media_buy',
      buy({
        buyer_ref: 'bearer',
        account,
        push_notification_config: { url: `${pushBase}/bearer`, authentication: { schemes: ['Bearer'], credentials: CREDENTIALS } },
      }),
    );
    const hmac = await call(
      agent,
      'create_media_buy',
      buy({
        buyer_ref: 'hmac',
        account,
        push_notification_config: { url: `${pushBase}/hmac`, authentication: { schemes: ['HMAC-SHA256'], credentials: CREDENTIALS } },
      }),
    );
    expect(bearer.errors ?? hmac.errors).toBeUndefined();
    for (const id of [bearer.media_buy_id, hmac.media_buy_id]) {
      expect((await t.inject({ method: 'PATCH', url: `/api/estimates/${id as string}/approve`, token: admin, payload: {} })).statusCode).toBe(200);
    }
    const pushOf = (path: string, taskId: unknown) => pushes.find((p) => p.path === path && JSON.parse(p.body).task_id === taskId);
    await eventually(() => expect([pushOf('/bearer', bearer.task_id), pushOf('/hmac', hmac.task_id)]).not.toContain(undefined));
    const sent = pushOf('/bearer', bearer.task_id)!;
    expect(sent.headers.authorization).toBe(`Bearer ${CREDENTIALS}`);
    expect(sent.headers['x-adcp-signature']).toBeUndefined();
    expect(JSON.parse(sent.body)).toMatchObject({ task_id: bearer.task_id, status: 'completed' });

    // AdCP's scheme: sha256=<hex HMAC of "<timestamp>.<raw body>"> keyed with the credentials, a fresh timestamp.
    const signed = pushOf('/hmac', hmac.task_id)!;
    const timestamp = signed.headers['x-adcp-timestamp'] as string;
    expect(Math.abs(Number(timestamp) - clockNow().getTime() / 1000)).toBeLessThan(300);
    expect(signed.headers['x-adcp-signature']).toBe(`sha256=${createHmac('sha256', CREDENTIALS).update(`${timestamp}.${signed.body}`).digest('hex')}`);
    expect(signed.headers.authorization).toBeUndefined();
    expect(JSON.parse(signed.body)).toMatchObject({ task_id: hmac.task_id, status: 'completed' });
  });

  it("sends a buy's task events to that buy's push URL only, with that buy's credentials, and to the account's own subscription", async () => {
    const { agency, agent, brands } = await agencyWith('Two Buys Agency', [
      { common_name: 'Harbor Mills', legal_name: 'Harbor Mills LLC', address: '9 Pier St' },
    ]);
    const account = { account_id: brands[0]!.id };
    // A daypart of its own, so the three buys fit whatever the other tests booked.
    const own = (await createDaypart(t.database.db, { name: 'Late Show', startTime: '23:00', endTime: '23:30', spotFrequency: 20, baseCpmCents: 2000 })).id;
    const packages = [{ buyer_ref: 'p', product_id: `${own}_30s`, budget: 500, pricing_option_id: 'cpm_usd' }];
    const subscribed = await t.inject({
      method: 'POST',
      url: '/api/webhooks',
      token: agency.token,
      payload: { url: `${pushBase}/two/account`, events: ['adcp.task_status'] },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const credentialsOf = {
      first: 'first-buy-credentials-at-least-32-chars',
      second: 'second-buy-credentials-at-least-32-chars',
      third: 'third-buy-same-url-other-credentials-32+',
    };
    const create = async (ref: keyof typeof credentialsOf, path: string) => {
      const made = await call(
        agent,
        'create_media_buy',
        buy({
          buyer_ref: ref,
          account,
          packages,
          push_notification_config: { url: `${pushBase}${path}`, authentication: { schemes: ['Bearer'], credentials: credentialsOf[ref] } },
        }),
      );
      expect(made.errors).toBeUndefined();
      return made;
    };
    const first = await create('first', '/two/a');
    const second = await create('second', '/two/b');
    // A later buy naming the first buy's URL with other credentials: its own endpoint, the first's unchanged.
    const third = await create('third', '/two/a');
    for (const made of [first, second, third]) {
      const approved = await t.inject({ method: 'PATCH', url: `/api/estimates/${made.media_buy_id as string}/approve`, token: admin, payload: {} });
      expect(approved.statusCode, approved.body).toBe(200);
    }
    const heard = (path: string) =>
      pushes
        .filter((p) => p.path === path)
        .map((p) => ({ task: JSON.parse(p.body).task_id, status: JSON.parse(p.body).status, auth: p.headers.authorization }));
    const got = (path: string, made: Json) => heard(path).some((p) => p.task === made.task_id && p.status === 'completed');
    await eventually(() =>
      expect([
        got('/two/a', first),
        got('/two/a', third),
        got('/two/b', second),
        got('/two/account', first),
        got('/two/account', second),
        got('/two/account', third),
      ]).toEqual([true, true, true, true, true, true]),
    );
    const bearer = (ref: keyof typeof credentialsOf) => `Bearer ${credentialsOf[ref]}`;
    expect(new Set(heard('/two/b').map((p) => `${p.task}|${p.auth}`))).toEqual(new Set([`${second.task_id}|${bearer('second')}`]));
    expect(new Set(heard('/two/a').map((p) => `${p.task}|${p.auth}`))).toEqual(
      new Set([`${first.task_id}|${bearer('first')}`, `${third.task_id}|${bearer('third')}`]),
    );
    // The account's own webhook hears every buy, with the Standard Webhooks signature only.
    expect(new Set(heard('/two/account').map((p) => p.task))).toEqual(new Set([first.task_id, second.task_id, third.task_id]));
    expect(heard('/two/account').every((p) => p.auth === undefined)).toBe(true);
  });

  it("writes a change asked of an approved buy and the desk's decision to the audit trail", async () => {
    const { agent, brands } = await agencyWith('Audit Agency', [{ common_name: 'Lakeside Dental', legal_name: 'Lakeside Dental PC', address: '8 Lake Ave' }]);
    const created = await call(
      agent,
      'create_media_buy',
      buy({
        buyer_ref: 'audited',
        account: { account_id: brands[0]!.id },
        start_time: `${addDays(DAY, 21)}T00:00:00Z`,
        end_time: `${addDays(DAY, 28)}T00:00:00Z`,
      }),
    );
    const id = created.media_buy_id as string;
    expect((await t.inject({ method: 'PATCH', url: `/api/estimates/${id}/approve`, token: admin, payload: {} })).statusCode).toBe(200);
    const asked = await call(agent, 'update_media_buy', { media_buy_id: id, packages: [{ package_id: 'pkg-0', budget: 900 }] });
    expect(asked).toMatchObject({ status: 'submitted' });

    const events = async (entity: string) =>
      (
        await t.inject({ method: 'GET', url: `/api/audit?entity=${entity}&entity_id=${entity === 'adcp_buy' ? id : (asked.task_id as string)}`, token: admin })
      ).json().events as Record<string, unknown>[];
    const requested = await events('adcp_buy');
    expect(requested).toEqual([
      expect.objectContaining({
        entity: 'adcp_buy',
        action: 'update',
        entity_id: id,
        order_id: id,
        before: { pending_change: null },
        after: { pending_change: expect.objectContaining({ task_id: asked.task_id, total_budget: 900 }) },
      }),
    ]);
    expect(requested[0]!.actor_email).toMatch(/@/);

    const rejected = await t.inject({ method: 'POST', url: `/api/adcp/changes/${id}/reject`, token: admin, payload: { notes: 'Sold out that week' } });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await events('adcp_task')).toEqual([
      expect.objectContaining({
        entity: 'adcp_task',
        action: 'status_change',
        order_id: id,
        actor_email: 'admin@spotbook.test',
        before: { status: 'submitted', note: null },
        after: { status: 'rejected', note: 'Sold out that week' },
      }),
    ]);
    const cleared = await events('adcp_buy');
    expect(cleared[0]).toMatchObject({
      actor_email: 'admin@spotbook.test',
      before: { pending_change: expect.objectContaining({ total_budget: 900 }) },
      after: { pending_change: null },
    });
    // Both appear in the order's history, which the agency reads too.
    const timeline = (await t.inject({ method: 'GET', url: `/api/estimates/${id}/timeline`, token: admin })).json();
    expect(JSON.stringify(timeline)).toContain('Sold out that week');
  });
});
