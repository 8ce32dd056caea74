/**
 * ADUs (issue 43, decision 057): a guaranteed order under its guarantee is offered no-charge spots sized on
 * the current book; the advertiser accepts or declines them as makegoods; an accepted one is placed on the
 * log marked ADU, airs, counts in the post-buy at no cost, is never billed, and is marked ADU on the
 * affidavit and the EI. Every expectation is computed by hand in the comment beside it.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { broadcastMonthOf } from '../../src/domain/broadcast-calendar';
import { addDays } from '../../src/domain/dates';
import { ADU_COMMENT, readEi } from '../../src/domain/ei';
import { trafficSpots } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { uploadAsRun } from '../support/as-run-fixtures';
import { bookFields, uploadBook } from '../support/audience-fixtures';
import { setOrderStatus } from '../support/campaign-fixtures';
import { clientWithBrand, createDaypart, putOrder, readyOrder } from '../support/ordering-fixtures';
import { pdfText } from '../support/pdf-text';

const ZONE = 'America/New_York';
const DAY = '2027-06-07'; // a Monday: the flight's first day
const SPOT_COST = 20.49; // 1,366 impressions at a $15 CPM
let now = new Date('2027-05-30T14:00:00Z');
let t: TestApp;
let admin: string;
let daypartId: string;
let order: { id: string; end_date: string; items: { id: string }[] };
let owner: Awaited<ReturnType<typeof clientWithBrand>>;

interface Offer {
  id: string;
  kind: string;
  missed_spot_id: string | null;
  missed_date: string | null;
  air_date: string | null;
  status: string;
  spot_cost: number;
  credit: number;
  events: { action: string; by: string }[];
}
interface Spot {
  id: string;
  estimate_id: string;
  local_time: string;
  makegood_offer_id: string | null;
  adu: boolean;
}

const book = (rating: number) =>
  [
    'daypart,demo,rating,impressions,universe',
    `ADU Breakfast,A25-54,${rating},${rating * 10},1000`,
    `ADU Breakfast,HH,${rating + 1},${rating * 10 + 10},1000`,
  ].join('\n');

beforeAll(async () => {
  t = await createTestApp({ stationTimeZone: ZONE, trafficHorizonDays: 5 }, { now: () => now });
  admin = await t.adminToken();
  const everyDay = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  daypartId = (
    await createDaypart(t.database.db, {
      name: 'ADU Breakfast',
      startTime: '06:00',
      endTime: '07:00',
      daysOfWeek: everyDay,
      spotFrequency: 4,
      baseCpmCents: 1500,
    })
  ).id;
  // Nov26: 2.0 A25-54 a spot (the book the order is booked and posted on).
  expect((await uploadBook(t, book(2), bookFields('Nov26'), admin)).statusCode).toBe(201);
  const ready = await readyOrder(t, { name: 'Guaranteed breakfast', daypartId, spots: 1, startDate: DAY, totalSpend: 150 });
  owner = ready.owner;
  // A guarantee of 20 GRPs on A25-54.
  const set = await putOrder(t, owner.token, ready.order.id, { target_demo: 'A25-54', audience_guarantee: { demo: 'A25-54', grps: 20 } });
  expect(set.statusCode, set.body).toBe(200);
  expect((await putOrder(t, owner.token, ready.order.id, { status: 'ordered' })).statusCode).toBe(200);
  expect((await t.inject({ method: 'PATCH', url: `/api/estimates/${ready.order.id}/approve`, token: admin, payload: {} })).statusCode).toBe(200);
  expect(
    (await t.inject({ method: 'PUT', url: `/api/estimates/${ready.order.id}/billing-mode`, token: admin, payload: { billing_mode: 'monthly' } })).statusCode,
  ).toBe(200);
  order = await setOrderStatus(t, ready.order.id, 'active');
  // Feb27 becomes current: 3.0 a spot. ADUs are sized on it; the order keeps Nov26 frozen.
  const feb = await uploadBook(t, book(3), bookFields('Feb27', { is_current: 'true' }), admin);
  expect(feb.json().is_current).toBe(true);
  const nov26 = ((await t.inject({ method: 'GET', url: '/api/books', token: admin })).json() as { id: string; name: string }[]).find(
    (b) => b.name === 'Nov26',
  )!;
  for (const month of new Set([0, 30].map((d) => broadcastMonthOf(addDays(DAY, d)).month)))
    expect((await t.inject({ method: 'PUT', url: `/api/post-books/${month}`, token: admin, payload: { book_id: nov26.id } })).statusCode).toBe(200);

  now = new Date(`${DAY}T09:00:00Z`); // 05:00 EDT on the 7th: the 7th to the 11th are placed
  await t.app.ctx.stationClock.tick();
  // The first three days aired (master control's as-run, here written straight to the log).
  await t.database.db
    .update(trafficSpots)
    .set({ status: 'aired', airedAt: new Date(`${DAY}T10:00:00Z`) })
    .where(and(eq(trafficSpots.estimateId, order.id), inArray(trafficSpots.airDate, [DAY, addDays(DAY, 1), addDays(DAY, 2)])));
  now = new Date(`${addDays(DAY, 3)}T15:00:00Z`); // the 10th, 11:00 EDT
});
afterAll(async () => t?.close());

const offerAdus = (token: string | null = admin, id = order.id) => t.inject({ method: 'POST', url: `/api/estimates/${id}/adus`, token: token ?? undefined });
const offers = async (token = owner.token) => {
  const res = await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/makegoods`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { makegoods: Offer[]; credits: number; billable_amount: number };
};
const postBuy = async () => (await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/post-buy`, token: owner.token })).json();
const spotsOn = async (date: string) =>
  ((await t.inject({ method: 'GET', url: `/api/traffic/logs/${date}`, token: admin })).json().spots as Spot[]).filter((s) => s.estimate_id === order.id);

describe('ADUs', () => {
  let adus: Offer[];

  it('sizes the ADUs of a shortfall on the current book', async () => {
    const post = await postBuy();
    // Delivered on Nov26: 3 aired spots × 2.0 = 6 GRPs of the 20 guaranteed: 14 short.
    // On Feb27 (current) a Breakfast spot delivers 3.0: ⌈14 ÷ 3⌉ = ⌈4.67⌉ = 5 ADUs.
    expect(post.total.delivered).toMatchObject({ spots: 3, grps: 6 });
    expect(post.shortfall).toBe(14);
    expect(post.adus).toEqual({ spots: 5, daypart_id: daypartId, line_id: order.items[0]!.id, label: 'ADU Breakfast', per_spot: 3, pending: 0 });
  });

  it('is offered by admins only, and only where a guarantee is short', async () => {
    const stranger = await clientWithBrand(t);
    expect((await offerAdus(null)).statusCode).toBe(401);
    expect((await offerAdus(owner.token)).statusCode).toBe(403);
    expect((await offerAdus(admin, '00000000-0000-4000-8000-000000000000')).json()).toEqual({ error: 'Estimate not found' });
    const plain = await readyOrder(t, { daypartId, spots: 1, startDate: addDays(DAY, 10), totalSpend: 150, owner: stranger });
    const draft = await offerAdus(admin, plain.order.id);
    expect(draft.statusCode).toBe(409);
    expect(draft.json()).toEqual({ error: 'ADUs are offered on a booked or completed order' });
    expect((await putOrder(t, stranger.token, plain.order.id, { status: 'ordered' })).statusCode).toBe(200);
    expect((await t.inject({ method: 'PATCH', url: `/api/estimates/${plain.order.id}/approve`, token: admin, payload: {} })).statusCode).toBe(200);
    expect((await offerAdus(admin, plain.order.id)).json()).toEqual({ error: 'This order has no audience guarantee, so no ADUs are owed' });
  });

  it('offers them to the advertiser like makegoods: one a day from tomorrow, at no charge', async () => {
    const res = await offerAdus();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      message: '5 ADUs offered in ADU Breakfast; the advertiser accepts or declines them on the order',
      offered: 5,
      owed: 5,
      not_offered: 0,
    });
    const again = await offerAdus();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'The ADUs that cover the shortfall are already offered or accepted' });

    const list = await offers();
    adus = list.makegoods.filter((m) => m.kind === 'adu');
    // Today is the 10th: the 11th to the 15th, one a day (each day has 3 of its 4 spots free).
    expect(adus.map((a) => [a.air_date, a.status, a.spot_cost, a.missed_spot_id])).toEqual(
      [11, 12, 13, 14, 15].map((d) => [`2027-06-${d}`, 'offered', 0, null]),
    );
    expect(adus[0]!.events).toEqual([expect.objectContaining({ action: 'offered', by: 'admin@spotbook.test' })]);
    expect(list.credits).toBe(0);
    const bell = (await t.inject({ method: 'GET', url: '/api/notifications', token: owner.token })).json().notifications as { message: string }[];
    expect(bell[0]!.message).toBe('Your order "Guaranteed breakfast" delivered less than its audience guarantee: 5 ADUs (no-charge spots) are offered');
    expect((await postBuy()).adus.pending).toBe(5);
  });

  it('shows the advertiser only their own', async () => {
    const stranger = await clientWithBrand(t);
    expect((await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/makegoods`, token: stranger.token })).statusCode).toBe(404);
    expect((await t.inject({ method: 'POST', url: `/api/makegoods/${adus[0]!.id}/accept`, token: stranger.token })).json()).toEqual({
      error: 'Makegood offer not found',
    });
    expect((await t.inject({ method: 'POST', url: `/api/makegoods/${adus[0]!.id}/decline`, token: stranger.token })).statusCode).toBe(404);
  });

  it('places an accepted ADU on the log marked ADU; a declined one is not credited and may be offered again', async () => {
    const accepted = await t.inject({ method: 'POST', url: `/api/makegoods/${adus[0]!.id}/accept`, token: owner.token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ message: 'ADU accepted: the no-charge spot is placed on the log', makegood: { kind: 'adu', status: 'accepted' } });
    const eleventh = await spotsOn('2027-06-11');
    expect(eleventh.map((s) => s.adu).sort()).toEqual([false, true]);
    expect(eleventh.find((s) => s.adu)!.makegood_offer_id).toBe(adus[0]!.id);

    const declined = await t.inject({ method: 'POST', url: `/api/makegoods/${adus[1]!.id}/decline`, token: owner.token });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({
      message: 'ADU declined: it will not air; nothing is credited or billed',
      makegood: { status: 'declined', credit: 0 },
    });
    expect((await offers()).credits).toBe(0);
    // 3 offered + 1 accepted are pending; the declined one is owed again.
    expect((await postBuy()).adus.pending).toBe(4);
    const more = await offerAdus();
    expect(more.statusCode, more.body).toBe(201);
    expect(more.json()).toMatchObject({ offered: 1, owed: 1 });
  });

  it('counts an aired ADU in the post-buy at no cost, bills it never, and marks it ADU on the affidavit and the EI', async () => {
    now = new Date('2027-06-12T15:00:00Z');
    const eleventh = await spotsOn('2027-06-11');
    const csv = [
      'date,time,house_code,duration,status,spot_id',
      ...eleventh.map((s) => `2027-06-11,${s.local_time},${owner.media.houseNumber},30,aired,${s.id}`),
    ];
    const asRun = await uploadAsRun(t, 'eleventh.csv', `${csv.join('\n')}\n`, admin, 'text/csv', { close_day: 'true' });
    expect(asRun.statusCode, asRun.body).toBe(201);

    // Delivered: 5 spots × 2.0 (Nov26) = 10 GRPs; cost 4 × $20.49 = $81.96 (the ADU costs nothing).
    const post = await postBuy();
    expect(post.total.delivered).toMatchObject({ spots: 5, grps: 10, cost_cents: 8196 });
    // 10 short: ⌈10 ÷ 3⌉ = 4 ADUs, all pending (4 offered, the aired one no longer pending).
    expect(post.adus).toMatchObject({ spots: 4, pending: 4 });
    // The post-buy as a PDF says the same.
    const printed = await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/post-buy.pdf`, token: owner.token });
    expect(printed.statusCode, printed.body).toBe(200);
    const sheet = pdfText(printed.rawPayload);
    for (const words of ['POST-BUY', 'On A25-54', 'Guarantee: 20.0 GRPs on A25-54', 'Short by 10.0 GRPs.', 'ADUs: 4 no-charge spots in ADU Breakfast', 'Total'])
      expect(sheet).toContain(words);
    const stranger = await clientWithBrand(t);
    expect((await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/post-buy.pdf`, token: stranger.token })).statusCode).toBe(404);

    const affidavit = (
      await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/affidavit?from=2027-06-11&to=2027-06-11&format=csv`, token: owner.token })
    ).body
      .trim()
      .split('\r\n');
    expect(affidavit[0]!.endsWith(',program,adu')).toBe(true);
    // status, impressions, cost … adu: the ADU delivers its 1,366 impressions at no cost.
    expect(
      affidavit
        .slice(1)
        .map((l) => [l.split(',')[6], l.split(',')[7], l.split(',')[8], l.split(',').at(-1)])
        .sort(),
    ).toEqual([
      ['aired', '1366', '0.00', 'yes'],
      ['aired', '1366', '20.49', 'no'],
    ]);
    const pdf = pdfText(
      (await t.inject({ method: 'GET', url: `/api/estimates/${order.id}/affidavit?from=2027-06-11&to=2027-06-11`, token: owner.token })).rawPayload,
    );
    expect(pdf).toContain('Aired (ADU)');
    expect(pdf).toContain('$0.00');

    await setOrderStatus(t, order.id, 'completed');
    const invoice = await t.inject({ method: 'POST', url: `/api/billing/from-estimate/${order.id}`, token: admin, payload: {} });
    expect(invoice.statusCode, invoice.body).toBe(201);
    // The four paid spots that aired (the 7th, 8th, 9th and 11th), not the ADU.
    expect(invoice.json().subtotal).toBeCloseTo(4 * SPOT_COST, 2);
    const detail = (await t.inject({ method: 'GET', url: `/api/billing/${invoice.json().id}`, token: admin })).json();
    expect(detail.invoice_lines).toEqual([expect.objectContaining({ quantity: 4, unit_price: SPOT_COST })]);
    expect(detail.billed_spots).toHaveLength(4);

    const ei = readEi((await t.inject({ method: 'GET', url: `/api/billing/${invoice.json().id}/ei`, token: admin })).body);
    const spots = ei.filter((r) => r.type === '51');
    // Five 51s in airing order: the ADU last, at 0.00, followed by its 52.
    expect(spots.map((r) => r.fields[6])).toEqual(['20.49', '20.49', '20.49', '20.49', '0.00']);
    const afterAdu = ei[ei.indexOf(spots[4]!) + 1]!;
    expect(afterAdu).toEqual({ type: '52', fields: [ADU_COMMENT] });
  });
});
