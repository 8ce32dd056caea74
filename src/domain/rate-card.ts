/**
 * The FAQ rate card: the eight dayparts a new station starts with. Names and CPMs are the
 * specification's; times and days are the obvious reading of the FAQ's hours.
 */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;
export const WEEKEND = ['Saturday', 'Sunday'] as const;
export const ALL_DAYS = [...WEEKDAYS, ...WEEKEND] as const;
export type DayName = (typeof ALL_DAYS)[number];

export const DEFAULT_SPOT_FREQUENCY = 30;
export const DEFAULT_MIN_CPM = 5;

export interface RateCardEntry {
  name: string;
  description: string;
  hours: string;
  startTime: string;
  endTime: string;
  days: readonly DayName[];
  baseCpm: number;
  isPrimeTime: boolean;
}

export const RATE_CARD: readonly RateCardEntry[] = [
  {
    name: 'Early Morning',
    description: 'Morning news and commute audience',
    hours: '5-9 AM',
    startTime: '05:00',
    endTime: '09:00',
    days: WEEKDAYS,
    baseCpm: 15,
    isPrimeTime: false,
  },
  {
    name: 'Morning',
    description: 'Daytime talk and lifestyle programming',
    hours: '9 AM-12 PM',
    startTime: '09:00',
    endTime: '12:00',
    days: WEEKDAYS,
    baseCpm: 18,
    isPrimeTime: false,
  },
  {
    name: 'Midday',
    description: 'Midday news and daytime drama',
    hours: '12-4 PM',
    startTime: '12:00',
    endTime: '16:00',
    days: WEEKDAYS,
    baseCpm: 20,
    isPrimeTime: false,
  },
  {
    name: 'Afternoon',
    description: 'Afternoon and early fringe audience',
    hours: '4-6 PM',
    startTime: '16:00',
    endTime: '18:00',
    days: WEEKDAYS,
    baseCpm: 25,
    isPrimeTime: false,
  },
  {
    name: 'Late Night',
    description: 'Late news and late-night entertainment',
    hours: '11 PM-1 AM',
    startTime: '23:00',
    endTime: '01:00',
    days: WEEKDAYS,
    baseCpm: 28,
    isPrimeTime: false,
  },
  {
    name: 'Weekend Morning',
    description: 'Weekend morning family audience',
    hours: '8 AM-12 PM',
    startTime: '08:00',
    endTime: '12:00',
    days: WEEKEND,
    baseCpm: 22,
    isPrimeTime: false,
  },
  {
    name: 'Weekend Afternoon',
    description: 'Weekend sports and movies',
    hours: '12-6 PM',
    startTime: '12:00',
    endTime: '18:00',
    days: WEEKEND,
    baseCpm: 30,
    isPrimeTime: false,
  },
  {
    name: 'Weekend Evening',
    description: 'Weekend prime time',
    hours: '6-10 PM',
    startTime: '18:00',
    endTime: '22:00',
    days: WEEKEND,
    baseCpm: 40,
    isPrimeTime: true,
  },
];

/** 'Daily' for all seven days, 'Weekdays' for Monday to Friday, 'Weekends' for Saturday and Sunday, else the list. */
export const dayLabel = (days: readonly string[]): string => {
  const set = new Set(days);
  const same = (expected: readonly string[]) => set.size === expected.length && expected.every((d) => set.has(d));
  if (same(ALL_DAYS)) return 'Daily';
  if (same(WEEKDAYS)) return 'Weekdays';
  if (same(WEEKEND)) return 'Weekends';
  return ALL_DAYS.filter((d) => set.has(d))
    .map((d) => d.slice(0, 3))
    .join(', ');
};
