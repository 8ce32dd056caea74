/**
 * The station clock in America/New_York, moved by hand across the 2027 spring-forward change:
 * campaigns start and complete without a click, with their notifications, and the traffic log
 * follows bookings, pauses and cancellations.
 */
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, instantOf, localClockOf } from '../../src/domain/dates';
import { windowOf } from '../../src/domain/traffic';
import { createTestApp, type TestApp } from '../support/app';
import { campaignOfOrder, setCampaignStatus, setOrderStatus, simulate } from '../support/campaign-fixtures';
import { createDaypart, MISSING_ID, submittedOrder } from '../support/ordering-fixtures';

const ZONE = 'America/New_York';
let now = new Date('2027-03-01T17:00:00Z');
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ stationTimeZone: ZONE, trafficHorizonDays: 7, demo: true }, { now: () => now });
  admin = await t.adminToken();
});
afterAll(async () => t?.close());

const at = (date: string, time: string) => instantOf(date, time, ZONE);
const tick = () => t.app.ctx.stationClock.tick();
const orderStatus = async (id: string) => (await t.inject({ method: 'GET', url: `/api/estimates/${id}`, token: admin })).json().status as string;
const notificationsOf = async (token: string) =>
  (await t.inject({ method: 'GET', url: '/api/notifications', token })).json().notifications as { estimateId: string; status: string }[];
const log = async (date: string) => t.inject({ method: 'GET', url: `/api/traffic/logs/${date}`, token: admin });

describe('the station clock', () => {
  it('starts a scheduled order at the station midnight of its start date and completes it after its end date, DST included', async () => {
    // Sunday 8 March 2027 is the spring-forward day in New York.
    const { owner, order } = await submittedOrder(t, { name: 'Spring forward', startDate: '2027-03-08', totalSpend: 1100 });
    await setOrderStatus(t, order.id, 'scheduled');
    const endDate = order.end_date as string;
    expect(endDate > '2027-03-08').toBe(true);

    now = new Date(at('2027-03-08', '00:00').getTime() - 60_000); // 23:59 EST on the 7th
    expect((await tick()).started).not.toContain(order.id);
    expect(await orderStatus(order.id)).toBe('scheduled');

    now = at('2027-03-08', '00:00'); // 05:00 UTC
    expect(now.toISOString()).toBe('2027-03-08T05:00:00.000Z');
    expect((await tick()).started).toContain(order.id);
    expect(await orderStatus(order.id)).toBe('active');
    expect((await campaignOfOrder(t, admin, order.id))?.status).toBe('active');
    // A second run changes nothing more.
    expect((await tick()).started).toEqual([]);

    // The day after the end date begins at midnight EDT (UTC−4 since the change).
    const dayAfter = addDays(endDate, 1);
    now = new Date(at(dayAfter, '00:00').getTime() - 60_000);
    expect((await tick()).completed).not.toContain(order.id);
    now = at(dayAfter, '00:00');
    expect(now.getUTCHours()).toBe(4);
    expect((await tick()).completed).toContain(order.id);
    expect(await orderStatus(order.id)).toBe('completed');
    expect((await campaignOfOrder(t, admin, order.id))?.status).toBe('completed');
    expect((await tick()).completed).toEqual([]);

    const statuses = (await notificationsOf(owner.token)).filter((n) => n.estimateId === order.id).map((n) => n.status);
    expect(statuses.filter((s) => s === 'active')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'completed')).toHaveLength(1);
  });

  it('completes an active campaign whose budget is fully delivered', async () => {
    now = new Date('2027-04-01T15:00:00Z');
    const { order } = await submittedOrder(t, { name: 'Spent out', startDate: '2027-04-08', totalSpend: 1100 });
    await setOrderStatus(t, order.id, 'active');
    const campaign = await campaignOfOrder(t, admin, order.id);
    let res;
    do res = await simulate(t, admin, campaign!.campaign_id);
    while (res.statusCode === 200);
    expect((await tick()).completed).toContain(order.id);
    expect(await orderStatus(order.id)).toBe('completed');
  });
});

describe('the traffic log', () => {
  it('places booked spots inside their daypart on the days ahead, follows pause, resume and rejection, and exports CSV and BXF', async () => {
    now = new Date('2027-05-03T14:00:00Z'); // Monday 10:00 EDT
    const daypart = await createDaypart(t.database.db, {
      startTime: '23:00',
      endTime: '01:00',
      daysOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
      spotFrequency: 12,
    });
    const first = await submittedOrder(t, { name: 'Late one', startDate: '2027-05-10', daypartId: daypart.id, spots: 5, totalSpend: 4000 });
    const second = await submittedOrder(t, { name: 'Late two', startDate: '2027-05-10', daypartId: daypart.id, spots: 4, totalSpend: 4000 });
    await setOrderStatus(t, first.order.id, 'scheduled');
    await t.inject({ method: 'PATCH', url: `/api/estimates/${second.order.id}/approve`, token: admin });

    now = new Date('2027-05-08T14:00:00Z'); // the 10th is within a 7-day horizon
    expect((await tick()).placedDays).toContain('2027-05-10');
    const res = await log('2027-05-10');
    expect(res.statusCode, res.body).toBe(200);
    const day = res.json();
    const mine = day.spots.filter((s: { daypart_id: string }) => s.daypart_id === daypart.id);
    expect(mine).toHaveLength(9);
    const { start, end } = windowOf({ startTime: '23:00', endTime: '01:00' }, '2027-05-10', ZONE);
    for (const spot of mine) {
      expect(Date.parse(spot.scheduled_at)).toBeGreaterThanOrEqual(start.getTime());
      expect(Date.parse(spot.scheduled_at)).toBeLessThan(end.getTime());
    }
    expect(mine[0].local_time).toBe('23:00:00');
    expect(day.dayparts.find((d: { id: string }) => d.id === daypart.id)).toMatchObject({ capacity: 12, placed: 9, airs: true });

    // Availability and the log agree.
    const availability = (
      await t.inject({ method: 'GET', url: `/api/dayparts/availability/${daypart.id}?start_date=2027-05-10&end_date=2027-05-10`, token: admin })
    ).json();
    expect(availability.days[0].booked_spots).toBe(9);

    // The order's own spots: its owner and admins, nobody else.
    const ownSpots = await t.inject({ method: 'GET', url: `/api/estimates/${first.order.id}/spots?from=2027-05-10&to=2027-05-11`, token: first.owner.token });
    expect(ownSpots.statusCode, ownSpots.body).toBe(200);
    expect(ownSpots.json().days[0]).toMatchObject({ date: '2027-05-10' });
    expect(ownSpots.json().days[0].spots).toHaveLength(5);
    expect((await t.inject({ method: 'GET', url: `/api/estimates/${first.order.id}/spots`, token: second.owner.token })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/api/traffic/logs/2027-05-10`, token: first.owner.token })).statusCode).toBe(403);

    // Rejecting an approved order frees its spots on the open days.
    await setOrderStatus(t, second.order.id, 'rejected');
    await tick();
    expect((await log('2027-05-10')).json().spots.filter((s: { daypart_id: string }) => s.daypart_id === daypart.id)).toHaveLength(5);

    // Pausing cancels the future spots, resuming places them again.
    now = new Date('2027-05-10T14:00:00Z');
    await tick(); // starts the scheduled order; the 10th is now under way
    const campaign = await campaignOfOrder(t, admin, first.order.id);
    expect((await setCampaignStatus(t, admin, campaign!.campaign_id, 'paused')).statusCode).toBe(200);
    await tick();
    const paused = (await log('2027-05-10')).json().spots.filter((s: { estimate_id: string }) => s.estimate_id === first.order.id);
    expect(paused.map((s: { status: string }) => s.status)).toEqual(Array(5).fill('cancelled'));
    expect((await setCampaignStatus(t, admin, campaign!.campaign_id, 'active')).statusCode).toBe(200);
    await tick();
    const resumed = (await log('2027-05-10')).json().spots.filter((s: { estimate_id: string }) => s.estimate_id === first.order.id);
    expect(resumed.map((s: { status: string }) => s.status)).toEqual(Array(5).fill('scheduled'));

    // The Demo airing (demo data only) airs the next scheduled spot of the log once its time has passed (decision 031).
    now = new Date('2027-05-11T03:05:00Z'); // 23:05 EDT on the 10th
    const aired = await simulate(t, admin, campaign!.campaign_id);
    expect(aired.statusCode, aired.body).toBe(200);
    const afterAiring = (await log('2027-05-10')).json().spots.filter((s: { estimate_id: string }) => s.estimate_id === first.order.id);
    expect(afterAiring[0].status).toBe('aired');
    expect(afterAiring.slice(1).every((s: { status: string }) => s.status === 'scheduled')).toBe(true);

    // CSV and BXF of the day.
    const csv = await t.inject({ method: 'GET', url: '/api/traffic/logs/2027-05-10/export?format=csv', token: admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'broadcast_day,air_date,local_time,break,break_utc,position,daypart,house_code,duration_seconds,brand,order,order_id,spot_id,ad_id,title,status',
    );
    const ourLines = lines.filter((l) => l.includes(first.order.id)).map((l) => l.split(','));
    expect(ourLines).toHaveLength(5);
    // Late Night runs 23:00–01:00: a spot after midnight airs on the 11th, in the 10th's broadcast day; breaks in station time.
    for (const [broadcastDay, airDate, localTime, breakAt, breakUtc] of ourLines) {
      expect(broadcastDay).toBe('2027-05-10');
      expect(airDate).toBe(localTime! >= '23:00:00' ? '2027-05-10' : '2027-05-11');
      expect(breakAt! <= localTime! || localTime! < '01:00:00').toBe(true);
      expect(localClockOf(new Date(breakUtc!), ZONE)).toBe(breakAt);
    }
    expect(ourLines.some(([, airDate]) => airDate === '2027-05-11')).toBe(true);

    const bxf = await t.inject({ method: 'GET', url: '/api/traffic/logs/2027-05-10/export?format=bxf', token: admin });
    expect(bxf.statusCode).toBe(200);
    const parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      parseTagValue: false,
      isArray: (name) => name === 'ScheduledEvent',
    }).parse(bxf.body);
    const events = parsed.BxfMessage.BxfData.Schedule.ScheduledEvent as {
      EventData: { StartDateTime: { SmpteDateTime: { SmpteTimeCode: string } }; LengthOption: { Duration: { SmpteDuration: { SmpteTimeCode: string } } } };
      Content?: { ContentId: { HouseNumber: string } };
    }[];
    const ours = events.filter((e) => e.Content?.ContentId.HouseNumber === first.owner.media.houseNumber);
    expect(ours).toHaveLength(5);
    // Drop-frame timecodes (29.97, the default station setting) write ';' before the frames.
    expect(ours[0]!.EventData.StartDateTime.SmpteDateTime.SmpteTimeCode).toBe('23:00:00;00');
    expect(ours[0]!.EventData.LengthOption.Duration.SmpteDuration.SmpteTimeCode).toMatch(/^00:0\d:\d\d;00$/);
    expect((await log('2027-05-10')).json().exported_at).not.toBeNull();
  });

  it('answers bad dates and formats with 400, and days beyond the horizon with what is placed so far', async () => {
    for (const bad of ['2027-02-30', 'tomorrow', '2027-13-01']) {
      const res = await log(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toBe('Date must be a calendar date (YYYY-MM-DD)');
    }
    const format = await t.inject({ method: 'GET', url: '/api/traffic/logs/2027-05-10/export?format=pdf', token: admin });
    expect(format.statusCode).toBe(400);
    expect(format.json().error).toBe('Format must be csv or bxf');
    const far = await log('2030-01-01');
    expect(far.statusCode).toBe(200);
    expect(far.json()).toMatchObject({ placed: false, spots: [] });
    expect((await t.inject({ method: 'GET', url: `/api/estimates/${MISSING_ID}/spots`, token: admin })).statusCode).toBe(404);
    const range = await t.inject({ method: 'GET', url: `/api/estimates/${MISSING_ID}/spots?from=2027-01-02&to=2027-01-01`, token: admin });
    expect(range.statusCode).toBe(404);
    const { order } = await submittedOrder(t, { name: 'Ranges', startDate: '2027-06-01' });
    for (const query of ['from=2027-01-02&to=2027-01-01', 'from=2027-01-01&to=2028-06-01']) {
      const res = await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/spots?${query}`, token: admin });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toEqual({ error: 'The range must end on or after its start and span at most 366 days' });
    }
    const badFrom = await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/spots?from=soon`, token: admin });
    expect(badFrom.json()).toEqual({ error: 'from must be a calendar date (YYYY-MM-DD)', field: 'from' });
  });
});

describe('the station profile', () => {
  it('is edited by admins only, with clear messages for bad values', async () => {
    const client = await t.signUp();
    expect((await t.inject({ method: 'PUT', url: '/api/station', token: client.token, payload: { name: 'Mine' } })).statusCode).toBe(403);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'Station name is required'],
      [{ name: 'WSPT', email: 'not-an-address' }, 'E-mail must be a valid e-mail address'],
      [{ name: 'WSPT', logo: 'data:image/gif;base64,R0lGOD' }, 'Logo must be a PNG or JPEG image'],
      [{ name: 'WSPT', tax_id: 'x'.repeat(51) }, 'Tax id must be at most 50 characters'],
    ];
    for (const [payload, error] of cases) {
      const res = await t.inject({ method: 'PUT', url: '/api/station', token: admin, payload });
      expect(res.statusCode, error).toBe(400);
      // Each case's last field is the one refused, and the reply names it (decision 043).
      expect(res.json()).toEqual({ error, field: Object.keys(payload).at(-1) });
    }
    const saved = await t.inject({ method: 'PUT', url: '/api/station', token: admin, payload: { name: '  WSPT Channel 7 ', email: 'traffic@wspt.example' } });
    expect(saved.json()).toMatchObject({ name: 'WSPT Channel 7', email: 'traffic@wspt.example', address: null, time_zone: ZONE });
    expect((await t.inject({ method: 'GET', url: '/api/station', token: client.token })).json().name).toBe('WSPT Channel 7');
  });
});
