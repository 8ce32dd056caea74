/**
 * Each channel has its own log (issue 41, decision 053): a spot is on its daypart's channel's log, the
 * log and its export name the channel, and exporting one channel's day freezes only that channel's.
 */
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { setOrderStatus } from '../support/campaign-fixtures';
import { MISSING_ID, createDaypart, submittedOrder } from '../support/ordering-fixtures';

const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const DAY = '2027-03-08';
const now = new Date('2027-03-01T12:00:00Z');
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ trafficHorizonDays: 7 }, { now: () => now });
  admin = await t.adminToken();
});
afterAll(() => t.close());

interface Log {
  channel_id: string;
  placed: boolean;
  exported_at: string | null;
  spots: { estimate_id: string }[];
  dayparts: { id: string }[];
}

const logOf = async (query = '') => {
  const res = await t.inject({ method: 'GET', url: `/api/traffic/logs/${DAY}${query}`, token: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Log;
};

describe('a log per channel', () => {
  it("places each order on its channel's log, exports it with the channel's identity, and freezes only that channel's day", async () => {
    const channel = await t.inject({
      method: 'POST',
      url: '/api/channels',
      token: admin,
      payload: { call_letters: 'WSPT', channel_number: '6.2', name: 'MeTV', short_name: 'WSPT-DT2' },
    });
    expect(channel.statusCode, channel.body).toBe(201);
    const metv = channel.json() as { id: string };
    const metvDaypart = await t.inject({
      method: 'POST',
      url: '/api/dayparts',
      token: admin,
      payload: {
        name: 'MeTV Mornings',
        start_time: '06:00',
        end_time: '07:00',
        days_of_week: EVERY_DAY,
        base_cpm: 15,
        spot_frequency: 10,
        channel_id: metv.id,
      },
    });
    expect(metvDaypart.statusCode, metvDaypart.body).toBe(201);
    const mainDaypart = await createDaypart(t.database.db, { daysOfWeek: EVERY_DAY, spotFrequency: 10 });

    const onMetv = await submittedOrder(t, { name: 'On MeTV', startDate: DAY, daypartId: metvDaypart.json().id, spots: 2, channelId: metv.id });
    const onMain = await submittedOrder(t, { name: 'On the main channel', startDate: DAY, daypartId: mainDaypart.id, spots: 3 });
    for (const { order } of [onMetv, onMain]) await setOrderStatus(t, order.id, 'active');
    await t.app.ctx.stationClock.tick();

    const metvLog = await logOf(`?channel_id=${metv.id}`);
    expect(metvLog).toMatchObject({ channel_id: metv.id, placed: true });
    expect(metvLog.spots.map((s) => s.estimate_id)).toEqual([onMetv.order.id, onMetv.order.id]);
    expect(metvLog.dayparts.map((d) => d.id)).toEqual([metvDaypart.json().id]);
    const mainLog = await logOf();
    expect(mainLog.spots.filter((s) => s.estimate_id === onMain.order.id)).toHaveLength(3);
    expect(mainLog.spots.some((s) => s.estimate_id === onMetv.order.id)).toBe(false);
    expect(mainLog.channel_id).not.toBe(metv.id);

    const exported = await t.inject({ method: 'GET', url: `/api/traffic/logs/${DAY}/export?format=bxf&channel_id=${metv.id}`, token: admin });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-disposition']).toBe(`attachment; filename="traffic-log-WSPT-DT2-${DAY}.bxf.xml"`);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseAttributeValue: false }).parse(exported.body) as {
      BxfMessage: { BxfData: { Schedule: { Channel: Record<string, string>; ScheduledEvent: unknown[] } } };
    };
    expect(parsed.BxfMessage.BxfData.Schedule.Channel).toEqual({
      '@type': 'digital_television',
      '@shortName': 'WSPT-DT2',
      '@channelNumber': '6.2',
      'pmcp:Name': 'MeTV',
    });
    // Only MeTV's day went to master control.
    expect((await logOf(`?channel_id=${metv.id}`)).exported_at).not.toBeNull();
    expect((await logOf()).exported_at).toBeNull();

    const csv = await t.inject({ method: 'GET', url: `/api/traffic/logs/${DAY}/export?channel_id=${metv.id}`, token: admin });
    expect(csv.body.trim().split('\r\n')).toHaveLength(3);

    for (const url of [`/api/traffic/logs/${DAY}?channel_id=${MISSING_ID}`, `/api/traffic/logs/${DAY}/export?channel_id=${MISSING_ID}`]) {
      const unknown = await t.inject({ method: 'GET', url, token: admin });
      expect(unknown.statusCode, url).toBe(400);
      expect(unknown.json()).toEqual({ error: 'Channel not found', field: 'channel_id' });
    }
  });
});
