/**
 * ADUs of an order bought as a schedule (issues 42 and 43, decision 057): sized on the current book in the
 * schedule line that delivers most a spot, offered on that line's days (capacity counted as the log counts
 * it, the order's own schedule included), announced by webhook, placed as the line's spots at no charge;
 * a re-offer counts what is pending, aired ADUs not valued yet included; the post-buy after they air; and
 * each ADU listed on one EI only. Every expectation is computed by hand in the comment beside it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADU_COMMENT, readEi } from '../../src/domain/ei';
import { trafficSpots } from '../../src/server/db/schema';
import { eventually } from '../realtime/helpers';
import { createTestApp, type TestApp } from '../support/app';
import { bookFields, uploadBook } from '../support/audience-fixtures';
import { setOrderStatus } from '../support/campaign-fixtures';
import { clientWithBrand, createDaypart, createOrder, putOrder } from '../support/ordering-fixtures';

const ZONE = 'America/New_York';
const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
let now = new Date('2027-06-14T14:00:00Z');
let t: TestApp;
let admin: string;
let owner: Awaited<ReturnType<typeof clientWithBrand>>;
let orderId: string;
let lineA: string;
let lineB: string;
let bookId: string;
let receiver: http.Server;
let secret: string;
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
const events = (type: string) =>
  received
    .map((r) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: Record<string, unknown> })
    .filter((e) => e.type === type);

interface Offer {
  id: string;
  kind: string;
  air_date: string;
  status: string;
  spot_cost: number;
}
interface Spot {
  estimate_id: string;
  duration_seconds: number;
  adu: boolean;
  makegood_offer_id: string | null;
}

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
  t = await createTestApp({ stationTimeZone: ZONE, trafficHorizonDays: 5 }, { now: () => now });
  admin = await t.adminToken();
  // 06:00–07:00 every day, 2 spots a day.
  const morning = await createDaypart(t.database.db, {
    name: 'Sched ADU Morning',
    startTime: '06:00',
    endTime: '07:00',
    daysOfWeek: EVERY_DAY,
    spotFrequency: 2,
  });
  // Nov26, current and the post book of June: 2.0 A25-54 a spot.
  const book = await uploadBook(t, 'daypart,demo,rating,impressions,universe\nSched ADU Morning,A25-54,2,20,1000', bookFields('Nov26'), admin);
  expect(book.statusCode, book.body).toBe(201);
  bookId = book.json().id;
  expect((await t.inject({ method: 'PUT', url: '/api/post-books/2027-06', token: admin, payload: { book_id: bookId } })).statusCode).toBe(200);

  owner = await clientWithBrand(t);
  const order = await createOrder(t, owner.token, {
    estimate_name: 'Guaranteed schedule',
    brand_id: owner.brand.id,
    start_date: '2027-06-21',
    total_spend: 100,
  });
  orderId = order.id;
  // One week, Monday 21 to Sunday 27 June 2027, two lines in the one daypart:
  // A, Mon/Wed/Fri, 5 spots :15 at $40 (Mon 2, Wed 2, Fri 1); B, Tue/Thu, 2 spots :30 at $50 (1 and 1).
  const line = (name: string, days: string[], spot_length: number, rate: number, spots: number) => ({
    name,
    daypart_id: morning.id,
    days,
    start_time: '06:00',
    end_time: '07:00',
    spot_length,
    rate,
    spots_per_week: [spots],
  });
  const put = await t.inject({
    method: 'PUT',
    url: `/api/estimates/${orderId}/schedule`,
    token: owner.token,
    payload: {
      week_start_day: 'Monday',
      start_date: '2027-06-21',
      end_date: '2027-06-27',
      lines: [line('Morning A', ['Monday', 'Wednesday', 'Friday'], 15, 40, 5), line('Morning B', ['Tuesday', 'Thursday'], 30, 50, 2)],
    },
  });
  expect(put.statusCode, put.body).toBe(200);
  [lineA, lineB] = (put.json().schedule.lines as { id: string }[]).map((l) => l.id) as [string, string];
  // 13 GRPs guaranteed on A25-54 (7 spots ordered × 2.0 = 14).
  const set = await putOrder(t, owner.token, orderId, {
    media_asset_id: owner.media.id,
    payment_method_id: owner.card.id,
    target_demo: 'A25-54',
    audience_guarantee: { demo: 'A25-54', grps: 13 },
  });
  expect(set.statusCode, set.body).toBe(200);
  const submitted = await putOrder(t, owner.token, orderId, { status: 'ordered' });
  expect(submitted.statusCode, submitted.body).toBe(200);
  await setOrderStatus(t, orderId, 'active');
  expect(
    (await t.inject({ method: 'PUT', url: `/api/estimates/${orderId}/billing-mode`, token: admin, payload: { billing_mode: 'monthly' } })).statusCode,
  ).toBe(200);
  const hook = await t.inject({
    method: 'POST',
    url: '/api/webhooks',
    token: owner.token,
    payload: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, events: ['adu.offered'] },
  });
  expect(hook.statusCode, hook.body).toBe(201);
  secret = hook.json().secret;

  now = new Date('2027-06-21T09:00:00Z'); // 05:00 EDT on the 21st: the 21st to the 25th are placed
  await t.app.ctx.stationClock.tick();
  await airOn(['2027-06-21', '2027-06-22']);
  now = new Date('2027-06-22T15:00:00Z'); // the 22nd, 11:00 EDT
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver.close(resolve));
});

/** The order's spots of those days aired (master control's as-run, here written straight to the log). */
const airOn = (dates: string[]) =>
  t.database.db
    .update(trafficSpots)
    .set({ status: 'aired', airedAt: new Date(`${dates[0]}T10:30:00Z`) })
    .where(and(eq(trafficSpots.estimateId, orderId), inArray(trafficSpots.airDate, dates)));
const offerAdus = () => t.inject({ method: 'POST', url: `/api/estimates/${orderId}/adus`, token: admin });
const postBuy = async () => {
  const res = await t.inject({ method: 'GET', url: `/api/estimates/${orderId}/post-buy`, token: owner.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const adus = async () =>
  ((await t.inject({ method: 'GET', url: `/api/estimates/${orderId}/makegoods`, token: owner.token })).json().makegoods as Offer[]).filter(
    (m) => m.kind === 'adu',
  );
const spotsOn = async (date: string) =>
  ((await t.inject({ method: 'GET', url: `/api/traffic/logs/${date}`, token: admin })).json().spots as Spot[]).filter((s) => s.estimate_id === orderId);
const lineRow = (post: { lines: { id: string; delivered: { spots: number; grps: number; cost_cents: number } }[] }, id: string) =>
  post.lines.find((l) => l.id === id)!.delivered;

describe('ADUs of a schedule order', () => {
  it('sizes them on the current book in the schedule line that delivers most, each aired spot counted on its own line', async () => {
    const post = await postBuy();
    // Aired: the 21st (A, 2 spots) and the 22nd (B, 1 spot), on Nov26 at 2.0: A 4 GRPs for 2 × $40, B 2 GRPs for $50.
    expect(lineRow(post, lineA)).toMatchObject({ spots: 2, grps: 4, cost_cents: 8000 });
    expect(lineRow(post, lineB)).toMatchObject({ spots: 1, grps: 2, cost_cents: 5000 });
    // 6 GRPs of the 13 guaranteed: 7 short. Both lines deliver 2.0 a spot, the first is taken: ⌈7 ÷ 2⌉ = ⌈3.5⌉ = 4 ADUs.
    expect(post.shortfall).toBe(7);
    expect(post.adus).toMatchObject({ spots: 4, line_id: lineA, label: 'Morning A', per_spot: 2, pending: 0 });
  });

  it('offers them on the line’s days with room, the order’s own schedule counted, and announces them by webhook', async () => {
    const res = await offerAdus();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      message: '4 ADUs offered in Morning A; the advertiser accepts or declines them on the order',
      offered: 4,
      owed: 4,
      not_offered: 0,
    });
    // From tomorrow, the 23rd, on A's days (Mon/Wed/Fri), one a day: Wednesday the 23rd has A's 2 spots of 2, so
    // Friday the 25th (1 of 2 taken), then Monday 28 June, Wednesday 30 June and Friday 2 July (after the flight).
    const offered = await adus();
    expect(offered.map((a) => [a.air_date, a.status, a.spot_cost])).toEqual(
      ['2027-06-25', '2027-06-28', '2027-06-30', '2027-07-02'].map((d) => [d, 'offered', 0]),
    );
    await eventually(() => expect(events('adu.offered')).toHaveLength(1));
    expect(events('adu.offered')[0]!.data).toEqual({
      order_id: orderId,
      channel_id: expect.any(String),
      adus: 4,
      makegood_ids: offered.map((a) => a.id),
      air_dates: ['2027-06-25', '2027-06-28', '2027-06-30', '2027-07-02'],
    });
    const bell = (await t.inject({ method: 'GET', url: '/api/notifications', token: owner.token })).json().notifications as { message: string }[];
    expect(bell[0]!.message).toBe('Your order "Guaranteed schedule" delivered less than its audience guarantee: 4 ADUs (no-charge spots) are offered');
  });

  it('moves an offered one only to a day of its line: the daypart airs every day, line A on Mon/Wed/Fri', async () => {
    const last = (await adus()).at(-1)!;
    const move = (air_date: string) => t.inject({ method: 'PUT', url: `/api/makegoods/${last.id}`, token: admin, payload: { air_date } });
    // Saturday 3 July: the daypart airs, the line does not.
    const saturday = await move('2027-07-03');
    expect(saturday.statusCode).toBe(400);
    expect(saturday.json()).toMatchObject({ error: 'The daypart does not air on that day' });
    // Monday 5 July is A's, and Friday 2 July again.
    expect((await move('2027-07-05')).statusCode).toBe(200);
    expect((await adus()).at(-1)!.air_date).toBe('2027-07-05');
    expect((await move('2027-07-02')).statusCode).toBe(200);
    expect((await adus()).map((a) => a.air_date)).toEqual(['2027-06-25', '2027-06-28', '2027-06-30', '2027-07-02']);
  });

  it('places an accepted one as the line’s spot: its length, marked ADU', async () => {
    for (const offer of await adus()) {
      const res = await t.inject({ method: 'POST', url: `/api/makegoods/${offer.id}/accept`, token: owner.token });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Friday the 25th: A's own spot and the ADU, both :15 (the line's length, not the commercial's).
    const friday = await spotsOn('2027-06-25');
    expect(friday.map((s) => [s.duration_seconds, s.adu]).sort()).toEqual([
      [15, false],
      [15, true],
    ]);
    expect((await postBuy()).adus.pending).toBe(4);
    const again = await offerAdus();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'The ADUs that cover the shortfall are already offered or accepted' });
  });

  it('does not offer again for an aired ADU its month’s post book does not value yet', async () => {
    now = new Date('2027-06-29T15:00:00Z');
    await t.app.ctx.stationClock.tick();
    // The ADUs of the 25th (June) and the 28th (broadcast July, which has no post book yet) aired.
    const offered = await adus();
    await t.database.db
      .update(trafficSpots)
      .set({ status: 'aired', airedAt: new Date('2027-06-28T10:30:00Z') })
      .where(inArray(trafficSpots.makegoodOfferId, [offered[0]!.id, offered[1]!.id]));
    const post = await postBuy();
    // Delivered: 6 + the 25th's 2.0 = 8 GRPs; the 28th's counts no audience. 5 short: ⌈5 ÷ 2⌉ = 3 ADUs, and 3 are
    // pending (the 30th and the 2nd accepted, the 28th aired and not valued): none is owed.
    expect(post.total.delivered).toMatchObject({ spots: 5, grps: 8 });
    expect(post.unvalued_spots).toBe(1);
    expect(post.adus).toMatchObject({ spots: 3, pending: 3 });
    const res = await offerAdus();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'The ADUs that cover the shortfall are already offered or accepted' });

    // July's post book named: the 28th's ADU delivers 2.0. 10 GRPs, 3 short: ⌈1.5⌉ = 2 ADUs, the 2 accepted.
    expect((await t.inject({ method: 'PUT', url: '/api/post-books/2027-07', token: admin, payload: { book_id: bookId } })).statusCode).toBe(200);
    expect((await postBuy()).adus).toMatchObject({ spots: 2, pending: 2 });
    expect((await offerAdus()).statusCode).toBe(409);
  });

  it('meets the guarantee once the ADUs aired: the post-buy counts them delivered at no cost on their line', async () => {
    now = new Date('2027-07-03T15:00:00Z');
    await t.app.ctx.stationClock.tick();
    const offered = await adus();
    await t.database.db
      .update(trafficSpots)
      .set({ status: 'aired', airedAt: new Date('2027-07-02T10:30:00Z') })
      .where(inArray(trafficSpots.makegoodOfferId, [offered[2]!.id, offered[3]!.id]));
    const post = await postBuy();
    // 3 paid spots and 4 ADUs at 2.0: 14 GRPs, the 13 guaranteed met; 14 of the 14 ordered = 100 %; cost 2 × $40 + $50 =
    // $130 (ADUs cost nothing).
    expect(post.total.delivered).toMatchObject({ spots: 7, grps: 14, cost_cents: 13_000 });
    expect(post.total.percent_delivered).toBe(100);
    expect(lineRow(post, lineA)).toMatchObject({ spots: 6, grps: 12, cost_cents: 8000 });
    expect(lineRow(post, lineB)).toMatchObject({ spots: 1, grps: 2, cost_cents: 5000 });
    expect(post.shortfall).toBe(0);
    expect(post.adus).toBeNull();
    expect((await offerAdus()).json()).toEqual({ error: 'This order meets its audience guarantee: no ADUs are owed' });
  });

  it('lists each ADU on one EI only: the month invoice of the month it aired, else the final invoice', async () => {
    const june = await t.inject({ method: 'POST', url: '/api/billing/broadcast-month', token: admin, payload: { month: '2027-06' } });
    expect(june.statusCode, june.body).toBe(201);
    const monthInvoice = (june.json().invoices as { id: string; estimate_id: string }[]).find((i) => i.estimate_id === orderId)!;
    // Thursday the 24th's spot (B) is reported after June was billed: the final invoice bills it.
    await airOn(['2027-06-24']);
    const order = (await t.inject({ method: 'GET', url: `/api/estimates/${orderId}`, token: admin })).json();
    if (order.status !== 'completed') await setOrderStatus(t, orderId, 'completed');
    const final = await t.inject({ method: 'POST', url: `/api/billing/from-estimate/${orderId}`, token: admin, payload: {} });
    expect(final.statusCode, final.body).toBe(201);

    const spotsOf = async (invoiceId: string) => {
      const ei = readEi((await t.inject({ method: 'GET', url: `/api/billing/${invoiceId}/ei`, token: admin })).body);
      return ei.filter((r) => r.type === '51').map((r) => ({ rate: r.fields[6] }));
    };
    const adusOf = async (invoiceId: string) => {
      const ei = readEi((await t.inject({ method: 'GET', url: `/api/billing/${invoiceId}/ei`, token: admin })).body);
      return ei.filter((r) => r.type === '52' && r.fields[0] === ADU_COMMENT).length;
    };
    // June's invoice: the 21st (2) and 22nd at their rates, and the ADU of the 25th (June) at 0.00.
    expect((await spotsOf(monthInvoice.id)).map((s) => s.rate)).toEqual(['40.00', '40.00', '50.00', '0.00']);
    expect(await adusOf(monthInvoice.id)).toBe(1);
    // The final invoice: the 24th at $50 and the ADUs of July (28th, 30th, 2nd); not the 25th again.
    expect((await spotsOf(final.json().id)).map((s) => s.rate)).toEqual(['50.00', '0.00', '0.00', '0.00']);
    expect(await adusOf(final.json().id)).toBe(3);
  });
});
