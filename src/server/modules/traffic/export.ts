/**
 * A broadcast day of the traffic log as files for master control: CSV, and a SMPTE ST 2021 (BXF)
 * schedule message built with fast-xml-parser's XMLBuilder (escaping and structure by the library).
 */
import { randomUUID } from 'node:crypto';
import { XMLBuilder } from 'fast-xml-parser';
import { csvLine } from '../../../domain/reconciliation';
import type { TrafficLog, TrafficSpot } from '../../../domain/traffic-schemas';

export const TRAFFIC_CSV_COLUMNS = ['air_date', 'local_time', 'break', 'position', 'daypart', 'house_code', 'duration_seconds', 'brand', 'order', 'order_id', 'spot_id', 'status'] as const;

export const trafficCsv = (log: TrafficLog): string => {
  const lines = [csvLine(TRAFFIC_CSV_COLUMNS)];
  for (const s of log.spots) {
    lines.push(csvLine([s.air_date, s.local_time, s.break_at, s.position, s.daypart_name, s.house_code, s.duration_seconds, s.brand_name ?? '', s.estimate_name ?? '', s.estimate_id, s.id, s.status]));
  }
  return lines.join('');
};

/** SMPTE timecode HH:MM:SS:FF (whole seconds, frame 00). */
const timecode = (hhmmss: string) => `${hhmmss}:00`;
const durationCode = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return timecode([h, m, s].map((n) => String(n).padStart(2, '0')).join(':'));
};

const titleOf = (spot: TrafficSpot) => [spot.brand_name, spot.estimate_name].filter(Boolean).join(' – ') || spot.house_code;

export const BXF_NAMESPACE = 'http://smpte-ra.org/schemas/2021/2008/BXF';

/** Only spots that are to air go to automation (cancelled ones are left out). */
export const trafficBxf = (log: TrafficLog, station: { name: string }, now: Date = new Date()): string => {
  const events = log.spots
    .filter((s) => s.status === 'scheduled' || s.status === 'aired')
    .map((spot) => ({
      EventData: {
        '@_eventType': 'Primary',
        EventId: { EventId: spot.id },
        EventTitle: titleOf(spot),
        StartDateTime: { SmpteDateTime: { '@_broadcastDate': spot.air_date, SmpteTimeCode: timecode(spot.local_time) } },
        StartDateTimeUtc: spot.scheduled_at,
        LengthOption: { Duration: { SmpteDuration: { SmpteTimeCode: durationCode(spot.duration_seconds) } } },
      },
      Content: {
        ContentId: { HouseNumber: spot.house_code },
        Name: titleOf(spot),
        Duration: { SmpteDuration: { SmpteTimeCode: durationCode(spot.duration_seconds) } },
      },
    }));
  const message = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    BxfMessage: {
      '@_xmlns': BXF_NAMESPACE,
      '@_id': randomUUID(),
      '@_dateTime': now.toISOString(),
      '@_messageType': 'Information',
      '@_origin': 'Spotbook',
      '@_originType': 'Traffic',
      '@_destination': 'Automation',
      BxfData: {
        '@_action': 'add',
        Schedule: {
          '@_type': 'Primary',
          '@_scheduleId': `spotbook-${log.date}`,
          '@_scheduleStart': log.date,
          '@_scheduleEnd': log.date,
          '@_timeZone': log.time_zone,
          Channel: { '@_type': 'digital_television', Name: station.name },
          ScheduledEvent: events,
        },
      },
    },
  };
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true });
  return builder.build(message) as string;
};
