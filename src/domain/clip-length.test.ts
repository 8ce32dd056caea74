import { describe, expect, it } from 'vitest';
import { clipLengthWarning, lengthInName } from './clip-length';

describe('a clip whose length is not the one its name gives (issue 29, item 22)', () => {
  it('reads the length a name gives', () => {
    expect(lengthInName('Spring 30s.mp4')).toBe(30);
    expect(lengthInName('ZERO_SUGAR_15sec_v2.mov')).toBe(15);
    expect(lengthInName('Launch :60 final.mxf')).toBe(60);
    expect(lengthInName('spot-30-second.mp4')).toBe(30);
    expect(lengthInName('Spring 2026 v3.mp4')).toBe(null);
    expect(lengthInName('brand2s.mp4')).toBe(null);
  });

  it('warns when the clip runs otherwise (a second of slack), and only then', () => {
    expect(clipLengthWarning('Spring 30s.mp4', 6)).toBe(
      'This clip runs 0:06, but its name says 30 seconds: check that it is the right file before it is booked',
    );
    expect(clipLengthWarning('Spring 30s.mp4', 30.4)).toBe(null);
    expect(clipLengthWarning('Spring 30s.mp4', 29.2)).toBe(null);
    expect(clipLengthWarning('Spring.mp4', 6)).toBe(null);
    expect(clipLengthWarning('Spring 30s.mp4', null)).toBe(null);
  });
});
