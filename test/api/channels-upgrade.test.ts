/**
 * Upgrading a station made before channels (issue 41, decision 053 "Migration"): a database at the last
 * commit before migration 0047 (its numbered migrations and its definition files), holding a station's
 * rate card, an order with its line, its campaign, a placed log day and an issued invoice written in that
 * release's own SQL, is migrated to head. The station becomes the one default channel with everything it
 * had, and the specification's calls, which name no channel, answer as they did. On PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { createTestApp, type TestApp } from '../support/app';
import { databaseAtRelease, type OldRelease } from '../support/old-release';
import { hasPoppler, renderPdf } from '../support/pdf-render';

/** The commit before channels: its migrations end with 0046; 0047 made the channels. */
const BEFORE_CHANNELS = 'dec0883^';
/** Its definition files, in the order its migrator applied them. */
const DEFINITIONS_THEN = ['locks.sql', 'pricing.sql', 'orders.sql', 'audit.sql', 'rollups.sql'];

const ids = {
  client: '11111111-1111-4111-8111-111111111111',
  brand: '22222222-2222-4222-8222-222222222222',
  media: '33333333-3333-4333-8333-333333333333',
  daypart: '44444444-4444-4444-8444-444444444444',
  order: '55555555-5555-4555-8555-555555555555',
  item: '66666666-6666-4666-8666-666666666666',
  campaign: '77777777-7777-4777-8777-777777777777',
  invoice: '88888888-8888-4888-8888-888888888888',
  spot: '99999999-9999-4999-8999-999999999999',
};
const CLIENT = { email: 'media@acme-agency.example', password: 'Acme-Passw0rd!' };
const DAY = '2027-05-04';
const now = new Date('2027-05-03T12:00:00Z');

/** What the station held before channels, in that release's columns: a spec-shaped order end to end. */
const stationBefore = (passwordHash: string) => `
insert into station_profile (id, name, call_letters) values (1, 'Spotbook Station', 'WSPT')
  on conflict (id) do update set name = excluded.name, call_letters = excluded.call_letters;
insert into users (id, email, password_hash, role, first_name, last_name, company)
  values ('${ids.client}', '${CLIENT.email}', '${passwordHash}', 'client', 'Dana', 'Reyes', 'Acme Agency');
insert into brands (id, owner_id, common_name, legal_name) values ('${ids.brand}', '${ids.client}', 'Acme Soda', 'Acme Beverages LLC');
insert into media_assets (id, brand_id, filename, file_size, mime_type, storage_key, status, processing_stage, duration_seconds, spot_length, house_number, title)
  values ('${ids.media}', '${ids.brand}', 'spring.mp4', 1048576, 'video/mp4', 'media/spring.mp4', 'ready', 'ready', 30, 30, 'SB000123', 'Spring');
insert into dayparts (id, name, description, start_time, end_time, days_of_week, base_cpm_cents, spot_frequency)
  values ('${ids.daypart}', 'Morning News', 'Weekday mornings', '06:00', '09:00', array['Monday','Tuesday','Wednesday','Thursday','Friday'], 2500, 12);
insert into estimates (id, owner_id, brand_id, media_asset_id, estimate_name, status, start_date, end_date, total_spend_cents, total_amount_cents,
    total_estimated_cost_cents, submitted_at, reviewed_at)
  values ('${ids.order}', '${ids.client}', '${ids.brand}', '${ids.media}', 'Spring launch', 'active', '2027-05-03', '2027-05-30', 500000, 500000,
    500000, '2027-04-20T10:00:00Z', '2027-04-21T10:00:00Z');
insert into estimate_items (id, estimate_id, daypart_id, spots_per_occurrence, booked_cpm_cents, booked_multiplier)
  values ('${ids.item}', '${ids.order}', '${ids.daypart}', 2, 2500, 1);
insert into campaigns (id, estimate_id, owner_id, brand_id, name, status, start_date, end_date, total_budget_cents)
  values ('${ids.campaign}', '${ids.order}', '${ids.client}', '${ids.brand}', 'Spring launch', 'active', '2027-05-03', '2027-05-30', 500000);
insert into traffic_days (air_date, inputs_digest, built_at) values ('${DAY}', 'digest-before-channels', '2027-05-03T00:00:00Z');
insert into traffic_spots (id, air_date, estimate_id, estimate_item_id, daypart_id, campaign_id, brand_id, media_asset_id, house_code,
    duration_seconds, break_at, scheduled_at, position, status)
  values ('${ids.spot}', '${DAY}', '${ids.order}', '${ids.item}', '${ids.daypart}', '${ids.campaign}', '${ids.brand}', '${ids.media}', 'SB000123',
    30, '${DAY}T06:15:00Z', '${DAY}T06:15:00Z', 1, 'scheduled');
insert into invoices (id, customer_id, estimate_id, brand_id, invoice_number, issue_date, due_date, payment_terms, subtotal_cents, total_cents, status, sent_at)
  values ('${ids.invoice}', '${ids.client}', '${ids.order}', '${ids.brand}', 'INV-2027-0001', '2027-05-03', '2027-06-02', 'Net 30', 500000, 500000, 'sent',
    '2027-05-03T09:00:00Z');
insert into invoice_lines (invoice_id, position, description, quantity, unit_cents, amount_cents, daypart_id)
  values ('${ids.invoice}', 1, 'Morning News', 1, 500000, 500000, '${ids.daypart}');
`;

let release: OldRelease | undefined;
let t: TestApp;
let admin: string;
let client: string;

beforeAll(async () => {
  // The release before channels, as it left a database, with the station's rows.
  const seed = stationBefore(await hashPassword(CLIENT.password));
  release = await databaseAtRelease({ commit: BEFORE_CHANNELS, definitions: DEFINITIONS_THEN, seed, name: 'before-channels' });
  const { database } = release;
  const tables = await database.db.execute(`select to_regclass('public.channels') is not null as exists`);
  expect((tables as unknown as { rows: { exists: boolean }[] }).rows, 'no channels before the upgrade').toEqual([{ exists: false }]);
  await database.migrate();
  t = await createTestApp({}, { database, now: () => now });
  admin = await t.adminToken();
  client = await t.login(CLIENT.email, CLIENT.password);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await release?.remove();
});

const get = async (url: string, token: string) => {
  const res = await t.inject({ method: 'GET', url, token });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};

describe('a station made before channels, upgraded', () => {
  it('is one channel, the default, with the station’s call letters and name, in the station’s time zone', async () => {
    const channels = await get('/api/channels', admin);
    expect(channels).toHaveLength(1);
    expect(channels[0]).toMatchObject({
      call_letters: 'WSPT',
      channel_number: '1.1',
      name: 'Spotbook Station',
      is_default: true,
      active: true,
      own_time_zone: false,
    });
  });

  it('answers the rate card as before', async () => {
    const dayparts = (await get('/api/dayparts', client)) as Record<string, unknown>[];
    const morning = dayparts.find((d) => d.id === ids.daypart);
    expect(morning).toMatchObject({
      name: 'Morning News',
      description: 'Weekday mornings',
      start_time: '06:00',
      end_time: '09:00',
      days_of_week: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      base_cpm: 25,
      spot_frequency: 12,
    });
    expect(await get(`/api/dayparts/${ids.daypart}`, client)).toMatchObject({ name: 'Morning News', base_cpm: 25 });
  });

  it('answers the order, its line and its campaign as before, to its owner and to admins', async () => {
    const list = (await get('/api/estimates', client)) as Record<string, unknown>[];
    expect(list.map((o) => o.id)).toEqual([ids.order]);
    for (const token of [client, admin]) {
      const order = await get(`/api/estimates/${ids.order}`, token);
      expect(order).toMatchObject({
        id: ids.order,
        estimate_name: 'Spring launch',
        status: 'active',
        brand_id: ids.brand,
        start_date: '2027-05-03',
        total_spend: 5000,
      });
      expect(JSON.stringify(order)).toContain(ids.daypart);
    }
    const campaigns = (await get('/api/campaigns', client)) as Record<string, unknown>[] | { campaigns: Record<string, unknown>[] };
    expect(JSON.stringify(campaigns)).toContain(ids.campaign);
  });

  it('answers the placed log of the day and the order’s spots as before', async () => {
    const log = await get(`/api/traffic/logs/${DAY}`, admin);
    expect(log).toMatchObject({ date: DAY, placed: true, time_zone: 'UTC', channel_id: (await get('/api/channels', admin))[0].id });
    expect(log.spots).toHaveLength(1);
    expect(log.spots[0]).toMatchObject({
      id: ids.spot,
      estimate_id: ids.order,
      house_code: 'SB000123',
      local_time: '06:15:00',
      status: 'scheduled',
      daypart_name: 'Morning News',
    });
    const spots = await get(`/api/estimates/${ids.order}/spots?from=${DAY}&to=${DAY}`, client);
    expect(spots.days).toEqual([{ date: DAY, spots: [expect.objectContaining({ id: ids.spot })] }]);
  });

  it('answers the invoice as before, on screen and on paper, without a channel line', async () => {
    const invoice = await get(`/api/billing/${ids.invoice}`, admin);
    expect(invoice).toMatchObject({ id: ids.invoice, invoice_number: 'INV-2027-0001', status: 'sent', subtotal: 5000 });
    const mine = await get('/api/my/invoices', client);
    expect(JSON.stringify(mine)).toContain('INV-2027-0001');
    const pdf = await t.inject({ method: 'GET', url: `/api/billing/${ids.invoice}/pdf`, token: admin });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    if (!hasPoppler) return;
    const paper = (await renderPdf(pdf.rawPayload)).flat;
    expect(paper).toContain('INV-2027-0001');
    // With one channel, the documents stay the specification's: no channel under the letterhead.
    expect(paper).not.toContain('WSPT 1.1');
  });

  it('places and books on the default channel as before: a new order names no channel and takes the station’s rate card', async () => {
    const created = await t.inject({ method: 'POST', url: '/api/estimates', token: client, payload: { estimate_name: 'Summer', brand_id: ids.brand } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().channel_id).toBe((await get('/api/channels', admin))[0].id);
    const item = await t.inject({
      method: 'POST',
      url: `/api/estimate-items/${created.json().id}`,
      token: client,
      payload: { daypart_id: ids.daypart, spots_per_occurrence: 1 },
    });
    expect(item.statusCode, item.body).toBe(201);
  });
});
