/**
 * Named import profiles for delimited as-runs that playout systems write (issue 24, decision 028):
 * a profile fixes what the generic reader would otherwise guess — the separator, extra header names,
 * the column order of a file written without a header row, and the zone its times are in. Pure data:
 * correcting a layout for a station's own configuration is a change to this table alone.
 *
 * The layouts are Spotbook's reading of what is published (see decision 028): no vendor file is
 * copied here, and the tests write their own files.
 */
import type { CSV_COLUMNS } from './as-run';

export const AS_RUN_PROFILES = ['auto', 'itx', 'marina'] as const;
export type AsRunProfileId = (typeof AS_RUN_PROFILES)[number];

type Column = (typeof CSV_COLUMNS)[number] | 'spot_id' | 'channel';

export interface AsRunProfile {
  id: AsRunProfileId;
  /** What the As-run import screen shows. */
  label: string;
  /** The separator the system writes (detected on the header line when absent). */
  delimiter?: string;
  /** Header names this system writes, beyond the generic aliases (normalized: lower case, `_` for spaces and signs). */
  aliases: Record<string, Column>;
  /** Header names whose times are UTC (the rest are the station's wall clock). */
  utcColumns: readonly string[];
  /** The columns, in order, of a file written without a header row (null: a column Spotbook does not read). */
  headerless?: readonly (Column | null)[];
}

export const AS_RUN_PROFILE_TABLE: Record<AsRunProfileId, AsRunProfile> = {
  auto: { id: 'auto', label: 'Detect (header row)', aliases: {}, utcColumns: [] },
  /**
   * Grass Valley iTX: its schedule grid's "Start Time" is system time (UTC) and "Local Start Time"
   * the station's wall clock; the as-run text export carries the same columns, tab-separated, with
   * the asset's id as the house number. When both times are there, the local one is read.
   */
  itx: {
    id: 'itx',
    label: 'Grass Valley iTX (text as-run)',
    delimiter: '\t',
    aliases: {
      local_start_time: 'time',
      start_time: 'time',
      asset_id: 'house_code',
      asset: 'house_code',
      media_id: 'house_code',
      actual_duration: 'duration',
      event_status: 'status',
      schedule_date: 'date',
    },
    utcColumns: ['start_time'],
    headerless: ['date', 'time', 'house_code', null, 'duration', 'status'],
  },
  /**
   * Pebble Beach Marina: a comma-separated as-run with the day, the on-air time (station wall clock,
   * SMPTE timecode), the material id, the title, the duration and the event's result.
   */
  marina: {
    id: 'marina',
    label: 'Pebble Beach Marina (text as-run)',
    delimiter: ',',
    aliases: {
      material_id: 'house_code',
      material: 'house_code',
      on_air_time: 'time',
      on_air_date: 'date',
      actual_start_time: 'time',
      actual_duration: 'duration',
      event_result: 'status',
      result: 'status',
    },
    utcColumns: [],
    headerless: ['date', 'time', 'house_code', null, 'duration', 'status'],
  },
};

export const asRunProfileOf = (id: string | undefined): AsRunProfile | null =>
  id === undefined || id === '' ? AS_RUN_PROFILE_TABLE.auto : ((AS_RUN_PROFILE_TABLE as Record<string, AsRunProfile>)[id] ?? null);
export const AS_RUN_PROFILE_ERROR = `profile must be one of ${AS_RUN_PROFILES.join(', ')}`;
