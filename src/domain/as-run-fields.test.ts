import { describe, expect, it } from 'vitest';
import { readClockTime, readDate, readDuration, readEventId, readInstant, readStatus, xmlSafe } from './as-run-fields';

describe('as-run fields', () => {
  it('reads dates: ISO, compact, M/D/YYYY or D/M/YYYY by the station setting', () => {
    expect(readDate('2027-06-07')).toBe('2027-06-07');
    expect(readDate('20270607')).toBe('2027-06-07');
    expect(readDate('6/7/2027')).toBe('2027-06-07');
    expect(readDate('07/06/2027', 'DMY')).toBe('2027-06-07');
    expect(readDate('31/06/2027', 'DMY')).toBeNull();
    expect(readDate('13/01/2027')).toBeNull();
    expect(readDate('yesterday')).toBeNull();
  });

  it('reads clock times with frames (any separator) and 24–29 h broadcast hours', () => {
    expect(readClockTime('06:00')).toEqual({ time: '06:00:00', dayOffset: 0, fraction: 0 });
    expect(readClockTime('06:00:10;15')).toEqual({ time: '06:00:10', dayOffset: 0, fraction: 0.5 });
    expect(readClockTime('06:00:10.12', 25)).toEqual({ time: '06:00:10', dayOffset: 0, fraction: 0.48 });
    expect(readClockTime('06:00:10,30', 60)).toEqual({ time: '06:00:10', dayOffset: 0, fraction: 0.5 });
    expect(readClockTime('25:30:00')).toEqual({ time: '01:30:00', dayOffset: 1, fraction: 0 });
    expect(readClockTime('30:00:00')).toBeNull();
    expect(readClockTime('06:00:10:30')).toBeNull(); // frame 30 does not exist at 29.97
    expect(readClockTime("6 o'clock")).toBeNull();
  });

  it('reads ISO instants only when they state their zone', () => {
    expect(readInstant('2027-06-07T10:00:00Z')).toBe(Date.parse('2027-06-07T10:00:00Z'));
    expect(readInstant('2027-06-07T06:00:00-04:00')).toBe(Date.parse('2027-06-07T10:00:00Z'));
    expect(readInstant('2027-06-07T06:00:00-0400')).toBe(Date.parse('2027-06-07T10:00:00Z'));
    expect(readInstant('2027-06-07T06:00:00')).toBeNull();
  });

  it('reads durations: seconds, MM:SS, timecodes at the frame rate, compact forms, xs:duration', () => {
    expect(readDuration('30')).toBe(30);
    expect(readDuration('00:30')).toBe(30);
    expect(readDuration('1:30')).toBe(90);
    expect(readDuration('00:01:30')).toBe(90);
    expect(readDuration('0130')).toBe(90);
    expect(readDuration('00013000')).toBe(90);
    expect(readDuration('130')).toBe(130);
    expect(readDuration('00:00:29;29')).toBe(30); // 29 s + 29/30 at 29.97
    expect(readDuration('00:00:29:15', 60)).toBe(29); // 15 frames at 60 fps is a quarter second
    expect(readDuration('00:00:29:15', 30)).toBe(30);
    expect(readDuration('00:00:29:24', 24)).toBeNull(); // no frame 24 at 24 fps
    expect(readDuration('PT30S')).toBe(30);
    expect(readDuration('PT1M0.5S')).toBe(61);
    expect(readDuration('0')).toBe(0); // an event that did not air
    expect(readDuration('00:00:00;00')).toBe(0);
    expect(readDuration('-30')).toBeNull();
    expect(readDuration('long')).toBeNull();
  });

  it('maps the SMPTE as-run statuses', () => {
    expect(readStatus('Aired Without Discrepancy')).toEqual({ status: 'aired', discrepancy: false });
    expect(readStatus('Aired with Duration Discrepancy')).toEqual({ status: 'aired', discrepancy: true });
    expect(readStatus('aired with discrepancy')).toEqual({ status: 'aired', discrepancy: true });
    expect(readStatus('Joined in Progress')).toEqual({ status: 'aired', discrepancy: false });
    expect(readStatus('Inserted by Operator')).toEqual({ status: 'aired', discrepancy: false });
    for (const missed of ['Did not air', 'Preempted', 'Technical Difficulty', 'Missing Content', 'MISSED'])
      expect(readStatus(missed)).toEqual({ status: 'missed', discrepancy: false });
    expect(readStatus('Unknown')).toEqual({ skip: 'Status "Unknown" settles nothing' });
    expect(readStatus('scheduled')).toEqual({ skip: 'Status "scheduled" settles nothing' });
    expect(readStatus('')).toEqual({ status: 'aired', discrepancy: false });
    expect(readStatus('exploded')).toBeNull();
  });

  it('reads event ids bare or as urn:uuid, any case', () => {
    expect(readEventId('URN:UUID:0E9A3C8B-1D2E-4F5A-8B6C-7D8E9F0A1B2C')).toBe('0e9a3c8b-1d2e-4f5a-8b6c-7d8e9f0a1b2c');
    expect(readEventId('0e9a3c8b-1d2e-4f5a-8b6c-7d8e9f0a1b2c')).toBe('0e9a3c8b-1d2e-4f5a-8b6c-7d8e9f0a1b2c');
    expect(readEventId('spot-1')).toBeNull();
  });

  it('strips what XML 1.0 forbids and keeps the rest', () => {
    expect(xmlSafe('Bob\u0007Tools\u0000 \uFFFE')).toBe('BobTools ');
    expect(xmlSafe('Tab\tand\nline é 😀')).toBe('Tab\tand\nline é 😀');
    expect(xmlSafe('lone \uD800 surrogate')).toBe('lone  surrogate');
  });
});
