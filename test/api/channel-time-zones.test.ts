/**
 * Each channel's days are its own time zone's (issue 41, decision 053 "Time zones"): the station is in
 * New York (the default channel keeps the station's zone) and a second channel is in Los Angeles. The
 * station clock starts each channel's orders at its own midnight, the log of a day is that channel's day in
 * its zone (across the spring-forward change of 2027-03-14), "today" for a new order and for availability is
 * the channel's, and an as-run's wall-clock times are read in its channel's zone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localClockOf } from '../../src/domain/dates';
import { START_DATE_DEFAULT_LEAD_DAYS } from '../../src/domain/constants';
import { createTestApp, type TestApp } from '../support/app';
import { uploadAsRun } from '../support/as-run-fixtures';
import { setOrderStatus } from '../support/campaign-fixtures';
import { clientWithBrand, createOrder, getOrder, submittedOrder } from '../support/ordering-fixtures';

const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const NEW_YORK = 'America/New_York';
const LOS_ANGELES = 'America/Los_Angeles';
const START = '2027-03-09';
let now = new Date('2027-03-01T12:00:00Z');
let t: TestApp;
let admin: string;
let main: { id: string; time_zone: string; own_time_zone: boolean };
let west: { id: string; time_zone: string };
let mainDaypart: string;
let westDaypart: string;
let onMain: string;
let onWest: string;

interface Log {
  time_zone: string;
  placed: boolean;
  spots: { id: string; estimate_id: string; scheduled_at: string; local_time: string; house_code: string; status: string; aired_at: string | null }[];
}

const logOf = async (date: string, channelId: string) => {
  const res = await t.inject({ method: 'GET', url: `/api/traffic/logs/${date}?channel_id=${channelId}`, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Log;
};

const daypartOn = async (channelId: string, name: string) => {
  const res = await t.inject({
    method: 'POST',
    url: '/api/dayparts',
    token: admin,
    payload: { name, start_time: '06:00', end_time: '07:00', days_of_week: EVERY_DAY, base_cpm: 15, spot_frequency: 10, channel_id: channelId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
};

const statusOf = async (id: string) => (await getOrder(t, admin, id)).status as string;

beforeAll(async () => {
  t = await createTestApp({ trafficHorizonDays: 7, stationTimeZone: NEW_YORK }, { now: () => now });
  admin = await t.adminToken();
  const channels = (await t.inject({ method: 'GET', url: '/api/channels', token: admin })).json() as (typeof main)[];
  main = channels[0]!;
  const created = await t.inject({
    method: 'POST',
    url: '/api/channels',
    token: admin,
    payload: { call_letters: 'KWST', channel_number: '4.1', name: 'West', short_name: 'KWST', time_zone: LOS_ANGELES },
  });
  expect(created.statusCode, created.body).toBe(201);
  west = created.json();
  mainDaypart = await daypartOn(main.id, 'East Mornings');
  westDaypart = await daypartOn(west.id, 'West Mornings');
  onMain = (await submittedOrder(t, { name: 'East', startDate: START, daypartId: mainDaypart, spots: 1, channelId: main.id })).order.id;
  onWest = (await submittedOrder(t, { name: 'West', startDate: START, daypartId: westDaypart, spots: 1, channelId: west.id })).order.id;
  for (const id of [onMain, onWest]) await setOrderStatus(t, id, 'scheduled');
});
afterAll(() => t.close());

describe("a channel's days are in its own time zone", () => {
  it("keeps the station's zone on the default channel and the channel's own on the other", () => {
    expect(main).toMatchObject({ time_zone: NEW_YORK, own_time_zone: false });
    expect(west).toMatchObject({ time_zone: LOS_ANGELES, own_time_zone: true });
  });

  it("answers today on the channel for a new order's start and for availability", async () => {
    // 01:00 in New York on the 9th is 22:00 on the 8th in Los Angeles.
    now = new Date('2027-03-09T06:00:00Z');
    const client = await clientWithBrand(t);
    const eastOrder = await createOrder(t, client.token, { estimate_name: 'East draft', brand_id: client.brand.id });
    const westOrder = await createOrder(t, client.token, { estimate_name: 'West draft', brand_id: client.brand.id, channel_id: west.id });
    expect(eastOrder.start_date).toBe(addDays('2027-03-09', START_DATE_DEFAULT_LEAD_DAYS));
    expect(westOrder.start_date).toBe(addDays('2027-03-08', START_DATE_DEFAULT_LEAD_DAYS));
    for (const [daypart, today] of [
      [mainDaypart, '2027-03-09'],
      [westDaypart, '2027-03-08'],
    ] as const) {
      const availability = await t.inject({ method: 'GET', url: `/api/dayparts/availability/${daypart}`, token: client.token });
      expect(availability.statusCode, availability.body).toBe(200);
      expect(availability.json()).toMatchObject({ start_date: today, end_date: today });
    }
  });

  it("starts each channel's orders at its own midnight", async () => {
    now = new Date('2027-03-09T06:00:00Z');
    const first = await t.app.ctx.stationClock.tick();
    expect(first.started).toEqual([onMain]);
    expect(await statusOf(onMain)).toBe('active');
    expect(await statusOf(onWest)).toBe('scheduled');
    // 00:30 in Los Angeles: the west channel's 9th has come.
    now = new Date('2027-03-09T08:30:00Z');
    const second = await t.app.ctx.stationClock.tick();
    expect(second.started).toEqual([onWest]);
    expect(await statusOf(onWest)).toBe('active');
  });

  it("places each channel's log in its zone, before and after the spring-forward change", async () => {
    // Both dayparts run 06:00-07:00 on their channel's clock: three hours apart, each moving an hour on the 14th.
    for (const [date, eastHour, westHour] of [
      ['2027-03-13', 11, 14],
      ['2027-03-14', 10, 13],
    ] as const) {
      const east = await logOf(date, main.id);
      const westLog = await logOf(date, west.id);
      expect(east).toMatchObject({ time_zone: NEW_YORK, placed: true });
      expect(westLog).toMatchObject({ time_zone: LOS_ANGELES, placed: true });
      const eastSpot = east.spots.find((s) => s.estimate_id === onMain)!;
      const westSpot = westLog.spots.find((s) => s.estimate_id === onWest)!;
      expect(new Date(eastSpot.scheduled_at).getUTCHours(), date).toBe(eastHour);
      expect(new Date(westSpot.scheduled_at).getUTCHours(), date).toBe(westHour);
      expect(eastSpot.local_time).toMatch(/^06:/);
      expect(westSpot.local_time).toMatch(/^06:/);
      expect(localClockOf(new Date(westSpot.scheduled_at), LOS_ANGELES).slice(0, 5)).toBe(westSpot.local_time.slice(0, 5));
      expect(east.spots.some((s) => s.estimate_id === onWest)).toBe(false);
    }
  });

  it("reads an as-run's times in its channel's zone", async () => {
    now = new Date('2027-03-10T12:00:00Z');
    const spot = (await logOf(START, west.id)).spots.find((s) => s.estimate_id === onWest)!;
    const csv = `date,time,house_code,duration,status\n${START},${spot.local_time},${spot.house_code},30,aired`;
    const res = await uploadAsRun(t, 'west.csv', csv, admin, 'text/csv', { channel_id: west.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ import: { aired: 1, unmatched: 0 } });
    // Aired at 06:xx in Los Angeles: the instant it was scheduled, not three hours before.
    expect((await logOf(START, west.id)).spots.find((s) => s.id === spot.id)).toMatchObject({ status: 'aired', aired_at: spot.scheduled_at });
    // The affidavit certifies it at the channel's wall-clock time, as the log shows it.
    const affidavit = await t.inject({ method: 'GET', url: `/api/estimates/${onWest}/affidavit?format=csv`, token: admin });
    expect(affidavit.statusCode, affidavit.body).toBe(200);
    const line = affidavit.body.split(/\r?\n/).find((l) => l.includes(spot.house_code) && l.includes(START));
    expect(line).toContain(spot.local_time);
  });

  it("lists a channel's unconfirmed spots on Discrepancies at its wall-clock time", async () => {
    // The 10th's spots have passed the as-run grace period (36 hours after the day ends) unreported.
    now = new Date('2027-03-13T12:00:00Z');
    expect((await t.app.ctx.stationClock.tick()).unconfirmedSpots).toBeGreaterThan(0);
    const res = await t.inject({ method: 'GET', url: `/api/traffic/discrepancies?channel_id=${west.id}`, token: admin });
    expect(res.statusCode, res.body).toBe(200);
    const unconfirmed = (res.json() as { unconfirmed: { estimate_id: string; air_date: string; local_time: string }[] }).unconfirmed;
    const tenth = unconfirmed.find((s) => s.estimate_id === onWest && s.air_date === '2027-03-10');
    expect(tenth?.local_time).toMatch(/^06:/);
  });
});
