import { z } from 'zod';
import { isIsoDate } from './dates';
import { DESK_ACTIONS, SPOT_STATUSES } from './traffic';

export const TRAFFIC_MESSAGES = {
  badDate: 'Date must be a calendar date (YYYY-MM-DD)',
  badFormat: 'Format must be csv or bxf',
  badRange: 'The range must end on or after its start and span at most 366 days',
  neverPlaced:
    'This broadcast day has passed without being placed: there is no log to send to master control (spots booked on it are listed on Discrepancies, under Days never placed)',
} as const;

const isoDate = (message: string = TRAFFIC_MESSAGES.badDate) => z.string({ error: message }).refine(isIsoDate, message);

/** Checked in the handler (a malformed path id is a 404 elsewhere; a malformed date is a 400). */
export const trafficDateParams = z.object({ date: z.string().max(100) });
export const trafficExportQuerySchema = z.object({
  format: z.enum(['csv', 'bxf'], { error: TRAFFIC_MESSAGES.badFormat }).default('csv'),
  /** `since-export`: only the spots placed, cancelled or restored since the day's last export (decision 031). */
  changes: z.enum(['since-export'], { error: 'changes must be since-export' }).optional(),
  /** The channel whose log to export (decision 053); left out, the default channel's. */
  channel_id: z.uuid({ error: 'Channel not found' }).optional(),
});
/** `?channel_id=` of a log: the channel's (decision 053); left out, the default channel's. */
export const trafficLogQuerySchema = z.object({ channel_id: z.uuid({ error: 'Channel not found' }).optional() });
export const spotsQuerySchema = z.object({
  from: isoDate('from must be a calendar date (YYYY-MM-DD)').optional(),
  to: isoDate('to must be a calendar date (YYYY-MM-DD)').optional(),
});

/** A spot placement could not keep apart from another brand of its product category (decision 059). */
export const separationConflictSchema = z.object({
  brand_id: z.uuid(),
  brand_name: z.string().nullable(),
  product_category: z.string().nullable(),
});
export type SeparationConflict = z.infer<typeof separationConflictSchema>;

export const trafficSpotSchema = z.object({
  id: z.uuid(),
  air_date: z.string(),
  scheduled_at: z.string(),
  /** Station wall-clock time, HH:mm:ss. */
  local_time: z.string(),
  break_at: z.string(),
  position: z.number().int(),
  daypart_id: z.uuid(),
  daypart_name: z.string(),
  brand_id: z.uuid().nullable(),
  brand_name: z.string().nullable(),
  estimate_id: z.uuid(),
  estimate_name: z.string().nullable(),
  media_asset_id: z.uuid().nullable(),
  house_code: z.string(),
  /** The commercial's Ad-ID (or ISCI) and title (issue 27); no_ad_id flags a spot whose commercial has none. */
  ad_id: z.string().nullable(),
  title: z.string().nullable(),
  no_ad_id: z.boolean(),
  duration_seconds: z.number().int(),
  status: z.enum(SPOT_STATUSES),
  aired_at: z.string().nullable(),
  /** Set on a makegood: the accepted offer it airs for (GET /estimates/:id/makegoods). */
  makegood_offer_id: z.uuid().nullable(),
  /** An ADU (audience deficiency unit, decision 057): a no-charge spot owed on an audience guarantee, never billed. */
  adu: z.boolean(),
  /** Aired by the demo (SPOTBOOK_DEMO), not by master control: shown as "Simulated", never certified or billed. */
  simulated: z.boolean(),
  /** Placed after its day went to master control (decision 031): the day must be exported again. */
  added_after_export: z.boolean(),
  /** The day this spot was booked for, when that day had closed (its air time passed) and it moved here (decision 031). */
  moved_from_date: z.string().nullable(),
  /** What the traffic desk did to this spot (decision 058) and why; null when it did nothing. */
  desk_action: z.enum(DESK_ACTIONS).nullable(),
  desk_reason: z.string().nullable(),
  /** Placed against the product separation (decision 059): the brand it is too close to, and their category. Null: none. */
  separation_conflict: separationConflictSchema.nullable(),
  /** The program the spot airs in (aired: when it aired; else when it is scheduled), from its channel's program schedule (decision 060); null when none. */
  program: z.string().nullable(),
});
export type TrafficSpot = z.infer<typeof trafficSpotSchema>;

export const trafficLogSchema = z.object({
  date: z.string(),
  /** The channel whose log this is (decision 053). */
  channel_id: z.uuid(),
  time_zone: z.string(),
  built_at: z.string().nullable(),
  /** The latest export: "changes since export" count from it. */
  exported_at: z.string().nullable(),
  /** When the day was first sent to master control; a later export does not move it (issue 44). */
  first_exported_at: z.string().nullable(),
  /** False when the day is beyond the horizon or not placed yet: the spots are what is placed so far. */
  placed: z.boolean(),
  /** Spots placed, cancelled or restored since the day was exported: "N changes since export — export again". */
  changes_since_export: z.number().int(),
  dayparts: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      start_time: z.string(),
      end_time: z.string(),
      airs: z.boolean(),
      capacity: z.number().int(),
      /** Spots that will air (scheduled or aired). */
      placed: z.number().int(),
    }),
  ),
  spots: z.array(trafficSpotSchema),
});
export type TrafficLog = z.infer<typeof trafficLogSchema>;

export const orderSpotsSchema = z.object({
  estimate_id: z.uuid(),
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  days: z.array(z.object({ date: z.string(), spots: z.array(trafficSpotSchema) })),
});
export type OrderSpots = z.infer<typeof orderSpotsSchema>;

/** One spot on the Discrepancies list (decision 031). */
export const discrepancySpotSchema = z.object({
  id: z.uuid(),
  air_date: z.string(),
  local_time: z.string(),
  daypart_name: z.string(),
  house_code: z.string(),
  estimate_id: z.uuid(),
  estimate_name: z.string().nullable(),
  brand_name: z.string().nullable(),
  status: z.enum(SPOT_STATUSES),
});
export type DiscrepancySpot = z.infer<typeof discrepancySpotSchema>;

/** GET /traffic/discrepancies (admins): what the traffic desk must look at, newest first, at most 200 of each. */
export const discrepanciesSchema = z.object({
  /** Past spots no as-run reported within the grace period. */
  unconfirmed: z.array(discrepancySpotSchema),
  /** Missed spots whose makegood is still open (offered) or was never offered. */
  missed_undecided: z.array(discrepancySpotSchema.extend({ makegood_status: z.string().nullable() })),
  /** As-run rows that matched no spot. */
  unmatched_rows: z.array(
    z.object({
      import_id: z.uuid(),
      filename: z.string(),
      line: z.number().int(),
      date: z.string(),
      time: z.string(),
      house_code: z.string(),
      reason: z.string(),
    }),
  ),
  /** Spots placed after their day went to master control, still to air. */
  late_bookings: z.array(discrepancySpotSchema),
  /** Spots of the last 7 days that aired more than a minute from their scheduled time (issue 44, decision 061). */
  off_schedule: z.array(discrepancySpotSchema.extend({ aired_time: z.string(), off_by: z.string() })),
  /** Past days of the last 30 with spots booked and no log (the station clock was not running): by channel and day, newest first (issue 44). */
  unplaced_days: z.array(z.object({ channel_id: z.uuid(), date: z.string(), spots: z.number().int(), orders: z.number().int() })),
  /** Spots whose booked day had closed (air time passed): moved to the nearest free day of their window, or (to_date null) to none. */
  moved_spots: z.array(
    z.object({
      estimate_id: z.uuid(),
      estimate_name: z.string().nullable(),
      brand_name: z.string().nullable(),
      daypart_name: z.string(),
      from_date: z.string(),
      to_date: z.string().nullable(),
      moved_at: z.string(),
    }),
  ),
  /** Completed orders with spots no as-run confirmed (unconfirmed, or past and still scheduled): completed with a warning. */
  completed_unconfirmed: z.array(
    z.object({
      estimate_id: z.uuid(),
      estimate_name: z.string().nullable(),
      brand_name: z.string().nullable(),
      end_date: z.string().nullable(),
      unconfirmed_spots: z.number().int(),
    }),
  ),
  /** Spots still to air whose commercial has no Ad-ID (issue 27): flagged "no Ad-ID". */
  no_ad_id: z.array(discrepancySpotSchema),
  /** Spots still to air placed against the product separation (decision 059), soonest first: for the desk to move. */
  separation_conflicts: z.array(discrepancySpotSchema.extend({ separation_conflict: separationConflictSchema })),
});
export type Discrepancies = z.infer<typeof discrepanciesSchema>;
