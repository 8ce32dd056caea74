/**
 * The traffic log: where each booked spot of a broadcast day airs. Pure and deterministic: the
 * same demands give the same log. See docs/decisions/007-traffic-and-station-clock.md.
 */
import { addDays, instantOf, localDateOf, weekdayOf } from './dates';
import { START_DATE_MIN_LEAD_DAYS } from './constants';
import { breaksOutwardFrom, separationConflict, type SeparationMinutes } from './traffic-separation';

export const SPOT_STATUSES = ['scheduled', 'aired', 'missed', 'made_good', 'cancelled', 'unconfirmed'] as const;
export type SpotStatus = (typeof SPOT_STATUSES)[number];
/**
 * Spots an as-run may still settle: scheduled, and unconfirmed (a past day no as-run reported
 * within the grace period, decision 031: not aired, not missed, not billed, not certified).
 */
export const OPEN_SPOT_STATUSES: readonly SpotStatus[] = ['scheduled', 'unconfirmed'];
/** What the traffic desk may do to one spot (issue 44, decision 058). */
export const DESK_ACTIONS = ['preempted', 'moved', 'cancelled'] as const;
export type DeskAction = (typeof DESK_ACTIONS)[number];

export const isOpenSpot = (status: string): boolean => (OPEN_SPOT_STATUSES as readonly string[]).includes(status);

/**
 * A spot that took its place on the log: every status but cancelled (a cancelled or moved spot gave
 * its place back). A missed, made-good or unconfirmed spot was placed and is a row of the log, so the
 * daypart's "N / capacity placed" counts it (issue 44: "Late Night 3 / 30" beside 4 rows).
 */
export const tookAPlace = (status: string): boolean => status !== 'cancelled';

/** Completing an order with unconfirmed spots needs the admin's explicit "complete anyway" (decision 031). */
export const UNCONFIRMED_WARNING_START = 'This order has unconfirmed spots';
export const unconfirmedSpotsWarning = (count: number): string =>
  `${UNCONFIRMED_WARNING_START}: ${count} ${count === 1 ? 'spot has' : 'spots have'} no as-run yet, so ${count === 1 ? 'it is' : 'they are'} neither aired nor missed. Confirm to complete it anyway.`;
/** What every admin is told when the station clock completes an order over spots no as-run confirmed (decision 031). */
export const clockCompletedWarning = (orderName: string, count: number): string =>
  `Order "${orderName}" was completed by the station clock with ${count} ${count === 1 ? 'spot' : 'spots'} no as-run has confirmed: see Discrepancies`;

/**
 * Days the traffic log is placed ahead (today included): never fewer than the booking lead time plus
 * a week, so an order approved today has its first day on a log before it airs (decision 031).
 */
export const placementHorizonDays = (configured: number): number => Math.max(configured, START_DATE_MIN_LEAD_DAYS + 7);

/**
 * The last broadcast day whose unreported spots are unconfirmed at `now`: a day ends at the next
 * day's midnight (station time), and the as-run has `graceHours` after that to arrive.
 */
export const lastUnconfirmableDay = (now: Date, graceHours: number, timeZone: string): string =>
  addDays(localDateOf(new Date(now.getTime() - graceHours * 3_600_000), timeZone), -1);

/** Break lengths tried, longest first, when the configured one cannot hold a day's spots. */
const FALLBACK_BREAK_MINUTES = [60, 30, 20, 15, 10, 5, 2, 1];

export interface DaypartWindow {
  id: string;
  name?: string;
  startTime: string;
  endTime: string;
  daysOfWeek: readonly string[];
  /** The most spots a day (the availability rule's capacity). */
  spotFrequency: number;
}

/** One order item's wish for one day: `spots` spots of one creative. */
export interface SpotDemand {
  estimateId: string;
  /** The order line: an item of the specification's, or a schedule line (issue 42); one of the two is set. */
  estimateItemId: string | null;
  scheduleLineId?: string | null;
  campaignId: string | null;
  brandId: string;
  mediaAssetId: string | null;
  houseCode: string;
  durationSeconds: number;
  spots: number;
  /** Placed as cancelled (a paused campaign keeps its booking but does not air). */
  held: boolean;
  /** Who was booked first keeps their spots when a daypart is over capacity (e.g. its frequency was lowered). */
  bookedAt: Date;
  /** A makegood's accepted offer: its one spot airs for a missed one. */
  makegoodOfferId?: string | null;
  /** A spot moved here from a day that had closed (decision 031). */
  movedFromDate?: string | null;
  /** An ADU's spot (decision 057): aired at no charge, never billed. */
  noCharge?: boolean;
  /** The brand's product category (decision 059); null or left out: never separated. */
  productCategory?: string | null;
}

export interface PlacedSpot {
  estimateId: string;
  estimateItemId: string | null;
  scheduleLineId: string | null;
  campaignId: string | null;
  daypartId: string;
  brandId: string;
  mediaAssetId: string | null;
  houseCode: string;
  durationSeconds: number;
  airDate: string;
  breakAt: Date;
  /** Break start plus the spots before it in the break. */
  scheduledAt: Date;
  /** 1-based place in its break. */
  position: number;
  status: SpotStatus;
  makegoodOfferId: string | null;
  /** The closed day this spot was booked for, when it was moved here (decision 031). */
  movedFromDate: string | null;
  /** Its brand's product category (decision 059). */
  productCategory: string | null;
  /** Placed against the product separation (decision 059): the brand of the spot it is too close to. */
  separationConflictBrandId: string | null;
  /** An ADU's spot (decision 057): aired at no charge, never billed. */
  noCharge: boolean;
}

/**
 * A spot's house code on the log (issue 27, decision 034): its commercial's Ad-ID when set, else the
 * station's house number for it (never part of an internal id); NOMEDIA without a commercial.
 */
export const houseCodeOf = (media: { adId: string | null; houseNumber: string | null } | null): string => media?.adId ?? media?.houseNumber ?? 'NOMEDIA';

/** A spot's length on the log: the media's probed duration in whole seconds (30 s when unknown). */
export const spotSeconds = (probedSeconds: number | null | undefined): number =>
  probedSeconds && Number.isFinite(probedSeconds) && probedSeconds > 0 ? Math.max(1, Math.round(probedSeconds)) : 30;

/** Does the daypart air on this broadcast day? (A window crossing midnight belongs to the day it starts.) */
export const airsOn = (daypart: Pick<DaypartWindow, 'daysOfWeek'>, date: string) => daypart.daysOfWeek.includes(weekdayOf(date));

/** The window's instants on a broadcast day; an end at or before the start is on the next day. */
export const windowOf = (daypart: Pick<DaypartWindow, 'startTime' | 'endTime'>, date: string, timeZone: string) => {
  const start = instantOf(date, daypart.startTime, timeZone);
  const endsNextDay = daypart.endTime <= daypart.startTime;
  const end = instantOf(endsNextDay ? addDays(date, 1) : date, daypart.endTime, timeZone);
  return { start, end };
};

/** The order line a spot or demand is of: its item, else its schedule line. */
export const orderLineOf = (s: { estimateItemId: string | null; scheduleLineId?: string | null }): string => s.estimateItemId ?? s.scheduleLineId ?? '';

const byDemand = (a: SpotDemand, b: SpotDemand) =>
  a.estimateId.localeCompare(b.estimateId) || orderLineOf(a).localeCompare(orderLineOf(b)) || (a.makegoodOfferId ?? '').localeCompare(b.makegoodOfferId ?? '');

/** Keeps demands in booking order up to the capacity (the last one may be cut). */
const withinCapacity = (demands: readonly SpotDemand[], capacity: number) => {
  const ordered = [...demands].sort((a, b) => a.bookedAt.getTime() - b.bookedAt.getTime() || byDemand(a, b));
  const kept: SpotDemand[] = [];
  let left = capacity;
  for (const demand of ordered) {
    const spots = Math.min(demand.spots, left);
    if (spots > 0) kept.push({ ...demand, spots });
    left -= spots;
  }
  return kept;
};

/** Break index of the k-th of `total` spots over `breaks` breaks: spread evenly, one brand's spots in distinct breaks. */
const breakIndex = (k: number, total: number, breaks: number) => (total <= breaks ? Math.floor((k * breaks) / total) : k % breaks);

interface Layout {
  breakMinutes: number;
  breaks: Date[];
  assignment: number[];
  /** Every break holds its spots and no brand twice (false: the last resort, one-minute breaks). */
  strict: boolean;
}

const layoutFor = (
  spots: readonly { brandId: string; durationSeconds: number }[],
  window: { start: Date; end: Date },
  breakMinutes: number,
  strict = true,
): Layout | null => {
  const windowMinutes = (window.end.getTime() - window.start.getTime()) / 60_000;
  const count = Math.max(strict ? 0 : 1, Math.floor(windowMinutes / breakMinutes));
  if (count < 1) return null;
  const breaks = Array.from({ length: count }, (_, i) => new Date(window.start.getTime() + i * breakMinutes * 60_000));
  const assignment = spots.map((_, k) => breakIndex(k, spots.length, count));
  if (!strict) return { breakMinutes, breaks, assignment, strict };
  const used = new Map<string, number>();
  for (const [k, spot] of spots.entries()) {
    const key = `${assignment[k]}|${spot.brandId}`;
    if (used.has(key)) return null;
    used.set(key, k);
  }
  const podSeconds = new Array<number>(count).fill(0);
  for (const [k, spot] of spots.entries()) podSeconds[assignment[k]!]! += spot.durationSeconds;
  if (podSeconds.some((s) => s > breakMinutes * 60)) return null;
  return { breakMinutes, breaks, assignment, strict };
};

/**
 * Places one daypart's spots on one broadcast day. Spots are grouped by brand (so one brand's spots
 * are consecutive) and dealt over the breaks: evenly spread when there are more breaks than spots,
 * round-robin otherwise; consecutive spots never share a break, so one brand never airs twice in a
 * break. Breaks start on the window's start and every `breakMinutes` after; when that cannot hold
 * the day (a brand with more spots than breaks, or a break longer than its slot), shorter breaks are
 * tried. Within a break spots run back to back. With `separation` (decision 059), a spot that would air
 * in a break with, or closer than its category's separation to, a spot of another brand of its category
 * goes to the nearest break that keeps it apart; when none can, to the nearest that holds it (no booked
 * spot is dropped) and carries the conflict.
 */
export const placeDaypartDay = ({
  daypart,
  date,
  demands,
  breakMinutes,
  timeZone,
  separation,
}: {
  daypart: DaypartWindow;
  date: string;
  demands: readonly SpotDemand[];
  breakMinutes: number;
  timeZone: string;
  /**
   * Product separation (decision 059): each category's minutes, and the spots already placed on the
   * channel's day (other dayparts). Left out: no separation.
   */
  separation?: { minutesOf: SeparationMinutes; placed: readonly PlacedSpot[] };
}): PlacedSpot[] => {
  if (!airsOn(daypart, date)) return [];
  const kept = withinCapacity(
    demands.filter((d) => d.spots > 0),
    daypart.spotFrequency,
  );
  const spots = kept
    .sort((a, b) => a.brandId.localeCompare(b.brandId) || byDemand(a, b))
    .flatMap((demand) => Array.from({ length: demand.spots }, () => demand));
  if (spots.length === 0) return [];
  const window = windowOf(daypart, date, timeZone);
  const candidates = [breakMinutes, ...FALLBACK_BREAK_MINUTES.filter((m) => m < breakMinutes)];
  let layout: Layout | null = null;
  for (const minutes of candidates) {
    layout = layoutFor(spots, window, minutes);
    if (layout) break;
  }
  // Nothing fits (a window too short for its spots): one-minute breaks, spread as far as they go.
  layout ??= layoutFor(spots, window, 1, false)!;
  const offsets = new Array<number>(layout.breaks.length).fill(0);
  const positions = new Array<number>(layout.breaks.length).fill(0);
  const brandsIn = layout.breaks.map(() => new Set<string>());
  const placed: PlacedSpot[] = [];
  /** What a spot is separated from: the day's spots that will air, of other dayparts and of this one so far. */
  const airing = (separation?.placed ?? []).filter((s) => s.status !== 'cancelled');
  const at = (index: number) => new Date(layout.breaks[index]!.getTime() + offsets[index]! * 1000);
  const conflictIn = (demand: SpotDemand, index: number) =>
    separation && !demand.held
      ? separationConflict(
          { brandId: demand.brandId, productCategory: demand.productCategory ?? null, breakAt: layout.breaks[index]!, scheduledAt: at(index) },
          airing,
          separation.minutesOf,
        )
      : undefined;
  const fits = (demand: SpotDemand, index: number) =>
    !layout.strict || (offsets[index]! + demand.durationSeconds <= layout.breakMinutes * 60 && !brandsIn[index]!.has(demand.brandId));
  for (const [k, demand] of spots.entries()) {
    const target = layout.assignment[k]!;
    // Product separation (decision 059): the nearest break that holds the spot without breaking it;
    // when none does, the nearest that holds it, and the spot is marked with the conflict.
    let index = target;
    let conflict = conflictIn(demand, target);
    if (conflict || !fits(demand, target)) {
      const order = breaksOutwardFrom(target, layout.breaks.length);
      const clean = order.find((i) => fits(demand, i) && !conflictIn(demand, i));
      index = clean ?? order.find((i) => fits(demand, i)) ?? target;
      conflict = conflictIn(demand, index);
    }
    const breakAt = layout.breaks[index]!;
    const scheduledAt = at(index);
    offsets[index]! += demand.durationSeconds;
    positions[index]! += 1;
    brandsIn[index]!.add(demand.brandId);
    const spot: PlacedSpot = {
      estimateId: demand.estimateId,
      estimateItemId: demand.estimateItemId,
      scheduleLineId: demand.scheduleLineId ?? null,
      campaignId: demand.campaignId,
      daypartId: daypart.id,
      brandId: demand.brandId,
      mediaAssetId: demand.mediaAssetId,
      houseCode: demand.houseCode,
      durationSeconds: demand.durationSeconds,
      airDate: date,
      breakAt,
      scheduledAt,
      position: positions[index]!,
      status: demand.held ? 'cancelled' : 'scheduled',
      makegoodOfferId: demand.makegoodOfferId ?? null,
      movedFromDate: demand.movedFromDate ?? null,
      productCategory: demand.productCategory ?? null,
      separationConflictBrandId: conflict?.brandId ?? null,
      noCharge: demand.noCharge ?? false,
    };
    placed.push(spot);
    if (spot.status !== 'cancelled') airing.push(spot);
  }
  return placed;
};

/** The spots a daypart has booked on a day: what availability subtracts, and what placement places (up to capacity). */
export const bookedOnDay = (
  daypart: Pick<DaypartWindow, 'daysOfWeek'>,
  date: string,
  bookings: readonly { spots: number; startDate: string; endDate: string }[],
) => (airsOn(daypart, date) ? bookings.reduce((sum, b) => (b.startDate <= date && b.endDate >= date ? sum + b.spots : sum), 0) : 0);

/**
 * Where a spot goes when the day it was booked for has closed (its air time passed, decision 031):
 * the nearest day after `closed`, up to `last` (the end of the order's flight), on which the
 * daypart airs, that is still open (`open`: not frozen) and has room (`taken` below its capacity).
 * Null when no such day is left.
 */
export const nearestFreeDay = ({
  daypart,
  closed,
  last,
  taken,
  open,
}: {
  daypart: Pick<DaypartWindow, 'daysOfWeek' | 'spotFrequency'>;
  closed: string;
  last: string;
  taken: (date: string) => number;
  open: (date: string) => boolean;
}): string | null => {
  for (let date = addDays(closed, 1); date <= last; date = addDays(date, 1)) {
    if (airsOn(daypart, date) && open(date) && taken(date) < daypart.spotFrequency) return date;
  }
  return null;
};
