/**
 * The broadcast calendar (decision 014): weeks run Monday–Sunday; a broadcast month ends on the
 * last Sunday of its calendar month and starts on the Monday after the previous one ended, so it
 * always holds 4 or 5 whole weeks. Dates are calendar dates ('YYYY-MM-DD'); pure arithmetic on
 * them, no time zone involved (the station's "today" is taken elsewhere).
 */
import { addDays } from './dates';

/** 'YYYY-MM', a broadcast month named after its calendar month. */
export type BroadcastMonthKey = string;

export interface BroadcastMonth {
  /** 'YYYY-MM' */
  month: BroadcastMonthKey;
  /** The Monday it starts on. */
  start: string;
  /** The Sunday it ends on (the last Sunday of the calendar month). */
  end: string;
  /** 'November 2026' */
  label: string;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const isBroadcastMonthKey = (value: string): boolean => MONTH.test(value);

const pad = (n: number) => String(n).padStart(2, '0');
const keyOf = (year: number, month: number): BroadcastMonthKey => `${year}-${pad(month)}`;
const split = (key: BroadcastMonthKey): [number, number] => {
  const match = MONTH.exec(key);
  if (!match) throw new Error(`Not a month (YYYY-MM): ${key}`);
  return [Number(match[1]), Number(match[2])];
};

/** The last Sunday of a calendar month (month 1–12). */
const lastSundayOf = (year: number, month: number): string => {
  const last = new Date(Date.UTC(year, month, 0)); // day 0 of the next month
  last.setUTCDate(last.getUTCDate() - last.getUTCDay()); // back to Sunday (getUTCDay 0)
  return last.toISOString().slice(0, 10);
};

const previousKey = (key: BroadcastMonthKey): BroadcastMonthKey => {
  const [year, month] = split(key);
  return month === 1 ? keyOf(year - 1, 12) : keyOf(year, month - 1);
};

export const nextBroadcastMonthKey = (key: BroadcastMonthKey): BroadcastMonthKey => {
  const [year, month] = split(key);
  return month === 12 ? keyOf(year + 1, 1) : keyOf(year, month + 1);
};

const labelFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'November 2026' for '2026-11'. */
export const broadcastMonthLabel = (key: BroadcastMonthKey): string => {
  const [year, month] = split(key);
  return labelFormat.format(new Date(Date.UTC(year, month - 1, 1)));
};

/** The broadcast month named 'YYYY-MM': its first Monday and last Sunday. */
export const broadcastMonth = (key: BroadcastMonthKey): BroadcastMonth => {
  const [year, month] = split(key);
  const [py, pm] = split(previousKey(key));
  return { month: key, start: addDays(lastSundayOf(py, pm), 1), end: lastSundayOf(year, month), label: broadcastMonthLabel(key) };
};

/** The broadcast month a calendar date belongs to: its calendar month, or the next one after that month's last Sunday. */
export const broadcastMonthOf = (date: string): BroadcastMonth => {
  const key = date.slice(0, 7);
  const month = broadcastMonth(key);
  return date > month.end ? broadcastMonth(nextBroadcastMonthKey(key)) : month;
};

/** The last broadcast month that has ended by `today` (the one before the month `today` is in). */
export const lastFinishedBroadcastMonth = (today: string): BroadcastMonth => broadcastMonth(previousKey(broadcastMonthOf(today).month));

/** Whole weeks in a broadcast month (4 or 5). */
export const broadcastWeeks = (month: Pick<BroadcastMonth, 'start' | 'end'>): number =>
  Math.round((Date.parse(`${month.end}T00:00:00Z`) - Date.parse(`${month.start}T00:00:00Z`)) / 86_400_000 + 1) / 7;
