/**
 * A campaign's and an invoice's channel (issue 41, decision 053 "Scale", migration 0064): a database at the
 * last commit before 0064, holding orders of two channels with their campaigns and sent invoices written in
 * that release's columns, is migrated to head. Each campaign and invoice takes its order's channel, the
 * backfill writes no audit event (a data move, not a change anyone made), one channel's dashboards read
 * them, and a row naming another channel than its order's is refused. On PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/platform/db';
import { createTestApp, type TestApp } from '../support/app';
import { databaseAtRelease, type OldRelease } from '../support/old-release';

/** The commit before migration 0064: its migrations end with 0062. */
const BEFORE_COLUMNS = '243b16c';
/** Its definition files, in the order its migrator applied them. */
const DEFINITIONS_THEN = ['channels.sql', 'locks.sql', 'pricing.sql', 'orders.sql', 'audit.sql', 'rollups.sql', 'published.sql'];

const ids = {
  metv: '10000000-0000-4000-8000-000000000062',
  client: '11111111-1111-4111-8111-111111111111',
  brand: '22222222-2222-4222-8222-222222222222',
  orders: ['55555555-5555-4555-8555-555555555551', '55555555-5555-4555-8555-555555555552'],
  campaigns: ['77777777-7777-4777-8777-777777777771', '77777777-7777-4777-8777-777777777772'],
  invoices: ['88888888-8888-4888-8888-888888888881', '88888888-8888-4888-8888-888888888882'],
};
const now = new Date('2027-05-03T12:00:00Z');

/** Two orders, one on the default channel and one on MeTV, each with its campaign and a sent invoice, in that release's columns. */
const seed = `
insert into channels (id, call_letters, channel_number, name) values ('${ids.metv}', 'WSPT', '6.2', 'MeTV');
insert into users (id, email, password_hash, role, first_name, last_name, company)
  values ('${ids.client}', 'media@acme-agency.example', 'x', 'client', 'Dana', 'Reyes', 'Acme Agency');
insert into brands (id, owner_id, common_name, legal_name) values ('${ids.brand}', '${ids.client}', 'Acme Soda', 'Acme Beverages LLC');
insert into estimates (id, owner_id, brand_id, channel_id, estimate_name, status, start_date, end_date, total_spend_cents, total_amount_cents, submitted_at)
  values ('${ids.orders[0]}', '${ids.client}', '${ids.brand}', default_channel_id(), 'Spring', 'active', '2027-05-01', '2027-05-30', 500000, 500000, '2027-04-20T10:00:00Z'),
         ('${ids.orders[1]}', '${ids.client}', '${ids.brand}', '${ids.metv}', 'Summer', 'active', '2027-05-01', '2027-05-30', 300000, 300000, '2027-04-21T10:00:00Z');
insert into campaigns (id, estimate_id, owner_id, brand_id, name, status, start_date, end_date, total_budget_cents)
  values ('${ids.campaigns[0]}', '${ids.orders[0]}', '${ids.client}', '${ids.brand}', 'Spring', 'active', '2027-05-01', '2027-05-30', 500000),
         ('${ids.campaigns[1]}', '${ids.orders[1]}', '${ids.client}', '${ids.brand}', 'Summer', 'active', '2027-05-01', '2027-05-30', 300000);
insert into invoices (id, customer_id, estimate_id, brand_id, invoice_number, issue_date, due_date, payment_terms, subtotal_cents, total_cents, status, sent_at)
  values ('${ids.invoices[0]}', '${ids.client}', '${ids.orders[0]}', '${ids.brand}', 'INV-2027-0001', '2027-05-01', '2027-05-31', 'Net 30', 500000, 500000, 'sent', '2027-05-01T09:00:00Z'),
         ('${ids.invoices[1]}', '${ids.client}', '${ids.orders[1]}', '${ids.brand}', 'INV-2027-0002', '2027-05-01', '2027-05-31', 'Net 30', 300000, 300000, 'sent', '2027-05-01T09:00:00Z');
`;

let release: OldRelease | undefined;
let t: TestApp;
let admin: string;
let defaultChannel: string;
let eventsBefore: number;
let eventsAfter: number;

const count = async (database: Database) =>
  Number(
    (
      (await database.db.execute(sql`select count(*)::int as n from audit_events where entity in ('campaign', 'invoice')`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );

beforeAll(async () => {
  // The release before 0064, as it left a database, with the rows.
  release = await databaseAtRelease({ commit: BEFORE_COLUMNS, definitions: DEFINITIONS_THEN, seed, name: 'before-0064' });
  const { database } = release;
  eventsBefore = await count(database);
  await database.migrate();
  eventsAfter = await count(database);
  t = await createTestApp({}, { database, now: () => now });
  admin = await t.adminToken();
  defaultChannel = ((await database.db.execute(sql`select default_channel_id() as id`)) as unknown as { rows: { id: string }[] }).rows[0]!.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await release?.remove();
});

const get = async (url: string) => {
  const res = await t.inject({ method: 'GET', url, token: admin });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('campaigns and invoices of two channels, upgraded to carry their channel', () => {
  it("gives each campaign and invoice its order's channel, writing no audit event", async () => {
    expect(eventsBefore, 'the seed was audited').toBe(4);
    expect(eventsAfter).toBe(eventsBefore);
    const channelOf = async (table: 'campaigns' | 'invoices') =>
      (await rows<{ id: string; channel_id: string }>(sql`select id, channel_id from ${sql.identifier(table)} order by id`)).map((r) => r.channel_id);
    expect(await channelOf('campaigns')).toEqual([defaultChannel, ids.metv]);
    expect(await channelOf('invoices')).toEqual([defaultChannel, ids.metv]);
  });

  it("answers each channel's campaigns and receivables", async () => {
    for (const [k, channel] of [defaultChannel, ids.metv].entries()) {
      const list = (await get(`/api/campaigns?channel_id=${channel}`)) as { campaign_id: string }[];
      expect(list.map((c) => c.campaign_id)).toEqual([ids.campaigns[k]]);
      expect(await get(`/api/campaigns/stats/dashboard?channel_id=${channel}`)).toMatchObject({ total_campaigns: 1, active_campaigns: 1 });
      expect(await get(`/api/billing/ageing?channel_id=${channel}`)).toMatchObject({ totals: { invoices: 1, total: [5000, 3000][k] } });
    }
  });

  it("refuses a campaign or an invoice naming another channel than its order's", async () => {
    const refused = async (statement: ReturnType<typeof sql>) => {
      const messages: string[] = [];
      await t.database.db.execute(statement).then(
        () => messages.push('written'),
        (error: unknown) => {
          for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) messages.push(String((e as Error).message));
        },
      );
      return messages.join(' | ');
    };
    expect(
      await refused(sql`insert into invoices (customer_id, estimate_id, channel_id, invoice_number, issue_date, due_date, payment_terms, subtotal_cents, total_cents, status)
        values (${ids.client}, ${ids.orders[0]}, ${ids.metv}, 'INV-2027-0003', '2027-05-02', '2027-06-01', 'Net 30', 100, 100, 'cancelled')`),
    ).toContain('invoices_estimate_channel_fkey');
    expect(await refused(sql`update campaigns set channel_id = ${defaultChannel} where id = ${ids.campaigns[1]}`)).toContain('campaigns_estimate_channel_fkey');
    // Written without one (an older writer), a row is the default channel's: right for an order of that channel.
    expect(
      await refused(sql`insert into invoices (customer_id, estimate_id, invoice_number, issue_date, due_date, payment_terms, subtotal_cents, total_cents, status)
        values (${ids.client}, ${ids.orders[0]}, 'INV-2027-0004', '2027-05-02', '2027-06-01', 'Net 30', 100, 100, 'cancelled')`),
    ).toBe('written');
  });
});
