/**
 * Late bookings and exports (issue 23 item 3, issue 30 item 2, decision 031): exporting a day not
 * placed yet places it first (a past one is refused), a booking made after its day went to master
 * control is still placed, marked "added after export", and the log counts the changes since the
 * export, which the BXF export can send alone.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { campaignOfOrder, setOrderStatus } from '../support/campaign-fixtures';
import { createDaypart, submittedOrder } from '../support/ordering-fixtures';

const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
let now = new Date('2027-08-02T12:00:00Z');
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
  admin = await t.adminToken();
});
afterAll(async () => t?.close());

interface Spot {
  id: string;
  status: string;
  estimate_id: string;
  added_after_export: boolean;
}

const log = async (date: string) =>
  (await t.inject({ method: 'GET', url: `/api/traffic/logs/${date}`, token: admin })).json() as {
    placed: boolean;
    exported_at: string | null;
    changes_since_export: number;
    spots: Spot[];
  };
const exportDay = (date: string, query = 'format=csv') => t.inject({ method: 'GET', url: `/api/traffic/logs/${date}/export?${query}`, token: admin });
const bxfEvents = (body: string) => {
  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    isArray: (name) => name === 'ScheduledEvent',
  }).parse(body);
  return (parsed.BxfMessage.BxfData.Schedule.ScheduledEvent ?? []) as { EventData: { '@_eventType': string; EventId: { EventId: string } } }[];
};
/** The spot ids of a BXF day: its Primary events (break headers left out), without the urn:uuid: prefix. */
const bxfSpotIds = (body: string) =>
  bxfEvents(body)
    .filter((e) => e.EventData['@_eventType'] === 'Primary')
    .map((e) => e.EventData.EventId.EventId.replace(/^urn:uuid:/, ''));

describe('exporting a day', () => {
  it('places a day beyond the horizon before exporting it, so its booked spots are never frozen away', async () => {
    const daypart = await createDaypart(t.database.db, { startTime: '06:00', endTime: '07:00', daysOfWeek: EVERY_DAY, spotFrequency: 10 });
    const far = '2027-09-20';
    const { order } = await submittedOrder(t, { name: 'Far ahead', startDate: far, daypartId: daypart.id, spots: 2, totalSpend: 2000 });
    await setOrderStatus(t, order.id, 'scheduled');
    await t.app.ctx.stationClock.tick();
    expect((await log(far)).placed).toBe(false);

    const csv = await exportDay(far);
    expect(csv.statusCode).toBe(200);
    expect(
      csv.body
        .trim()
        .split('\r\n')
        .filter((l) => l.includes(order.id)),
    ).toHaveLength(2);
    const day = await log(far);
    expect(day.placed).toBe(true);
    expect(day.spots.filter((s) => s.estimate_id === order.id).map((s) => s.status)).toEqual(['scheduled', 'scheduled']);
    // When the clock reaches the day, its spots are still there.
    now = new Date('2027-09-10T12:00:00Z');
    await t.app.ctx.stationClock.tick();
    expect((await log(far)).spots.filter((s) => s.estimate_id === order.id)).toHaveLength(2);
  });

  it('refuses to export a past day that was never placed, and does not freeze it', async () => {
    const res = await exportDay('2027-07-01');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error:
        'This broadcast day has passed without being placed: there is no log to send to master control (spots booked on it are listed on Discrepancies, under Days never placed)',
    });
    expect((await log('2027-07-01')).exported_at).toBeNull();
  });
});

describe('late bookings', () => {
  it('places an order booked after its day was exported, marked added after export; the log counts the changes and the BXF can send just them', async () => {
    now = new Date('2027-10-01T12:00:00Z');
    const daypart = await createDaypart(t.database.db, { startTime: '06:00', endTime: '07:00', daysOfWeek: EVERY_DAY, spotFrequency: 10 });
    const day = '2027-10-09';
    const early = await submittedOrder(t, { name: 'Booked early', startDate: day, daypartId: daypart.id, spots: 2, totalSpend: 2000 });
    await setOrderStatus(t, early.order.id, 'scheduled');
    await t.app.ctx.stationClock.tick();
    expect((await exportDay(day, 'format=bxf')).statusCode).toBe(200);
    expect((await log(day)).changes_since_export).toBe(0);

    now = new Date('2027-10-01T13:00:00Z');
    const late = await submittedOrder(t, { name: 'Booked late', startDate: day, daypartId: daypart.id, spots: 3, totalSpend: 2000 });
    await setOrderStatus(t, late.order.id, 'scheduled');
    await t.app.ctx.stationClock.tick();

    const after = await log(day);
    const added = after.spots.filter((s) => s.estimate_id === late.order.id);
    expect(added.map((s) => [s.status, s.added_after_export])).toEqual(Array(3).fill(['scheduled', true]));
    expect(after.spots.filter((s) => s.estimate_id === early.order.id).every((s) => !s.added_after_export)).toBe(true);
    expect(after.changes_since_export).toBe(3);
    // The order page shows it too.
    const own = (await t.inject({ method: 'GET', url: `/api/estimates/${late.order.id}/spots?from=${day}&to=${day}`, token: late.owner.token })).json();
    expect(own.days[0].spots.map((s: Spot) => s.added_after_export)).toEqual([true, true, true]);

    // "Export again": only the changes.
    now = new Date('2027-10-01T14:00:00Z');
    const changes = await exportDay(day, 'format=bxf&changes=since-export');
    expect(changes.statusCode).toBe(200);
    expect(bxfSpotIds(changes.body).sort()).toEqual(added.map((s) => s.id).sort());
    expect((await log(day)).changes_since_export).toBe(0);
    const bad = await exportDay(day, 'changes=all');
    expect(bad.statusCode).toBe(400);

    // The traffic desk's Discrepancies list shows the late bookings; clients may not read it.
    const list = await t.inject({ method: 'GET', url: '/api/traffic/discrepancies', token: admin });
    expect(list.statusCode, list.body).toBe(200);
    expect(
      (list.json().late_bookings as Spot[])
        .filter((s) => s.estimate_id === late.order.id)
        .map((s) => s.id)
        .sort(),
    ).toEqual(added.map((s) => s.id).sort());
    expect((await t.inject({ method: 'GET', url: '/api/traffic/discrepancies', token: late.owner.token })).statusCode).toBe(403);
  });
});

describe('closed days (decision 031)', () => {
  it("moves a booking whose day's air time has passed to the nearest free day of its window; the order page and the traffic desk see it", async () => {
    now = new Date('2027-11-01T12:00:00Z');
    const daypart = await createDaypart(t.database.db, { startTime: '06:00', endTime: '07:00', daysOfWeek: EVERY_DAY, spotFrequency: 10 });
    const day = '2027-11-09';
    const next = '2027-11-10';
    const early = await submittedOrder(t, { name: 'On air already', startDate: day, daypartId: daypart.id, spots: 2, totalSpend: 2000 });
    await setOrderStatus(t, early.order.id, 'active');
    // Booked in time but approved only at noon on its first day: its 06:00 airtime has gone.
    const late = await submittedOrder(t, { name: 'Approved at noon', startDate: day, daypartId: daypart.id, spots: 2, totalSpend: 2000 });
    now = new Date(`${day}T12:00:00Z`);
    await t.app.ctx.stationClock.tick();
    expect((await log(day)).spots.filter((s) => s.estimate_id === early.order.id)).toHaveLength(2);
    await setOrderStatus(t, late.order.id, 'scheduled');
    await t.app.ctx.stationClock.tick();

    // Nothing of it on the closed day; the next day holds its own two spots and the two moved ones.
    expect((await log(day)).spots.filter((s) => s.estimate_id === late.order.id)).toEqual([]);
    const own = (await t.inject({ method: 'GET', url: `/api/estimates/${late.order.id}/spots?from=${day}&to=${next}`, token: late.owner.token })).json() as {
      days: { date: string; spots: (Spot & { moved_from_date: string | null })[] }[];
    };
    expect(own.days.map((d) => d.date)).toEqual([next]);
    expect(own.days[0]!.spots.map((s) => [s.status, s.moved_from_date]).sort()).toEqual([
      ['scheduled', null],
      ['scheduled', null],
      ['scheduled', day],
      ['scheduled', day],
    ]);
    // Another run of the clock neither moves them again nor loses them.
    await t.app.ctx.stationClock.tick();
    expect((await log(next)).spots.filter((s) => s.estimate_id === late.order.id)).toHaveLength(4);

    const desk = (await t.inject({ method: 'GET', url: '/api/traffic/discrepancies', token: admin })).json() as {
      moved_spots: { estimate_id: string; from_date: string; to_date: string | null; estimate_name: string }[];
    };
    expect(desk.moved_spots.filter((m) => m.estimate_id === late.order.id).map((m) => [m.from_date, m.to_date, m.estimate_name])).toEqual([
      [day, next, 'Approved at noon'],
      [day, next, 'Approved at noon'],
    ]);
  });

  it('a changes export carries the spots cancelled since the last export as deletions', async () => {
    now = new Date('2027-12-01T12:00:00Z');
    const daypart = await createDaypart(t.database.db, { startTime: '06:00', endTime: '07:00', daysOfWeek: EVERY_DAY, spotFrequency: 10 });
    const day = '2027-12-09';
    const kept = await submittedOrder(t, { name: 'Stays', startDate: day, daypartId: daypart.id, spots: 1, totalSpend: 2000 });
    const dropped = await submittedOrder(t, { name: 'Paused after export', startDate: day, daypartId: daypart.id, spots: 2, totalSpend: 2000 });
    await setOrderStatus(t, kept.order.id, 'scheduled');
    await setOrderStatus(t, dropped.order.id, 'active');
    await t.app.ctx.stationClock.tick();
    expect((await exportDay(day, 'format=bxf')).statusCode).toBe(200);
    const sent = (await log(day)).spots
      .filter((s) => s.estimate_id === dropped.order.id)
      .map((s) => s.id)
      .sort();
    expect(sent).toHaveLength(2);

    now = new Date('2027-12-01T13:00:00Z');
    // Its campaign is paused: its spots on the exported day are cancelled.
    const campaign = await campaignOfOrder(t, admin, dropped.order.id);
    const paused = await t.inject({ method: 'PATCH', url: `/api/campaigns/${campaign!.campaign_id}/status`, token: admin, payload: { status: 'paused' } });
    expect(paused.statusCode, paused.body).toBe(200);
    await t.app.ctx.stationClock.tick();
    expect((await log(day)).changes_since_export).toBe(2);

    const changes = await exportDay(day, 'format=bxf&changes=since-export');
    expect(changes.statusCode, changes.body).toBe(200);
    const events = bxfEvents(changes.body) as unknown as { '@_action'?: string; EventData: { '@_eventType': string; EventId: { EventId: string } } }[];
    expect(events.map((e) => [e['@_action'], e.EventData['@_eventType'], e.EventData.EventId.EventId.replace(/^urn:uuid:/, '')]).sort()).toEqual(
      sent.map((id) => ['delete', 'Primary', id]),
    );
    // With the SMPTE schema on this machine (not in the repository, see the README), the deletions validate.
    if (process.env.BXF_SCHEMA_DIR) {
      const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'bxf-')), 'changes.xml');
      writeFileSync(file, changes.body);
      expect(
        execFileSync('xmllint', ['--noout', '--schema', path.join(process.env.BXF_SCHEMA_DIR, 'bxfschema.xsd'), file], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      ).toBe('');
    }
    // The full export never lists cancelled spots.
    expect(bxfSpotIds((await exportDay(day, 'format=bxf')).body)).not.toContain(sent[0]);
  });
});
