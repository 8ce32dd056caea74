import { describe, expect, it } from 'vitest';
import { DESK_MESSAGES, checkMove, instantOnBroadcastDay, spotMoveSchema, spotReasonSchema } from './traffic-desk';

const ZONE = 'America/New_York';
const EVERY_DAY = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const lateNight = { startTime: '23:00', endTime: '01:00', daysOfWeek: EVERY_DAY };
const morning = { startTime: '06:00', endTime: '09:00', daysOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] };
const now = new Date('2026-12-07T12:00:00Z');
const flight = { start: '2026-12-01', end: '2026-12-20' };

describe('instantOnBroadcastDay', () => {
  it('puts a time after midnight of a window crossing it on the next calendar date', () => {
    expect(instantOnBroadcastDay(lateNight, '2026-12-08', '00:30', ZONE).toISOString()).toBe('2026-12-09T05:30:00.000Z');
    expect(instantOnBroadcastDay(lateNight, '2026-12-08', '23:15:30', ZONE).toISOString()).toBe('2026-12-09T04:15:30.000Z');
  });
});

describe('checkMove', () => {
  const move = (daypart: typeof morning, date: string, time: string) => checkMove({ daypart, flight, date, time, durationSeconds: 30, now, timeZone: ZONE });

  it('accepts a day of the flight on which the daypart airs and a time inside its window', () => {
    expect(move(morning, '2026-12-08', '07:15')).toEqual({ at: new Date('2026-12-08T12:15:00Z') });
    expect(move(lateNight, '2026-12-08', '00:40')).toEqual({ at: new Date('2026-12-09T05:40:00Z') });
  });

  it('refuses a day outside the flight, a day the daypart is off, a time outside the window, and a passed time', () => {
    expect(move(morning, '2026-12-21', '07:00')).toEqual({ error: DESK_MESSAGES.outsideFlight, field: 'date' });
    expect(move(morning, '2026-12-12', '07:00')).toEqual({ error: DESK_MESSAGES.daypartOff, field: 'date' });
    expect(move(morning, '2026-12-08', '09:00')).toEqual({ error: DESK_MESSAGES.outsideDaypart, field: 'time' });
    // The spot must end by the window's end.
    expect(move(morning, '2026-12-08', '08:59:45')).toEqual({ error: DESK_MESSAGES.outsideDaypart, field: 'time' });
    expect(move(lateNight, '2026-12-08', '01:30')).toEqual({ error: DESK_MESSAGES.outsideDaypart, field: 'time' });
    expect(move(morning, '2026-12-07', '06:30')).toEqual({ error: DESK_MESSAGES.passed, field: 'time' });
  });
});

describe('bodies', () => {
  it('requires a reason and a well-formed date and time, and refuses unknown fields', () => {
    expect(spotReasonSchema.safeParse({ reason: '  ' }).success).toBe(false);
    expect(spotReasonSchema.safeParse({ reason: 'Breaking news', extra: 1 }).success).toBe(false);
    expect(spotMoveSchema.safeParse({ date: '2026-12-08', time: '7:15' }).success).toBe(false);
    expect(spotMoveSchema.safeParse({ date: '2026-12-08', time: '07:15' }).success).toBe(true);
  });
});
