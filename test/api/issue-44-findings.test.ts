/**
 * Issue 44's minor findings on the traffic log and the as-run (decision 061): the day's first export is
 * kept when it is exported again, a spot aired 3 minutes late is noted on the as-run report and listed
 * on Discrepancies, a daypart's "placed" counts the missed spots it shows as rows, and a PSA's house code
 * (the station's own material) is skipped, not listed with the truly unknown codes; days that passed
 * unplaced while the station was down are listed on Discrepancies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { setOrderStatus } from '../support/campaign-fixtures';
import { createDaypart, submittedOrder } from '../support/ordering-fixtures';
import { uploadAsRun } from '../support/as-run-fixtures';

const ZONE = 'America/New_York';
const DAY = '2027-06-07'; // a Monday
const NEXT = '2027-06-08';
let now = new Date('2027-05-30T14:00:00Z');
let t: TestApp;
let admin: string;
let order: { id: string };
let daypartId: string;
let house: string;

interface Spot {
  id: string;
  local_time: string;
  status: string;
  estimate_id: string;
}

beforeAll(async () => {
  t = await createTestApp({ stationTimeZone: ZONE, trafficHorizonDays: 3 }, { now: () => now });
  admin = await t.adminToken();
  const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  const daypart = await createDaypart(t.database.db, { startTime: '06:00', endTime: '07:00', daysOfWeek: everyDay, spotFrequency: 10 });
  daypartId = daypart.id;
  const booked = await submittedOrder(t, { name: 'Morning news sponsor', startDate: DAY, daypartId: daypart.id, spots: 3, totalSpend: 3000 });
  order = booked.order;
  house = booked.owner.media.houseNumber;
  await setOrderStatus(t, order.id, 'active');
  now = new Date(`${DAY}T10:00:00Z`); // 06:00 EDT on the 7th: the 7th to the 9th are placed
  await t.app.ctx.stationClock.tick();
});
afterAll(async () => t?.close());

const log = async (date: string) => (await t.inject({ method: 'GET', url: `/api/traffic/logs/${date}`, token: admin })).json();
const spotsOn = async (date: string) => ((await log(date)).spots as Spot[]).filter((s) => s.estimate_id === order.id);
const exportDay = async (date: string) => {
  const res = await t.inject({ method: 'GET', url: `/api/traffic/logs/${date}/export?format=csv`, token: admin });
  expect(res.statusCode, res.body).toBe(200);
};

describe('issue 44: the traffic desk’s minor findings', () => {
  it('keeps when a day was first sent to master control, however often it is exported again', async () => {
    const first = new Date(`${DAY}T10:00:00Z`);
    await exportDay(NEXT);
    expect(await log(NEXT)).toMatchObject({ first_exported_at: first.toISOString(), exported_at: first.toISOString() });

    now = new Date(`${DAY}T11:30:00Z`);
    await exportDay(NEXT);
    now = new Date('2027-06-10T15:00:00Z'); // the day has passed: exporting it again is a copy for the record
    await exportDay(NEXT);
    expect(await log(NEXT)).toMatchObject({ first_exported_at: first.toISOString(), exported_at: now.toISOString() });
  });

  it('notes a spot aired 3 minutes late on the as-run report and lists it on Discrepancies; a missed spot still counts as placed', async () => {
    now = new Date('2027-06-10T15:00:00Z');
    expect((await spotsOn(DAY)).map((s) => s.local_time)).toEqual(['06:00:00', '06:15:00', '06:30:00']);
    const csv = ['date,time,house_code,duration,status', `${DAY},06:00:20,${house},30,aired`, `${DAY},06:18:00,${house},30,aired`].join('\n');
    const res = await uploadAsRun(t, 'monday.csv', csv, admin, 'text/csv', { close_day: 'true' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().aired_spots.map((s: { time: string; note: string | null }) => [s.time, s.note])).toEqual([
      ['06:00:20', null],
      ['06:18:00', 'Aired 3 min late'],
    ]);
    expect((await spotsOn(DAY)).map((s) => s.status)).toEqual(['aired', 'aired', 'missed']);

    const discrepancies = (await t.inject({ method: 'GET', url: '/api/traffic/discrepancies', token: admin })).json();
    expect(discrepancies.off_schedule).toEqual([
      expect.objectContaining({ air_date: DAY, local_time: '06:15:00', aired_time: '06:18:00', off_by: 'Aired 3 min late', house_code: house }),
    ]);

    // Three rows on the log (two aired, one missed): the daypart says 3 placed, not 2.
    const day = await log(DAY);
    expect(day.dayparts.find((d: { id: string }) => d.id === daypartId)).toMatchObject({ placed: 3, capacity: 10 });
  });

  it('skips the station’s own material (a PSA) by its house-code prefix, and lists only the truly unknown codes as unmatched', async () => {
    now = new Date('2027-06-10T15:00:00Z');
    const station = { name: 'WSPT Channel 7', address: null, phone: null, email: null, remit_to: null, tax_id: null, logo: null };
    const bad = await t.inject({ method: 'PUT', url: '/api/station', token: admin, payload: { ...station, station_material_prefixes: ['PSA '.repeat(9)] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Each station material prefix must be 1 to 16 letters, digits or _ . : / -');
    const saved = await t.inject({ method: 'PUT', url: '/api/station', token: admin, payload: { ...station, station_material_prefixes: ['psa', 'PRO'] } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().station_material_prefixes).toEqual(['PSA', 'PRO']);

    const csv = ['date,time,house_code,duration,status', `${NEXT},06:05:00,PSA0001,30,aired`, `${NEXT},06:06:00,ZZZZ9999,30,aired`].join('\n');
    const res = await uploadAsRun(t, 'tuesday.csv', csv, admin);
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json();
    expect(report.import).toMatchObject({ rows: 2, skipped: 1, unmatched: 1 });
    expect(report.skipped_rows).toEqual([
      expect.objectContaining({ line: 2, house_code: 'PSA0001', note: 'Station material, not a commercial (house code starts with PSA)' }),
    ]);
    expect(report.unmatched_rows.map((r: { house_code: string }) => r.house_code)).toEqual(['ZZZZ9999']);
    const discrepancies = (await t.inject({ method: 'GET', url: '/api/traffic/discrepancies', token: admin })).json();
    expect(discrepancies.unmatched_rows.map((r: { house_code: string }) => r.house_code)).toEqual(['ZZZZ9999']);
  });

  it('lists on Discrepancies the days that passed with spots booked and no log while the station was down', async () => {
    const end = (await t.inject({ method: 'GET', url: `/api/estimates/${order.id}`, token: admin })).json().end_date as string;
    expect(end >= '2027-06-26').toBe(true);
    // The clock last ran on the 7th, placing 14 days ahead (to the 20th); the station comes back on the 26th.
    now = new Date('2027-06-26T12:00:00Z');
    await t.app.ctx.stationClock.tick();
    const res = await t.inject({ method: 'GET', url: '/api/traffic/logs/2027-06-22/export?format=csv', token: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      'This broadcast day has passed without being placed: there is no log to send to master control (spots booked on it are listed on Discrepancies, under Days never placed)',
    );
    const lost = ['2027-06-25', '2027-06-24', '2027-06-23', '2027-06-22', '2027-06-21'];
    const discrepancies = (await t.inject({ method: 'GET', url: '/api/traffic/discrepancies', token: admin })).json();
    expect(discrepancies.unplaced_days.map((d: { date: string; spots: number; orders: number }) => [d.date, d.spots, d.orders])).toEqual(
      lost.map((d) => [d, 3, 1]),
    );
  });
});
