import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_DAYS } from './rate-card';
import { placeDaypartDay, windowOf, type DaypartWindow, type PlacedSpot, type SpotDemand } from './traffic';
import { breaksOutwardFrom, separationConflict } from './traffic-separation';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const ZONE = 'America/New_York';
const DATE = '2027-01-04';
const daypart = (startTime: string, endTime: string, id = 1): DaypartWindow => ({
  id: uuid(id),
  startTime,
  endTime,
  daysOfWeek: [...ALL_DAYS],
  spotFrequency: 40,
});

/** `spots` spots of brand `brand` (ids sort by brand number) in `category`. */
const demand = (brand: number, category: string | null, spots = 1, seconds = 30): SpotDemand => ({
  estimateId: uuid(100 + brand),
  estimateItemId: uuid(200 + brand),
  campaignId: null,
  brandId: uuid(300 + brand),
  mediaAssetId: null,
  houseCode: 'NOMEDIA',
  durationSeconds: seconds,
  spots,
  held: false,
  bookedAt: new Date(0),
  productCategory: category,
});

const minutes = (value: number) => () => value;
const place = (window: DaypartWindow, demands: SpotDemand[], breakMinutes: number, separation?: { minutesOf: (c: string) => number; placed?: PlacedSpot[] }) =>
  placeDaypartDay({
    daypart: window,
    date: DATE,
    demands,
    breakMinutes,
    timeZone: ZONE,
    separation: separation ? { minutesOf: separation.minutesOf, placed: separation.placed ?? [] } : undefined,
  });
const clock = (spots: readonly PlacedSpot[]) => spots.map((s) => [s.brandId.slice(-3), s.scheduledAt.toISOString().slice(11, 19)]);

describe('product separation (decision 059)', () => {
  it('never puts two brands of one category in the same break', () => {
    // Two 30-minute breaks, four spots dealt in turn: the second car dealer lands in the first dealer's break.
    const demands = [demand(1, 'automotive'), demand(2, null), demand(3, 'automotive'), demand(4, null)];
    const apart = place(daypart('06:00', '07:00'), demands, 30);
    expect(clock(apart)).toEqual([
      ['301', '11:00:00'],
      ['302', '11:30:00'],
      ['303', '11:00:30'],
      ['304', '11:30:30'],
    ]);
    const separated = place(daypart('06:00', '07:00'), demands, 30, { minutesOf: minutes(15) });
    expect(clock(separated)).toEqual([
      ['301', '11:00:00'],
      ['302', '11:30:00'],
      ['303', '11:30:30'],
      ['304', '11:31:00'],
    ]);
    expect(separated.every((s) => s.separationConflictBrandId === null)).toBe(true);
  });

  it('keeps them at least the separation apart, and leaves them be beyond it', () => {
    // Twelve 5-minute breaks, one spot each: the second dealer would start 5 minutes after the first.
    const demands = [demand(1, 'automotive'), demand(2, 'automotive'), demand(3, null, 10)];
    const fifteen = place(daypart('06:00', '07:00'), demands, 5, { minutesOf: minutes(15) });
    const dealers = fifteen.filter((s) => s.productCategory === 'automotive');
    expect(clock(dealers)).toEqual([
      ['301', '11:00:00'],
      ['302', '11:15:00'],
    ]);
    expect(fifteen).toHaveLength(12);
    const five = place(daypart('06:00', '07:00'), demands, 5, { minutesOf: minutes(5) });
    expect(five).toEqual(place(daypart('06:00', '07:00'), demands, 5));
  });

  it('never separates a brand without a category, a category set to 0, or a brand from itself', () => {
    const window = daypart('06:00', '06:15');
    const none = [demand(1, 'automotive'), demand(2, null)];
    expect(place(window, none, 15, { minutesOf: minutes(15) })).toEqual(place(window, none, 15));
    const off = [demand(1, 'qsr'), demand(2, 'qsr')];
    const placed = place(window, off, 15, { minutesOf: (c) => (c === 'qsr' ? 0 : 15) });
    expect(placed.every((s) => s.separationConflictBrandId === null)).toBe(true);
    const own = place(daypart('06:00', '07:00'), [demand(1, 'telecom', 4)], 5, { minutesOf: minutes(60) });
    expect(own.every((s) => s.separationConflictBrandId === null)).toBe(true);
  });

  it('places what cannot be kept apart and marks it with the brand it is too close to', () => {
    // One 15-minute break: the two dealers can only share it.
    const spots = place(daypart('06:00', '06:15'), [demand(1, 'automotive'), demand(2, 'automotive')], 15, { minutesOf: minutes(15) });
    expect(clock(spots)).toEqual([
      ['301', '11:00:00'],
      ['302', '11:00:30'],
    ]);
    expect(spots.map((s) => s.separationConflictBrandId)).toEqual([null, uuid(301)]);
  });

  it('keeps a spot apart from the spots of the dayparts placed before it', () => {
    const earlier = place(daypart('06:00', '07:00', 2), [demand(1, 'automotive')], 60);
    // The 06:00 daypart's dealer airs at 06:00; a 06:10 daypart's first break at 06:10 is too close.
    const later = place(daypart('06:10', '07:10'), [demand(2, 'automotive')], 5, { minutesOf: minutes(15), placed: earlier });
    expect(clock(later)).toEqual([['302', '11:15:00']]);
    expect(later[0]!.separationConflictBrandId).toBeNull();
  });

  it('names the nearest spot it conflicts with, and tries the nearest breaks first', () => {
    const at = (minute: number, brand: number, category: string | null = 'retail') => ({
      brandId: uuid(brand),
      productCategory: category,
      breakAt: new Date(Date.UTC(2027, 0, 4, 11, minute)),
      scheduledAt: new Date(Date.UTC(2027, 0, 4, 11, minute)),
    });
    const placed = [at(0, 1), at(8, 2), at(9, 3, 'qsr')];
    expect(separationConflict(at(10, 4), placed, minutes(15))?.brandId).toBe(uuid(2));
    expect(separationConflict(at(25, 4), placed, minutes(15))).toBeUndefined();
    expect(breaksOutwardFrom(2, 5)).toEqual([2, 3, 1, 4, 0]);
  });

  it('keeps every booked spot, inside its window, and marks every pair it could not keep apart', () => {
    const categories = ['automotive', 'qsr', null] as const;
    fc.assert(
      fc.property(
        fc.array(fc.record({ category: fc.constantFrom(...categories), spots: fc.integer({ min: 1, max: 4 }) }), { minLength: 1, maxLength: 8 }),
        fc.constantFrom(5, 15, 30),
        fc.constantFrom(0, 10, 15, 45),
        (wishes, breakMinutes, separation) => {
          const window = daypart('06:00', '08:00');
          const demands = wishes.map((w, i) => demand(i + 1, w.category, w.spots));
          const spots = place(window, demands, breakMinutes, { minutesOf: minutes(separation) });
          expect(spots).toHaveLength(place(window, demands, breakMinutes).length);
          const { start, end } = windowOf(window, DATE, ZONE);
          for (const [i, spot] of spots.entries()) {
            expect(spot.scheduledAt >= start && spot.scheduledAt.getTime() + spot.durationSeconds * 1000 <= end.getTime()).toBe(true);
            for (const other of spots.slice(0, i)) {
              const tooClose =
                spot.productCategory !== null &&
                separation > 0 &&
                other.productCategory === spot.productCategory &&
                other.brandId !== spot.brandId &&
                (other.breakAt.getTime() === spot.breakAt.getTime() ||
                  Math.abs(other.scheduledAt.getTime() - spot.scheduledAt.getTime()) < separation * 60_000);
              if (tooClose) expect(spot.separationConflictBrandId ?? other.separationConflictBrandId).not.toBeNull();
            }
          }
        },
      ),
      { seed: 20261129, numRuns: 300 },
    );
  });
});
