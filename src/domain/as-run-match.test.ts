import { describe, expect, it } from 'vitest';
import { closingOf, instantResolver, isOpenForAsRun, likelyShiftHours, matchAsRunRow, offScheduleNote, rowInstants, type SpotCandidate } from './as-run-match';
import { UNMATCHED_REASONS, unmatchedNote } from './as-run';

const ZONE = 'America/New_York';
const at = (iso: string) => Date.parse(iso);
const MIN = 60_000;
const TOL = 10 * MIN;

const spot = (id: string, scheduled: string, window: [string, string], extra: Partial<SpotCandidate> = {}): SpotCandidate => ({
  id,
  houseCode: 'ABC123',
  airDate: scheduled.slice(0, 10),
  scheduledAt: at(scheduled),
  windowStart: at(window[0]),
  windowEnd: at(window[1]),
  status: 'scheduled',
  missedByClose: false,
  ...extra,
});
const indexOf = (spots: SpotCandidate[]) => ({ byId: new Map(spots.map((s) => [s.id, s])), byCode: new Map([['ABC123', spots]]) });
const row = (houseCode = 'ABC123', spotId: string | null = null) => ({ houseCode, spotId });
const wall = (date: string, time: string, dayOffset: 0 | 1 = 0) => ({ date, time, dayOffset, fraction: 0, at: null });

describe('matching an as-run row', () => {
  // 06:00–07:00 EDT = 10:00–11:00Z; spots at 06:00 and 06:30.
  const morning = (): SpotCandidate[] => [
    spot('a', '2027-06-07T10:00:00Z', ['2027-06-07T10:00:00Z', '2027-06-07T11:00:00Z']),
    spot('b', '2027-06-07T10:30:00Z', ['2027-06-07T10:00:00Z', '2027-06-07T11:00:00Z']),
  ];

  it('takes the open spot scheduled nearest to the airing, within the window widened by the tolerance', () => {
    const index = indexOf(morning());
    expect(matchAsRunRow(row(), [at('2027-06-07T10:20:00Z')], index, TOL)).toMatchObject({ spot: { id: 'b' } });
    expect(matchAsRunRow(row(), [at('2027-06-07T10:05:00Z')], index, TOL)).toMatchObject({ spot: { id: 'a' } });
    expect(matchAsRunRow(row(), [at('2027-06-07T11:09:00Z')], index, TOL)).toMatchObject({ spot: { id: 'b' } });
    expect(matchAsRunRow(row(), [at('2027-06-07T11:11:00Z')], index, TOL)).toEqual({ reason: UNMATCHED_REASONS.outsideWindow });
    expect(matchAsRunRow(row('ZZZ'), [at('2027-06-07T10:00:00Z')], index, TOL)).toEqual({ reason: UNMATCHED_REASONS.unknownHouseCode });
  });

  it('skips settled spots: the next nearest open one, or a duplicate when none is left', () => {
    const spots = morning();
    spots[0]!.status = 'aired';
    expect(matchAsRunRow(row(), [at('2027-06-07T10:00:00Z')], indexOf(spots), TOL)).toMatchObject({ spot: { id: 'b' } });
    spots[1]!.status = 'aired';
    expect(matchAsRunRow(row(), [at('2027-06-07T10:00:00Z')], indexOf(spots), TOL)).toEqual({ reason: UNMATCHED_REASONS.duplicate });
  });

  it('matches a spot by id, checking its house code and that it is open', () => {
    const spots = morning();
    expect(matchAsRunRow(row('ABC123', 'b'), [at('2027-06-07T10:01:00Z')], indexOf(spots), TOL)).toMatchObject({ spot: { id: 'b' } });
    expect(matchAsRunRow(row('', 'b'), [at('2027-06-07T10:01:00Z')], indexOf(spots), TOL)).toMatchObject({ spot: { id: 'b' } });
    expect(matchAsRunRow(row('OTHER', 'b'), [at('2027-06-07T10:01:00Z')], indexOf(spots), TOL)).toEqual({ reason: UNMATCHED_REASONS.spotMismatch });
    expect(matchAsRunRow(row('ABC123', 'zzz'), [at('2027-06-07T10:01:00Z')], indexOf(spots), TOL)).toEqual({ reason: UNMATCHED_REASONS.unknownSpot });
    spots[1]!.status = 'aired';
    expect(matchAsRunRow(row('ABC123', 'b'), [at('2027-06-07T10:01:00Z')], indexOf(spots), TOL)).toEqual({ reason: UNMATCHED_REASONS.duplicate });
  });

  it('reopens a spot an import closed as missed, unless it was reported missed or its makegood aired', () => {
    expect(isOpenForAsRun({ status: 'missed', missedByClose: true })).toBe(true);
    expect(isOpenForAsRun({ status: 'made_good', missedByClose: true })).toBe(true);
    expect(isOpenForAsRun({ status: 'missed', missedByClose: false })).toBe(false);
    expect(isOpenForAsRun({ status: 'missed', missedByClose: true, makegoodAired: true })).toBe(false);
    expect(isOpenForAsRun({ status: 'cancelled', missedByClose: false })).toBe(false);
    const spots = morning();
    spots[0]!.status = 'missed';
    spots[0]!.missedByClose = true;
    spots[0]!.makegoodAired = true;
    expect(matchAsRunRow(row('ABC123', 'a'), [at('2027-06-07T10:00:00Z')], indexOf(spots), TOL)).toEqual({ reason: UNMATCHED_REASONS.makegoodAired });
  });

  it('matches a window that crosses midnight from the next calendar date (and 24–29 h hours)', () => {
    // 23:00–02:00 EDT overnight of the 7th: 03:00–06:00Z on the 8th.
    const late = [spot('n', '2027-06-08T04:30:00Z', ['2027-06-08T03:00:00Z', '2027-06-08T06:00:00Z'], { airDate: '2027-06-07' })];
    const instants = rowInstants(wall('2027-06-08', '00:30:00'), ZONE);
    expect(instants).toEqual([at('2027-06-08T04:30:00Z')]);
    expect(matchAsRunRow(row(), instants, indexOf(late), TOL)).toMatchObject({ spot: { id: 'n' } });
    expect(rowInstants(wall('2027-06-07', '00:30:00', 1), ZONE)).toEqual(instants);
  });

  it('tries both instants of a wall-clock time the autumn DST night repeats, and takes the nearest spot', () => {
    // 2027-11-07: 01:30 EDT (05:30Z) and 01:30 EST (06:30Z).
    const instants = rowInstants(wall('2027-11-07', '01:30:00'), ZONE);
    expect(instants).toEqual([at('2027-11-07T05:30:00Z'), at('2027-11-07T06:30:00Z')]);
    const second = [spot('s', '2027-11-07T06:30:00Z', ['2027-11-07T06:15:00Z', '2027-11-07T06:45:00Z'], { airDate: '2027-11-07' })];
    expect(matchAsRunRow(row(), instants, indexOf(second), TOL)).toEqual({ spot: second[0], at: at('2027-11-07T06:30:00Z') });
    expect(rowInstants(wall('2027-11-07', '03:30:00'), ZONE)).toHaveLength(1);
    expect(rowInstants({ ...wall('2027-11-07', '01:30:00'), at: at('2027-11-07T05:30:00Z') }, ZONE)).toEqual([at('2027-11-07T05:30:00Z')]);
  });
});

describe('what an import closes', () => {
  it('a one-row file closes nothing; more rows close their time range; close_day closes whole days; a stated period wins', () => {
    expect(closingOf({ instants: [1000], closeDay: false, days: ['2027-06-07'] })).toEqual({ kind: 'none' });
    expect(closingOf({ instants: [3000, 1000, 2000], closeDay: false, days: ['2027-06-07'] })).toEqual({ kind: 'range', from: 1000, to: 3000 });
    expect(closingOf({ instants: [1000], closeDay: true, days: ['2027-06-08', '2027-06-07', '2027-06-08'] })).toEqual({
      kind: 'days',
      days: ['2027-06-07', '2027-06-08'],
    });
    expect(closingOf({ instants: [1000, 2000], closeDay: false, days: [], stated: { from: 0, to: 9000 } })).toEqual({ kind: 'range', from: 0, to: 9000 });
  });

  it('names a likely time-zone shift when rows match nothing but would some hours off', () => {
    const spots = [spot('a', '2027-06-07T10:00:00Z', ['2027-06-07T10:00:00Z', '2027-06-07T11:00:00Z'])];
    // A UTC clock read as New York's: 10:00 read as 10:00 EDT = 14:00Z.
    expect(likelyShiftHours([{ houseCode: 'ABC123', instants: [at('2027-06-07T14:00:00Z')] }], indexOf(spots), TOL)).toBe(-4);
    expect(likelyShiftHours([{ houseCode: 'ZZZ', instants: [at('2027-06-07T14:00:00Z')] }], indexOf(spots), TOL)).toBeNull();
  });
});

describe('instantResolver', () => {
  it('answers what rowInstants does, with the station date and time, for wall-clock and stated rows', () => {
    const resolve = instantResolver(ZONE);
    expect(resolve({ ...wall('2027-06-07', '06:00:10'), fraction: 0.5 })).toEqual({
      instants: [at('2027-06-07T10:00:10.500Z')],
      localDate: '2027-06-07',
      localTime: '06:00:10',
    });
    expect(resolve(wall('2027-06-07', '06:00:40'))).toEqual({ instants: [at('2027-06-07T10:00:40Z')], localDate: '2027-06-07', localTime: '06:00:40' });
    expect(resolve(wall('2027-11-07', '01:30:20'))).toEqual({
      instants: [at('2027-11-07T05:30:20Z'), at('2027-11-07T06:30:20Z')],
      localDate: '2027-11-07',
      localTime: '01:30:20',
    });
    expect(resolve({ ...wall('2027-06-08', '03:59:30'), at: at('2027-06-08T03:59:30Z') })).toEqual({
      instants: [at('2027-06-08T03:59:30Z')],
      localDate: '2027-06-07',
      localTime: '23:59:30',
    });
  });
});

describe('unmatchedNote', () => {
  it('says every row matched only when a row did; an end-of-day file that matched nothing says so', () => {
    expect(unmatchedNote({ aired: 2, reported_missed: 0 })).toBe('Every row matched a spot of the traffic log.');
    expect(unmatchedNote({ aired: 0, reported_missed: 1 })).toBe('Every row matched a spot of the traffic log.');
    expect(unmatchedNote({ aired: 0, reported_missed: 0 })).toBe('No row matched a spot of the traffic log.');
  });
});

describe('offScheduleNote (issue 44)', () => {
  const at = Date.UTC(2026, 11, 7, 11, 15, 0);
  it('notes an airing more than a minute from its scheduled time, late or early', () => {
    expect(offScheduleNote(at, at + 3 * 60_000)).toBe('Aired 3 min late');
    expect(offScheduleNote(at, at - 90_000)).toBe('Aired 1 min 30 s early');
  });
  it('says nothing within a minute', () => {
    expect(offScheduleNote(at, at)).toBeNull();
    expect(offScheduleNote(at, at + 60_000)).toBeNull();
    expect(offScheduleNote(at, at - 45_000)).toBeNull();
  });
});
