import { describe, expect, it } from 'vitest';
import type { AsRunRow } from '../../../domain/as-run';
import { ResolvedRows } from './rows';

const row = (line: number, over: Partial<AsRunRow> = {}): AsRunRow => ({
  line,
  date: '2027-01-04',
  time: '08:00:00',
  dayOffset: 0,
  fraction: 0,
  at: null,
  houseCode: `H${line % 3}`,
  durationSeconds: 30,
  status: 'aired',
  discrepancy: false,
  spotId: null,
  channel: null,
  ...over,
});

describe('ResolvedRows', () => {
  it('answers every row as it was pushed, past the columns growing, with one or two instants', () => {
    const rows = new ResolvedRows();
    for (let i = 0; i < 5_000; i += 1) {
      rows.push(
        row(i + 2, {
          status: i % 7 === 0 ? 'missed' : 'aired',
          discrepancy: i % 11 === 0,
          durationSeconds: 15 + (i % 4) * 0.5,
          spotId: i % 1000 === 0 ? `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` : null,
        }),
        {
          instants: i % 5 === 0 ? [i * 1000, i * 1000 + 3_600_000] : [i * 1000],
          localDate: `2027-01-0${4 + (i % 3)}`,
          localTime: `08:00:${String(i % 60).padStart(2, '0')}`,
          channelId: i % 2 === 0 ? 'even' : 'odd',
        },
      );
    }
    expect(rows.length).toBe(5_000);
    for (const i of [0, 1, 5, 7, 11, 1023, 1024, 2048, 4999]) {
      expect(rows.line(i)).toBe(i + 2);
      expect(rows.instants(i)).toEqual(i % 5 === 0 ? [i * 1000, i * 1000 + 3_600_000] : [i * 1000]);
      expect(rows.status(i)).toBe(i % 7 === 0 ? 'missed' : 'aired');
      expect(rows.discrepancy(i)).toBe(i % 11 === 0);
      expect(rows.durationSeconds(i)).toBe(15 + (i % 4) * 0.5);
      expect(rows.houseCode(i)).toBe(`H${(i + 2) % 3}`);
      expect(rows.localDate(i)).toBe(`2027-01-0${4 + (i % 3)}`);
      expect(rows.localTime(i)).toBe(`08:00:${String(i % 60).padStart(2, '0')}`);
      expect(rows.spotId(i)).toBe(i % 1000 === 0 ? `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` : null);
    }
    expect(rows.namedSpotIds()).toHaveLength(5);
    const parts = rows.byChannel();
    expect([...parts.keys()]).toEqual(['even', 'odd']);
    const odd = parts.get('odd')!;
    expect(odd.length).toBe(2_500);
    // The odd channel's rows, in the file's order, each whole (row 2k + 1 of the file).
    for (const k of [0, 511, 512, 1024, 2499]) {
      const i = 2 * k + 1;
      expect(odd.line(k)).toBe(i + 2);
      expect(odd.instants(k)).toEqual(rows.instants(i));
      expect(odd.status(k)).toBe(rows.status(i));
      expect(odd.discrepancy(k)).toBe(rows.discrepancy(i));
      expect(odd.localTime(k)).toBe(rows.localTime(i));
      expect(odd.channelId(k)).toBe('odd');
    }
    expect(parts.get('even')!.namedSpotIds()).toHaveLength(5);
  });
});
