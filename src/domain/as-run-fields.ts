/**
 * Reading the fields of an as-run row as automation writes them: dates (ISO, M/D/YYYY or
 * D/M/YYYY), clock times with frames and 24–29 h broadcast-day hours, ISO instants with `Z` or an
 * offset, durations (seconds, MM:SS, HH:MM:SS[:FF], compact HHMMSSFF, xs:duration) and the SMPTE
 * as-run statuses. Pure; see docs/decisions/028-bxf-and-as-run-interop.md.
 */
import { isIsoDate } from './dates';

/** The frame rate assumed when neither the file nor the station says otherwise (NTSC, drop-frame). */
export const DEFAULT_FRAME_RATE = 29.97;
export type DateOrder = 'MDY' | 'DMY';

/** Nominal frames per second of a rate (29.97 counts 30 frames a second, 59.94 counts 60). */
export const nominalFrames = (frameRate: number) => Math.round(frameRate);

/** 'YYYY-MM-DD', 'M/D/YYYY' or 'D/M/YYYY' (by `order`), '.' or '-' accepted as separators; null when not a date. */
export const readDate = (value: string, order: DateOrder = 'MDY'): string | null => {
  const text = value.trim();
  if (isIsoDate(text)) return text;
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (compact) {
    const iso = `${compact[1]}-${compact[2]}-${compact[3]}`;
    return isIsoDate(iso) ? iso : null;
  }
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (!match) return null;
  const [first, second] = [match[1]!.padStart(2, '0'), match[2]!.padStart(2, '0')];
  const iso = order === 'DMY' ? `${match[3]}-${second}-${first}` : `${match[3]}-${first}-${second}`;
  return isIsoDate(iso) ? iso : null;
};

export interface ClockTime {
  /** 'HH:MM:SS' on the broadcast day (00–23 h). */
  time: string;
  /** 1 when the file wrote 24–29 h: the time is on the calendar day after the broadcast date. */
  dayOffset: 0 | 1;
  /** Seconds past `time` that the frames add (0 ≤ fraction < 1). */
  fraction: number;
}

const CLOCK = /^(\d{1,2}):([0-5]\d)(?::([0-5]\d)(?:[:;.,](\d{2}))?)?$/;

/** 'HH:MM', 'HH:MM:SS' or a SMPTE timecode 'HH:MM:SS:FF' (also `;`, `.`, `,` before the frames); hours up to 29. */
export const readClockTime = (value: string, frameRate: number = DEFAULT_FRAME_RATE): ClockTime | null => {
  const match = CLOCK.exec(value.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const frames = match[4] === undefined ? 0 : Number(match[4]);
  if (hours > 29 || frames >= nominalFrames(frameRate)) return null;
  const h = hours >= 24 ? hours - 24 : hours;
  return { time: `${String(h).padStart(2, '0')}:${match[2]}:${match[3] ?? '00'}`, dayOffset: hours >= 24 ? 1 : 0, fraction: frames / nominalFrames(frameRate) };
};

const INSTANT = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})$/i;

/** An ISO 8601 instant that states its zone ('…Z' or '…+02:00'): epoch milliseconds; null otherwise. */
export const readInstant = (value: string): number | null => {
  const match = INSTANT.exec(value.trim());
  if (!match || !isIsoDate(match[1]!)) return null;
  const zone = match[3]!.toUpperCase() === 'Z' ? 'Z' : match[3]!.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  const ms = Date.parse(`${match[1]}T${match[2]!.length === 5 ? `${match[2]}:00` : match[2]}${zone}`);
  return Number.isNaN(ms) ? null : ms;
};

const MAX_SECONDS = 86_400;
const XS_DURATION = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/**
 * A length in whole seconds (frames counted at the frame rate, then rounded): '30', '30.5', 'MM:SS',
 * 'HH:MM:SS', 'HH:MM:SS:FF' (`;`, `.`, `,` also), compact zero-led 'MMSS', 'HHMMSS' or
 * 'HHMMSSFF' ('0130' is 1:30), or an xs:duration ('PT30S'). Zero is a length: automation writes it for
 * an event that did not air. Null when not a length.
 */
export const readDuration = (value: string, frameRate: number = DEFAULT_FRAME_RATE): number | null => {
  let text = value.trim();
  const within = (seconds: number) => {
    const whole = Math.round(seconds);
    return whole >= 0 && whole <= MAX_SECONDS ? whole : null;
  };
  const xs = XS_DURATION.exec(text);
  if (xs && text !== 'P' && text !== 'PT')
    return within(Number(xs[1] ?? 0) * 86_400 + Number(xs[2] ?? 0) * 3600 + Number(xs[3] ?? 0) * 60 + Number(xs[4] ?? 0));
  if (/^0\d{3}(\d{2}){0,2}$/.test(text)) text = text.match(/\d{2}/g)!.join(':');
  if (/^\d+(\.\d+)?$/.test(text)) return within(Number(text));
  const match = /^(?:(\d{1,2}):)?(\d{1,2}):(\d{2})(?:[:;.,](\d{2}))?$/.exec(text);
  if (!match) return null;
  const [h, m, s, f] = [Number(match[1] ?? 0), Number(match[2]), Number(match[3]), Number(match[4] ?? 0)];
  if (m >= 60 || s >= 60 || f >= nominalFrames(frameRate)) return null;
  // 'MM:SS:FF' is not a form: three parts are HH:MM:SS.
  return within(h * 3600 + m * 60 + s + f / nominalFrames(frameRate));
};

export type AsRunStatus = 'aired' | 'missed';

const AIRED = ['aired', 'aired without discrepancy', 'joined in progress', 'inserted by operator', 'played', 'as run', 'ok', 'on air'];
const AIRED_WITH_DISCREPANCY = ['aired with discrepancy', 'aired with duration discrepancy', 'aired with content discrepancy'];
const MISSED = ['missed', 'did not air', 'not aired', 'preempted', 'technical difficulty', 'missing content', 'failed'];
/** Statuses that settle nothing: the row is skipped and reported (Spotbook's own log export, an Unknown outcome). */
const NOT_SETTLED = ['scheduled', 'cancelled', 'made_good', 'unknown'];

export type ReadStatus = { status: AsRunStatus; discrepancy: boolean } | { skip: string } | null;

/** An as-run status as written (case and spacing ignored); an empty status is aired. */
export const readStatus = (value: string | undefined): ReadStatus => {
  const text = (value ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  if (text === '' || AIRED.includes(text)) return { status: 'aired', discrepancy: false };
  if (AIRED_WITH_DISCREPANCY.includes(text)) return { status: 'aired', discrepancy: true };
  if (MISSED.includes(text)) return { status: 'missed', discrepancy: false };
  if (NOT_SETTLED.includes(text.replace(/ /g, '_'))) return { skip: `Status "${value!.trim().slice(0, 40)}" settles nothing` };
  return null;
};

/** An event id as BXF writes it: a bare UUID or `urn:uuid:…`, any case; null when not a UUID. */
export const readEventId = (value: string): string | null => {
  const text = value
    .trim()
    .replace(/^urn:uuid:/i, '')
    .toLowerCase();
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(text) ? text : null;
};

/** XML 1.0 forbids these characters (C0 controls but tab, CR, LF; lone surrogates; U+FFFE/U+FFFF). */
// eslint-disable-next-line no-control-regex
export const XML_ILLEGAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as XML 1.0 (and any export) may carry it: forbidden characters removed. */
export const xmlSafe = (value: string) => value.replace(XML_ILLEGAL, '');
