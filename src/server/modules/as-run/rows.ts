/**
 * The rows of an as-run file as read and checked before the transaction, held as columns: typed
 * arrays for the numbers and one (shared) string per house code and station date, rather than an
 * object per row. A 100,000-line file is a few MB here (bench/README.md, as-run import).
 */
import type { AsRunRow } from '../../../domain/as-run';

const MISSED = 1;
const DISCREPANCY = 2;

export class ResolvedRows {
  length = 0;
  private lines = new Int32Array(1024);
  /** The instants a row may mean (epoch ms): the first, and the second on the night clocks go back (NaN: none). */
  private firsts = new Float64Array(1024);
  private seconds = new Float64Array(1024);
  private durations = new Float64Array(1024);
  private flags = new Uint8Array(1024);
  private codes: string[] = [];
  private dates: string[] = [];
  private times: string[] = [];
  /** The channel each row settles on (interned ids). */
  private channels: string[] = [];
  /** Spot ids, by row (only rows that name one: a BXF event id). */
  private spotIds = new Map<number, string>();
  private interned = new Map<string, string>();

  private intern(value: string) {
    const known = this.interned.get(value);
    if (known !== undefined) return known;
    this.interned.set(value, value);
    return value;
  }

  private grow() {
    const size = this.lines.length * 2;
    const bigger = <T extends Int32Array | Float64Array | Uint8Array>(from: T, make: (n: number) => T) => {
      const to = make(size);
      to.set(from);
      return to;
    };
    this.lines = bigger(this.lines, (n) => new Int32Array(n));
    this.firsts = bigger(this.firsts, (n) => new Float64Array(n));
    this.seconds = bigger(this.seconds, (n) => new Float64Array(n));
    this.durations = bigger(this.durations, (n) => new Float64Array(n));
    this.flags = bigger(this.flags, (n) => new Uint8Array(n));
  }

  push(row: AsRunRow, resolved: { instants: readonly number[]; localDate: string; localTime: string; channelId: string }) {
    if (this.length === this.lines.length) this.grow();
    const i = this.length;
    this.lines[i] = row.line;
    this.firsts[i] = resolved.instants[0]!;
    this.seconds[i] = resolved.instants[1] ?? Number.NaN;
    this.durations[i] = row.durationSeconds;
    this.flags[i] = (row.status === 'missed' ? MISSED : 0) | (row.discrepancy ? DISCREPANCY : 0);
    this.codes.push(this.intern(row.houseCode));
    this.dates.push(this.intern(resolved.localDate));
    this.times.push(resolved.localTime);
    this.channels.push(this.intern(resolved.channelId));
    if (row.spotId) this.spotIds.set(i, row.spotId);
    this.length += 1;
  }

  /** The rows by the channel they settle on, each in the file's order (a file of one channel is answered as is). */
  byChannel(): Map<string, ResolvedRows> {
    const ids = new Set(this.channels);
    if (ids.size <= 1) return new Map(ids.size === 0 ? [] : [[this.channels[0]!, this]]);
    const parts = new Map<string, ResolvedRows>([...ids].map((id) => [id, new ResolvedRows()]));
    for (let i = 0; i < this.length; i += 1) parts.get(this.channels[i]!)!.copyRow(this, i);
    return parts;
  }

  private copyRow(from: ResolvedRows, i: number) {
    if (this.length === this.lines.length) this.grow();
    const k = this.length;
    this.lines[k] = from.lines[i]!;
    this.firsts[k] = from.firsts[i]!;
    this.seconds[k] = from.seconds[i]!;
    this.durations[k] = from.durations[i]!;
    this.flags[k] = from.flags[i]!;
    this.codes.push(this.intern(from.codes[i]!));
    this.dates.push(this.intern(from.dates[i]!));
    this.times.push(from.times[i]!);
    this.channels.push(this.intern(from.channels[i]!));
    const spotId = from.spotIds.get(i);
    if (spotId) this.spotIds.set(k, spotId);
    this.length += 1;
  }

  line(i: number) {
    return this.lines[i]!;
  }
  instants(i: number): number[] {
    const second = this.seconds[i]!;
    return Number.isNaN(second) ? [this.firsts[i]!] : [this.firsts[i]!, second];
  }
  durationSeconds(i: number) {
    return this.durations[i]!;
  }
  status(i: number): AsRunRow['status'] {
    return this.flags[i]! & MISSED ? 'missed' : 'aired';
  }
  discrepancy(i: number) {
    return (this.flags[i]! & DISCREPANCY) !== 0;
  }
  houseCode(i: number) {
    return this.codes[i]!;
  }
  spotId(i: number) {
    return this.spotIds.get(i) ?? null;
  }
  localDate(i: number) {
    return this.dates[i]!;
  }
  localTime(i: number) {
    return this.times[i]!;
  }
  channelId(i: number) {
    return this.channels[i]!;
  }
  /** The ids the rows name (a BXF event id). */
  namedSpotIds() {
    return [...new Set(this.spotIds.values())];
  }
}
