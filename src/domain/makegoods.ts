/**
 * Makegoods: a missed spot is offered again on the nearest free day of its daypart, within the
 * flight or up to 14 days after it. The advertiser accepts (a new spot is placed) or declines (the
 * missed spot is credited). See docs/decisions/010-makegoods-and-reconciliation-from-airings.md.
 */
import { z } from 'zod';
import { addDays, instantOf, isIsoDate } from './dates';
import { airsOn, type DaypartWindow } from './traffic';

/** A makegood replaces a missed spot; an ADU (audience deficiency unit, decision 057) is a no-charge spot owed on a guarantee. */
export const MAKEGOOD_KINDS = ['makegood', 'adu'] as const;

export const MAKEGOOD_STATUSES = ['offered', 'accepted', 'declined', 'expired', 'unavailable', 'withdrawn'] as const;
export type MakegoodStatus = (typeof MAKEGOOD_STATUSES)[number];

/** Offers that hold a slot of their day (counted against the daypart's capacity). */
export const HOLDING_STATUSES = ['offered', 'accepted'] as const satisfies readonly MakegoodStatus[];

export const MAKEGOOD_ACTIONS = ['offered', 'changed', 'accepted', 'declined', 'expired', 'unavailable', 'withdrawn'] as const;
export type MakegoodAction = (typeof MAKEGOOD_ACTIONS)[number];

/** How many days after the flight's end a makegood may air. */
export const MAKEGOOD_DAYS_AFTER_FLIGHT = 14;

export const MAKEGOOD_MESSAGES = {
  notFound: 'Makegood offer not found',
  notOpen: 'This makegood offer has already been answered',
  expired: 'This makegood offer has expired',
  dayPassed: "The offered day's log is already with master control; the station must offer another day",
  badDate: 'Air date must be a calendar date (YYYY-MM-DD)',
  outsideWindow: (first: string, last: string) => `A makegood must air between ${first} and ${last}`,
  notAiring: 'The daypart does not air on that day',
  full: 'No free spot in this daypart on that day',
  accepted: 'Makegood accepted: the spot is placed on the log',
  declined: 'Makegood declined: the missed spot is credited',
  changed: 'Makegood offer changed',
  aduAccepted: 'ADU accepted: the no-charge spot is placed on the log',
  aduDeclined: 'ADU declined: it will not air; nothing is credited or billed',
} as const;

export const MAKEGOOD_STATUS_LABELS: Record<MakegoodStatus, string> = {
  offered: 'Offered',
  accepted: 'Accepted',
  declined: 'Declined (credited)',
  expired: 'Expired (credited)',
  unavailable: 'No free slot (credited)',
  withdrawn: 'Withdrawn (the spot aired)',
};

/** The days a makegood of a spot missed on `missedDate` may air: from the day after today (or after the miss) to 14 days after the flight. */
export const makegoodWindow = ({ missedDate, flightEnd, today }: { missedDate: string; flightEnd: string; today: string }) => {
  const first = addDays(missedDate > today ? missedDate : today, 1);
  const lastByFlight = addDays(flightEnd > missedDate ? flightEnd : missedDate, MAKEGOOD_DAYS_AFTER_FLIGHT);
  return { first, last: lastByFlight };
};

/**
 * The window of an offer: a makegood's from its missed day; an ADU (which replaces none) from the day it
 * was offered, so it may air from the next day to 14 days after the later of that day and the flight's end.
 */
export const offerWindow = ({
  missedDate,
  offeredOn,
  flightEnd,
  today,
}: {
  missedDate: string | null;
  offeredOn: string;
  flightEnd: string | null;
  today: string;
}) => {
  const anchor = missedDate ?? offeredOn;
  return makegoodWindow({ missedDate: anchor, flightEnd: flightEnd ?? anchor, today });
};

/**
 * Where a schedule line's makegood or ADU may air (issue 42): its daypart's days that are also the line's,
 * so that it airs as the line's spot would; an item's (no line days) airs on any of the daypart's days.
 */
export const onLineDays = <D extends Pick<DaypartWindow, 'daysOfWeek'>>(daypart: D, lineDays: readonly string[] | null | undefined): D =>
  lineDays ? { ...daypart, daysOfWeek: daypart.daysOfWeek.filter((d) => lineDays.includes(d)) } : daypart;

/**
 * The nearest day of the window on which the daypart airs and has a free spot (`taken(date)` spots
 * already booked or held there); null when there is none.
 */
export const proposeMakegoodDay = ({
  daypart,
  first,
  last,
  taken,
}: {
  daypart: Pick<DaypartWindow, 'daysOfWeek' | 'spotFrequency'>;
  first: string;
  last: string;
  taken: (date: string) => number;
}): string | null => {
  for (let date = first; date <= last; date = addDays(date, 1)) if (airsOn(daypart, date) && taken(date) < daypart.spotFrequency) return date;
  return null;
};

/**
 * When the advertiser must answer an offer by: `expiryHours` from now (MAKEGOOD_EXPIRY_HOURS), but never
 * after the makegood's daypart begins on its day, so the answer always comes before the spot can air.
 */
export const makegoodAnswerBy = ({
  now,
  expiryHours,
  airDate,
  startTime,
  timeZone,
}: {
  now: Date;
  expiryHours: number;
  airDate: string;
  startTime: string;
  timeZone: string;
}): Date => {
  const expiry = now.getTime() + expiryHours * 3_600_000;
  const airs = instantOf(airDate, startTime.slice(0, 5), timeZone).getTime();
  return new Date(Math.min(expiry, airs));
};

/**
 * An offer moved to another day (PUT /makegoods/:id) keeps its answer deadline unless the new day's
 * daypart begins sooner: the answer always comes before the makegood can air (issue 44: "answer by
 * Dec 11" for a Dec 9 makegood).
 */
export const answerByOnDay = ({
  current,
  airDate,
  startTime,
  timeZone,
}: {
  current: Date | null;
  airDate: string;
  startTime: string;
  timeZone: string;
}): Date => {
  const airs = instantOf(airDate, startTime.slice(0, 5), timeZone);
  return current && current < airs ? current : airs;
};

// ── API shapes ────────────────────────────────────────────────────────────────

export const makegoodEventSchema = z.object({
  action: z.enum(MAKEGOOD_ACTIONS),
  /** Who: an e-mail, or "system" (the import, the clock). */
  by: z.string(),
  at: z.string(),
  air_date: z.string().nullable(),
});

export const makegoodSchema = z.object({
  id: z.uuid(),
  estimate_id: z.uuid(),
  /** `makegood` (for a missed spot) or `adu` (a no-charge audience deficiency unit, decision 057). */
  kind: z.enum(MAKEGOOD_KINDS),
  /** The missed spot (null on an ADU). */
  missed_spot_id: z.uuid().nullable(),
  missed_date: z.string().nullable(),
  /** Station wall-clock time the missed spot was scheduled at, HH:mm:ss (null on an ADU). */
  missed_time: z.string().nullable(),
  daypart_id: z.uuid(),
  daypart_name: z.string(),
  /** The missed spot's house code (null on an ADU). */
  house_code: z.string().nullable(),
  /** The offered day (null when no free slot was found). */
  air_date: z.string().nullable(),
  status: z.enum(MAKEGOOD_STATUSES),
  expires_at: z.string().nullable(),
  /** What the missed spot would have cost (dollars). */
  spot_cost: z.number(),
  /** Credited to the advertiser (dollars): the spot's cost once declined, expired or unplaceable. */
  credit: z.number(),
  /** The window a changed day must fall in. */
  earliest_date: z.string(),
  latest_date: z.string(),
  events: z.array(makegoodEventSchema),
});
export type Makegood = z.infer<typeof makegoodSchema>;

export const orderMakegoodsSchema = z.object({
  estimate_id: z.uuid(),
  makegoods: z.array(makegoodSchema),
  /** Sum of the credits (dollars). */
  credits: z.number(),
  /** The order's total less its credits (dollars): what is billed. */
  billable_amount: z.number(),
});
export type OrderMakegoods = z.infer<typeof orderMakegoodsSchema>;

export const makegoodReplySchema = z.object({ message: z.string(), makegood: makegoodSchema });

export const makegoodChangeSchema = z.strictObject(
  { air_date: z.string({ error: MAKEGOOD_MESSAGES.badDate }).max(10, MAKEGOOD_MESSAGES.badDate).refine(isIsoDate, MAKEGOOD_MESSAGES.badDate) },
  { error: MAKEGOOD_MESSAGES.badDate },
);
