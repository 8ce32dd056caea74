/**
 * The webhook events of the station clock, the media desk and the as-run import (issue 25, decision
 * 030): `order.status_changed` for scheduled → active → completed, `media.status_changed`,
 * `delivery.updated` per order per as-run import, `makegood.offered` and `makegood.expired`. Each is
 * received by a real HTTP receiver on 127.0.0.1 and verified with the `standardwebhooks` package.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { eventually } from '../realtime/helpers';
import { setOrderStatus } from '../support/campaign-fixtures';
import { createMediaAsset, createDaypart, submittedOrder } from '../support/ordering-fixtures';
import { uploadAsRun } from '../support/as-run-fixtures';
import { autoOfferMakegoods } from '../support/station-settings';

const ZONE = 'America/New_York';
const DAY = '2027-06-07'; // a Monday
const NEXT = '2027-06-08';
let now = new Date('2027-05-30T14:00:00Z');
let t: TestApp;
let admin: string;
let receiver: http.Server;
let base: string;
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
let secret: string;
let order: { id: string; end_date: string };
let owner: Awaited<ReturnType<typeof submittedOrder>>['owner'];

interface Event {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}
/** Every delivery so far, verified with the endpoint's secret. */
const events = (type?: string) =>
  received.map((r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as Event).filter((e) => type === undefined || e.type === type);

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({ stationTimeZone: ZONE, trafficHorizonDays: 5 }, { now: () => now });
  // These tests read the makegoods an as-run offers at once: the station's choice (decision 058).
  await autoOfferMakegoods(t.database.db);
  admin = await t.adminToken();
  const daypart = await createDaypart(t.database.db, {
    startTime: '06:00',
    endTime: '07:00',
    daysOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    spotFrequency: 6,
  });
  ({ order, owner } = await submittedOrder(t, { name: 'Breakfast show', startDate: DAY, daypartId: daypart.id, spots: 4, totalSpend: 4000 }));
  const res = await t.inject({
    method: 'POST',
    url: '/api/webhooks',
    token: owner.token,
    payload: {
      url: `${base}/hook`,
      events: [
        'order.status_changed',
        'media.status_changed',
        'delivery.updated',
        'makegood.offered',
        'makegood.accepted',
        'makegood.declined',
        'makegood.expired',
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  secret = res.json().secret;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('webhook events of the clock, the media desk and the as-run', () => {
  it('tells the advertiser their spot was approved with the order, and when the desk rejects another', async () => {
    await setOrderStatus(t, order.id, 'scheduled');
    await eventually(() => expect(events('media.status_changed')).toHaveLength(1));
    expect(events('media.status_changed')[0]!.data).toMatchObject({
      media_id: owner.media.id,
      brand_id: owner.brand.id,
      status: 'approved',
      previous_status: 'pending',
    });
    await eventually(() => expect(events('order.status_changed').map((e) => e.data.status)).toEqual(['scheduled']));

    const other = await createMediaAsset(t.database.db, owner.brand.id);
    const rejected = await t.inject({ method: 'PUT', url: `/api/media/${other.id}`, token: admin, payload: { status: 'rejected' } });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await eventually(() => expect(events('media.status_changed')).toHaveLength(2));
    expect(events('media.status_changed')[1]!.data).toMatchObject({
      media_id: other.id,
      filename: other.filename,
      status: 'rejected',
      previous_status: 'pending',
    });
  });

  it('tells the advertiser when the station clock starts their order', async () => {
    now = new Date(`${DAY}T10:00:00Z`); // 06:00 EDT: the flight starts, its days are placed
    expect((await t.app.ctx.stationClock.tick()).started).toEqual([order.id]);
    await eventually(() => expect(events('order.status_changed')).toHaveLength(2));
    // Every event about an order names its channel (decision 053).
    const channelId = (await t.inject({ method: 'GET', url: `/api/estimates/${order.id}`, token: admin })).json().channel_id as string;
    expect(channelId).toMatch(/^[0-9a-f-]{36}$/);
    expect(events('order.status_changed')[1]!.data).toMatchObject({
      channel_id: channelId,
      order_id: order.id,
      name: 'Breakfast show',
      status: 'active',
      previous_status: 'scheduled',
    });
  });

  it('sends delivery.updated with the aired, missed and unconfirmed counts of each order an as-run import settles, and the makegoods offered', async () => {
    now = new Date(`${NEXT}T15:00:00Z`);
    const [aired] = (
      (await t.inject({ method: 'GET', url: `/api/traffic/logs/${DAY}`, token: admin })).json().spots as { estimate_id: string; local_time: string }[]
    ).filter((s) => s.estimate_id === order.id);
    const house = owner.media.houseNumber;
    const res = await uploadAsRun(t, 'monday.csv', `date,time,house_code,duration,status\n${DAY},${aired!.local_time},${house},30,aired\n`, admin, 'text/csv', {
      close_day: 'true',
    });
    expect(res.statusCode, res.body).toBe(201);
    await eventually(() => expect(events('delivery.updated')).toHaveLength(1));
    expect(events('delivery.updated')[0]!.data).toMatchObject({
      order_id: order.id,
      name: 'Breakfast show',
      as_run_import_id: res.json().import.id,
      aired: 1,
      missed: 3,
      unconfirmed: 0,
    });
    await eventually(() => expect(events('makegood.offered')).toHaveLength(1));
    expect(events('makegood.offered')[0]!.data).toMatchObject({ order_id: order.id });
  });

  it('tells the advertiser a makegood was accepted or declined, and when an unanswered one expires', async () => {
    const offers = (await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/makegoods`, token: owner.token })).json().makegoods as {
      id: string;
      status: string;
    }[];
    expect(offers.map((o) => o.status)).toEqual(['offered', 'offered', 'offered']);
    const accepted = await t.inject({ method: 'POST', url: `/api/makegoods/${offers[0]!.id}/accept`, token: owner.token, payload: {} });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const declined = await t.inject({ method: 'POST', url: `/api/makegoods/${offers[1]!.id}/decline`, token: owner.token, payload: {} });
    expect(declined.statusCode, declined.body).toBe(200);
    await eventually(() => expect(events('makegood.accepted')).toHaveLength(1));
    expect(events('makegood.accepted')[0]!.data).toMatchObject({ makegood_id: offers[0]!.id, order_id: order.id });
    await eventually(() => expect(events('makegood.declined')).toHaveLength(1));
    expect(events('makegood.declined')[0]!.data).toMatchObject({ makegood_id: offers[1]!.id, order_id: order.id });

    now = new Date(now.getTime() + 73 * 3_600_000);
    const { expiredMakegoods } = await t.app.ctx.stationClock.tick();
    expect(expiredMakegoods).toEqual([order.id]);
    await eventually(() => expect(events('makegood.expired')).toHaveLength(1));
    expect(events('makegood.expired')[0]!.data).toMatchObject({ makegood_id: offers[2]!.id, order_id: order.id, credit: expect.any(Number) });
  });

  it('tells the advertiser when the station clock completes their order', async () => {
    now = new Date(`${order.end_date}T12:00:00Z`);
    now = new Date(now.getTime() + 2 * 86_400_000);
    expect((await t.app.ctx.stationClock.tick()).completed).toEqual([order.id]);
    await eventually(() => expect(events('order.status_changed')).toHaveLength(3));
    expect(events('order.status_changed')[2]!.data).toMatchObject({ order_id: order.id, status: 'completed', previous_status: 'active' });
    // One delivery per event: the receiver heard each once.
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(received.length);
  });
});
