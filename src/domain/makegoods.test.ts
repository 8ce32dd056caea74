import { describe, expect, it } from 'vitest';
import { answerByOnDay, makegoodAnswerBy } from './makegoods';

describe('makegoodAnswerBy', () => {
  const zone = 'America/New_York';
  it('is the expiry from now when the makegood airs later than that', () => {
    const now = new Date('2027-06-08T15:00:00Z');
    expect(makegoodAnswerBy({ now, expiryHours: 72, airDate: '2027-06-20', startTime: '06:00', timeZone: zone }).toISOString()).toBe(
      '2027-06-11T15:00:00.000Z',
    );
  });

  it("is when the makegood's daypart begins on its day when that comes first (the answer never falls after the air date)", () => {
    // Offered on 8 December for the 9th at 16:00: "answer by Dec 11" was after the air date.
    const now = new Date('2026-12-08T20:00:00Z');
    expect(makegoodAnswerBy({ now, expiryHours: 72, airDate: '2026-12-09', startTime: '16:00:00', timeZone: zone }).toISOString()).toBe(
      '2026-12-09T21:00:00.000Z',
    );
  });

  it('follows the station zone across a DST change', () => {
    // 05:00 on the spring-forward Sunday is EDT (UTC-4).
    const now = new Date('2027-03-13T12:00:00Z');
    expect(makegoodAnswerBy({ now, expiryHours: 72, airDate: '2027-03-14', startTime: '05:00', timeZone: zone }).toISOString()).toBe(
      '2027-03-14T09:00:00.000Z',
    );
  });
});

describe('answerByOnDay', () => {
  const zone = 'America/New_York';
  it('brings the deadline before the makegood when the offer moves to an earlier day', () => {
    // Answer by Dec 11 for a makegood moved to Dec 9 at 06:00: the deadline becomes Dec 9, 06:00.
    const current = new Date('2026-12-11T17:00:00Z');
    expect(answerByOnDay({ current, airDate: '2026-12-09', startTime: '06:00:00', timeZone: zone }).toISOString()).toBe('2026-12-09T11:00:00.000Z');
  });
  it('keeps an earlier deadline when the new day is later', () => {
    const current = new Date('2026-12-08T17:00:00Z');
    expect(answerByOnDay({ current, airDate: '2026-12-12', startTime: '06:00', timeZone: zone })).toEqual(current);
  });
});
