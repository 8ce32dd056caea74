/**
 * Matching as-run rows to the traffic log, and what an import closes. Pure: the import module
 * loads the candidates and writes the outcome. See docs/decisions/009-as-run.md and 028.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, localClockOf, localDateOf } from './dates';
import { UNMATCHED_REASONS, type AsRunRow } from './as-run';
import { OPEN_SPOT_STATUSES } from './traffic';

/** Statuses an as-run row may settle, and that closing marks missed: the traffic log's open ones (unconfirmed too, decision 031). */
export const SETTLEABLE_STATUSES = OPEN_SPOT_STATUSES;

export interface SpotCandidate {
  id: string;
  houseCode: string;
  airDate: string;
  scheduledAt: number;
  /** The daypart window of the spot's broadcast day (without tolerance), epoch ms. */
  windowStart: number;
  windowEnd: number;
  status: string;
  /** Missed because an import closed it, not because a row reported it: a later airing overrides it. */
  missedByClose: boolean;
  /** Its makegood already aired: the missed spot can no longer be turned aired. */
  makegoodAired?: boolean;
}

/**
 * Can a row settle this spot? Scheduled spots, and spots an earlier import closed as missed (no row
 * reported them missed) whose makegood has not aired: a later airing overrides that "missed".
 */
export const isOpenForAsRun = (spot: Pick<SpotCandidate, 'status' | 'missedByClose' | 'makegoodAired'>) =>
  (SETTLEABLE_STATUSES as readonly string[]).includes(spot.status) || (isClosedMissed(spot) && !spot.makegoodAired);

/** Missed because an import closed it (its makegood may since have been accepted: made_good). */
export const isClosedMissed = (spot: Pick<SpotCandidate, 'status' | 'missedByClose'>) =>
  (spot.status === 'missed' || spot.status === 'made_good') && spot.missedByClose;

/**
 * The instants a row may mean. A stated zone gives one. A station wall-clock time gives one, or
 * two on the night clocks go back (01:30 happens twice): both are tried and the nearest spot wins.
 */
export const rowInstants = (row: Pick<AsRunRow, 'date' | 'time' | 'dayOffset' | 'fraction' | 'at'>, timeZone: string): number[] => {
  if (row.at !== null) return [row.at];
  const date = row.dayOffset ? addDays(row.date, 1) : row.date;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min, s] = row.time.split(':').map(Number) as [number, number, number];
  const first = new TZDate(y, m - 1, d, h, min, s, timeZone).getTime() + Math.round(row.fraction * 1000);
  const later = first + 3_600_000;
  const again = localDateOf(new Date(later), timeZone) === date && localClockOf(new Date(later), timeZone) === row.time;
  return again ? [first, later] : [first];
};

/**
 * `rowInstants` with the station date and time of the first instant, converted once per station
 * minute (time-zone arithmetic is the costly part of a row; a day's file has at most 1,440 minutes).
 */
export const instantResolver = (timeZone: string) => {
  const minutes = new Map<string, { instants: number[]; localDate: string; localMinute: string }>();
  return (row: Pick<AsRunRow, 'date' | 'time' | 'dayOffset' | 'fraction' | 'at'>) => {
    const offsetMs = row.at !== null ? row.at % 60_000 : Number(row.time.slice(6, 8)) * 1000 + Math.round(row.fraction * 1000);
    const key = row.at !== null ? `@${row.at - offsetMs}` : `${row.date}|${row.dayOffset}|${row.time.slice(0, 5)}`;
    let minute = minutes.get(key);
    if (!minute) {
      const instants = rowInstants(row.at !== null ? { ...row, at: row.at - offsetMs } : { ...row, time: `${row.time.slice(0, 5)}:00`, fraction: 0 }, timeZone);
      minute = { instants, localDate: localDateOf(new Date(instants[0]!), timeZone), localMinute: localClockOf(new Date(instants[0]!), timeZone).slice(0, 5) };
      minutes.set(key, minute);
    }
    const seconds = Math.floor(offsetMs / 1000);
    return {
      instants: minute.instants.map((i) => i + offsetMs),
      localDate: minute.localDate,
      localTime: `${minute.localMinute}:${String(seconds).padStart(2, '0')}`,
    };
  };
};

export type MatchOutcome = { spot: SpotCandidate; at: number } | { reason: string };

export interface MatchIndex {
  byId: ReadonlyMap<string, SpotCandidate>;
  byCode: ReadonlyMap<string, readonly SpotCandidate[]>;
}

/**
 * One row's spot. A row naming a spot id matches that spot (unless its house code differs or it is
 * settled). Otherwise: the open spots of the row's house code whose daypart window, widened by the
 * tolerance on both sides, holds the airing; the one scheduled nearest to it wins.
 */
export const matchAsRunRow = (
  row: Pick<AsRunRow, 'houseCode' | 'spotId'>,
  instants: readonly number[],
  index: MatchIndex,
  toleranceMs: number,
): MatchOutcome => {
  if (row.spotId) {
    const spot = index.byId.get(row.spotId);
    if (!spot) return { reason: UNMATCHED_REASONS.unknownSpot };
    if (row.houseCode && spot.houseCode !== row.houseCode) return { reason: UNMATCHED_REASONS.spotMismatch };
    if (!isOpenForAsRun(spot)) return { reason: isClosedMissed(spot) && spot.makegoodAired ? UNMATCHED_REASONS.makegoodAired : UNMATCHED_REASONS.duplicate };
    const nearest = instants.reduce((best, i) => (Math.abs(i - spot.scheduledAt) < Math.abs(best - spot.scheduledAt) ? i : best));
    return { spot, at: nearest };
  }
  const sameCode = index.byCode.get(row.houseCode) ?? [];
  const near = sameCode.filter((c) => instants.some((i) => c.windowStart - 86_400_000 <= i && i <= c.windowEnd + 86_400_000));
  if (near.length === 0) return { reason: UNMATCHED_REASONS.unknownHouseCode };
  let best: { spot: SpotCandidate; at: number } | null = null;
  let anyInWindow = false;
  for (const spot of near) {
    for (const i of instants) {
      if (spot.windowStart - toleranceMs > i || i > spot.windowEnd + toleranceMs) continue;
      anyInWindow = true;
      if (!isOpenForAsRun(spot)) continue;
      if (!best || Math.abs(spot.scheduledAt - i) < Math.abs(best.spot.scheduledAt - best.at)) best = { spot, at: i };
    }
  }
  if (best) return best;
  return { reason: anyInWindow ? UNMATCHED_REASONS.duplicate : UNMATCHED_REASONS.outsideWindow };
};

/**
 * What an import closes (its scheduled spots nobody reported become missed):
 * - `day`: the whole broadcast days of its matched spots, when the file or the caller says the day is complete;
 * - `range`: the spots scheduled in the period the file states, else from its first matched row's airing to its last;
 * - nothing for a file of one row (real-time as-run sends one event a message).
 */
export type Closing = { kind: 'none' } | { kind: 'range'; from: number; to: number } | { kind: 'days'; days: string[] };

export const closingOf = ({
  instants,
  closeDay,
  days,
  stated = null,
}: {
  instants: readonly number[];
  closeDay: boolean;
  days: readonly string[];
  /** The period the file says it covers (a BXF Schedule's scheduleStart–scheduleEnd): closed as written. */
  stated?: { from: number; to: number } | null;
}): Closing => {
  if (closeDay) return days.length > 0 ? { kind: 'days', days: [...new Set(days)].sort() } : { kind: 'none' };
  if (stated && stated.from < stated.to) return { kind: 'range', from: stated.from, to: stated.to };
  if (instants.length < 2) return { kind: 'none' };
  const from = Math.min(...instants);
  const to = Math.max(...instants);
  return from < to ? { kind: 'range', from, to } : { kind: 'none' };
};

/**
 * A likely time-zone shift: when no row matched a window but most would at a whole number of hours
 * off (a UTC clock read as the station's), that number of hours; else null.
 */
export const likelyShiftHours = (
  rows: readonly { houseCode: string; instants: readonly number[] }[],
  index: MatchIndex,
  toleranceMs: number,
): number | null => {
  if (rows.length === 0) return null;
  let bestHours: number | null = null;
  let bestCount = 0;
  for (let hours = -14; hours <= 14; hours += 1) {
    if (hours === 0) continue;
    const shift = hours * 3_600_000;
    const count = rows.filter((r) =>
      (index.byCode.get(r.houseCode) ?? []).some((c) =>
        r.instants.some((i) => c.windowStart - toleranceMs <= i + shift && i + shift <= c.windowEnd + toleranceMs),
      ),
    ).length;
    if (count > bestCount) [bestHours, bestCount] = [hours, count];
  }
  return bestCount * 2 > rows.length ? bestHours : null;
};

/**
 * An airing more than a minute from its spot's scheduled time is off schedule (issue 44: a spot aired
 * 3 minutes late was flagged nowhere). It still aired inside its daypart's window, so it is aired,
 * delivered and billed; the as-run report notes it on its row and Discrepancies lists it (decision 061).
 */
export const OFF_SCHEDULE_SECONDS = 60;

/** "Aired 3 min late" / "Aired 1 min 30 s early", or null within a minute of the scheduled time. */
export const offScheduleNote = (scheduledAt: number, airedAt: number): string | null => {
  const seconds = Math.round((airedAt - scheduledAt) / 1000);
  if (Math.abs(seconds) <= OFF_SCHEDULE_SECONDS) return null;
  const abs = Math.abs(seconds);
  const minutes = Math.floor(abs / 60);
  const rest = abs % 60;
  return `Aired ${minutes} min${rest > 0 ? ` ${rest} s` : ''} ${seconds > 0 ? 'late' : 'early'}`;
};
