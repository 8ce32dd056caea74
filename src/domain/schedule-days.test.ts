import { describe, expect, it } from 'vitest';
import { firstShortfall, lineMoveDays, lineSpotsByDay, spreadOver, weeksWithoutDays } from './schedule-days';

// 2027-01-04 is a Monday.
const flight = { startDate: '2027-01-06', endDate: '2027-01-19', weekStartDay: 'Monday' as const };

describe('a schedule line day by day', () => {
  it('spreads a week evenly, the earliest days taking the remainder', () => {
    expect(spreadOver(5, ['a', 'b', 'c'])).toEqual([
      { date: 'a', spots: 2 },
      { date: 'b', spots: 2 },
      { date: 'c', spots: 1 },
    ]);
    expect(spreadOver(1, ['a', 'b'])).toEqual([{ date: 'a', spots: 1 }]);
    expect(spreadOver(3, [])).toEqual([]);
  });

  it('airs each week on the line’s days inside the flight (a partial first week has fewer)', () => {
    // Week 1 (Jan 4–10) starts with the flight on Wednesday the 6th: Wed and Fri; week 2: Mon, Wed, Fri; week 3 (to Tue 19th): Mon.
    const line = { days: ['Monday', 'Wednesday', 'Friday'], spotsPerWeek: [3, 4, 2] };
    expect(lineSpotsByDay(flight, line)).toEqual([
      { date: '2027-01-06', spots: 2 },
      { date: '2027-01-08', spots: 1 },
      { date: '2027-01-11', spots: 2 },
      { date: '2027-01-13', spots: 1 },
      { date: '2027-01-15', spots: 1 },
      { date: '2027-01-18', spots: 2 },
    ]);
    expect(lineSpotsByDay(flight, line, '2027-01-12', '2027-01-14')).toEqual([{ date: '2027-01-13', spots: 1 }]);
    expect(weeksWithoutDays(flight, { days: ['Thursday'], spotsPerWeek: [1, 1, 1] }).map((w) => w.week)).toEqual(['2027-01-18']);
  });

  it('finds the first day a week overbooks, with the week’s totals', () => {
    const wanted = new Map([
      ['2027-01-11', 2],
      ['2027-01-13', 1],
    ]);
    const free = (date: string) => (date === '2027-01-11' ? 1 : 4);
    expect(firstShortfall(['2027-01-04', '2027-01-11'], wanted, free)).toEqual({
      week: '2027-01-11',
      date: '2027-01-11',
      free: 1,
      wanted: 2,
      weekWanted: 3,
      weekFree: 5,
    });
    expect(firstShortfall(['2027-01-11'], wanted, () => 2)).toBeNull();
  });

  it("moves a closed day's spot only to the line's later days of the same week, inside the flight", () => {
    const line = { days: ['Monday', 'Wednesday', 'Friday'] };
    // The flight starts on Wednesday 6 January: its first week's days are Wed 6 and Fri 8.
    expect(lineMoveDays(flight, line, '2027-01-06')).toEqual(['2027-01-08']);
    expect(lineMoveDays(flight, line, '2027-01-08')).toEqual([]);
    expect(lineMoveDays(flight, line, '2027-01-11')).toEqual(['2027-01-13', '2027-01-15']);
    // The last week ends with the flight on Tuesday 19 January.
    expect(lineMoveDays(flight, line, '2027-01-18')).toEqual([]);
    expect(lineMoveDays(flight, line, '2027-02-01')).toEqual([]);
  });
});
