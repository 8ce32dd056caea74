import { describe, expect, it } from 'vitest';
import {
  calendarTimeOf,
  daypartHolding,
  formatBroadcastTime,
  parseBroadcastTime,
  parseRateCents,
  parseSpotLength,
  scheduleWeeks,
  spotsPerWeekOf,
  weekIndexOf,
} from './schedule-lines.js';

// 2027-03-03 is a Wednesday; 2027-03-28 a Sunday.
describe('scheduleWeeks', () => {
  it('cuts weeks on the week start day, partial weeks counted', () => {
    expect(scheduleWeeks('2027-03-03', '2027-03-28', 'Monday')).toEqual(['2027-03-01', '2027-03-08', '2027-03-15', '2027-03-22']);
    expect(scheduleWeeks('2027-03-03', '2027-03-28', 'Wednesday')).toEqual(['2027-03-03', '2027-03-10', '2027-03-17', '2027-03-24']);
    expect(scheduleWeeks('2027-03-03', '2027-03-28', 'Sunday')).toEqual(['2027-02-28', '2027-03-07', '2027-03-14', '2027-03-21', '2027-03-28']);
    expect(scheduleWeeks('2027-03-03', '2027-03-03', 'Thursday')).toEqual(['2027-02-25']);
    expect(scheduleWeeks('2027-03-04', '2027-03-03', 'Monday')).toEqual([]);
  });
  it('finds the week of a date', () => {
    const weeks = scheduleWeeks('2027-03-03', '2027-03-28', 'Monday');
    expect(weekIndexOf(weeks, '2027-03-01')).toBe(0);
    expect(weekIndexOf(weeks, '2027-03-14')).toBe(1);
    expect(weekIndexOf(weeks, '2027-03-28')).toBe(3);
    expect(weekIndexOf(weeks, '2027-03-29')).toBe(-1);
    expect(weekIndexOf(weeks, '2027-02-28')).toBe(-1);
  });
});

describe('spotsPerWeekOf', () => {
  const weeks = scheduleWeeks('2027-03-03', '2027-03-28', 'Monday');
  it('applies a period to every week it touches, hiatus weeks at zero', () => {
    expect(
      spotsPerWeekOf(weeks, [
        { startDate: '2027-03-03', endDate: '2027-03-09', spots: 5 },
        { startDate: '2027-03-22', endDate: '2027-03-28', spots: 2 },
      ]),
    ).toEqual([5, 5, 0, 2]);
  });
  it('adds two periods of one week and leaves out what is outside the flight', () => {
    expect(
      spotsPerWeekOf(weeks, [
        { startDate: '2027-03-08', endDate: '2027-03-10', spots: 1 },
        { startDate: '2027-03-11', endDate: '2027-03-14', spots: 2 },
        { startDate: '2027-04-05', endDate: '2027-04-11', spots: 9 },
      ]),
    ).toEqual([0, 3, 0, 0]);
  });
});

describe('the broadcast-day clock', () => {
  it('reads 05:00 to 29:59 and refuses the rest', () => {
    expect(parseBroadcastTime('05:00')).toBe(300);
    expect(parseBroadcastTime('25:00:00')).toBe(1500);
    expect(parseBroadcastTime('29:59')).toBe(1799);
    for (const t of ['04:59', '30:00', '12:60', 'noon', '']) expect(parseBroadcastTime(t)).toBeNull();
  });
  it('puts 25:00 at 1 AM of the next calendar day', () => {
    expect(calendarTimeOf(1500)).toEqual({ time: '01:00', nextDay: true });
    expect(calendarTimeOf(1200)).toEqual({ time: '20:00', nextDay: false });
    expect(formatBroadcastTime(1799)).toBe('29:59');
  });
});

describe('daypartHolding', () => {
  const dayparts = [
    {
      id: 'prime',
      name: 'Prime',
      startTime: '20:00',
      endTime: '23:00',
      daysOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    },
    { id: 'late', name: 'Late Night', startTime: '23:00', endTime: '02:00', daysOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] },
    {
      id: 'all',
      name: 'Run of Station',
      startTime: '05:00',
      endTime: '05:00',
      daysOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    },
  ];
  it('takes the narrowest daypart holding the days and times, past midnight too', () => {
    expect(daypartHolding(dayparts, { days: ['Monday', 'Friday'], start: 20 * 60, end: 22 * 60 })?.id).toBe('prime');
    expect(daypartHolding(dayparts, { days: ['Monday'], start: 23 * 60 + 30, end: 25 * 60 + 30 })?.id).toBe('late');
    expect(daypartHolding(dayparts, { days: ['Saturday'], start: 23 * 60 + 30, end: 25 * 60 })?.id).toBe('all');
  });
  it('answers none when no daypart holds the line', () => {
    expect(daypartHolding(dayparts.slice(0, 2), { days: ['Sunday'], start: 23 * 60, end: 24 * 60 })).toBeNull();
  });
});

describe('lengths and money', () => {
  it('reads spot lengths Spotbook sells', () => {
    expect(parseSpotLength('00:00:30')).toBe(30);
    expect(parseSpotLength('00:01:00')).toBe(60);
    expect(parseSpotLength('15')).toBe(15);
    expect(parseSpotLength('00:00:45')).toBeNull();
  });
  it('reads rates as whole cents, 0 allowed', () => {
    expect(parseRateCents('125.00')).toBe(12500);
    expect(parseRateCents('0.00')).toBe(0);
    expect(parseRateCents('1,250.5')).toBe(125050);
    expect(parseRateCents('-1')).toBeNull();
    expect(parseRateCents('1.005')).toBeNull();
  });
});
