import { describe, expect, it } from 'vitest';
import { instantOf } from './dates';
import { parseDaysText, programInputSchema } from './program-schemas';
import { programAt, programFitsLine, programsOverlap, type ProgramWindow } from './programs';

const NY = 'America/New_York';
const program = (over: Partial<ProgramWindow> & { name: string }): ProgramWindow => ({
  id: over.name,
  days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  startTime: '06:00',
  endTime: '07:00',
  startDate: null,
  endDate: null,
  ...over,
});

const at = (date: string, time: string, zone = NY) => instantOf(date, time, zone);
const nameAt = (programs: ProgramWindow[], instant: Date, zone = NY) => programAt(programs, instant, zone)?.name ?? null;

describe('programAt', () => {
  const late = program({ name: 'Late Show', days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], startTime: '23:35', endTime: '00:37' });
  const news = program({ name: 'Morning News', startTime: '06:00', endTime: '09:00' });

  it('finds the program airing at an instant on the station clock', () => {
    expect(nameAt([late, news], at('2026-12-07', '06:00'))).toBe('Morning News');
    expect(nameAt([late, news], at('2026-12-07', '08:59'))).toBe('Morning News');
    expect(nameAt([late, news], at('2026-12-07', '09:00'))).toBeNull();
  });

  it('keeps a program crossing midnight on the day it starts', () => {
    // Friday 23:35 to Saturday 00:37: Saturday 00:10 is Friday's Late Show; Sunday 00:10 is nothing (no Saturday show).
    expect(nameAt([late], at('2026-12-11', '23:40'))).toBe('Late Show');
    expect(nameAt([late], at('2026-12-12', '00:10'))).toBe('Late Show');
    expect(nameAt([late], at('2026-12-12', '00:37'))).toBeNull();
    expect(nameAt([late], at('2026-12-13', '00:10'))).toBeNull();
    // Monday 00:10 belongs to no Sunday show.
    expect(nameAt([late], at('2026-12-14', '00:10'))).toBeNull();
  });

  it('reads the wall clock on DST change days', () => {
    const overnight = program({ name: 'Overnight', startTime: '01:00', endTime: '03:00' });
    // Spring forward (2026-03-08): 02:00 EST jumps to 03:00 EDT; 01:59 EST is in, 03:00 EDT is out.
    expect(nameAt([overnight], new Date('2026-03-08T06:59:00Z'))).toBe('Overnight');
    expect(nameAt([overnight], new Date('2026-03-08T07:00:00Z'))).toBeNull();
    // Fall back (2026-11-01): 01:30 happens twice, both inside the program; 02:00 EST is after it.
    expect(nameAt([overnight], new Date('2026-11-01T05:30:00Z'))).toBe('Overnight');
    expect(nameAt([overnight], new Date('2026-11-01T06:30:00Z'))).toBe('Overnight');
    expect(nameAt([overnight], new Date('2026-11-01T07:00:00Z'))).toBe('Overnight');
    expect(nameAt([overnight], new Date('2026-11-01T08:00:00Z'))).toBeNull();
  });

  it('keeps a program crossing midnight on a DST night', () => {
    const movie = program({ name: 'Late Movie', days: ['Saturday'], startTime: '23:00', endTime: '02:30' });
    // Saturday 2026-10-31 23:00 EDT to Sunday 02:30 EST: 02:10 EST (07:10Z) is still the movie.
    expect(nameAt([movie], new Date('2026-11-01T07:10:00Z'))).toBe('Late Movie');
    expect(nameAt([movie], new Date('2026-11-01T07:30:00Z'))).toBeNull();
  });

  it('honours start and end dates (of the day it starts on)', () => {
    const season = program({ name: 'Season', days: ['Monday'], startTime: '23:00', endTime: '01:00', startDate: '2026-12-07', endDate: '2026-12-07' });
    expect(nameAt([season], at('2026-11-30', '23:30'))).toBeNull();
    expect(nameAt([season], at('2026-12-08', '00:30'))).toBe('Season');
    expect(nameAt([season], at('2026-12-14', '23:30'))).toBeNull();
  });

  it('uses the time zone it is given', () => {
    expect(nameAt([news], new Date('2026-12-07T06:30:00Z'), 'UTC')).toBe('Morning News');
    expect(nameAt([news], new Date('2026-12-07T06:30:00Z'))).toBeNull();
  });
});

describe('programsOverlap', () => {
  it('refuses two programs on the same day at the same time', () => {
    expect(programsOverlap(program({ name: 'A', startTime: '06:00', endTime: '07:00' }), program({ name: 'B', startTime: '06:30', endTime: '08:00' }))).toBe(
      true,
    );
    expect(programsOverlap(program({ name: 'A', startTime: '06:00', endTime: '07:00' }), program({ name: 'B', startTime: '07:00', endTime: '08:00' }))).toBe(
      false,
    );
  });

  it('sees a program crossing midnight into the next day, and past Sunday into Monday', () => {
    const late = program({ name: 'Late', days: ['Sunday'], startTime: '23:35', endTime: '00:37' });
    expect(programsOverlap(late, program({ name: 'Early', days: ['Monday'], startTime: '00:30', endTime: '01:00' }))).toBe(true);
    expect(programsOverlap(late, program({ name: 'Early', days: ['Tuesday'], startTime: '00:30', endTime: '01:00' }))).toBe(false);
  });

  it('compares only programs whose dates meet', () => {
    const fall = program({ name: 'Fall', endDate: '2026-12-31' });
    expect(programsOverlap(fall, program({ name: 'Winter', startDate: '2027-01-01' }))).toBe(false);
    expect(programsOverlap(fall, program({ name: 'Winter', startDate: '2026-12-31' }))).toBe(true);
  });
});

describe('programFitsLine', () => {
  const lateNight = { startTime: '23:00', endTime: '01:00' };
  it('takes a program inside the daypart on one of the line days', () => {
    expect(programFitsLine({ days: ['Monday'], startTime: '23:35', endTime: '00:37' }, lateNight, ['Monday', 'Tuesday'])).toBe(true);
    expect(programFitsLine({ days: ['Monday'], startTime: '00:10', endTime: '00:40' }, lateNight, ['Monday'])).toBe(true);
    expect(programFitsLine({ days: ['Monday'], startTime: '22:30', endTime: '23:30' }, lateNight, ['Monday'])).toBe(false);
    expect(programFitsLine({ days: ['Sunday'], startTime: '23:35', endTime: '00:37' }, lateNight, ['Monday'])).toBe(false);
  });
});

describe('program rows', () => {
  it('reads the days a file writes', () => {
    expect(parseDaysText('Mon-Fri')).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);
    expect(parseDaysText('Sat;Sun')).toEqual(['Saturday', 'Sunday']);
    expect(parseDaysText('MTWTF--')).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']);
    expect(parseDaysText('Fri-Mon')).toEqual(['Monday', 'Friday', 'Saturday', 'Sunday']);
    expect(parseDaysText('daily')).toHaveLength(7);
    expect(parseDaysText('Funday')).toBeNull();
  });

  it('refuses a program that ends when it starts, with the message on the field', () => {
    const result = programInputSchema.safeParse({ name: 'X', days: ['Mon'], start_time: '06:00', end_time: '06:00' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['end_time'], message: 'A program must end at another time than it starts' });
  });
});
