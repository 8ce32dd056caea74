/**
 * Reading as-run files as a stream of rows: delimited text with csv-parse (the separator detected),
 * SMPTE BXF with saxes (a streaming XML parser). Reading is linear in the file's size and capped
 * (record size, nesting depth, text length); nothing here touches the database.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { parse } from 'csv-parse';
import { SaxesParser } from 'saxes';
import {
  AsRunLineError,
  CHANNEL_SEPARATOR,
  CSV_COLUMNS,
  CSV_HEADER_ALIASES,
  CSV_REQUIRED_COLUMNS,
  readAsRunRow,
  type AsRunEntry,
  type ReadOptions,
} from '../../../domain/as-run';
import { readEventId } from '../../../domain/as-run-fields';
import { AS_RUN_PROFILE_TABLE, type AsRunProfile } from '../../../domain/as-run-profiles';
import { headerKey } from '../../../domain/csv-header';

/** The longest record of a delimited file (characters): a longer one is refused without being buffered whole. */
export const MAX_RECORD_CHARS = 64 * 1024;
/** The deepest XML nesting read (a BXF as-run needs about 12). */
export const MAX_XML_DEPTH = 64;
/** The longest text of one XML element. */
export const MAX_XML_TEXT = 8 * 1024;

const SEPARATORS = [',', ';', '\t', '|'] as const;

/** The separator of the header line: the candidate it holds most often outside quotes (comma when none). */
export const detectSeparator = (headerLine: string): string => {
  const counts = new Map<string, number>(SEPARATORS.map((s) => [s, 0]));
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  return [...counts.entries()].reduce((best, entry) => (entry[1] > best[1] ? entry : best), [',', 0])[0];
};

const firstLine = async (file: string) => {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(MAX_RECORD_CHARS);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const text = buffer.subarray(0, bytesRead).toString('utf8');
    return text.split(/\r?\n/, 1)[0] ?? '';
  } finally {
    await handle.close();
  }
};

/**
 * A header row's names in canonical form (aliases resolved; the first of two aliases wins, the other
 * keeps its own name). A profile adds its own header names; a column whose times are UTC by the
 * profile is used only when no station-time column names the same thing.
 */
export const canonicalHeader = (header: readonly string[], profile: AsRunProfile = AS_RUN_PROFILE_TABLE.auto): string[] => {
  const taken = new Set<string>();
  const keys = header.map(headerKey);
  const canonicalOf = (key: string) =>
    profile.aliases[key] ?? CSV_HEADER_ALIASES[key] ?? (key.includes('isci') || key.includes('ad_id') ? 'house_code' : undefined);
  const names: (string | undefined)[] = keys.map(() => undefined);
  for (const utcPass of [false, true]) {
    keys.forEach((key, i) => {
      if (profile.utcColumns.includes(key) !== utcPass) return;
      const canonical = canonicalOf(key);
      if (canonical && !taken.has(canonical)) {
        taken.add(canonical);
        names[i] = canonical;
      }
    });
  }
  return keys.map((key, i) => names[i] ?? `x_${key}`);
};

/** What a delimited file says about itself once its header is read: whether its times are UTC (by the profile). */
export interface CsvMeta {
  utc?: boolean;
}

const looksLikeData = (line: string, delimiter: string) => {
  const first = (line.split(delimiter)[0] ?? '').trim().replace(/^"|"$/g, '');
  return /^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}/.test(first) || /^\d{8}$/.test(first);
};

export async function* readCsvAsRun(
  file: string,
  options: ReadOptions = {},
  profile: AsRunProfile = AS_RUN_PROFILE_TABLE.auto,
  meta: CsvMeta = {},
): AsyncGenerator<AsRunEntry> {
  const head = await firstLine(file);
  const delimiter = profile.delimiter ?? detectSeparator(head);
  // A profile's system may write no header row: its columns are then in the profile's order.
  const headerless = profile.headerless && looksLikeData(head, delimiter) ? profile.headerless.map((c, i) => c ?? `x_column_${i + 1}`) : null;
  const parser = createReadStream(file).pipe(
    parse({
      bom: true,
      delimiter,
      trim: true,
      skip_empty_lines: true,
      info: true,
      relax_column_count: headerless !== null,
      max_record_size: MAX_RECORD_CHARS,
      columns:
        headerless ??
        ((header: string[]) => {
          const names = canonicalHeader(header, profile);
          const missing = CSV_REQUIRED_COLUMNS.filter((c) => !names.includes(c) && !(c === 'house_code' && names.includes('spot_id')));
          if (missing.length > 0) {
            throw new AsRunLineError(
              1,
              `the header row must name the columns ${CSV_COLUMNS.join(', ')} (or Air Date, Air Time, ISCI, Length…; missing ${missing.join(', ')})`,
            );
          }
          const timeAt = names.indexOf('time');
          meta.utc = timeAt >= 0 && profile.utcColumns.includes(headerKey(header[timeAt] ?? ''));
          return names;
        }),
    }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      yield readAsRunRow(info.lines, record, options);
    }
  } catch (error) {
    if (error instanceof AsRunLineError) throw error;
    const line = (error as { lines?: number }).lines ?? 0;
    if ((error as { code?: string }).code === 'CSV_MAX_RECORD_SIZE') throw new AsRunLineError(line, `a record is longer than ${MAX_RECORD_CHARS} characters`);
    throw new AsRunLineError(line, (error as Error).message.replace(/^Invalid Record Length: /, '').slice(0, 200));
  }
}

/** What the message says about itself: the period its Schedule covers (`scheduleStart`/`scheduleEnd`, as written). */
export interface BxfMeta {
  scheduleStart?: string;
  scheduleEnd?: string;
}

interface EventFields {
  status?: string;
  /** The channel the event's Schedule (or the event itself) names. */
  channel?: string;
  type?: string;
  program: boolean;
  houseNumber?: string;
  eventId?: string;
  nullId: boolean;
  /** BasicAsRun and CompleteAsRun records opened in this AsRun: the schema allows one. */
  records: number;
  scheduled: TimeFields;
  actual: TimeFields;
}
interface TimeFields {
  date?: string;
  time?: string;
  utc?: string;
  frameRate?: number;
  duration?: string;
  durationFrameRate?: number;
}

/** Event types that are not an airing of a spot: skipped and reported. */
const NOT_A_SPOT: Record<string, string> = {
  comment: 'Comment row',
  programheader: 'Program header row',
  breakheader: 'Break header row',
  macro: 'Macro row',
  data: 'Data row',
  auxillary: 'Auxiliary row',
  auxiliary: 'Auxiliary row',
  nonprimary: 'Secondary (non-primary) event',
};

/** A BXF Channel's number and short name, as one text the channel lookup splits (CHANNEL_SEPARATOR). */
const channelNamed = (attributes: Record<string, unknown>) =>
  [attributes.channelNumber, attributes.shortName]
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .map((v) => v.trim())
    .join(CHANNEL_SEPARATOR) || undefined;

const rateOf = (value: unknown) => (typeof value === 'string' && Number(value) > 0 ? Number(value) : undefined);

/**
 * BXF as-run: every `AsRun` element (BasicAsRun or CompleteAsRun, and Spotbook's earlier flat
 * form) is one row. The actual start and length come from `AsRunDetail` (SmpteDateTime with its
 * broadcastDate and frameRate, or UtcDateTime; SmpteDuration or UtcDuration), else from the
 * scheduled event; the status from `AsRunDetail/Status` (or a `status` attribute); the spot from
 * `HouseNumber` and/or the event id (`urn:uuid:` or bare; `<Null/>` for none).
 */
export async function* readBxfAsRun(file: string, options: ReadOptions = {}, meta: BxfMeta = {}): AsyncGenerator<AsRunEntry> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  // Counts of the open elements by name: membership checks in constant time (no stack scans).
  const open = new Map<string, number>();
  const inside = (name: string) => (open.get(name) ?? 0) > 0;
  let depth = 0;
  let current: EventFields | null = null;
  /** The open Schedule's Channel: its number and short name, as written ("6.2 / METV"). */
  let scheduleChannel: string | undefined;
  let text = '';
  let pending: AsRunEntry[] = [];
  let failure: Error | null = null;
  const local = (name: string) => name.slice(name.indexOf(':') + 1);
  const fail = (problem: string) => {
    failure ??= new AsRunLineError(parser.line, problem);
  };

  parser.on('opentag', (tag) => {
    const name = local(tag.name);
    depth += 1;
    if (depth > MAX_XML_DEPTH) fail(`the XML nests deeper than ${MAX_XML_DEPTH} elements`);
    open.set(name, (open.get(name) ?? 0) + 1);
    text = '';
    if (name === 'Schedule' && !current) {
      if (typeof tag.attributes.scheduleStart === 'string') meta.scheduleStart = tag.attributes.scheduleStart.slice(0, 40);
      if (typeof tag.attributes.scheduleEnd === 'string') meta.scheduleEnd = tag.attributes.scheduleEnd.slice(0, 40);
    }
    if (name === 'Channel') {
      const named = channelNamed(tag.attributes);
      if (current) current.channel = named;
      else if (inside('Schedule')) scheduleChannel = named;
    }
    if (name === 'AsRun') {
      current = {
        channel: scheduleChannel,
        status: typeof tag.attributes.status === 'string' ? tag.attributes.status : undefined,
        program: false,
        nullId: false,
        records: 0,
        scheduled: {},
        actual: {},
      };
      return;
    }
    if (!current) return;
    // Two events in one AsRun would mix one's id with the other's time: the file is refused whole.
    if ((name === 'BasicAsRun' || name === 'CompleteAsRun') && (current.records += 1) > 1)
      fail(`an AsRun holds more than one ${name}; SMPTE ST 2021 allows one event per AsRun element`);
    const times = inside('AsRunDetail') ? current.actual : current.scheduled;
    if (name === 'ProgramEvent') current.program = true;
    else if (name === 'Null' && (inside('EventId') || inside('AsRunEventId'))) current.nullId = true;
    else if (name === 'SmpteDateTime' && inside('StartDateTime')) {
      if (typeof tag.attributes.broadcastDate === 'string') times.date = tag.attributes.broadcastDate;
      times.frameRate = rateOf(tag.attributes.frameRate);
    } else if (name === 'SmpteDuration' && (inside('Duration') || inside('LengthOption'))) times.durationFrameRate = rateOf(tag.attributes.frameRate);
  });
  parser.on('text', (value) => {
    if (text.length + value.length > MAX_XML_TEXT) {
      if (value.trim() !== '' || text.trim() !== '') fail(`an element's text is longer than ${MAX_XML_TEXT} characters`);
      return;
    }
    text += value;
  });
  parser.on('closetag', (tag) => {
    const name = local(tag.name);
    depth -= 1;
    open.set(name, (open.get(name) ?? 1) - 1);
    const value = text.trim();
    text = '';
    if (name === 'Schedule') scheduleChannel = undefined;
    if (!current) return;
    const times = inside('AsRunDetail') ? current.actual : current.scheduled;
    if (name === 'SmpteTimeCode' && inside('StartDateTime')) times.time = value;
    else if (name === 'SmpteTimeCode' && (inside('Duration') || inside('LengthOption'))) times.duration ??= value;
    else if (name === 'UtcDateTime' && inside('StartDateTime')) times.utc = value;
    else if (name === 'UtcDuration') times.duration ??= value;
    else if (name === 'HouseNumber') current.houseNumber ??= value;
    else if (name === 'EventId' && value) current.eventId ??= value;
    else if (name === 'Status' && value) current.status ??= value;
    else if (name === 'Type' && inside('AsRunDetail') && value) current.type = value;
    else if (name === 'AsRun') {
      try {
        pending.push(entryOf(parser.line, current, options));
      } catch (error) {
        failure ??= error as Error;
      }
      current = null;
    }
  });
  parser.on('error', (error) => {
    fail(
      `the XML is malformed (${error.message
        .split('\n')[0]!
        .replace(/^\d+:\d+: /, '')
        .slice(0, 120)})`,
    );
  });

  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 64 * 1024 })) {
    parser.write(chunk as string);
    if (failure) throw failure;
    const rows = pending;
    pending = [];
    yield* rows;
  }
  parser.close();
  if (failure) throw failure;
  yield* pending;
}

const entryOf = (line: number, event: EventFields, options: ReadOptions): AsRunEntry => {
  const times = { ...event.scheduled, ...Object.fromEntries(Object.entries(event.actual).filter(([, v]) => v !== undefined)) } as TimeFields;
  const houseCode = event.houseNumber ?? '';
  const utc = times.utc && !/(Z|[+-]\d{2}:?\d{2})$/i.test(times.utc) ? `${times.utc}Z` : times.utc;
  const date = utc ?? times.date ?? '';
  const time = utc ? '' : (times.time ?? '');
  const skip = (reason: string): AsRunEntry => ({
    skipped: { line, date: date.slice(0, 40), time: time.slice(0, 40), houseCode: houseCode.slice(0, 40), reason },
  });
  const type = (event.type ?? '').toLowerCase();
  if (NOT_A_SPOT[type]) return skip(NOT_A_SPOT[type]);
  if (event.program) return skip('Program row');
  const spotId = event.eventId && !event.nullId ? event.eventId : undefined;
  if (!houseCode && !(spotId && readEventId(spotId))) return skip('No house number or scheduled event id (a live or unscheduled row)');
  return readAsRunRow(
    line,
    { date, time, house_code: houseCode, duration: times.duration, status: event.status, spot_id: spotId, channel: event.channel },
    { ...options, frameRate: times.frameRate ?? times.durationFrameRate ?? options.frameRate },
  );
};
