/**
 * As-run rows: what master control reports having played. The rules for reading a row (CSV or
 * BXF) and for matching it to the traffic log. See docs/decisions/009-as-run.md.
 */
import { z } from 'zod';
import { isIsoDate } from './dates';

export const AS_RUN_STATUSES = ['aired', 'missed'] as const;
export type AsRunStatus = (typeof AS_RUN_STATUSES)[number];

export interface AsRunRow {
  /** 1-based line of the file (CSV: the record's line, header = line 1; BXF: the event's closing line). */
  line: number;
  date: string;
  /** Station wall-clock time, HH:MM:SS. */
  time: string;
  houseCode: string;
  durationSeconds: number;
  status: AsRunStatus;
  spotId: string | null;
}

/** A line of the file that cannot be read: the whole import is refused with it. */
export class AsRunLineError extends Error {
  constructor(
    readonly line: number,
    problem: string,
  ) {
    super(`Line ${line}: ${problem}`);
  }
}

export const CSV_COLUMNS = ['date', 'time', 'house_code', 'duration', 'status'] as const;
export const CSV_OPTIONAL_COLUMNS = ['spot_id'] as const;

const TIME = /^(\d{1,2}):([0-5]\d)(?::([0-5]\d))?(?:[:;.]\d{2})?$/;
const UUID = z.uuid();

/** 'HH:MM', 'HH:MM:SS' or a SMPTE timecode 'HH:MM:SS:FF' (frames dropped) → 'HH:MM:SS'. */
export const readClockTime = (value: string): string | null => {
  const match = TIME.exec(value.trim());
  if (!match || Number(match[1]) > 23) return null;
  return `${match[1]!.padStart(2, '0')}:${match[2]}:${match[3] ?? '00'}`;
};

/** Seconds as '30', '30.0', 'MM:SS', 'HH:MM:SS' or a SMPTE timecode 'HH:MM:SS:FF' (rounded to whole seconds). */
export const readDuration = (value: string): number | null => {
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) {
    const seconds = Math.round(Number(text));
    return seconds > 0 && seconds <= 86_400 ? seconds : null;
  }
  const parts = text.split(/[:;]/).map(Number);
  if (parts.some((p) => !Number.isInteger(p) || p < 0) || parts.length < 2 || parts.length > 4) return null;
  const [h, m, s, frames] = parts.length === 2 ? [0, parts[0]!, parts[1]!, 0] : [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 0];
  const seconds = h * 3600 + m * 60 + s + (frames >= 15 ? 1 : 0);
  return seconds > 0 && seconds <= 86_400 && m < 60 && s < 60 ? seconds : null;
};

const HOUSE_CODE = /^[A-Za-z0-9_-]{1,32}$/;

/** Checks one row's fields; throws AsRunLineError naming the line and the problem. */
export const readAsRunRow = (line: number, fields: { date?: string; time?: string; house_code?: string; duration?: string; status?: string; spot_id?: string }): AsRunRow => {
  const date = (fields.date ?? '').trim();
  if (!isIsoDate(date)) throw new AsRunLineError(line, `date "${date.slice(0, 40)}" is not a date (YYYY-MM-DD)`);
  const time = readClockTime(fields.time ?? '');
  if (!time) throw new AsRunLineError(line, `time "${(fields.time ?? '').slice(0, 40)}" is not a time (HH:MM:SS)`);
  const houseCode = (fields.house_code ?? '').trim().toUpperCase();
  if (!HOUSE_CODE.test(houseCode)) throw new AsRunLineError(line, `house code "${houseCode.slice(0, 40)}" is not a house code`);
  const durationSeconds = readDuration(fields.duration ?? '');
  if (durationSeconds === null) throw new AsRunLineError(line, `duration "${(fields.duration ?? '').slice(0, 40)}" is not a length in seconds`);
  const status = (fields.status ?? 'aired').trim().toLowerCase() || 'aired';
  if (!(AS_RUN_STATUSES as readonly string[]).includes(status)) throw new AsRunLineError(line, `status "${status.slice(0, 40)}" must be aired or missed`);
  const spotId = (fields.spot_id ?? '').trim();
  if (spotId && !UUID.safeParse(spotId).success) throw new AsRunLineError(line, `spot id "${spotId.slice(0, 40)}" is not a spot id`);
  return { line, date, time, houseCode, durationSeconds, status: status as AsRunStatus, spotId: spotId || null };
};

export const UNMATCHED_REASONS = {
  unknownHouseCode: 'No scheduled spot has this house code on this day',
  outsideWindow: 'Outside every daypart window of this house code on this day',
  duplicate: 'Duplicate of a spot that already aired',
  unknownSpot: 'No spot has this id',
  spotMismatch: 'The spot id belongs to another house code',
} as const;

/** How far outside its daypart window an airing still matches a spot (minutes), unless configured. */
export const DEFAULT_AS_RUN_TOLERANCE_MINUTES = 10;

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
  days: z.array(z.string()),
});
export type AsRunImport = z.infer<typeof asRunImportSchema>;

export const asRunReportSchema = z.object({
  import: asRunImportSchema,
  /** True when this exact file had been imported before: nothing changed. */
  duplicate: z.boolean(),
  message: z.string(),
  unmatched_rows: z.array(z.object({ line: z.number().int(), date: z.string(), time: z.string(), house_code: z.string(), reason: z.string() })),
});
export type AsRunReport = z.infer<typeof asRunReportSchema>;

export const affidavitQuerySchema = z.object({
  from: z.string().refine(isIsoDate, 'from must be a calendar date (YYYY-MM-DD)').optional(),
  to: z.string().refine(isIsoDate, 'to must be a calendar date (YYYY-MM-DD)').optional(),
  format: z.enum(['pdf', 'csv'], { error: 'Format must be pdf or csv' }).default('pdf'),
});
