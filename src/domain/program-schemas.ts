/**
 * Programs (issue 44, decision 060): the API's bodies and replies, one contract for the server and the
 * Programs card, with the messages a user reads.
 */
import { z } from 'zod';
import { isIsoDate } from './dates';
import { daysOfWeekSchema } from './daypart-schemas';
import { ALL_DAYS, WEEKDAYS, WEEKEND, type DayName } from './rate-card';

export const PROGRAM_MESSAGES = {
  notFound: 'Program not found',
  sameTimes: 'A program must end at another time than it starts',
  datesOrder: 'End date must be on or after the start date',
  overlap: (name: string) => `This program airs at the same time as "${name}" on this channel`,
  tooLarge: 'The file is larger than 5 MB',
  empty: 'The file holds no programs',
  unknownFormat: 'The file is neither a CSV with the columns name, days, start and end nor a BXF schedule',
  missingColumns: (columns: readonly string[]) => `The CSV has no ${columns.join(', ')} column`,
  lineProblem: (line: number, problem: string) => `Line ${line}: ${problem}`,
  eventProblem: (event: number, line: number | undefined, problem: string) => `ScheduledEvent ${event}${line ? ` (line ${line})` : ''}: ${problem}`,
  programOfOtherChannel: "This program belongs to another channel than the order's",
  programOutsideDaypart: "This program does not air within the line's daypart on the line's days",
} as const;

/** The largest program file read (bytes): 413 above. */
export const PROGRAM_FILE_MAX_BYTES = 5 * 1024 * 1024;

const TIME = /^([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const time = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(TIME, `${label} must be a time such as 23:35`)
    .transform((t) => t.padStart(5, '0').slice(0, 5));

const date = (label: string) =>
  z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string({ error: `${label} must be a date such as 2026-12-01` })
      .refine((v) => isIsoDate(v), `${label} must be a date such as 2026-12-01`)
      .nullable()
      .optional(),
  );

const name = z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters');

const fields = {
  name,
  days: daysOfWeekSchema,
  start_time: time('Start time'),
  end_time: time('End time'),
  start_date: date('Start date'),
  end_date: date('End date'),
};

type Times = { start_time?: string; end_time?: string; start_date?: string | null; end_date?: string | null };
const checkTimes = <T extends Times>(value: T, ctx: z.RefinementCtx) => {
  if (value.start_time !== undefined && value.start_time === value.end_time)
    ctx.addIssue({ code: 'custom', path: ['end_time'], message: PROGRAM_MESSAGES.sameTimes });
  if (value.start_date && value.end_date && value.end_date < value.start_date)
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: PROGRAM_MESSAGES.datesOrder });
};

export const programInputSchema = z.strictObject(fields).superRefine(checkTimes);
export type ProgramInput = z.infer<typeof programInputSchema>;

export const programUpdateSchema = z
  .strictObject({
    name: name.optional(),
    days: daysOfWeekSchema.optional(),
    start_time: time('Start time').optional(),
    end_time: time('End time').optional(),
    start_date: fields.start_date,
    end_date: fields.end_date,
  })
  .superRefine(checkTimes);
export type ProgramUpdate = z.infer<typeof programUpdateSchema>;

export const programSchema = z.object({
  id: z.string(),
  channel_id: z.string(),
  name: z.string(),
  days: z.array(z.string()),
  start_time: z.string(),
  end_time: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Program = z.infer<typeof programSchema>;

export const PROGRAM_IMPORT_MODES = ['add', 'replace'] as const;
export const programImportQuerySchema = z.strictObject({
  mode: z.enum(PROGRAM_IMPORT_MODES, { error: 'mode must be add or replace' }).optional(),
  dry_run: z.enum(['true', 'false'], { error: 'dry_run must be true or false' }).optional(),
});

export const programImportReplySchema = z.object({
  format: z.enum(['csv', 'bxf']),
  mode: z.enum(PROGRAM_IMPORT_MODES),
  dry_run: z.boolean(),
  /** Programs the file holds (added, or to be added on a dry run). */
  added: z.number().int(),
  /** Programs of the channel removed (replace). */
  removed: z.number().int(),
  programs: z.array(programSchema.omit({ id: true, created_at: true, updated_at: true })),
});
export type ProgramImportReply = z.infer<typeof programImportReplySchema>;

const DAY_WORDS: Record<string, readonly DayName[]> = {
  daily: ALL_DAYS,
  everyday: ALL_DAYS,
  weekdays: WEEKDAYS,
  weekends: WEEKEND,
  weekend: WEEKEND,
};

const dayOf = (word: string): DayName | undefined => {
  const w = word.trim().toLowerCase();
  if (w.length < 2) return undefined;
  return ALL_DAYS.find((d) => d.toLowerCase().startsWith(w));
};

/**
 * The days of a file's program row: "Mon-Fri", "Mon;Wed;Fri", "Sat Sun", "Monday", "daily", "weekdays",
 * or a seven-letter mask Monday to Sunday ("MTWTF--"). Null when it is none of these.
 */
export const parseDaysText = (text: string): DayName[] | null => {
  const t = text.trim();
  if (t.length === 7 && [...t].every((c, i) => c === '-' || c.toUpperCase() === ALL_DAYS[i]![0])) {
    const picked = ALL_DAYS.filter((_, i) => t[i] !== '-');
    return picked.length > 0 ? picked : null;
  }
  const word = DAY_WORDS[t.toLowerCase().replace(/[\s-]/g, '')];
  if (word) return [...word];
  const picked = new Set<DayName>();
  for (const part of t.split(/[,;/|+&\s]+/).filter(Boolean)) {
    const range = part.split(/[-–]/);
    if (range.length === 2) {
      const from = dayOf(range[0]!);
      const to = dayOf(range[1]!);
      if (!from || !to) return null;
      let i = ALL_DAYS.indexOf(from);
      for (;;) {
        picked.add(ALL_DAYS[i]!);
        if (ALL_DAYS[i] === to) break;
        i = (i + 1) % 7;
      }
    } else {
      const day = range.length === 1 ? dayOf(part) : undefined;
      if (!day) return null;
      picked.add(day);
    }
  }
  return picked.size > 0 ? ALL_DAYS.filter((d) => picked.has(d)) : null;
};
