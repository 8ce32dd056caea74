/** Importing an agency order from an AAAA Proposal XML (issue 42, decision 056): files the tests write. */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProposalElement } from '../../src/domain/proposal-read';
import { estimates } from '../../src/server/db/schema';
import { readXmlTree } from '../../src/server/modules/orders/proposal-xml';
import { createTestApp, type TestApp } from '../support/app';
import { clientWithBrand, newClient } from '../support/ordering-fixtures';
import { importProposalFile, proposalXml, type ProposalSpec } from '../support/proposal-fixtures';

let t: TestApp;
let admin: string;
const channel: Record<string, string> = {};
const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const addChannel = async (
  call_letters: string,
  channel_number: string,
  dayparts: { name: string; start_time: string; end_time: string; days_of_week: string[] }[],
) => {
  const res = await t.inject({
    method: 'POST',
    url: '/api/channels',
    token: admin,
    payload: { call_letters, channel_number, name: `${call_letters} ${channel_number}` },
  });
  expect(res.statusCode, res.body).toBe(201);
  channel[call_letters] = res.json().id;
  for (const d of dayparts) {
    const made = await t.inject({
      method: 'POST',
      url: '/api/dayparts',
      token: admin,
      payload: { ...d, base_cpm: 15, spot_frequency: 10, channel_id: res.json().id },
    });
    expect(made.statusCode, made.body).toBe(201);
  }
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  await addChannel('KAAA', '4.1', [
    { name: 'Prime', start_time: '20:00', end_time: '23:00', days_of_week: EVERY_DAY },
    { name: 'Late', start_time: '23:00', end_time: '02:00', days_of_week: EVERY_DAY },
  ]);
  await addChannel('KBBB', '7.1', [{ name: 'News', start_time: '06:00', end_time: '09:00', days_of_week: EVERY_DAY.slice(0, 5) }]);
});
afterAll(() => t.close());

// 2031-03-05 is a Wednesday, 2031-03-30 a Sunday: with Monday weeks the flight has 4 weeks, the first partial.
const FLIGHT = { start: '2031-03-05', end: '2031-03-30' };
const twoOutlets = (extra: Partial<ProposalSpec> = {}): ProposalSpec => ({
  ...FLIGHT,
  outlets: [
    { id: 'O1', callLetters: 'KAAA' },
    { id: 'O2', callLetters: 'KBBB' },
    { id: 'O3', callLetters: 'KZZZ' },
  ],
  lists: [
    {
      outlets: ['O1'],
      lines: [
        {
          name: 'Prime M-F',
          days: EVERY_DAY.slice(0, 5),
          start: '20:00',
          end: '22:00',
          periods: [
            { start: '2031-03-05', end: '2031-03-09', rate: '200.00', spots: 3, demo: '2.5' },
            { start: '2031-03-10', end: '2031-03-16', rate: '200.00' },
            { start: '2031-03-17', end: '2031-03-23', rate: '200.00', spots: 4 },
          ],
        },
        { name: 'Late bonus', days: ['Tuesday'], start: '25:00', end: '26:00', periods: [{ start: '2031-03-05', end: '2031-03-30', rate: '0.00', spots: 1 }] },
        { name: 'Afternoon', days: ['Monday'], start: '14:00', end: '15:00', periods: [{ start: '2031-03-10', end: '2031-03-16', rate: '50.00', spots: 2 }] },
        {
          name: 'Forty-five',
          days: ['Monday'],
          start: '20:00',
          end: '21:00',
          length: '00:00:45',
          periods: [{ start: '2031-03-10', end: '2031-03-16', rate: '50.00', spots: 2 }],
        },
      ],
    },
    {
      outlets: ['O2'],
      lines: [
        {
          name: 'Morning news',
          days: EVERY_DAY.slice(0, 5),
          start: '06:00',
          end: '08:00',
          plain: { rate: '100.00', total: 6, periods: [['2031-03-10', '2031-03-23']] },
        },
        {
          name: 'News by day',
          days: ['Monday', 'Wednesday'],
          start: '06:00',
          end: '07:00',
          periods: [{ start: '2031-03-24', end: '2031-03-30', rate: '80.00', byDay: { Monday: 1, Wednesday: 2 } }],
        },
      ],
    },
  ],
  ...extra,
});

type Reply = {
  orders: {
    estimate_id: string;
    call_letters: string;
    action: string;
    schedule: {
      weeks: { spots: number; gross: number }[];
      lines: { name: string; daypart_name: string | null; spots_per_week: number[]; spots: number; gross: number; demo_values: Record<string, number> }[];
      gross: number;
      spots: number;
    };
    unmapped: { name: string; start_time: string; end_time: string; reason: string }[];
    differences: { line: string; change: string; fields: string[] }[];
  }[];
  skipped: { item: string; reason: string }[];
  spots: number;
  gross: number;
};

describe('POST /api/estimates/import', () => {
  it('makes one draft per outlet with totals that match a hand count, and lists what it skipped', async () => {
    const c = await newClient(t);
    const res = await importProposalFile(t, proposalXml(twoOutlets()), c.token);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as Reply;
    expect(body.orders.map((o) => [o.call_letters, o.action])).toEqual([
      ['KAAA', 'created'],
      ['KBBB', 'created'],
    ]);
    const [kaaa, kbbb] = body.orders;
    expect(kaaa!.schedule.lines.map((l) => [l.name, l.daypart_name, l.spots_per_week, l.gross])).toEqual([
      ['Prime M-F', 'Prime', [3, 0, 4, 0], 1400],
      ['Late bonus', 'Late', [1, 1, 1, 1], 0],
      ['Afternoon', null, [0, 2, 0, 0], 100],
    ]);
    expect(kaaa!.schedule.lines[0]!.demo_values).toEqual({ 'A25-54': 2.5 });
    expect(kaaa!.unmapped).toEqual([
      { name: 'Afternoon', days: ['Monday'], start_time: '14:00', end_time: '15:00', reason: 'No daypart of the channel holds these days and times' },
    ]);
    expect(kbbb!.schedule.lines.map((l) => [l.name, l.spots_per_week, l.gross])).toEqual([
      ['Morning news', [0, 3, 3, 0], 600],
      ['News by day', [0, 0, 0, 3], 240],
    ]);
    expect(kbbb!.schedule.weeks.map((w) => w.gross)).toEqual([0, 300, 300, 240]);
    expect([body.spots, body.gross]).toEqual([22, 2340]);
    expect(body.skipped).toEqual([
      { item: 'Line "Forty-five"', reason: 'its spot length 00:00:45 is not :15, :30 or :60' },
      { item: 'Outlet KZZZ', reason: 'No active channel has these call letters' },
    ]);
    const order = (await t.inject({ method: 'GET', url: `/api/estimates/${kaaa!.estimate_id}`, token: c.token })).json();
    expect([order.status, order.total_spend, order.start_date, order.end_date, order.channel_id]).toEqual([
      'draft',
      1500,
      '2031-03-05',
      '2031-03-30',
      channel.KAAA,
    ]);
  });

  it('cuts weeks by each weekStartDay, partial weeks counted', async () => {
    const one = (weekStartDay: string, id: string): ProposalSpec => ({
      ...FLIGHT,
      id,
      weekStartDay,
      outlets: [{ id: 'O1', callLetters: 'KAAA' }],
      lists: [
        {
          outlets: ['O1'],
          lines: [
            { name: 'Prime', days: ['Friday'], start: '20:00', end: '21:00', periods: [{ start: '2031-03-05', end: '2031-03-11', rate: '10.00', spots: 2 }] },
          ],
        },
      ],
    });
    const c = await newClient(t);
    const spotsOf = async (weekStartDay: string) =>
      ((await importProposalFile(t, proposalXml(one(weekStartDay, `W-${weekStartDay}`)), c.token)).json() as Reply).orders[0]!.schedule.lines[0]!
        .spots_per_week;
    expect(await spotsOf('Monday')).toEqual([2, 2, 0, 0]);
    expect(await spotsOf('Wednesday')).toEqual([2, 0, 0, 0]);
    expect(await spotsOf('Sunday')).toEqual([2, 2, 0, 0, 0]);
    // As writers send it: two letters (Mo … Su), or three.
    expect(await spotsOf('Mo')).toEqual([2, 2, 0, 0]);
    expect(await spotsOf('We')).toEqual([2, 0, 0, 0]);
    expect(await spotsOf('Sun')).toEqual([2, 2, 0, 0, 0]);
  });

  it('sends a higher version of a submitted order’s proposal as a revision for the desk (decision 064), its schedule unchanged until approved', async () => {
    const c = await newClient(t);
    const spec = (version: number, rate: string): ProposalSpec => ({
      ...FLIGHT,
      id: 'REV-SUB',
      version,
      outlets: [{ id: 'O1', callLetters: 'KAAA' }],
      lists: [
        {
          outlets: ['O1'],
          lines: [
            {
              name: 'Prime M-F',
              days: EVERY_DAY.slice(0, 5),
              start: '20:00',
              end: '22:00',
              periods: [{ start: '2031-03-10', end: '2031-03-16', rate, spots: 3 }],
            },
          ],
        },
      ],
    });
    const first = await importProposalFile(t, proposalXml(spec(1, '200.00')), c.token);
    expect(first.statusCode, first.body).toBe(201);
    const orderId = (first.json() as Reply).orders[0]!.estimate_id;
    await t.database.db.update(estimates).set({ status: 'ordered' }).where(eq(estimates.id, orderId));
    const revised = await importProposalFile(t, proposalXml(spec(2, '250.00')), c.token);
    expect(revised.statusCode, revised.body).toBe(201);
    const order = (revised.json() as Reply).orders[0]!;
    expect([order.action, order.differences]).toEqual(['revision proposed', [{ line: 'Prime M-F', change: 'changed', fields: ['rate'] }]]);
    expect(order.schedule.lines[0]!.gross).toBe(600); // still 3 spots at $200.00
    const revisions = await t.inject({ method: 'GET', url: `/api/estimates/${orderId}/schedule/revisions`, token: c.token });
    expect(revisions.json().revisions.map((r: { version: number; status: string; gross: number }) => [r.version, r.status, r.gross])).toEqual([
      [1, 'pending', 750],
    ]);
    const waiting = await importProposalFile(t, proposalXml(spec(3, '300.00')), c.token);
    expect([waiting.statusCode, waiting.json().error]).toEqual([409, 'This order already has a revision waiting for a decision']);
  });

  it('revises the drafts of a higher version, listing the differences, and refuses the same or a lower one (409)', async () => {
    const c = await newClient(t);
    expect((await importProposalFile(t, proposalXml(twoOutlets({ id: 'REV-1', version: 1 })), c.token)).statusCode).toBe(201);
    const v2 = twoOutlets({ id: 'REV-1', version: 2 });
    v2.lists[0]!.lines[0]!.periods![0]!.rate = '250.00';
    v2.lists[0]!.lines[0]!.periods![1]!.rate = '250.00';
    v2.lists[0]!.lines[0]!.periods![2]!.rate = '250.00';
    v2.lists[0]!.lines.splice(1, 1);
    const res = await importProposalFile(t, proposalXml(v2), c.token);
    expect(res.statusCode, res.body).toBe(201);
    const kaaa = (res.json() as Reply).orders[0]!;
    expect(kaaa.action).toBe('revised');
    expect(kaaa.differences).toEqual([
      { line: 'Prime M-F', change: 'changed', fields: ['rate'] },
      { line: 'Late bonus', change: 'removed', fields: [] },
    ]);
    const [mine] = await t.database.db.select({ value: count() }).from(estimates).where(eq(estimates.ownerId, c.id));
    expect(mine!.value).toBe(2);
    for (const version of [2, 1]) {
      const again = await importProposalFile(t, proposalXml(twoOutlets({ id: 'REV-1', version })), c.token);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatch(/already imported at version 2/);
    }
  });

  it('imports on behalf of an account only for an admin who names it', async () => {
    const c = await newClient(t);
    const other = await newClient(t);
    const file = proposalXml(twoOutlets({ id: 'DESK-1' }));
    expect((await importProposalFile(t, file, admin)).json().field).toBe('account_id');
    expect((await importProposalFile(t, file, c.token, { account_id: other.id })).statusCode).toBe(403);
    const res = await importProposalFile(t, file, admin, { account_id: c.id });
    expect(res.statusCode, res.body).toBe(201);
    const order = (await t.inject({ method: 'GET', url: `/api/estimates/${res.json().orders[0].estimate_id}`, token: c.token })).json();
    expect(order.status).toBe('draft');
  });

  it('refuses hostile and foreign files whole, writing nothing', async () => {
    const c = await newClient(t);
    const orders = async () => (await t.database.db.select({ value: count() }).from(estimates))[0]!.value;
    const before = await orders();
    const entity = proposalXml(twoOutlets({ before: '<!DOCTYPE AAAA-Message [<!ENTITY x "boom">]>' }));
    const refused = await importProposalFile(t, entity, c.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/DTDs and entities are refused/);
    const deep = `<AAAA-Message xmlns="http://www.AAAA.org/schemas/spotTVCableProposal">${'<a>'.repeat(100)}${'</a>'.repeat(100)}</AAAA-Message>`;
    expect((await importProposalFile(t, deep, c.token)).json().error).toMatch(/nests deeper/);
    expect((await importProposalFile(t, '<AAAA-Message xmlns="urn:other"/>', c.token)).json().error).toMatch(/root is not AAAA-Message/);
    expect((await importProposalFile(t, proposalXml(twoOutlets({ schemaVersion: '0.2' })), c.token)).json().error).toMatch(/SchemaVersion 0.2/);
    expect((await importProposalFile(t, '<AAAA-Message', c.token)).statusCode).toBe(400);
    const huge = Buffer.alloc(6 * 1024 * 1024, ' ');
    expect((await importProposalFile(t, huge, c.token)).statusCode).toBe(413);
    expect(await orders()).toBe(before);
  });

  it('exports an order as a Proposal that imports back as the same schedule', async () => {
    const c = await newClient(t);
    const first = (await importProposalFile(t, proposalXml(twoOutlets({ id: 'TRIP-1', version: 3 })), c.token)).json() as Reply;
    const kbbb = first.orders[1]!;
    const exported = await t.inject({ method: 'GET', url: `/api/estimates/${kbbb.estimate_id}/proposal.xml`, token: c.token });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toMatch(/application\/xml/);
    expect(exported.body).toContain('<SchemaVersion>0.3.0.5A</SchemaVersion>');
    expect(exported.body).toContain('version="4"');
    // The shape schema-validated writers in public code send: weekStartDay in two letters, the station not a
    // parent-plus outlet, the list not a package, ids unique in the file, Days in TVBGeneralTypes and the
    // demo category's parts in spotTV (prefixed tvb-tp and tvb as they prefix them).
    const root = readXmlTree(exported.body);
    const all = (e: ProposalElement): ProposalElement[] => [e, ...e.children.flatMap(all)];
    const find = (name: string) => all(root).filter((e) => e.name === name);
    expect(find('Proposal')[0]!.attributes.weekStartDay).toBe('Mo');
    expect(find('TelevisionStation')[0]!.attributes).toMatchObject({ callLetters: 'KBBB', parentPlus: 'N', outletId: 'O1' });
    expect(find('AvailList')[0]!.attributes).toMatchObject({ identifier: 'L1', isPackage: 'N' });
    const ids = all(root).flatMap((e) => [e.attributes.identifier, e.attributes.outletId, e.attributes.outletForListId, e.attributes.DemoId].filter(Boolean));
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(find('Days').flatMap((d) => d.children.map((c) => c.ns)))).toEqual(new Set(['http://www.AAAA.org/schemas/TVBGeneralTypes']));
    expect(exported.body).toContain('<tvb-tp:Monday>');
    expect(find('Proposal')[0]!.children.map((c) => c.name)).toEqual(['Seller', 'Advertiser', 'Name', 'Outlets', 'AvailList']);
    const again = await importProposalFile(t, exported.body, c.token);
    expect(again.statusCode, again.body).toBe(201);
    const back = (again.json() as Reply).orders;
    expect(back.map((o) => [o.estimate_id, o.action, o.differences])).toEqual([[kbbb.estimate_id, 'revised', []]]);
    const strip = (o: Reply['orders'][number]) =>
      o.schedule.lines.map(({ name, daypart_name, spots_per_week, gross, demo_values }) => ({ name, daypart_name, spots_per_week, gross, demo_values }));
    expect(strip(back[0]!)).toEqual(strip(kbbb));

    const stranger = await newClient(t);
    expect((await t.inject({ method: 'GET', url: `/api/estimates/${kbbb.estimate_id}/proposal.xml`, token: stranger.token })).statusCode).toBe(404);
  });

  it('refuses to submit while a line is unmapped', async () => {
    const c = await clientWithBrand(t);
    const made = (await importProposalFile(t, proposalXml(twoOutlets({ id: 'SUBMIT-1' })), c.token)).json() as Reply;
    const kaaa = made.orders[0]!.estimate_id;
    const ready = await t.inject({
      method: 'PUT',
      url: `/api/estimates/${kaaa}`,
      token: c.token,
      payload: { brand_id: c.brand.id, media_asset_id: c.media.id, payment_method_id: c.card.id },
    });
    expect(ready.statusCode, ready.body).toBe(200);
    const refused = await t.inject({ method: 'PUT', url: `/api/estimates/${kaaa}`, token: c.token, payload: { status: 'ordered' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'Map every schedule line to a daypart before submitting: Afternoon', field: 'schedule' });
  });
});
