/**
 * Issue 27 on the traffic log: each spot's Ad-ID and title on the screen's data, the CSV and the BXF
 * (AlternateId, and the Ad-ID as the house number the station controls); spots without one flagged
 * "no Ad-ID" on the log and the Discrepancies list; the station setting that keeps them off the log.
 */
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { setOrderStatus } from '../support/campaign-fixtures';
import { createDaypart, submittedOrder } from '../support/ordering-fixtures';

const DAY = '2027-06-07';
let now = new Date('2027-05-30T14:00:00Z');
let t: TestApp;
let admin: string;
let first: Awaited<ReturnType<typeof submittedOrder>>;
let second: Awaited<ReturnType<typeof submittedOrder>>;

type Spot = { id: string; air_date: string; estimate_id: string; house_code: string; ad_id: string | null; title: string | null; no_ad_id: boolean };
const NEXT = '2027-06-08';
const spotsOf = async (orderId: string, day = DAY) =>
  ((await t.inject({ method: 'GET', url: `/api/traffic/logs/${day}`, token: admin })).json().spots as Spot[]).filter((s) => s.estimate_id === orderId);
const setRequire = async (required: boolean) => {
  const res = await t.inject({ method: 'PUT', url: '/api/station', token: admin, payload: { name: 'WSPT Channel 7', require_ad_id: required } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().require_ad_id).toBe(required);
};

beforeAll(async () => {
  t = await createTestApp({ trafficHorizonDays: 2 }, { now: () => now });
  admin = await t.adminToken();
  const daypart = await createDaypart(t.database.db, {
    name: 'Noon',
    startTime: '12:00',
    endTime: '13:00',
    daysOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    spotFrequency: 10,
  });
  first = await submittedOrder(t, { name: 'Juice', startDate: DAY, daypartId: daypart.id, spots: 2, totalSpend: 3000 });
  second = await submittedOrder(t, { name: 'Tools', startDate: DAY, daypartId: daypart.id, spots: 1, totalSpend: 3000 });
  await setOrderStatus(t, first.order.id, 'active');
  await setOrderStatus(t, second.order.id, 'active');
  now = new Date(`${DAY}T10:00:00Z`);
  await t.app.ctx.stationClock.tick();
});
afterAll(async () => t?.close());

describe('Ad-ID on the traffic log', () => {
  it('flags spots without an Ad-ID on the log and the Discrepancies list, with the station house number', async () => {
    const spots = await spotsOf(first.order.id);
    expect(spots).toHaveLength(2);
    for (const s of spots) expect(s).toMatchObject({ house_code: first.owner.media.houseNumber, ad_id: null, title: null, no_ad_id: true });
    expect(first.owner.media.houseNumber).toMatch(/^SB\d{6}$/);
    const flagged = (await t.inject({ method: 'GET', url: '/api/traffic/discrepancies', token: admin })).json().no_ad_id as Spot[];
    expect(
      flagged
        .filter((s) => s.estimate_id === first.order.id && s.air_date === DAY)
        .map((s) => s.id)
        .sort(),
    ).toEqual(spots.map((s) => s.id).sort());
  });

  it('shows the Ad-ID and title once entered, in the CSV, and in BXF as the house number and AlternateId', async () => {
    const patched = await t.inject({
      method: 'PATCH',
      url: `/api/media/${first.owner.media.id}`,
      token: first.owner.token,
      payload: { ad_id: 'sunj0001000h', title: 'Summer Squeeze' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    await t.app.ctx.stationClock.tick();
    const spots = await spotsOf(first.order.id);
    for (const s of spots) expect(s).toMatchObject({ house_code: 'SUNJ0001000H', ad_id: 'SUNJ0001000H', title: 'Summer Squeeze', no_ad_id: false });
    const flagged = (await t.inject({ method: 'GET', url: '/api/traffic/discrepancies', token: admin })).json().no_ad_id as Spot[];
    expect(flagged.some((s) => s.estimate_id === first.order.id)).toBe(false);
    expect(flagged.some((s) => s.estimate_id === second.order.id)).toBe(true);

    const csv = (await t.inject({ method: 'GET', url: `/api/traffic/logs/${DAY}/export?format=csv`, token: admin })).body.trim().split('\r\n');
    expect(csv[0]!.endsWith(',spot_id,ad_id,title,status')).toBe(true);
    expect(csv.filter((l) => l.includes(first.order.id)).every((l) => l.endsWith(',SUNJ0001000H,Summer Squeeze,scheduled'))).toBe(true);

    const bxf = (await t.inject({ method: 'GET', url: `/api/traffic/logs/${DAY}/export?format=bxf`, token: admin })).body;
    const parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@',
      parseTagValue: false,
      isArray: (name) => name === 'ScheduledEvent' || name === 'AlternateId',
    }).parse(bxf);
    const events = parsed.BxfMessage.BxfData.Schedule.ScheduledEvent as { Content?: { ContentId: Record<string, unknown>; Name: string } }[];
    const ours = events.filter((e) => e.Content?.ContentId.HouseNumber === 'SUNJ0001000H');
    expect(ours).toHaveLength(2);
    expect(ours[0]!.Content).toMatchObject({
      ContentId: { HouseNumber: 'SUNJ0001000H', AlternateId: [{ '#text': 'SUNJ0001000H', '@type': 'Ad-ID', '@authoritativeSource': 'Ad-ID' }] },
      Name: 'Summer Squeeze',
    });
    const theirs = events.filter((e) => e.Content?.ContentId.HouseNumber === second.owner.media.houseNumber);
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.Content!.ContentId.AlternateId).toBeUndefined();
    expect(bxf).not.toMatch(/HouseNumber>[0-9A-F]{8}</);
  });

  it('keeps spots without an Ad-ID off the log while the station requires one (days not yet sent to master control)', async () => {
    expect(await spotsOf(second.order.id, NEXT)).toHaveLength(1);
    await setRequire(true);
    await t.app.ctx.stationClock.tick();
    expect(await spotsOf(second.order.id, NEXT)).toEqual([]);
    expect(await spotsOf(first.order.id, NEXT)).toHaveLength(2);
    await setRequire(false);
    await t.app.ctx.stationClock.tick();
    expect(await spotsOf(second.order.id, NEXT)).toHaveLength(1);
  });
});
