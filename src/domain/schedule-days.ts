/**
 * A schedule line's spots day by day (issue 42, decision 056 amended): the one rule that availability,
 * overbooking and the traffic log share. A line buys spots per week; a week's spots air on the line's days
 * of that week that are inside the flight, spread evenly, the earliest days taking the remainder (5 spots
 * over Mon–Wed: 2, 2, 1). A day of the line is a broadcast day (a 25:30 spot belongs to the day it starts).
 */
import { addDays, weekdayOf } from './dates';
import type { DayName } from './rate-card';
import { scheduleWeeks } from './schedule-lines';

export interface ScheduleFlight {
  startDate: string;
  endDate: string;
  weekStartDay: DayName;
}

export interface DailyLine {
  days: readonly string[];
  spotsPerWeek: readonly number[];
}

export interface LineWeek {
  /** The week's first day (from scheduleWeeks). */
  week: string;
  spots: number;
  /** The line's days of the week inside the flight, in date order. */
  dates: string[];
}

/** Each week of the flight with the line's spots and the days they may air on. */
export const lineWeeks = (flight: ScheduleFlight, line: DailyLine): LineWeek[] =>
  scheduleWeeks(flight.startDate, flight.endDate, flight.weekStartDay).map((week, i) => {
    const dates: string[] = [];
    for (let d = 0; d < 7; d++) {
      const date = addDays(week, d);
      if (date >= flight.startDate && date <= flight.endDate && line.days.includes(weekdayOf(date))) dates.push(date);
    }
    return { week, spots: line.spotsPerWeek[i] ?? 0, dates };
  });

/** n spots over the given days: evenly, the earliest days taking the remainder. */
export const spreadOver = (spots: number, dates: readonly string[]): { date: string; spots: number }[] => {
  if (dates.length === 0) return [];
  const each = Math.floor(spots / dates.length);
  const extra = spots % dates.length;
  return dates.map((date, i) => ({ date, spots: each + (i < extra ? 1 : 0) })).filter((d) => d.spots > 0);
};

/** The line's spots on each broadcast day of [from, to] that has any (the whole flight by default). */
export const lineSpotsByDay = (flight: ScheduleFlight, line: DailyLine, from = flight.startDate, to = flight.endDate): { date: string; spots: number }[] =>
  lineWeeks(flight, line)
    .flatMap((w) => spreadOver(w.spots, w.dates))
    .filter((d) => d.date >= from && d.date <= to);

/** Weeks that buy spots but hold none of the line's days inside the flight (a partial week on the wrong days). */
export const weeksWithoutDays = (flight: ScheduleFlight, line: DailyLine): LineWeek[] =>
  lineWeeks(flight, line).filter((w) => w.spots > 0 && w.dates.length === 0);

export interface WeekShortfall {
  week: string;
  date: string;
  /** Spots still free that day (capacity less what others booked). */
  free: number;
  /** What the schedule's lines in the daypart place that day. */
  wanted: number;
  /** The week's spots of the schedule in the daypart, and the spots free on the days they air. */
  weekWanted: number;
  weekFree: number;
}

/**
 * The first day a schedule overbooks in one daypart: `wanted` is the schedule's spots a day there (the sum
 * of its lines' lineSpotsByDay), `free` the spots still free a day (freeSpotsByDay). Null when all fit.
 */
export const firstShortfall = (weeks: readonly string[], wanted: ReadonlyMap<string, number>, free: (date: string) => number): WeekShortfall | null => {
  for (const week of weeks) {
    const dates = [...wanted.keys()].filter((date) => date >= week && date <= addDays(week, 6)).sort();
    const over = dates.find((date) => wanted.get(date)! > free(date));
    if (!over) continue;
    return {
      week,
      date: over,
      free: free(over),
      wanted: wanted.get(over)!,
      weekWanted: dates.reduce((sum, d) => sum + wanted.get(d)!, 0),
      weekFree: dates.reduce((sum, d) => sum + free(d), 0),
    };
  }
  return null;
};

/** The refusal of an overbooking schedule: it names the daypart, the week and the day. */
export const shortfallMessage = (daypartName: string, s: WeekShortfall, capacity: number): string =>
  `Not enough availability for ${daypartName} in the week of ${s.week}: the schedule airs ${s.weekWanted} ${s.weekWanted === 1 ? 'spot' : 'spots'} there on days with ${s.weekFree} free; ${weekdayOf(s.date)} ${s.date} has ${s.free} of ${capacity} spots left, ${s.wanted} requested`;

/** The refusal of a week whose spots have no day to air on. */
export const noDaysMessage = (lineName: string, week: LineWeek): string =>
  `${lineName} has ${week.spots} ${week.spots === 1 ? 'spot' : 'spots'} in the week of ${week.week}, but none of its days in that week is inside the flight`;

/**
 * Where a schedule line's spot may go when its day has closed (its air time passed, decision 031): the line's
 * days of the same week after `closed`, inside the flight, so that the week's buy holds (decision 056).
 */
export const lineMoveDays = (flight: ScheduleFlight, line: Pick<DailyLine, 'days'>, closed: string): string[] =>
  lineWeeks(flight, { days: line.days, spotsPerWeek: [] })
    .find((w) => w.week <= closed && closed <= addDays(w.week, 6))
    ?.dates.filter((date) => date > closed) ?? [];
