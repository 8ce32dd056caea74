/**
 * A schedule revision's differences, field by field and week by week (issue 42, decision 064), as the order
 * page shows them to the desk before it decides: each row names the line, what changed (a field, or a
 * week's spots), and the value before and after as text. Lines are matched by name, as the stored
 * `changes` are (schedule-differences); weeks by their start date, so that a moved flight compares the weeks
 * the two schedules share and lists the others as added or dropped.
 */
import { toDollars } from './money';
import { scheduleTotals } from './schedule-pricing';
import { scheduleWeeks } from './schedule-lines';
import type { DayName } from './rate-card';

export interface RevisedLine {
  name: string;
  daypartId: string | null;
  days: readonly string[];
  startTime: string;
  endTime: string;
  spotLength: number;
  rateCents: number;
  spotsPerWeek: readonly number[];
  demoValues: Readonly<Record<string, number>>;
  programId: string | null;
}

export interface RevisedSchedule {
  weekStartDay: string;
  startDate: string;
  endDate: string;
  lines: readonly RevisedLine[];
}

/** One difference: `field` is one of REVISION_DETAIL_FIELDS; `week` the week's start date for `spots`. */
export interface RevisionDetail {
  line: string;
  change: 'added' | 'removed' | 'changed';
  field: RevisionDetailField;
  week: string | null;
  before: string | null;
  after: string | null;
}

export const REVISION_DETAIL_FIELDS = [
  'start_date',
  'end_date',
  'week_start_day',
  'daypart',
  'days',
  'start_time',
  'end_time',
  'spot_length',
  'rate',
  'spots',
  'demo_values',
  'program',
] as const;
export type RevisionDetailField = (typeof REVISION_DETAIL_FIELDS)[number];

/** How the order page names each field. */
export const REVISION_FIELD_LABELS: Record<RevisionDetailField, string> = {
  start_date: 'Flight start',
  end_date: 'Flight end',
  week_start_day: 'Weeks start on',
  daypart: 'Daypart',
  days: 'Days',
  start_time: 'Start time',
  end_time: 'End time',
  spot_length: 'Spot length',
  rate: 'Rate a spot',
  spots: 'Spots',
  demo_values: 'Demo values',
  program: 'Program',
};

/** The names of dayparts and programs by id (ids the caller could not name show as the id). */
export interface DetailNames {
  dayparts: ReadonlyMap<string, string>;
  programs: ReadonlyMap<string, string>;
}

const money = (cents: number) => toDollars(cents).toFixed(2);
const demos = (values: Readonly<Record<string, number>>) =>
  Object.entries(values)
    .map(([demo, value]) => `${demo} ${value}`)
    .join(', ');

const weeksOf = (s: RevisedSchedule) => scheduleWeeks(s.startDate, s.endDate, s.weekStartDay as DayName);

/** A line's spots by week start date (weeks with none left out). */
const spotsByWeek = (line: RevisedLine, weeks: readonly string[]) => {
  const out = new Map<string, number>();
  weeks.forEach((week, i) => {
    const n = line.spotsPerWeek[i] ?? 0;
    if (n > 0) out.set(week, n);
  });
  return out;
};

/** The differences from `before` to `after`: the flight first, then each line in the revision's order, then removed lines. */
export const revisionDetails = (before: RevisedSchedule, after: RevisedSchedule, names: DetailNames): RevisionDetail[] => {
  const out: RevisionDetail[] = [];
  const push = (
    line: string,
    change: RevisionDetail['change'],
    field: RevisionDetailField,
    was: string | null,
    now: string | null,
    week: string | null = null,
  ) => out.push({ line, change, field, week, before: was, after: now });
  for (const [field, key] of [
    ['start_date', 'startDate'],
    ['end_date', 'endDate'],
    ['week_start_day', 'weekStartDay'],
  ] as const)
    if (before[key] !== after[key]) push('Flight', 'changed', field, before[key], after[key]);

  const weeksBefore = weeksOf(before);
  const weeksAfter = weeksOf(after);
  const daypart = (id: string | null) => (id ? (names.dayparts.get(id) ?? id) : null);
  const program = (id: string | null) => (id ? (names.programs.get(id) ?? id) : null);
  const fields = (l: RevisedLine): [RevisionDetailField, string | null][] => [
    ['daypart', daypart(l.daypartId)],
    ['days', l.days.join(', ')],
    ['start_time', l.startTime],
    ['end_time', l.endTime],
    ['spot_length', String(l.spotLength)],
    ['rate', money(l.rateCents)],
    ['demo_values', demos(l.demoValues) || null],
    ['program', program(l.programId)],
  ];
  const spotRows = (name: string, change: RevisionDetail['change'], was: Map<string, number>, now: Map<string, number>) => {
    const weeks = [...new Set([...was.keys(), ...now.keys()])].sort();
    for (const week of weeks) {
      const a = was.get(week) ?? 0;
      const b = now.get(week) ?? 0;
      if (a !== b) push(name, change, 'spots', change === 'added' ? null : String(a), change === 'removed' ? null : String(b), week);
    }
  };

  const old = new Map(before.lines.map((l) => [l.name, l]));
  for (const line of after.lines) {
    const was = old.get(line.name);
    old.delete(line.name);
    if (!was) {
      for (const [field, value] of fields(line)) if (value !== null) push(line.name, 'added', field, null, value);
      spotRows(line.name, 'added', new Map(), spotsByWeek(line, weeksAfter));
      continue;
    }
    const wasFields = new Map(fields(was));
    for (const [field, value] of fields(line)) if (wasFields.get(field) !== value) push(line.name, 'changed', field, wasFields.get(field) ?? null, value);
    spotRows(line.name, 'changed', spotsByWeek(was, weeksBefore), spotsByWeek(line, weeksAfter));
  }
  for (const line of old.values()) {
    for (const [field, value] of fields(line)) if (value !== null) push(line.name, 'removed', field, value, null);
    spotRows(line.name, 'removed', spotsByWeek(line, weeksBefore), new Map());
  }
  return out;
};

/** A schedule's spots and gross in all (the revision's before and after). */
export const revisedTotals = (s: RevisedSchedule) => {
  const totals = scheduleTotals(s.lines, weeksOf(s).length);
  return { spots: totals.spots, gross: toDollars(totals.grossCents) };
};
