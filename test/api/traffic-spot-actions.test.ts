/**
 * The traffic desk's day (issue 44, decision 058): preempting, moving and cancelling one spot of the log
 * by API. Each is audited, tells the advertiser, counts in the changes since export and the changes-only
 * BXF, leaves the order Active, and stands: the station clock placing again never undoes it.
 */
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { setOrderStatus } from '../support/campaign-fixtures';
import { createDaypart, getOrder, submittedOrder } from '../support/ordering-fixtures';
import { autoOfferMakegoods } from '../support/station-settings';

const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
// A Monday noon in New York; the test app's station is in UTC unless told, so times below are UTC wall clock.
const now = new Date('2027-03-01T12:00:00Z');
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
  admin = await t.adminToken();
});
afterAll(async () => t?.close());

interface Spot {
  id: string;
  air_date: string;
  local_time: string;
  status: string;
  estimate_id: string;
  desk_action: string | null;
  desk_reason: string | null;
  moved_from_date: string | null;
}
interface Log {
  exported_at: string | null;
  changes_since_export: number;
  spots: Spot[];
}

const log = async (date: string) => (await t.inject({ method: 'GET', url: `/api/traffic/logs/${date}`, token: admin })).json() as Log;
const act = (id: string, action: 'preempt' | 'move' | 'cancel', payload: unknown, token = admin) =>
  t.inject({ method: 'POST', url: `/api/traffic/spots/${id}/${action}`, token, payload: payload as Record<string, unknown> });

/** An Active order of two spots a day on a fresh daypart 06:00–07:00, every day, on the log from `start`. */
const activeOrder = async (start: string, name: string) => {
  const daypart = await createDaypart(t.database.db, { startTime: '06:00', endTime: '07:00', daysOfWeek: EVERY_DAY, spotFrequency: 10 });
  const { owner, order } = await submittedOrder(t, { name, startDate: start, daypartId: daypart.id, spots: 2, totalSpend: 2000 });
  await setOrderStatus(t, order.id, 'scheduled');
  await setOrderStatus(t, order.id, 'active');
  await t.app.ctx.stationClock.tick();
  const spots = (await log(start)).spots.filter((s) => s.estimate_id === order.id);
  expect(spots).toHaveLength(2);
  return { owner, order, spots };
};

const notifications = async (token: string) =>
  ((await t.inject({ method: 'GET', url: '/api/notifications', token })).json() as { notifications: { message: string }[] }).notifications.map(
    (n) => n.message,
  );

describe('preempting a spot', () => {
  it('makes it missed with a makegood offered, keeps the order Active, tells the advertiser, is audited and stands', async () => {
    const day = '2027-03-08';
    const { owner, order, spots } = await activeOrder(day, 'Preempted');
    await autoOfferMakegoods(t.database.db);
    const res = await act(spots[0]!.id, 'preempt', { reason: 'Breaking news' });
    await autoOfferMakegoods(t.database.db, false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().spot).toMatchObject({ id: spots[0]!.id, status: 'missed', desk_action: 'preempted', desk_reason: 'Breaking news' });

    expect((await getOrder(t, admin, order.id)).status).toBe('active');
    const makegoods = (await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/makegoods`, token: owner.token })).json();
    expect(makegoods.makegoods).toHaveLength(1);
    expect(makegoods.makegoods[0]).toMatchObject({ missed_spot_id: spots[0]!.id, status: 'offered' });
    expect(makegoods.makegoods[0].air_date > day).toBe(true);
    expect((await notifications(owner.token)).some((m) => m.includes('was preempted (Breaking news)'))).toBe(true);

    const audit = (await t.inject({ method: 'GET', url: `/api/audit?entity_id=${spots[0]!.id}`, token: admin })).json();
    expect(audit.events[0]).toMatchObject({ actor_role: 'traffic_admin', after: { status: 'missed', desk_action: 'preempted', desk_reason: 'Breaking news' } });

    // The clock places again (a booking changed): the day is held, the desk's decision stands.
    await submittedOrder(t, { name: 'Booked later', startDate: day, spots: 1, totalSpend: 1000 });
    await t.app.ctx.stationClock.tick();
    const after = (await log(day)).spots.filter((s) => s.estimate_id === order.id);
    expect(after.map((s) => [s.id, s.status])).toEqual([
      [spots[0]!.id, 'missed'],
      [spots[1]!.id, 'scheduled'],
    ]);
  });

  it('counts in the changes since export and is deleted in the changes-only BXF', async () => {
    const day = '2027-03-09';
    const { spots } = await activeOrder(day, 'Exported then preempted');
    expect((await t.inject({ method: 'GET', url: `/api/traffic/logs/${day}/export?format=bxf`, token: admin })).statusCode).toBe(200);
    expect((await log(day)).changes_since_export).toBe(0);
    now.setTime(now.getTime() + 60_000);
    expect((await act(spots[1]!.id, 'preempt', { reason: 'Presidential address' })).statusCode).toBe(200);
    expect((await log(day)).changes_since_export).toBe(1);

    const bxf = await t.inject({ method: 'GET', url: `/api/traffic/logs/${day}/export?format=bxf&changes=since-export`, token: admin });
    const events = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', isArray: (n) => n === 'ScheduledEvent' }).parse(bxf.body).BxfMessage
      .BxfData.Schedule.ScheduledEvent as { '@_action'?: string; EventData: { EventId: { EventId: string } } }[];
    expect(events.map((e) => [e['@_action'], e.EventData.EventId.EventId])).toEqual([['delete', `urn:uuid:${spots[1]!.id}`]]);
  });
});

describe("makegoods are the desk's decision", () => {
  it('offers nothing by itself while the station setting is off (the default); the desk offers from Discrepancies, answer due before it airs', async () => {
    const day = '2027-03-13';
    const { owner, order, spots } = await activeOrder(day, 'Desk decides');
    const station = (await t.inject({ method: 'GET', url: '/api/station', token: admin })).json();
    expect(station.auto_offer_makegoods).toBe(false);
    expect((await act(spots[0]!.id, 'preempt', { reason: 'Weather alert' })).statusCode).toBe(200);
    const makegoods = async () => (await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/makegoods`, token: owner.token })).json();
    expect((await makegoods()).makegoods).toEqual([]);
    const desk = (await t.inject({ method: 'GET', url: '/api/traffic/discrepancies', token: admin })).json();
    expect(desk.missed_undecided.find((s: { id: string }) => s.id === spots[0]!.id)).toMatchObject({ makegood_status: null });

    const offered = await t.inject({ method: 'POST', url: `/api/traffic/spots/${spots[0]!.id}/makegood`, token: admin, payload: {} });
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json().message).toMatch(/^A makegood on .* was offered$/);
    const [offer] = (await makegoods()).makegoods;
    expect(offer).toMatchObject({ missed_spot_id: spots[0]!.id, status: 'offered' });
    // The answer is due no later than the makegood's daypart begins on its day (06:00 UTC here).
    expect(offer.expires_at <= `${offer.air_date}T06:00:00.000Z`).toBe(true);
    expect((await notifications(owner.token)).some((m) => m.includes('a makegood is offered'))).toBe(true);
    // Once offered, offering again is refused; a scheduled spot cannot be offered one.
    const again = await t.inject({ method: 'POST', url: `/api/traffic/spots/${spots[0]!.id}/makegood`, token: admin, payload: {} });
    expect(again.statusCode).toBe(409);
    expect((await t.inject({ method: 'POST', url: `/api/traffic/spots/${spots[1]!.id}/makegood`, token: admin, payload: {} })).statusCode).toBe(409);
  });
});

describe('cancelling a spot', () => {
  it('cancels it for good: not restored by the clock, not billed, the order still Active', async () => {
    const day = '2027-03-10';
    const { owner, order, spots } = await activeOrder(day, 'Cancelled');
    const res = await act(spots[1]!.id, 'cancel', { reason: 'Advertiser asked by phone' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().spot).toMatchObject({ status: 'cancelled', desk_action: 'cancelled', desk_reason: 'Advertiser asked by phone' });
    await t.app.ctx.stationClock.tick();
    expect((await log(day)).spots.find((s) => s.id === spots[1]!.id)?.status).toBe('cancelled');
    expect((await getOrder(t, admin, order.id)).status).toBe('active');
    expect((await notifications(owner.token)).some((m) => m.includes('was cancelled (Advertiser asked by phone)'))).toBe(true);
    // A second action on it is refused: it is no longer scheduled.
    const again = await act(spots[1]!.id, 'preempt', { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'Only a scheduled spot that has not aired yet can be changed' });
  });
});

describe('moving a spot', () => {
  it('moves it to another day and time of its flight and daypart; the old one is cancelled as moved, both days stand', async () => {
    const day = '2027-03-12';
    const { owner, spots } = await activeOrder(day, 'Moved');
    const res = await act(spots[0]!.id, 'move', { date: '2027-03-13', time: '06:40' });
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json().spot as Spot;
    expect(moved).toMatchObject({ air_date: '2027-03-13', local_time: '06:40:00', status: 'scheduled', moved_from_date: day });
    expect(res.json().message).toMatch(/moved to/);

    const old = (await log(day)).spots.find((s) => s.id === spots[0]!.id);
    expect(old).toMatchObject({ status: 'cancelled', desk_action: 'moved' });
    expect(old?.desk_reason).toMatch(/^Moved to /);
    await t.app.ctx.stationClock.tick();
    expect((await log(day)).spots.find((s) => s.id === spots[0]!.id)?.status).toBe('cancelled');
    expect((await log('2027-03-13')).spots.find((s) => s.id === moved.id)).toMatchObject({ status: 'scheduled', local_time: '06:40:00' });
    expect((await notifications(owner.token)).some((m) => m.includes('was moved to'))).toBe(true);
  });

  it('refuses a time outside the daypart, a day outside the flight, a passed time, and unknown or malformed input', async () => {
    const day = '2027-03-11';
    const { spots } = await activeOrder(day, 'Not moved');
    const id = spots[0]!.id;
    const refused = async (payload: unknown, status: number, error: string) => {
      const res = await act(id, 'move', payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error).toBe(error);
    };
    await refused({ date: day, time: '07:30' }, 400, "The new time is outside the spot's daypart on that broadcast day");
    await refused({ date: '2027-02-20', time: '06:30' }, 400, "The new day is outside the order's flight");
    await refused({ date: day, time: '6:30' }, 400, 'Time must be HH:MM or HH:MM:SS');
    await refused({ date: day, time: '06:30', extra: true }, 400, 'Unrecognized key: "extra"');
    const unknown = await act('00000000-0000-4000-8000-000000000000', 'cancel', { reason: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Spot not found' });
    expect((await act(id, 'cancel', {})).statusCode).toBe(400);
    expect((await log(day)).spots.find((s) => s.id === id)?.status).toBe('scheduled');
  });

  it('is for admins only', async () => {
    const day = '2027-03-14';
    const { owner, spots } = await activeOrder(day, 'Client tries');
    expect((await act(spots[0]!.id, 'cancel', { reason: 'Mine' }, owner.token)).statusCode).toBe(403);
  });
});
