/**
 * A program schedule file read whole (decision 060), or refused with the line: a CSV with a header
 * (name, days, start, end, and optionally start_date, end_date), or a SMPTE ST 2021 BXF Schedule whose
 * program events are read as a weekly grid. Which one it is, is read from the content. Nothing here
 * touches the database.
 */
import { parse } from 'csv-parse/sync';
import { addDays, isIsoDate, weekdayOf } from '../../../domain/dates';
import { PROGRAM_MESSAGES, parseDaysText, programInputSchema, type ProgramInput } from '../../../domain/program-schemas';
import { ALL_DAYS } from '../../../domain/rate-card';
import { badRequest } from '../../platform/errors';
import { readXmlTree, type XmlElement } from '../../platform/xml-tree';

export interface FileProgram {
  input: ProgramInput;
  /** Where the file holds it ("Line 3", "ScheduledEvent 2 (line 14)"), for a refusal. */
  where: string;
}

const refuse = (problem: string) => badRequest(problem, 'file');

const HEADERS: Record<string, string> = {
  name: 'name',
  program: 'name',
  program_name: 'name',
  title: 'name',
  days: 'days',
  day: 'days',
  days_of_week: 'days',
  start: 'start_time',
  start_time: 'start_time',
  end: 'end_time',
  end_time: 'end_time',
  start_date: 'start_date',
  from: 'start_date',
  end_date: 'end_date',
  to: 'end_date',
};
const REQUIRED = ['name', 'days', 'start', 'end'] as const;

const headerKey = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** The first issue of a row's validation, as a user reads it. */
const firstIssue = (error: { issues: { message: string; path: PropertyKey[] }[] }) => {
  const issue = error.issues[0]!;
  return issue.message;
};

const readCsv = (text: string): FileProgram[] => {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const delimiter = [',', ';', '\t'].reduce((best, d) => (header.split(d).length > header.split(best).length ? d : best), ',');
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, delimiter, skip_empty_lines: true, relax_column_count: true, info: true, trim: true }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw refuse(line ? PROGRAM_MESSAGES.lineProblem(line, 'the CSV cannot be read there') : 'The CSV cannot be read');
  }
  const [head, ...rows] = records;
  if (!head) throw refuse(PROGRAM_MESSAGES.empty);
  const columns = head.record.map((h) => HEADERS[headerKey(h)] ?? null);
  const missing = REQUIRED.filter((r) => !columns.includes(HEADERS[r]!));
  if (missing.length > 0) throw refuse(PROGRAM_MESSAGES.missingColumns(missing));
  if (rows.length === 0) throw refuse(PROGRAM_MESSAGES.empty);
  return rows.map(({ record, info }) => {
    const line = info.lines;
    if (record.length > columns.length) throw refuse(PROGRAM_MESSAGES.lineProblem(line, `it has ${record.length} fields, the header ${columns.length}`));
    const value = (key: string) => {
      const i = columns.indexOf(key);
      return i < 0 ? undefined : (record[i] ?? '');
    };
    const daysText = value('days') ?? '';
    const days = parseDaysText(daysText);
    if (!days) throw refuse(PROGRAM_MESSAGES.lineProblem(line, `the days "${daysText.slice(0, 40)}" are not days such as Mon-Fri`));
    const parsed = programInputSchema.safeParse({
      name: value('name'),
      days,
      start_time: value('start_time'),
      end_time: value('end_time'),
      start_date: value('start_date') || null,
      end_date: value('end_date') || null,
    });
    if (!parsed.success) throw refuse(PROGRAM_MESSAGES.lineProblem(line, firstIssue(parsed.error)));
    return { input: parsed.data, where: `Line ${line}` };
  });
};

// ── BXF ───────────────────────────────────────────────────────────────────────

const child = (e: XmlElement | undefined, name: string) => e?.children.find((c) => c.name === name);
const children = (e: XmlElement | undefined, name: string) => e?.children.filter((c) => c.name === name) ?? [];
const path = (e: XmlElement | undefined, ...names: string[]) => names.reduce<XmlElement | undefined>((at, n) => child(at, n), e);

/** Seconds of a SMPTE time code "HH:MM:SS;FF" / "HH:MM:SS:FF" / "HH:MM:SS" (frames ignored); null when it is none. */
const timecodeSeconds = (text: string): number | null => {
  const match = /^(\d{2}):([0-5]\d):([0-5]\d)(?:[:;.,]\d{1,3})?$/.exec(text.trim());
  return match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) : null;
};
const clock = (minutes: number) => `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

interface BxfAiring {
  name: string;
  date: string;
  start: string;
  end: string;
  where: string;
}

/**
 * One program ScheduledEvent: `EventData/PrimaryEvent/ProgramEvent` (a NonProgramEvent — a break, a
 * spot — is not a program and is passed over), its name from `Content/Name`, else `EventData/EventTitle`,
 * its start from `EventData/StartDateTime/SmpteDateTime` (`@broadcastDate`, the calendar date of its
 * wall-clock `SmpteTimeCode`, as Spotbook's own BXF export writes it) and its length from
 * `EventData/LengthOption/Duration/SmpteDuration/SmpteTimeCode`.
 */
const readEvent = (event: XmlElement, index: number): BxfAiring | null => {
  const data = child(event, 'EventData');
  const primary = child(data, 'PrimaryEvent');
  if (!child(primary, 'ProgramEvent')) return null;
  const where = PROGRAM_MESSAGES.eventProblem(index, event.line, '').replace(/: $/, '');
  const fail = (problem: string) => refuse(PROGRAM_MESSAGES.eventProblem(index, event.line, problem));
  const name = (path(event, 'Content', 'Name')?.text || child(data, 'EventTitle')?.text || '').trim();
  if (!name) throw fail('the program has no Content/Name or EventTitle');
  const when = path(data, 'StartDateTime', 'SmpteDateTime');
  const date = when?.attributes.broadcastDate ?? '';
  if (!isIsoDate(date)) throw fail('StartDateTime/SmpteDateTime has no broadcastDate such as 2026-12-07');
  const startSeconds = timecodeSeconds(child(when, 'SmpteTimeCode')?.text ?? '');
  if (startSeconds === null) throw fail('StartDateTime has no SmpteTimeCode such as 23:35:00;00');
  const length = timecodeSeconds(path(data, 'LengthOption', 'Duration', 'SmpteDuration', 'SmpteTimeCode')?.text ?? '');
  if (length === null) throw fail('LengthOption/Duration has no SmpteDuration time code');
  const start = Math.round(startSeconds / 60);
  const minutes = Math.round(length / 60);
  if (minutes < 1) throw fail('the program is shorter than a minute');
  if (minutes >= 24 * 60) throw fail('the program is 24 hours or longer');
  // A start rounded up to midnight is the next day's.
  return { name: name.slice(0, 120), date: start >= 24 * 60 ? addDays(date, 1) : date, start: clock(start), end: clock(start + minutes), where };
};

/** The same program at the same times on several dates is one program on those weekdays. */
const weeklyGrid = (airings: readonly BxfAiring[]): FileProgram[] => {
  const grid = new Map<string, { first: BxfAiring; days: Set<string> }>();
  for (const a of airings) {
    const key = `${a.name.toLowerCase()}|${a.start}|${a.end}`;
    const slot = grid.get(key) ?? { first: a, days: new Set<string>() };
    slot.days.add(weekdayOf(a.date));
    grid.set(key, slot);
  }
  return [...grid.values()].map(({ first, days }) => ({
    input: { name: first.name, days: ALL_DAYS.filter((d) => days.has(d)), start_time: first.start, end_time: first.end, start_date: null, end_date: null },
    where: first.where,
  }));
};

const readBxf = (text: string): FileProgram[] => {
  const root = readXmlTree(text, (problem) => refuse(`The file is not a BXF schedule Spotbook can read: ${problem}`));
  if (root.name !== 'BxfMessage') throw refuse(PROGRAM_MESSAGES.unknownFormat);
  const schedules = children(child(root, 'BxfData'), 'Schedule');
  if (schedules.length === 0) throw refuse('The BXF message holds no Schedule');
  const events = schedules.flatMap((s) => children(s, 'ScheduledEvent'));
  const airings = events.map((e, i) => readEvent(e, i + 1)).filter((a): a is BxfAiring => a !== null);
  if (airings.length === 0) throw refuse(PROGRAM_MESSAGES.empty);
  return weeklyGrid(airings);
};

/** The programs of a file, CSV or BXF (read from its content), or a 400 on `file` naming the line. */
export const readProgramFile = (text: string): { format: 'csv' | 'bxf'; programs: FileProgram[] } => {
  const body = text.replace(/^\uFEFF/, '').trimStart();
  if (body === '') throw refuse(PROGRAM_MESSAGES.empty);
  if (body.startsWith('<')) return { format: 'bxf', programs: readBxf(body) };
  return { format: 'csv', programs: readCsv(body) };
};
