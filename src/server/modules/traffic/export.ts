/**
 * A broadcast day of the traffic log as files for master control: CSV, and a SMPTE ST 2021 (BXF)
 * 1.0 schedule message built with fast-xml-parser's XMLBuilder (escaping and structure by the
 * library) that validates against the SMPTE schema of the namespace it declares (decision 028:
 * urn:uuid ids, a break header before each break's spots, SpotType, StartMode/EndMode, the station's
 * frame rate, broadcastDate and utcStartofBroadcastDay). Every text is stripped of characters XML
 * 1.0 forbids, in the CSV too.
 */
import { createHash, randomUUID } from 'node:crypto';
import { XMLBuilder } from 'fast-xml-parser';
import { xmlSafe } from '../../../domain/as-run-fields';
import { addDays, instantOf, localClockOf, localDateOf } from '../../../domain/dates';
import { csvLine } from '../../../domain/reconciliation';
import type { TrafficLog, TrafficSpot } from '../../../domain/traffic-schemas';

/**
 * One row a spot. `broadcast_day` is the log's day; `air_date` and `local_time` say when the spot airs on the
 * station's calendar and clock (a spot after midnight airs on the next date), so that the file reads back
 * as an as-run; `break` is its break's local start, `break_utc` the same instant in UTC (issue 44).
 */
export const TRAFFIC_CSV_COLUMNS = [
  'broadcast_day',
  'air_date',
  'local_time',
  'break',
  'break_utc',
  'position',
  'daypart',
  'house_code',
  'duration_seconds',
  'brand',
  'order',
  'order_id',
  'spot_id',
  'ad_id',
  'title',
  'status',
] as const;

const text = (value: string | null | undefined) => (value == null ? '' : xmlSafe(value));

export const trafficCsv = (log: TrafficLog): string => {
  const lines = [csvLine(TRAFFIC_CSV_COLUMNS)];
  for (const s of log.spots) {
    const breakAt = new Date(s.break_at);
    lines.push(
      csvLine([
        s.air_date,
        localDateOf(new Date(s.scheduled_at), log.time_zone),
        s.local_time,
        localClockOf(breakAt, log.time_zone),
        s.break_at,
        s.position,
        text(s.daypart_name),
        s.house_code,
        s.duration_seconds,
        text(s.brand_name),
        text(s.estimate_name),
        s.estimate_id,
        s.id,
        s.ad_id ?? '',
        text(s.title),
        s.status,
      ]),
    );
  }
  return lines.join('');
};

export interface MasterControl {
  /** The channel's name (decision 053). */
  name: string;
  /** The channel's number ("6.2") and BXF short name, on the Schedule's Channel element. */
  channelNumber?: string;
  shortName?: string | null;
  /** Frames per second of master control's timecodes (29.97 by default). */
  frameRate?: number;
  /** Drop-frame timecodes (written with `;` before the frames). */
  dropFrame?: boolean;
}

/** SMPTE 258M timecode HH:MM:SS:FF (`;` before the frames when drop-frame); whole seconds, frame 00. */
const timecode = (hhmmss: string, dropFrame: boolean) => `${hhmmss}${dropFrame ? ';' : ':'}00`;
const clockOfSeconds = (seconds: number) =>
  [Math.floor(seconds / 3600) % 24, Math.floor((seconds % 3600) / 60), seconds % 60].map((n) => String(n).padStart(2, '0')).join(':');

const titleOf = (spot: TrafficSpot) => text(spot.title ?? '') || text([spot.brand_name, spot.estimate_name].filter(Boolean).join(' – ')) || spot.house_code;

/** The commercial's industry id as BXF's AlternateId (issue 27): an Ad-ID, or a legacy ISCI code of 8 (or 9 with H) characters. */
const alternateIdOf = (adId: string | null) =>
  adId ? [{ '#text': adId, '@_type': adId.length <= 9 ? 'ISCI' : 'Ad-ID', '@_authoritativeSource': adId.length <= 9 ? 'ISCI' : 'Ad-ID' }] : [];

/** A stable urn:uuid for a name (the same break of the same day keeps its id across exports): RFC 4122 version 5 layout over SHA-1. */
const urnOf = (name: string) => {
  const hash = createHash('sha1').update(`spotbook:${name}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export const BXF_NAMESPACE = 'http://smpte-ra.org/schemas/2021/2008/BXF';
export const PMCP_NAMESPACE = 'http://www.atsc.org/XMLSchemas/pmcp/2007/3.1';

/**
 * Only spots that are to air go to automation (cancelled ones are left out). Each break is one
 * "Primary-BreakHeader" event (its start fixed, its length the sum of its spots) followed by its
 * spots (each following the one before). `broadcastDate` is the calendar date the spot airs on in
 * the station's time zone (a spot after midnight carries the next date with its 00:xx time), and
 * `utcStartofBroadcastDay` the UTC instant that date begins. A changes export (`changesOnly`) sends the
 * spots placed or restored since the last export as usual and those cancelled since as ScheduledEvents
 * with `action="delete"` (decision 031), so automation drops what no longer airs.
 */
export const trafficBxf = (
  log: TrafficLog,
  station: MasterControl,
  now: Date = new Date(),
  options: { /** Only the changes since the last export: cancelled spots are sent as deletions. */ changesOnly?: boolean } = {},
): string => {
  const frameRate = station.frameRate ?? 29.97;
  const dropFrame = station.dropFrame ?? true;
  const zone = log.time_zone;
  const when = (instant: string) => {
    const at = new Date(instant);
    const date = localDateOf(at, zone);
    return {
      SmpteDateTime: {
        '@_broadcastDate': date,
        '@_utcStartofBroadcastDay': instantOf(date, '00:00', zone).toISOString().replace('.000Z', 'Z'),
        '@_frameRate': frameRate,
        SmpteTimeCode: timecode(localClockOf(at, zone), dropFrame),
      },
    };
  };
  const length = (seconds: number) => ({ SmpteDuration: { '@_frameRate': frameRate, SmpteTimeCode: timecode(clockOfSeconds(seconds), dropFrame) } });
  /** One spot as a ScheduledEvent; `delete` (a changes export) tells automation to drop an event it has. */
  const spotEvent = (spot: TrafficSpot, action?: 'delete') => ({
    ...(action ? { '@_action': action } : {}),
    EventData: {
      '@_eventType': 'Primary',
      EventId: { EventId: `urn:uuid:${spot.id}` },
      EventTitle: titleOf(spot),
      PrimaryEvent: {
        NonProgramEvent: {
          Details: {
            SpotType: 'Commercial',
            ...(spot.brand_name ? { AdvertiserName: text(spot.brand_name) } : {}),
            ...(spot.estimate_name ? { Product: { Name: text(spot.estimate_name) } } : {}),
          },
        },
      },
      StartDateTime: when(spot.scheduled_at),
      LengthOption: { Duration: length(spot.duration_seconds) },
      StartMode: 'Follow',
      EndMode: 'Duration',
    },
    Content: {
      // The house number the station controls (the Ad-ID when set, else its own code), then the Ad-ID / ISCI.
      ContentId: { HouseNumber: spot.house_code, ...(spot.ad_id ? { AlternateId: alternateIdOf(spot.ad_id) } : {}) },
      Name: titleOf(spot),
      DefaultLength: length(spot.duration_seconds),
    },
  });
  const airing = log.spots.filter((s) => s.status === 'scheduled' || s.status === 'aired');
  // A changes export also carries the spots cancelled since the last export, as deletions.
  // A spot the desk preempted no longer airs either (decision 058); one it moved is cancelled here and added where it went.
  const deletions = options.changesOnly
    ? log.spots.filter((s) => s.status === 'cancelled' || (s.status === 'missed' && s.desk_action === 'preempted')).map((spot) => spotEvent(spot, 'delete'))
    : [];
  const breaks = new Map<string, TrafficSpot[]>();
  for (const spot of airing) {
    const key = `${spot.daypart_id}|${spot.break_at}`;
    breaks.set(key, [...(breaks.get(key) ?? []), spot]);
  }
  const events = [...breaks.entries()]
    .sort(([, a], [, b]) => a[0]!.break_at.localeCompare(b[0]!.break_at) || a[0]!.daypart_id.localeCompare(b[0]!.daypart_id))
    .flatMap(([key, spots]) => {
      const first = spots[0]!;
      const header = {
        EventData: {
          '@_eventType': 'Primary-BreakHeader',
          EventId: { EventId: urnOf(`${log.date}|${key}`) },
          EventTitle: text(`Break ${localClockOf(new Date(first.break_at), zone).slice(0, 5)} ${first.daypart_name}`),
          PrimaryEvent: { NonProgramEvent: { Details: { SpotType: 'Break' } } },
          StartDateTime: when(first.break_at),
          LengthOption: { Duration: length(spots.reduce((sum, s) => sum + s.duration_seconds, 0)) },
          StartMode: 'Fixed',
          EndMode: 'Duration',
        },
      };
      const members = [...spots].sort((a, b) => a.position - b.position).map((spot) => spotEvent(spot));
      return [header, ...members];
    })
    .concat(deletions);
  const message = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    BxfMessage: {
      '@_xmlns': BXF_NAMESPACE,
      '@_xmlns:pmcp': PMCP_NAMESPACE,
      '@_id': `urn:uuid:${randomUUID()}`,
      '@_dateTime': now.toISOString(),
      '@_messageType': 'Information',
      '@_origin': 'Spotbook',
      '@_originType': 'Traffic',
      '@_userName': 'Spotbook',
      '@_destination': 'Automation',
      BxfData: {
        '@_action': 'add',
        Schedule: {
          '@_type': 'Primary',
          '@_scheduleId': urnOf(`schedule|${log.date}`),
          '@_scheduleStart': instantOf(log.date, '00:00', zone).toISOString().replace('.000Z', 'Z'),
          '@_scheduleEnd': instantOf(addDays(log.date, 1), '00:00', zone).toISOString().replace('.000Z', 'Z'),
          '@_timeZone': zone,
          Channel: {
            '@_type': 'digital_television',
            ...(station.shortName ? { '@_shortName': station.shortName } : {}),
            ...(station.channelNumber ? { '@_channelNumber': station.channelNumber } : {}),
            'pmcp:Name': text(station.name),
          },
          ...(events.length > 0 ? { ScheduledEvent: events } : {}),
        },
      },
    },
  };
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true });
  return builder.build(message) as string;
};
