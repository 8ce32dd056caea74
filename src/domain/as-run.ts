/**
 * As-run rows: what master control reports having played. The rules for reading a row (CSV or
 * BXF) and for matching it to the traffic log. See docs/decisions/009-as-run.md.
 */
import { z } from 'zod';
import { isIsoDate } from './dates';
import {
  DEFAULT_FRAME_RATE,
  readClockTime,
  readDate,
  readDuration,
  readEventId,
  readInstant,
  readStatus,
  type AsRunStatus,
  type ClockTime,
  type DateOrder,
} from './as-run-fields';
export type { AsRunStatus } from './as-run-fields';

/**
 * One row of an as-run file as read (not yet matched). `date`/`time` are as the file states them
 * (the broadcast date; station wall clock unless `at` is set); `at` is the instant when the file
 * states its zone (UTC elements, ISO instants with `Z` or an offset).
 */
export interface AsRunRow {
  /** 1-based line of the file (CSV: the record's line, header = line 1; BXF: the event's closing line). */
  line: number;
  date: string;
  /** HH:MM:SS on the calendar day `date` + `dayOffset` (24–29 h broadcast hours have dayOffset 1). */
  time: string;
  dayOffset: 0 | 1;
  /** Seconds the frames add to `time`. */
  fraction: number;
  /** Epoch milliseconds when the file states the zone; null for the station's wall clock. */
  at: number | null;
  /** Upper case; '' when the row has none (a BXF row matched by its event id). */
  houseCode: string;
  durationSeconds: number;
  status: AsRunStatus;
  /** "Aired with … discrepancy": aired, and flagged in the report. */
  discrepancy: boolean;
  spotId: string | null;
  /** The channel the row names as written (a BXF Channel's number or short name, a text file's channel column); null: none. */
  channel: string | null;
}

/** A row that reports no spot airing (program, comment, live, a status that settles nothing): skipped and reported. */
export interface SkippedAsRunRow {
  line: number;
  date: string;
  time: string;
  houseCode: string;
  reason: string;
}

/** `endOfDay`: the row is an end-of-day marker; the broadcast day it names is closed (decision 028). */
export type AsRunEntry = { row: AsRunRow } | { skipped: SkippedAsRunRow; endOfDay?: string };

/** Statuses (or event types) automation writes to say a broadcast day is over: the day is closed. */
export const END_OF_DAY_MARKERS = ['end of day', 'end of broadcast day', 'eod', 'day end', 'end day', 'end of log'];
export const isEndOfDayMarker = (value: string | undefined) =>
  END_OF_DAY_MARKERS.includes(
    (value ?? '')
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, ' '),
  );

/** A line of the file that cannot be read: the whole import is refused with it. */
export class AsRunLineError extends Error {
  constructor(
    readonly line: number,
    problem: string,
  ) {
    super(`Line ${line}: ${problem}`);
  }
}

/** Canonical column names of a delimited as-run, and the headers automation writes for them. */
export const CSV_COLUMNS = ['date', 'time', 'house_code', 'duration', 'status'] as const;
/** Between the names a BXF Channel gives (its number, its short name) in a row's channel text. */
export const CHANNEL_SEPARATOR = ' / ';

export const CSV_HEADER_ALIASES: Record<string, (typeof CSV_COLUMNS)[number] | 'spot_id' | 'channel'> = {
  date: 'date',
  air_date: 'date',
  airdate: 'date',
  broadcast_date: 'date',
  day: 'date',
  start_date: 'date',
  time: 'time',
  air_time: 'time',
  airtime: 'time',
  local_time: 'time',
  start_time: 'time',
  actual_time: 'time',
  actual_start: 'time',
  on_air: 'time',
  start: 'time',
  house_code: 'house_code',
  house_number: 'house_code',
  house_no: 'house_code',
  house: 'house_code',
  isci: 'house_code',
  ad_id: 'house_code',
  adid: 'house_code',
  cart: 'house_code',
  cart_number: 'house_code',
  material_id: 'house_code',
  spot_code: 'house_code',
  duration: 'duration',
  length: 'duration',
  len: 'duration',
  dur: 'duration',
  duration_seconds: 'duration',
  actual_duration: 'duration',
  actual_length: 'duration',
  status: 'status',
  result: 'status',
  state: 'status',
  as_run_status: 'status',
  spot_id: 'spot_id',
  event_id: 'spot_id',
  eventid: 'spot_id',
  channel: 'channel',
  channel_number: 'channel',
  channel_name: 'channel',
  chan: 'channel',
};
/** Columns that may be absent: the status (aired), and the time when the date column holds ISO instants. */
export const CSV_REQUIRED_COLUMNS = ['date', 'house_code', 'duration'] as const;

export interface ReadOptions {
  frameRate?: number;
  dateOrder?: DateOrder;
  /** House-code prefixes of the station's own material (PSAs, promos, IDs): such rows are skipped, not unmatched (issue 44). */
  stationMaterial?: readonly string[];
}

/**
 * Why a row is skipped as the station's own material: its house code starts with one of the station's
 * prefixes (case ignored), and it names no spot by id. Null for any other row (issue 44: a PSA was listed
 * with the truly unknown codes, on the report and on Discrepancies).
 */
export const stationMaterialReason = (row: Pick<AsRunRow, 'houseCode' | 'spotId'>, prefixes: readonly string[] = []): string | null => {
  if (row.spotId || !row.houseCode) return null;
  const code = row.houseCode.toUpperCase();
  const prefix = prefixes.find((p) => p !== '' && code.startsWith(p.toUpperCase()));
  return prefix === undefined ? null : `Station material, not a commercial (house code starts with ${prefix.toUpperCase()})`;
};

const HOUSE_CODE = /^[A-Za-z0-9_.:/ -]{1,32}$/;
const clip = (value: string) => value.slice(0, 40);

/**
 * Checks one row's fields; throws AsRunLineError naming the line and the problem. A row whose
 * status settles nothing is answered as skipped.
 */
export const readAsRunRow = (
  line: number,
  fields: { date?: string; time?: string; house_code?: string; duration?: string; status?: string; spot_id?: string; channel?: string },
  options: ReadOptions = {},
): AsRunEntry => {
  const frameRate = options.frameRate ?? DEFAULT_FRAME_RATE;
  const dateText = (fields.date ?? '').trim();
  const timeText = (fields.time ?? '').trim();
  const houseCode = (fields.house_code ?? '').trim().replace(/\s+/g, ' ').toUpperCase();
  if (isEndOfDayMarker(fields.status)) {
    const day = readDate(dateText, options.dateOrder) ?? (readInstant(dateText) !== null ? dateText.slice(0, 10) : null);
    if (!day) throw new AsRunLineError(line, `the end-of-day marker needs the broadcast date it ends (got "${clip(dateText)}")`);
    return {
      skipped: { line, date: day, time: clip(timeText), houseCode: clip(houseCode), reason: 'End-of-day marker: the broadcast day is closed' },
      endOfDay: day,
    };
  }
  const status = readStatus(fields.status);
  if (status && 'skip' in status) return { skipped: { line, date: clip(dateText), time: clip(timeText), houseCode: clip(houseCode), reason: status.skip } };
  // An ISO instant in the time column, or in the date column with no time.
  const instant = readInstant(timeText) ?? (timeText === '' ? readInstant(dateText) : null);
  let date: string | null;
  let clock: ClockTime | null;
  if (instant !== null) {
    const iso = new Date(instant).toISOString();
    date = iso.slice(0, 10);
    clock = { time: iso.slice(11, 19), dayOffset: 0, fraction: 0 };
  } else {
    date = readDate(dateText, options.dateOrder);
    if (!date)
      throw new AsRunLineError(line, `date "${clip(dateText)}" is not a date (YYYY-MM-DD${options.dateOrder === 'DMY' ? ' or DD/MM/YYYY' : ' or MM/DD/YYYY'})`);
    clock = readClockTime(timeText, frameRate);
    if (!clock) throw new AsRunLineError(line, `time "${clip(timeText)}" is not a time (HH:MM:SS)`);
  }
  if (houseCode !== '' && !HOUSE_CODE.test(houseCode)) throw new AsRunLineError(line, `house code "${clip(houseCode)}" is not a house code`);
  const durationSeconds = readDuration(fields.duration ?? '', frameRate);
  if (durationSeconds === null) throw new AsRunLineError(line, `duration "${clip(fields.duration ?? '')}" is not a length (seconds, MM:SS or HH:MM:SS:FF)`);
  if (!status)
    throw new AsRunLineError(line, `status "${clip((fields.status ?? '').trim())}" is not an as-run status (aired, missed or a SMPTE as-run status)`);
  // A length of 0 is how automation reports an event that did not air; an airing has a length.
  if (durationSeconds === 0 && status.status === 'aired') throw new AsRunLineError(line, 'the row says aired with a length of 0');
  const spotText = (fields.spot_id ?? '').trim();
  const spotId = spotText ? readEventId(spotText) : null;
  if (spotText && !spotId) throw new AsRunLineError(line, `spot id "${clip(spotText)}" is not a spot id`);
  if (!houseCode && !spotId) throw new AsRunLineError(line, 'the row has neither a house code nor a spot id');
  return {
    row: {
      line,
      date,
      time: clock.time,
      dayOffset: clock.dayOffset,
      fraction: clock.fraction,
      at: instant,
      houseCode,
      durationSeconds,
      status: status.status,
      discrepancy: status.discrepancy,
      spotId,
      channel: clip((fields.channel ?? '').trim()) || null,
    },
  };
};

export const UNMATCHED_REASONS = {
  unknownHouseCode: 'No scheduled spot has this house code on this day',
  outsideWindow: 'Outside every daypart window of this house code on this day',
  duplicate: 'Duplicate of a spot that already aired',
  unknownSpot: 'No spot has this id',
  spotMismatch: 'The spot id belongs to another house code',
  makegoodAired: 'The spot was missed and its makegood has already aired',
} as const;

const spotChangeSchema = z.object({
  line: z.number().int().nullable(),
  spot_id: z.string().nullable(),
  date: z.string(),
  time: z.string(),
  house_code: z.string(),
  note: z.string().nullable(),
});

export const asRunImportSchema = z.object({
  id: z.uuid(),
  filename: z.string(),
  format: z.enum(['csv', 'bxf']),
  imported_at: z.string(),
  imported_by: z.string().nullable(),
  rows: z.number().int(),
  aired: z.number().int(),
  reported_missed: z.number().int(),
  unmatched: z.number().int(),
  closed_missed: z.number().int(),
  /** Rows that report no spot airing (program, comment, live rows; statuses that settle nothing). */
  skipped: z.number().int(),
  /** Spots an earlier import closed as missed that this one found aired (their makegoods withdrawn). */
  reopened: z.number().int(),
  /** What the import closed: nothing (one row), the time range its rows or its message cover, or whole days. */
  closing: z.enum(['none', 'range', 'day']),
  notice: z.string().nullable(),
  days: z.array(z.string()),
  /** The channels whose spots the file's rows settled (decision 053). */
  channel_ids: z.array(z.uuid()),
});
export type AsRunImport = z.infer<typeof asRunImportSchema>;

export const asRunReportSchema = z.object({
  import: asRunImportSchema,
  /** True when this exact file had been imported before: nothing changed. */
  duplicate: z.boolean(),
  message: z.string(),
  /** A hint (e.g. nothing matched, most rows would at a few hours off: a time-zone shift). */
  notice: z.string().nullable(),
  unmatched_rows: z.array(z.object({ line: z.number().int(), date: z.string(), time: z.string(), house_code: z.string(), reason: z.string() })),
  /** What the import changed, spot by spot (the first 1,000 of each). */
  aired_spots: z.array(spotChangeSchema),
  missed_spots: z.array(spotChangeSchema),
  skipped_rows: z.array(spotChangeSchema),
  /** Scheduled spots no row reported, closed as missed by this import. */
  closed_spots: z.array(spotChangeSchema),
});
export type AsRunReport = z.infer<typeof asRunReportSchema>;

/** The line under a report's unmatched rows when it lists none: every row matched, or none did (only skipped or marker rows). */
export const unmatchedNote = (imp: Pick<AsRunReport['import'], 'aired' | 'reported_missed'>) =>
  imp.aired + imp.reported_missed === 0 ? 'No row matched a spot of the traffic log.' : 'Every row matched a spot of the traffic log.';

export const affidavitQuerySchema = z.object({
  from: z.string().refine(isIsoDate, 'from must be a calendar date (YYYY-MM-DD)').optional(),
  to: z.string().refine(isIsoDate, 'to must be a calendar date (YYYY-MM-DD)').optional(),
  format: z.enum(['pdf', 'csv'], { error: 'Format must be pdf or csv' }).default('pdf'),
});
