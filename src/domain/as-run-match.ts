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
 * The candidates as the matcher reads them, by position: the import keeps a file's 100,000 as columns
 * rather than an object each (issue 45); `tableOf` reads a MatchIndex of objects the same way.
 */
export interface CandidateTable {
  /** The positions of a house code's candidates, in the order they were read. */
  ofCode(houseCode: string): readonly number[] | undefined;
  /** The position of the candidate with this spot id (a row that names its spot). */
  ofId(id: string): number | undefined;
  houseCode(c: number): string;
  scheduledAt(c: number): number;
  windowStart(c: number): number;
  windowEnd(c: number): number;
  status(c: number): string;
  missedByClose(c: number): boolean;
  makegoodAired(c: number): boolean;
}

/** A MatchIndex of objects as a CandidateTable; `spot(c)` answers the object at a position. */
export const tableOf = (index: MatchIndex): CandidateTable & { spot(c: number): SpotCandidate } => {
  const spots: SpotCandidate[] = [];
  const positions = new Map<SpotCandidate, number>();
  const positionOf = (spot: SpotCandidate) => {
    let c = positions.get(spot);
    if (c === undefined) {
      positions.set(spot, (c = spots.length));
      spots.push(spot);
    }
    return c;
  };
  const byCode = new Map([...index.byCode].map(([code, list]) => [code, list.map(positionOf)]));
  const byId = new Map([...index.byId].map(([id, spot]) => [id, positionOf(spot)]));
  return {
    ofCode: (houseCode) => byCode.get(houseCode),
    ofId: (id) => byId.get(id),
    houseCode: (c) => spots[c]!.houseCode,
    scheduledAt: (c) => spots[c]!.scheduledAt,
    windowStart: (c) => spots[c]!.windowStart,
    windowEnd: (c) => spots[c]!.windowEnd,
    status: (c) => spots[c]!.status,
    missedByClose: (c) => spots[c]!.missedByClose,
    makegoodAired: (c) => spots[c]!.makegoodAired === true,
    spot: (c) => spots[c]!,
  };
};

const candidateAt = (table: CandidateTable, c: number) => ({
  status: table.status(c),
  missedByClose: table.missedByClose(c),
  makegoodAired: table.makegoodAired(c),
});

const DAY_MS = 86_400_000;

/**
 * One row's spot, by its position in `table`. A row naming a spot id matches that spot (unless its house
 * code differs or it is settled). Otherwise: the open spots of the row's house code whose daypart window,
 * widened by the tolerance on both sides, holds the airing; the one scheduled nearest to it wins.
 */
export const matchInTable = (
  row: Pick<AsRunRow, 'houseCode' | 'spotId'>,
  instants: readonly number[],
  table: CandidateTable,
  toleranceMs: number,
): { spot: number; at: number } | { reason: string } => {
  if (row.spotId) {
    const c = table.ofId(row.spotId);
    if (c === undefined) return { reason: UNMATCHED_REASONS.unknownSpot };
    if (row.houseCode && table.houseCode(c) !== row.houseCode) return { reason: UNMATCHED_REASONS.spotMismatch };
    const spot = candidateAt(table, c);
    if (!isOpenForAsRun(spot)) return { reason: isClosedMissed(spot) && spot.makegoodAired ? UNMATCHED_REASONS.makegoodAired : UNMATCHED_REASONS.duplicate };
    const scheduledAt = table.scheduledAt(c);
    const nearest = instants.reduce((best, i) => (Math.abs(i - scheduledAt) < Math.abs(best - scheduledAt) ? i : best));
    return { spot: c, at: nearest };
  }
  let anyNear = false;
  let best = -1;
  let bestAt = 0;
  let anyInWindow = false;
  for (const c of table.ofCode(row.houseCode) ?? []) {
    const start = table.windowStart(c);
    const end = table.windowEnd(c);
    if (!instants.some((i) => start - DAY_MS <= i && i <= end + DAY_MS)) continue;
    anyNear = true;
    for (const i of instants) {
      if (start - toleranceMs > i || i > end + toleranceMs) continue;
      anyInWindow = true;
      if (!isOpenForAsRun(candidateAt(table, c))) continue;
      if (best < 0 || Math.abs(table.scheduledAt(c) - i) < Math.abs(table.scheduledAt(best) - bestAt)) [best, bestAt] = [c, i];
    }
  }
  if (!anyNear) return { reason: UNMATCHED_REASONS.unknownHouseCode };
  if (best >= 0) return { spot: best, at: bestAt };
  return { reason: anyInWindow ? UNMATCHED_REASONS.duplicate : UNMATCHED_REASONS.outsideWindow };
};

/** `matchInTable` over a MatchIndex of objects: the spot matched as its object. */
export const matchAsRunRow = (
  row: Pick<AsRunRow, 'houseCode' | 'spotId'>,
  instants: readonly number[],
  index: MatchIndex,
  toleranceMs: number,
): MatchOutcome => {
  const table = tableOf(index);
  const result = matchInTable(row, instants, table, toleranceMs);
  return 'reason' in result ? result : { spot: table.spot(result.spot), at: result.at };
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
  candidates: MatchIndex | CandidateTable,
  toleranceMs: number,
): number | null => {
  if (rows.length === 0) return null;
  const table = 'ofCode' in candidates ? candidates : tableOf(candidates);
  let bestHours: number | null = null;
  let bestCount = 0;
  for (let hours = -14; hours <= 14; hours += 1) {
    if (hours === 0) continue;
    const shift = hours * 3_600_000;
    const count = rows.filter((r) =>
      (table.ofCode(r.houseCode) ?? []).some((c) =>
        r.instants.some((i) => table.windowStart(c) - toleranceMs <= i + shift && i + shift <= table.windowEnd(c) + toleranceMs),
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
