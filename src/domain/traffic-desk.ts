/**
 * The traffic desk's actions on one spot of the log (issue 44, decision 058): preempt (the spot is
 * missed, with makegood handling), move (to another time or day of its order's flight and its
 * daypart) and cancel (neither aired nor billed). Bodies, replies, messages and the move's rule.
 */
import { z } from 'zod';
import { addDays, instantOf, isIsoDate } from './dates';
import { airsOn, windowOf, type DaypartWindow } from './traffic';
import { trafficSpotSchema } from './traffic-schemas';

export const DESK_MESSAGES = {
  notFound: 'Spot not found',
  reasonRequired: 'Give a reason (up to 500 characters)',
  badDate: 'Date must be a calendar date (YYYY-MM-DD)',
  badTime: 'Time must be HH:MM or HH:MM:SS',
  notOpen: 'Only a scheduled spot that has not aired yet can be changed',
  passed: 'The new time has already passed',
  outsideFlight: "The new day is outside the order's flight",
  daypartOff: "The spot's daypart does not air on that day",
  outsideDaypart: "The new time is outside the spot's daypart on that broadcast day",
  sameTime: 'The spot already airs at that time',
  noMakegood: 'Only a missed spot of a sold order with no makegood decision yet can be offered a makegood',
} as const;

const reason = z.string({ error: DESK_MESSAGES.reasonRequired }).trim().min(1, DESK_MESSAGES.reasonRequired).max(500, DESK_MESSAGES.reasonRequired);

/** POST /traffic/spots/:id/preempt and …/cancel. */
export const spotReasonSchema = z.strictObject({ reason });

const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** POST /traffic/spots/:id/move: the broadcast day and the station wall-clock time on it (after midnight: the next calendar date's). */
export const spotMoveSchema = z.strictObject({
  date: z.string({ error: DESK_MESSAGES.badDate }).refine(isIsoDate, DESK_MESSAGES.badDate),
  time: z.string({ error: DESK_MESSAGES.badTime }).regex(TIME, DESK_MESSAGES.badTime),
  reason: reason.optional(),
});
export type SpotMove = z.infer<typeof spotMoveSchema>;

/** POST /traffic/spots/:id/makegood: nothing to say (the offer's day is the nearest free one; the desk may change it after). */
export const spotMakegoodSchema = z.strictObject({});

export const spotParams = z.object({ id: z.uuid({ error: DESK_MESSAGES.notFound }) });

export const spotActionReplySchema = z.object({ message: z.string(), spot: trafficSpotSchema });

/**
 * The instant a wall-clock `time` falls at on broadcast day `date` in the daypart's window: a time
 * before the window's start on a window that crosses midnight is on the next calendar date.
 */
export const instantOnBroadcastDay = (daypart: Pick<DaypartWindow, 'startTime' | 'endTime'>, date: string, time: string, timeZone: string): Date => {
  const hhmm = time.slice(0, 5);
  const crosses = daypart.endTime <= daypart.startTime;
  const calendarDate = crosses && hhmm < daypart.startTime.slice(0, 5) ? addDays(date, 1) : date;
  const seconds = time.length > 5 ? Number(time.slice(6, 8)) : 0;
  return new Date(instantOf(calendarDate, hhmm, timeZone).getTime() + seconds * 1000);
};

/**
 * Where a spot may move (answers the new instant, or the message refusing it): a day of its order's
 * flight on which its daypart airs, a time inside the daypart's window on that day (the spot ending
 * by the window's end), not yet passed.
 */
export const checkMove = ({
  daypart,
  flight,
  date,
  time,
  durationSeconds,
  now,
  timeZone,
}: {
  daypart: Pick<DaypartWindow, 'startTime' | 'endTime' | 'daysOfWeek'>;
  flight: { start: string | null; end: string | null };
  date: string;
  time: string;
  durationSeconds: number;
  now: Date;
  timeZone: string;
}): { at: Date } | { error: string; field: 'date' | 'time' } => {
  if ((flight.start && date < flight.start) || (flight.end && date > flight.end)) return { error: DESK_MESSAGES.outsideFlight, field: 'date' };
  if (!airsOn(daypart, date)) return { error: DESK_MESSAGES.daypartOff, field: 'date' };
  const at = instantOnBroadcastDay(daypart, date, time, timeZone);
  const window = windowOf(daypart, date, timeZone);
  if (at < window.start || at.getTime() + durationSeconds * 1000 > window.end.getTime()) return { error: DESK_MESSAGES.outsideDaypart, field: 'time' };
  if (at <= now) return { error: DESK_MESSAGES.passed, field: 'time' };
  return { at };
};
