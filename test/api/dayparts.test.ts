import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, dayparts, estimateItems, estimates } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { clockToday } from '../support/clock';

let t: TestApp;
let client: string;
let clientId: string;
beforeAll(async () => {
  t = await createTestApp();
  const signed = await t.signUp();
  client = signed.token;
  clientId = signed.user.id;
});
afterAll(() => t.close());

const newDaypart = (overrides: Record<string, unknown> = {}) => ({
  name: `Prime ${Math.random().toString(36).slice(2, 8)}`,
  description: 'Evening prime time',
  start_time: '20:00',
  end_time: '23:00',
  days_of_week: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
  base_cpm: 45.5,
  min_cpm: 30,
  multiplier: 1.2,
  spot_frequency: 10,
  is_prime_time: true,
  ...overrides,
});

/** An order with one item on `daypartId`, in `status`, over [start, end]. */
const book = async (daypartId: string, status: 'approved' | 'draft' | 'scheduled', start: string, end: string, spots: number) => {
  const [brand] = await t.database.db.insert(brands).values({ ownerId: clientId, commonName: 'B', legalName: 'B LLC' }).returning();
  const [order] = await t.database.db
    .insert(estimates)
    .values({ ownerId: clientId, brandId: brand!.id, status, startDate: start, endDate: end, estimateName: 'Booked' })
    .returning();
  await t.database.db.insert(estimateItems).values({ estimateId: order!.id, daypartId, spotsPerOccurrence: spots });
  return order!.id;
};

describe('dayparts', () => {
  it('lists the rate card to any signed-in user, in dollars', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/dayparts', token: client });
    expect(res.statusCode).toBe(200);
    const early = res.json().find((d: { name: string }) => d.name === 'Early Morning');
    expect(early).toMatchObject({
      base_cpm: 15,
      min_cpm: 5,
      multiplier: 1,
      spot_frequency: 30,
      start_time: '05:00',
      end_time: '09:00',
      days_of_week: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    });
    expect((await t.inject({ method: 'GET', url: '/api/dayparts' })).statusCode).toBe(401);
  });

  it('keeps spot-length rates and a flat rate per spot: defaults keep today’s price, bad values change nothing', async () => {
    const admin = await t.adminToken();
    const created = (await t.inject({ method: 'POST', url: '/api/dayparts', token: admin, payload: newDaypart() })).json();
    expect(created).toMatchObject({ rate_15_percent: 100, rate_60_percent: 100, flat_rate: null });

    const set = await t.inject({
      method: 'PUT',
      url: `/api/dayparts/${created.id}`,
      token: admin,
      payload: { rate_15_percent: 60, rate_60_percent: 190, flat_rate: 125.5 },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ rate_15_percent: 60, rate_60_percent: 190, flat_rate: 125.5, base_cpm: 45.5 });

    for (const [payload, error] of [
      [{ flat_rate: 10.005 }, 'Flat rate per spot must have at most 2 decimal places'],
      [{ flat_rate: -1 }, 'Flat rate per spot must be greater than 0 (leave it blank for none)'],
      [{ rate_15_percent: 0 }, 'Price of a :15 must be at least 1%'],
      [{ rate_60_percent: 150.5 }, 'Price of a :60 must be a whole percentage'],
    ] as const) {
      const res = await t.inject({ method: 'PUT', url: `/api/dayparts/${created.id}`, token: admin, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(error);
    }
    expect((await t.inject({ method: 'GET', url: `/api/dayparts/${created.id}`, token: client })).json()).toMatchObject({
      rate_15_percent: 60,
      rate_60_percent: 190,
      flat_rate: 125.5,
    });

    const cleared = await t.inject({ method: 'PUT', url: `/api/dayparts/${created.id}`, token: admin, payload: { flat_rate: null } });
    expect(cleared.json().flat_rate).toBeNull();
    expect((await t.inject({ method: 'PUT', url: `/api/dayparts/${created.id}`, token: client, payload: { flat_rate: 1 } })).statusCode).toBe(403);
  });

  it('lets admins create, read, update and delete; clients may not write', async () => {
    const admin = await t.adminToken();
    const body = newDaypart({ days_of_week: ['sat', 'Sun'] });
    expect((await t.inject({ method: 'POST', url: '/api/dayparts', token: client, payload: body })).statusCode).toBe(403);
    const created = await t.inject({ method: 'POST', url: '/api/dayparts', token: admin, payload: body });
    expect(created.statusCode).toBe(201);
    const daypart = created.json();
    expect(daypart).toMatchObject({
      name: body.name,
      base_cpm: 45.5,
      min_cpm: 30,
      multiplier: 1.2,
      spot_frequency: 10,
      is_prime_time: true,
      days_of_week: ['Saturday', 'Sunday'],
    });
    expect((await t.inject({ method: 'GET', url: `/api/dayparts/${daypart.id}`, token: client })).json().name).toBe(body.name);

    const updated = await t.inject({ method: 'PUT', url: `/api/dayparts/${daypart.id}`, token: admin, payload: { base_cpm: 50, spot_frequency: 12 } });
    expect(updated.json()).toMatchObject({ base_cpm: 50, spot_frequency: 12, min_cpm: 30 });
    expect((await t.inject({ method: 'PUT', url: `/api/dayparts/${daypart.id}`, token: client, payload: { base_cpm: 1 } })).statusCode).toBe(403);

    const duplicate = await t.inject({ method: 'POST', url: '/api/dayparts', token: admin, payload: { ...body } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ error: 'A daypart with this name already exists' });

    expect((await t.inject({ method: 'DELETE', url: `/api/dayparts/${daypart.id}`, token: client })).statusCode).toBe(403);
    expect((await t.inject({ method: 'DELETE', url: `/api/dayparts/${daypart.id}`, token: admin })).json()).toEqual({
      message: 'Daypart deleted successfully',
    });
    expect((await t.inject({ method: 'GET', url: `/api/dayparts/${daypart.id}`, token: client })).json()).toEqual({ error: 'Daypart not found' });
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ start_time: '25:00' }, 'Start time must be a time such as 06:00'],
    [{ days_of_week: [] }, 'Select at least one day of the week'],
    [{ days_of_week: ['Funday'] }, 'Days of week must be day names such as Monday'],
    [{ base_cpm: -1 }, 'Base CPM cannot be negative'],
    [{ spot_frequency: 0 }, 'Spot frequency must be at least 1'],
    [{ multiplier: 0 }, 'Multiplier must be greater than 0'],
  ])('refuses %o with "%s"', async (change, error) => {
    const res = await t.inject({ method: 'POST', url: '/api/dayparts', token: await t.adminToken(), payload: newDaypart(change) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error, field: Object.keys(change)[0] });
  });

  it('refuses to delete a daypart that orders use', async () => {
    const daypart = (await t.inject({ method: 'POST', url: '/api/dayparts', token: await t.adminToken(), payload: newDaypart() })).json();
    await book(daypart.id, 'draft', '2027-01-04', '2027-01-08', 1);
    const res = await t.inject({ method: 'DELETE', url: `/api/dayparts/${daypart.id}`, token: await t.adminToken() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Cannot delete daypart that is used by orders' });
  });
});

describe('GET /api/dayparts/availability/:id', () => {
  it('answers free spots per airing day, counting approved, scheduled and active orders only', async () => {
    const daypart = (await t.inject({ method: 'POST', url: '/api/dayparts', token: await t.adminToken(), payload: newDaypart({ spot_frequency: 10 }) })).json();
    // 2027-01-04 is a Monday.
    await book(daypart.id, 'approved', '2027-01-04', '2027-01-06', 4);
    await book(daypart.id, 'scheduled', '2027-01-05', '2027-01-12', 3);
    await book(daypart.id, 'draft', '2027-01-04', '2027-01-12', 9);
    const res = await t.inject({ method: 'GET', url: `/api/dayparts/availability/${daypart.id}?start_date=2027-01-04&end_date=2027-01-10`, token: client });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.days).toEqual([
      { date: '2027-01-04', booked_spots: 4, available_spots: 6 },
      { date: '2027-01-05', booked_spots: 7, available_spots: 3 },
      { date: '2027-01-06', booked_spots: 7, available_spots: 3 },
      { date: '2027-01-07', booked_spots: 3, available_spots: 7 },
      { date: '2027-01-08', booked_spots: 3, available_spots: 7 },
    ]);
    expect(body).toMatchObject({ daypart_id: daypart.id, spot_frequency: 10, available_spots: 3 });
  });

  it('validates the range', async () => {
    const [early] = await t.database.db.select().from(dayparts).where(eq(dayparts.name, 'Early Morning'));
    const url = `/api/dayparts/availability/${early!.id}`;
    // Without dates: today.
    expect((await t.inject({ method: 'GET', url, token: client })).json()).toMatchObject({
      start_date: clockToday(),
      end_date: clockToday(),
      spot_frequency: 30,
    });
    expect((await t.inject({ method: 'GET', url: `${url}?start_date=2027-02-01&end_date=2027-01-01`, token: client })).json()).toEqual({
      error: 'end_date cannot be before start_date',
      field: 'end_date',
    });
    expect((await t.inject({ method: 'GET', url: `${url}?start_date=2027-01-01&end_date=2029-01-01`, token: client })).json()).toEqual({
      error: 'The date range can cover at most 366 days',
    });
    expect((await t.inject({ method: 'GET', url: `${url}?start_date=yesterday&end_date=2027-01-01`, token: client })).json()).toEqual({
      error: 'start_date must be a date (YYYY-MM-DD)',
      field: 'start_date',
    });
  });
});
