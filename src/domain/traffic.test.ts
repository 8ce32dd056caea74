import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, instantOf, weekdayOf } from './dates';
import { ALL_DAYS } from './rate-card';
import {
  bookedOnDay,
  houseCodeOf,
  isOpenSpot,
  lastUnconfirmableDay,
  nearestFreeDay,
  placeDaypartDay,
  placementHorizonDays,
  spotSeconds,
  windowOf,
  type DaypartWindow,
  type SpotDemand,
} from './traffic';

const ZONES = ['UTC', 'America/New_York', 'Europe/London', 'Asia/Kolkata'];
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const time = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 30)).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

/** A daypart at least an hour long (end may cross midnight), on some days, with a capacity. */
const daypartArb = fc
  .record({
    start: time,
    hours: fc.integer({ min: 1, max: 6 }),
    days: fc.subarray([...ALL_DAYS], { minLength: 1 }),
    capacity: fc.integer({ min: 1, max: 40 }),
  })
  .map(({ start, hours, days, capacity }): DaypartWindow => {
    const [h, m] = start.split(':').map(Number) as [number, number];
    const end = `${String((h + hours) % 24).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
    return { id: uuid(1), startTime: start, endTime: end, daysOfWeek: days, spotFrequency: capacity };
  });

/** Orders over a few weeks around the 2027 spring-forward change, each with one item in the daypart. */
const orderArb = fc.record({
  brand: fc.integer({ min: 1, max: 5 }),
  spots: fc.integer({ min: 1, max: 12 }),
  startOffset: fc.integer({ min: 0, max: 10 }),
  length: fc.integer({ min: 0, max: 14 }),
  seconds: fc.constantFrom(15, 30, 60),
  paused: fc.boolean(),
});

const FIRST_DAY = '2027-03-03';

interface Order {
  demand: SpotDemand;
  startDate: string;
  endDate: string;
}

/** Books orders the way the availability rule does: an order is refused when any of its days would pass capacity. */
type Wish = typeof orderArb extends fc.Arbitrary<infer T> ? T : never;
const book = (daypart: DaypartWindow, wishes: Wish[]) => {
  const booked: Order[] = [];
  wishes.forEach((w, i) => {
    const startDate = addDays(FIRST_DAY, w.startOffset);
    const endDate = addDays(startDate, w.length);
    const candidate: Order = {
      startDate,
      endDate,
      demand: {
        estimateId: uuid(100 + i),
        estimateItemId: uuid(200 + i),
        campaignId: null,
        brandId: uuid(300 + w.brand),
        mediaAssetId: uuid(400 + i),
        houseCode: houseCodeOf({ adId: null, houseNumber: `SB${String(400 + i).padStart(6, '0')}` }),
        durationSeconds: w.seconds,
        spots: w.spots,
        held: w.paused,
        bookedAt: new Date(Date.UTC(2027, 0, 1, 0, i)),
      },
    };
    let fits = true;
    for (let d = startDate; d <= endDate; d = addDays(d, 1)) {
      const already = bookedOnDay(
        daypart,
        d,
        booked.map((o) => ({ spots: o.demand.spots, startDate: o.startDate, endDate: o.endDate })),
      );
      if (airsOn(daypart, d) && already + w.spots > daypart.spotFrequency) fits = false;
    }
    if (fits) booked.push(candidate);
  });
  return booked;
};
const airsOn = (daypart: DaypartWindow, date: string) => daypart.daysOfWeek.includes(weekdayOf(date));

const placeOn = (daypart: DaypartWindow, orders: Order[], date: string, timeZone: string, breakMinutes = 15) =>
  placeDaypartDay({ daypart, date, breakMinutes, timeZone, demands: orders.filter((o) => o.startDate <= date && o.endDate >= date).map((o) => o.demand) });

const scenario = fc.record({
  daypart: daypartArb,
  wishes: fc.array(orderArb, { maxLength: 10 }),
  zone: fc.constantFrom(...ZONES),
  dayOffset: fc.integer({ min: 0, max: 20 }),
});

describe('traffic placement', () => {
  it('never places more than capacity, and places exactly what availability counts as booked', () => {
    fc.assert(
      fc.property(scenario, ({ daypart, wishes, zone, dayOffset }) => {
        const orders = book(daypart, wishes);
        const date = addDays(FIRST_DAY, dayOffset);
        const spots = placeOn(daypart, orders, date, zone);
        const booked = bookedOnDay(
          daypart,
          date,
          orders.map((o) => ({ spots: o.demand.spots, startDate: o.startDate, endDate: o.endDate })),
        );
        expect(spots.length).toBeLessThanOrEqual(daypart.spotFrequency);
        expect(spots.length).toBe(booked);
      }),
      { seed: 20261125, numRuns: 300 },
    );
  });

  it('puts every spot inside its window, on its days, and never one brand twice in a break', () => {
    fc.assert(
      fc.property(scenario, ({ daypart, wishes, zone, dayOffset }) => {
        const orders = book(daypart, wishes);
        const date = addDays(FIRST_DAY, dayOffset);
        const spots = placeOn(daypart, orders, date, zone);
        if (!airsOn(daypart, date)) expect(spots).toEqual([]);
        const { start, end } = windowOf(daypart, date, zone);
        const seen = new Set<string>();
        for (const spot of spots) {
          expect(spot.scheduledAt.getTime()).toBeGreaterThanOrEqual(start.getTime());
          expect(spot.scheduledAt.getTime() + spot.durationSeconds * 1000).toBeLessThanOrEqual(end.getTime());
          const key = `${spot.breakAt.toISOString()}|${spot.brandId}`;
          expect(seen.has(key)).toBe(false);
          seen.add(key);
        }
      }),
      { seed: 20261126, numRuns: 300 },
    );
  });

  it('is deterministic: the same orders in any order give the same log', () => {
    fc.assert(
      fc.property(scenario, fc.nat(), ({ daypart, wishes, zone, dayOffset }, shift) => {
        const orders = book(daypart, wishes);
        const date = addDays(FIRST_DAY, dayOffset);
        const rotated = orders.map((_, i) => orders[(i + shift) % orders.length]!);
        expect(placeOn(daypart, rotated, date, zone)).toEqual(placeOn(daypart, orders, date, zone));
      }),
      { seed: 20261127, numRuns: 200 },
    );
  });

  it('spreads spots over the window on the quarter-hour marks', () => {
    const daypart: DaypartWindow = { id: uuid(1), startTime: '06:00', endTime: '07:00', daysOfWeek: [...ALL_DAYS], spotFrequency: 30 };
    const demand = (n: number, brand: number, spots: number): SpotDemand => ({
      estimateId: uuid(100 + n),
      estimateItemId: uuid(200 + n),
      campaignId: null,
      brandId: uuid(300 + brand),
      mediaAssetId: null,
      houseCode: 'NOMEDIA',
      durationSeconds: 30,
      spots,
      held: false,
      bookedAt: new Date(0),
    });
    const spots = placeDaypartDay({ daypart, date: '2027-01-04', breakMinutes: 15, timeZone: 'America/New_York', demands: [demand(1, 1, 2), demand(2, 2, 2)] });
    expect(spots.map((s) => s.scheduledAt.toISOString())).toEqual([
      '2027-01-04T11:00:00.000Z',
      '2027-01-04T11:15:00.000Z',
      '2027-01-04T11:30:00.000Z',
      '2027-01-04T11:45:00.000Z',
    ]);
  });

  it('keeps a window crossing midnight on the day it starts, and follows a DST change', () => {
    const lateNight: DaypartWindow = { id: uuid(1), startTime: '23:00', endTime: '01:00', daysOfWeek: ['Saturday'], spotFrequency: 5 };
    // Saturday 2027-03-13; Sunday's 01:00 is still before the 02:00 spring-forward: two hours.
    const { start, end } = windowOf(lateNight, '2027-03-13', 'America/New_York');
    expect([start.toISOString(), end.toISOString()]).toEqual(['2027-03-14T04:00:00.000Z', '2027-03-14T06:00:00.000Z']);
    const overnight: DaypartWindow = { id: uuid(2), startTime: '01:00', endTime: '04:00', daysOfWeek: ['Sunday'], spotFrequency: 5 };
    const dst = windowOf(overnight, '2027-03-14', 'America/New_York');
    expect((dst.end.getTime() - dst.start.getTime()) / 3_600_000).toBe(2);
    expect(instantOf('2027-03-14', '04:00', 'America/New_York').toISOString()).toBe('2027-03-14T08:00:00.000Z');
  });

  it('names media by their Ad-ID, else the house number, and rounds durations', () => {
    expect(houseCodeOf({ adId: 'ABCD1234000H', houseNumber: 'SB000001' })).toBe('ABCD1234000H');
    expect(houseCodeOf({ adId: null, houseNumber: 'SB000001' })).toBe('SB000001');
    expect(houseCodeOf(null)).toBe('NOMEDIA');
    expect(spotSeconds(29.97)).toBe(30);
    expect(spotSeconds(null)).toBe(30);
  });
});

describe('delivery truth (decision 031)', () => {
  it('places the log at least the lead time plus a week ahead', () => {
    expect(placementHorizonDays(7)).toBe(14);
    expect(placementHorizonDays(30)).toBe(30);
  });

  it('makes a day unconfirmable once it has ended and the grace period has passed', () => {
    // The 8th ends at midnight UTC on the 9th; 36 hours later is noon on the 10th.
    expect(lastUnconfirmableDay(new Date('2027-06-10T11:59:00Z'), 36, 'UTC')).toBe('2027-06-07');
    expect(lastUnconfirmableDay(new Date('2027-06-10T12:00:00Z'), 36, 'UTC')).toBe('2027-06-08');
    expect(isOpenSpot('unconfirmed')).toBe(true);
    expect(isOpenSpot('missed')).toBe(false);
  });
});

describe('nearestFreeDay (decision 031)', () => {
  const daypart = { daysOfWeek: ['Monday', 'Wednesday'], spotFrequency: 2 };
  it('is the first later day of the window the daypart airs on, still open, with room', () => {
    // 2027-11-01 is a Monday: Wednesday the 3rd is full, Monday the 8th is exported, Wednesday the 10th has room.
    const taken = (d: string) => (d === '2027-11-03' ? 2 : 0);
    expect(nearestFreeDay({ daypart, closed: '2027-11-01', last: '2027-11-30', taken, open: (d) => d !== '2027-11-08' })).toBe('2027-11-10');
  });
  it('is null when the flight ends first', () => {
    expect(nearestFreeDay({ daypart, closed: '2027-11-01', last: '2027-11-02', taken: () => 0, open: () => true })).toBeNull();
  });
});
