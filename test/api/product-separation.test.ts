/**
 * Product separation (issue 44, decision 059): a brand's product category, the station's minutes per
 * category, and placement keeping two brands of one category apart on the log, or marking the spot it
 * cannot keep apart on the log and on Discrepancies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CATEGORY_CODES } from '../../src/domain/product-categories';
import { createTestApp, type TestApp } from '../support/app';
import { setOrderStatus } from '../support/campaign-fixtures';
import { clientWithBrand, createDaypart, submittedOrder } from '../support/ordering-fixtures';

// A Monday noon; the test app's station is in UTC when the test sets its time.
const now = new Date('2027-03-01T12:00:00Z');
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
  admin = await t.adminToken();
});
afterAll(async () => t?.close());

interface Conflict {
  brand_id: string;
  brand_name: string | null;
  product_category: string | null;
}
interface Spot {
  id: string;
  local_time: string;
  brand_name: string;
  estimate_id: string;
  status: string;
  separation_conflict: Conflict | null;
}

const log = async (date: string) => ((await t.inject({ method: 'GET', url: `/api/traffic/logs/${date}`, token: admin })).json() as { spots: Spot[] }).spots;
const putStation = (payload: Record<string, unknown>) => t.inject({ method: 'PUT', url: '/api/station', token: admin, payload: { name: 'WSPT', ...payload } });

/** A client's brand in `category` (set through the API) with an Active order of `spots` spots a day on `daypartId` from `start`. */
const dealerOrder = async (category: string | null, daypartId: string, start: string, spots = 1) => {
  const owner = await clientWithBrand(t);
  const res = await t.inject({ method: 'PUT', url: `/api/brands/${owner.brand.id}`, token: owner.token, payload: { product_category: category } });
  expect(res.statusCode, res.body).toBe(200);
  const { order } = await submittedOrder(t, { owner, startDate: start, daypartId, spots, totalSpend: 2000 });
  await setOrderStatus(t, order.id, 'scheduled');
  await setOrderStatus(t, order.id, 'active');
  return { owner, order };
};
const seconds = (clock: string) => clock.split(':').reduce((total, part) => total * 60 + Number(part), 0);

describe("a brand's product category", () => {
  it('is read and written on the brand, and an unknown one is refused', async () => {
    const owner = await clientWithBrand(t);
    const url = `/api/brands/${owner.brand.id}`;
    expect((await t.inject({ method: 'GET', url, token: owner.token })).json().product_category).toBeNull();

    const bad = await t.inject({ method: 'PUT', url, token: owner.token, payload: { product_category: 'cars' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(`Product category must be one of ${PRODUCT_CATEGORY_CODES.join(', ')}`);

    const set = await t.inject({ method: 'PUT', url, token: owner.token, payload: { product_category: 'qsr' } });
    expect(set.json().product_category).toBe('qsr');
    const cleared = await t.inject({ method: 'PUT', url, token: owner.token, payload: { product_category: null } });
    expect(cleared.json().product_category).toBeNull();

    const made = await t.inject({
      method: 'POST',
      url: '/api/brands',
      token: owner.token,
      payload: { common_name: 'Northwind Motors', legal_name: 'Northwind Motors LLC', product_category: 'automotive' },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().product_category).toBe('automotive');
    const refused = await t.inject({
      method: 'POST',
      url: '/api/brands',
      token: owner.token,
      payload: { common_name: 'X', legal_name: 'X', product_category: 7 },
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe("the station's separation per category", () => {
  it('is 15 minutes for every category by default, set per category, and bounded 0..240', async () => {
    const station = (await t.inject({ method: 'GET', url: '/api/station', token: admin })).json();
    expect(station.product_separations).toEqual(Object.fromEntries(PRODUCT_CATEGORY_CODES.map((code) => [code, 15])));

    const tooLong = await putStation({ product_separations: { automotive: 241 } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe('Separation must be a whole number of minutes from 0 to 240');
    const unknown = await putStation({ product_separations: { spaceships: 10 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/^Unknown product category "spaceships"/);

    const notAMap = await putStation({ product_separations: 15 });
    expect(notAMap.json().error).toBe('Product separations must be minutes by product category, such as {"automotive": 15}');

    const saved = await putStation({ product_separations: { qsr: 0, telecom: 30 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().product_separations).toMatchObject({ qsr: 0, telecom: 30, automotive: 15 });
    // Left out, the stored separations stay.
    expect((await putStation({})).json().product_separations).toMatchObject({ qsr: 0, telecom: 30 });
  });
});

describe('placement', () => {
  it('places two brands of one category booked in one daypart at least the separation apart', async () => {
    const day = '2027-03-08'; // a Monday
    expect((await putStation({ product_separations: { automotive: 90 } })).statusCode).toBe(200);
    const daypart = await createDaypart(t.database.db, { startTime: '06:00', endTime: '08:00', daysOfWeek: ['Monday'], spotFrequency: 10 });
    const first = await dealerOrder('automotive', daypart.id, day);
    const second = await dealerOrder('automotive', daypart.id, day);
    await t.app.ctx.stationClock.tick();

    const spots = (await log(day)).filter((s) => [first.order.id, second.order.id].includes(s.estimate_id));
    expect(spots).toHaveLength(2);
    // Spread evenly they would air an hour apart; the separation puts them 90 minutes apart.
    expect(seconds(spots[1]!.local_time) - seconds(spots[0]!.local_time)).toBeGreaterThanOrEqual(90 * 60);
    expect(spots.map((s) => s.separation_conflict)).toEqual([null, null]);
  });

  it('places what cannot be kept apart, lists it as a conflict on the log and on Discrepancies, and the desk moves it', async () => {
    const day = '2027-03-10'; // a Wednesday
    expect((await putStation({ product_separations: { automotive: 10 } })).statusCode).toBe(200);
    // One break of 15 minutes: two dealers can only share it.
    const daypart = await createDaypart(t.database.db, { startTime: '06:00', endTime: '06:15', daysOfWeek: ['Wednesday'], spotFrequency: 4 });
    const first = await dealerOrder('automotive', daypart.id, day);
    const second = await dealerOrder('automotive', daypart.id, day);
    const other = await dealerOrder(null, daypart.id, day);
    const ours = [first.order.id, second.order.id, other.order.id];
    await t.app.ctx.stationClock.tick();
    const flaggedOn = async () => {
      const spots = (await log(day)).filter((s) => ours.includes(s.estimate_id) && s.status === 'scheduled');
      expect(spots).toHaveLength(3);
      return { spots, flagged: spots.filter((s) => s.separation_conflict !== null) };
    };
    const desk = async () =>
      (await t.inject({ method: 'GET', url: '/api/traffic/discrepancies', token: admin })).json().separation_conflicts as (Spot & { id: string })[];

    const { spots, flagged } = await flaggedOn();
    expect(flagged).toHaveLength(1);
    const otherDealer = spots.find((s) => s.estimate_id !== other.order.id && s.id !== flagged[0]!.id)!;
    expect(flagged[0]!.separation_conflict).toEqual({ brand_id: expect.any(String), brand_name: otherDealer.brand_name, product_category: 'automotive' });
    expect(await desk()).toContainEqual(
      expect.objectContaining({
        id: flagged[0]!.id,
        air_date: day,
        local_time: flagged[0]!.local_time,
        brand_name: flagged[0]!.brand_name,
        status: 'scheduled',
        separation_conflict: flagged[0]!.separation_conflict,
      }),
    );

    // Turned off for the category, the day is placed again without the conflict; turned on, it is back.
    expect((await putStation({ product_separations: { automotive: 0 } })).statusCode).toBe(200);
    await t.app.ctx.stationClock.tick();
    expect((await flaggedOn()).flagged).toEqual([]);
    expect((await putStation({ product_separations: { automotive: 10 } })).statusCode).toBe(200);
    await t.app.ctx.stationClock.tick();
    const again = (await flaggedOn()).flagged;
    expect(again).toHaveLength(1);

    // The desk moves it 12 minutes on: apart from the other dealer, the conflict is gone from the log and Discrepancies.
    const moved = await t.inject({ method: 'POST', url: `/api/traffic/spots/${again[0]!.id}/move`, token: admin, payload: { date: day, time: '06:12:00' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().spot).toMatchObject({ local_time: '06:12:00', separation_conflict: null });
    expect((await flaggedOn()).flagged).toEqual([]);
    expect((await desk()).filter((s) => ours.includes(s.estimate_id))).toEqual([]);
  });
});
