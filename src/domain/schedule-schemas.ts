/**
 * Wire shapes of an order's schedule (issue 42, decision 056): `GET/PUT /api/estimates/:id/schedule`.
 * Money is dollars on the wire (whole cents), times are the broadcast-day clock ("05:00"–"29:59").
 */
import { z } from 'zod';
import { isIsoDate } from './dates';
import { normalizeDemo, DEMO_MESSAGE } from './demos';
import { isWholeCents, wholeCentsMessage } from './money';
import { ALL_DAYS } from './rate-card';
import { MAX_SCHEDULE_WEEKS, SPOT_LENGTHS, parseBroadcastTime } from './schedule-lines';

export const MAX_SCHEDULE_LINES = 200;
export const MAX_SPOTS_PER_WEEK = 10_000;
export const MAX_RATE = 10_000_000;

export const SCHEDULE_MESSAGES = {
  draftsOnly: 'A schedule can be changed only on a draft order',
  hasItems: 'This order holds daypart items; remove them before giving it a schedule (an order holds daypart items or a schedule, not both)',
  hasSchedule: 'This order holds a schedule; an order holds daypart items or a schedule, not both',
  weeksMismatch: (weeks: number) => `spots_per_week must have one number for each of the flight's ${weeks} weeks`,
  tooManyWeeks: `A schedule's flight may have at most ${MAX_SCHEDULE_WEEKS} weeks`,
  endBeforeStart: 'The end date must not be before the start date',
  endNotAfterStart: 'The end time must be after the start time',
  daypartNotHolding: "The daypart does not hold the line's days and times",
  unmapped: (names: string) => `Map every schedule line to a daypart before submitting: ${names}`,
  demoUnknown: 'A demo value must be for one of the schedule’s demos',
  noSchedule: 'This order has no schedule',
  noSpots: 'The schedule has no spots: give at least one week of one line some spots before submitting',
} as const;

const date = (label: string) => z.string({ error: `${label} is required` }).refine(isIsoDate, `${label} must be a date (YYYY-MM-DD)`);
const time = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .refine((t) => parseBroadcastTime(t) !== null, `${label} must be a broadcast-day time from 05:00 to 29:59`)
    .transform((t) => t.trim().slice(0, 5).padStart(5, '0'));

export const scheduleLineInputSchema = z.strictObject({
  name: z.string().trim().max(200).optional(),
  daypart_id: z.uuid({ error: 'Daypart not found' }),
  days: z
    .array(z.enum(ALL_DAYS, { error: 'Days are Monday to Sunday' }))
    .min(1, 'Choose at least one day')
    .max(7)
    .refine((days) => new Set(days).size === days.length, 'Each day once'),
  start_time: time('Start time'),
  end_time: time('End time'),
  spot_length: z.union(
    SPOT_LENGTHS.map((s) => z.literal(s)),
    { error: 'Spot length must be 15, 30 or 60 seconds' },
  ),
  rate: z.number({ error: 'Rate must be a number' }).min(0, 'Rate must be 0 or more').max(MAX_RATE).refine(isWholeCents, wholeCentsMessage('Rate')),
  spots_per_week: z.array(z.number().int('Spots must be whole numbers').min(0, 'Spots must be 0 or more').max(MAX_SPOTS_PER_WEEK)).max(MAX_SCHEDULE_WEEKS),
  demo_values: z.record(z.string(), z.number().min(0).max(1e9)).optional(),
  /** A program of the order's channel the line targets (decision 060); null or left out: none. */
  program_id: z.uuid({ error: 'Program not found' }).nullable().optional(),
});

export const scheduleInputSchema = z.strictObject({
  week_start_day: z.enum(ALL_DAYS, { error: 'week_start_day is a day, Monday to Sunday' }).default('Monday'),
  start_date: date('Start date'),
  end_date: date('End date'),
  demos: z
    .array(z.string().refine((d) => normalizeDemo(d) !== null, DEMO_MESSAGE))
    .max(20)
    .optional(),
  lines: z.array(scheduleLineInputSchema).max(MAX_SCHEDULE_LINES),
});
export type ScheduleInput = z.infer<typeof scheduleInputSchema>;

const totals = { spots: z.number().int(), gross: z.number() };

export const scheduleLineSchema = z.object({
  id: z.uuid(),
  position: z.number().int(),
  name: z.string(),
  daypart_id: z.uuid().nullable(),
  daypart_name: z.string().nullable(),
  unmapped_reason: z.string().nullable(),
  days: z.array(z.string()),
  start_time: z.string(),
  end_time: z.string(),
  spot_length: z.number().int(),
  rate: z.number(),
  spots_per_week: z.array(z.number().int()),
  demo_values: z.record(z.string(), z.number()),
  program_id: z.uuid().nullable(),
  program_name: z.string().nullable(),
  ...totals,
});

export const scheduleSchema = z.object({
  estimate_id: z.uuid(),
  week_start_day: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  demos: z.array(z.string()),
  proposal_id: z.string().nullable(),
  proposal_version: z.number().int().nullable(),
  weeks: z.array(z.object({ start_date: z.string(), ...totals })),
  lines: z.array(scheduleLineSchema),
  ...totals,
});
export type Schedule = z.infer<typeof scheduleSchema>;

/** GET and PUT answer the order's schedule, null when it has none. */
export const scheduleReplySchema = z.object({ schedule: scheduleSchema.nullable() });
export type ScheduleReply = z.infer<typeof scheduleReplySchema>;

// ── the Proposal XML import ───────────────────────────────────────────────────

/** The largest Proposal file accepted (413 above). */
export const PROPOSAL_MAX_BYTES = 5 * 1024 * 1024;

export const IMPORT_MESSAGES = {
  accountRequired: 'account_id is required: the account the order is for',
  accountNotFound: 'Account not found',
  onBehalfRefused: 'Only an admin may import an order on behalf of another account',
  noOutlet: 'No outlet of the file matches an active channel',
  sameVersion: (version: number, stored: number) =>
    `This proposal was already imported at version ${stored}; a revision must have a higher version than ${stored} (the file has ${version})`,
  submitted: 'The order made from this proposal was submitted: withdraw it to draft before importing a revision',
  tooLarge: `The file is larger than ${PROPOSAL_MAX_BYTES / 1024 / 1024} MB`,
} as const;

const unmappedSchema = z.object({ name: z.string(), days: z.array(z.string()), start_time: z.string(), end_time: z.string(), reason: z.string() });
export const differenceSchema = z.object({ line: z.string(), change: z.enum(['added', 'removed', 'changed']), fields: z.array(z.string()) });

export const proposalImportSchema = z.object({
  proposal: z.object({
    unique_identifier: z.string(),
    version: z.number().int(),
    schema_version: z.string(),
    name: z.string(),
    advertiser: z.string(),
    product: z.string(),
    buyer: z.string(),
    seller: z.string(),
  }),
  orders: z.array(
    z.object({
      estimate_id: z.uuid(),
      channel_id: z.uuid(),
      call_letters: z.string(),
      action: z.enum(['created', 'revised', 'revision proposed']),
      schedule: scheduleSchema,
      unmapped: z.array(unmappedSchema),
      differences: z.array(differenceSchema),
    }),
  ),
  skipped: z.array(z.object({ item: z.string(), reason: z.string() })),
  ...totals,
});
export type ProposalImport = z.infer<typeof proposalImportSchema>;
