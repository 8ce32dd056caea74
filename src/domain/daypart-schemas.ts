import { z } from 'zod';
import { isWholeCents, wholeCentsMessage } from './money';
import { ALL_DAYS } from './rate-card';
import { MAX_LENGTH_PERCENT } from './spot-length-pricing';
import { MAX_TEXT } from './validation';

const DAY_ALIASES: Record<string, (typeof ALL_DAYS)[number]> = Object.fromEntries(
  ALL_DAYS.flatMap((day, index) => [
    [day.toLowerCase(), day],
    [day.slice(0, 3).toLowerCase(), day],
    [String((index + 1) % 7), day],
  ]),
);

/** Accepts 'Monday', 'mon' or 0–6 (0 = Sunday); answers the full names in week order, without repeats. */
export const daysOfWeekSchema = z
  .array(z.union([z.string(), z.number().int()]), { error: 'Days of week must be a list of days' })
  .max(7 * 3, 'Days of week must be a list of days')
  .transform((days, ctx) => {
    const names = days.map((d) => DAY_ALIASES[String(d).trim().toLowerCase()]);
    if (names.some((n) => !n)) {
      ctx.addIssue({ code: 'custom', message: 'Days of week must be day names such as Monday' });
      return z.NEVER;
    }
    return ALL_DAYS.filter((d) => names.includes(d));
  })
  .refine((days) => days.length > 0, 'Select at least one day of the week');

const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const time = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(TIME, `${label} must be a time such as 06:00`)
    .transform((t) => t.slice(0, 5));

const money = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .finite(`${label} must be a number`)
    .min(0, `${label} cannot be negative`)
    .max(1_000_000, `${label} is too large`)
    .refine(isWholeCents, wholeCentsMessage(label));

const lengthPercent = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole percentage`)
    .min(1, `${label} must be at least 1%`)
    .max(MAX_LENGTH_PERCENT, `${label} must be at most ${MAX_LENGTH_PERCENT}%`);

/** Blank or null: no flat rate. */
const flatRate = z.preprocess(
  (v) => (v === '' || v === null ? null : v),
  z.coerce
    .number({ error: 'Flat rate per spot must be a number' })
    .finite('Flat rate per spot must be a number')
    .gt(0, 'Flat rate per spot must be greater than 0 (leave it blank for none)')
    .max(1_000_000, 'Flat rate per spot is too large')
    .refine(isWholeCents, wholeCentsMessage('Flat rate per spot'))
    .nullable(),
);

export const daypartInputSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  description: z.string().trim().max(MAX_TEXT).nullish(),
  start_time: time('Start time'),
  end_time: time('End time'),
  days_of_week: daysOfWeekSchema,
  base_cpm: money('Base CPM'),
  min_cpm: money('Minimum CPM').optional(),
  multiplier: z.coerce
    .number({ error: 'Multiplier must be a number' })
    .finite()
    .gt(0, 'Multiplier must be greater than 0')
    .max(100, 'Multiplier is too large')
    .optional(),
  spot_frequency: z.coerce
    .number({ error: 'Spot frequency must be a whole number' })
    .int('Spot frequency must be a whole number')
    .min(1, 'Spot frequency must be at least 1')
    .max(1000, 'Spot frequency is too large')
    .optional(),
  is_prime_time: z.boolean({ error: 'is_prime_time must be true or false' }).optional(),
  /** A :15's and a :60's price as a percentage of a :30's (default 100: the same CPM). */
  rate_15_percent: lengthPercent('Price of a :15').optional(),
  rate_60_percent: lengthPercent('Price of a :60').optional(),
  /** A flat rate per :30 spot in US dollars; null for none. */
  flat_rate: flatRate.optional(),
  /** The channel whose rate card holds it (decision 053); left out, the default channel. Set once. */
  channel_id: z.uuid({ error: 'Channel not found' }).optional(),
});
export type DaypartInput = z.infer<typeof daypartInputSchema>;
export const daypartUpdateSchema = daypartInputSchema.omit({ channel_id: true }).partial();

export const daypartSchema = z.object({
  id: z.uuid(),
  channel_id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  start_time: z.string(),
  end_time: z.string(),
  days_of_week: z.array(z.string()),
  base_cpm: z.number(),
  min_cpm: z.number(),
  multiplier: z.number(),
  spot_frequency: z.number().int(),
  is_prime_time: z.boolean(),
  rate_15_percent: z.number().int(),
  rate_60_percent: z.number().int(),
  flat_rate: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Daypart = z.infer<typeof daypartSchema>;

export const availabilityQuerySchema = z.object({
  /** Defaults to today. */
  start_date: z.iso.date({ error: 'start_date must be a date (YYYY-MM-DD)' }).optional(),
  /** Defaults to start_date. */
  end_date: z.iso.date({ error: 'end_date must be a date (YYYY-MM-DD)' }).optional(),
});

export const availabilitySchema = z.object({
  daypart_id: z.uuid(),
  daypart_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  spot_frequency: z.number().int(),
  /** Fewest free spots on any airing day of the range: what an order over the whole range can still take. */
  available_spots: z.number().int(),
  days: z.array(z.object({ date: z.string(), booked_spots: z.number().int(), available_spots: z.number().int() })),
});
export type Availability = z.infer<typeof availabilitySchema>;

export const MAX_AVAILABILITY_DAYS = 366;
