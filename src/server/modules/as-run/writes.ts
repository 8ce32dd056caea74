/**
 * An as-run import's own records of what its rows did, set-based (decision 044), one statement per 20,000
 * rows: the rows that matched nothing, with their reasons; the airings (through the campaigns' door); the
 * changes list, spot by spot in the file's order, which is also those spots' audit trail (decision 055).
 */
import { sql } from 'drizzle-orm';
import type { SkippedAsRunRow } from '../../../domain/as-run';
import { localClockOf } from '../../../domain/dates';
import type { Tx } from '../../platform/db';
import { sqlArray as column, textArray } from '../../platform/sql-arrays';
import { recordAirings, type AiringRecord } from '../campaigns/airings';
import type { ClosedSpot } from '../traffic/public';
import type { CampaignState } from './candidates';
import { AIRED, type Matching } from './match';
import type { ResolvedRows } from './rows';

/** Rows per statement: bounds the SQL text held at once, in this process and in PGlite's memory. */
const CHUNK = 20_000;

const chunks = function* (length: number, size: number) {
  for (let from = 0; from < length; from += size) yield { from, to: Math.min(length, from + size) };
};

/** The rows that matched nothing, each with its line and reason. */
export const writeUnmatched = async (tx: Tx, { importId, channelId, rows, m }: { importId: string; channelId: string; rows: ResolvedRows; m: Matching }) => {
  const unmatched = [...m.reasons.keys()];
  for (const { from, to } of chunks(unmatched.length, CHUNK)) {
    const part = unmatched.slice(from, to);
    await tx.execute(sql`
      insert into as_run_unmatched (import_id, line, air_date, air_time, house_code, reason, channel_id)
      select ${importId}::uuid, v.line, v.day, v.time, v.code, v.reason, ${channelId}::uuid
      from unnest(${column(
        part.map((i) => rows.line(i)),
        'int',
      )}, ${textArray(part.map((i) => rows.localDate(i)))}, ${textArray(part.map((i) => rows.localTime(i)))}, ${textArray(part.map((i) => rows.houseCode(i)))},
        ${textArray(part.map((i) => m.reasons.get(i)!))}) v(line, day, time, code, reason)`);
  }
};

/** The airings delivered to campaigns, made as recordAirings reads them: a chunk at a time, not all at once. */
export const writeAirings = async (tx: Tx, { m, campaignOf }: { m: Matching; campaignOf: Map<string, CampaignState> }) => {
  const airings = function* (): Generator<AiringRecord> {
    for (let i = 0; i < m.outcome.length; i += 1) {
      if (m.outcome[i] !== AIRED || !m.delivered[i]) continue;
      const spot = m.spotOf[i]!;
      yield {
        campaignId: campaignOf.get(spot.estimateId)!.id,
        daypartId: spot.daypartId,
        airedAt: new Date(m.airedAt[i]!),
        impressions: m.impressions[i]!,
        spendCents: m.spend[i]!,
        spotId: spot.id,
        simulated: false,
      };
    }
  };
  await recordAirings(tx, airings());
};

interface Change {
  line: number | null;
  outcome: string;
  spotId: string | null;
  orderId: string | null;
  previousStatus: string | null;
  airDate: string;
  airTime: string;
  houseCode: string;
  note: string | null;
}

/**
 * The changes list, in its order (the report reads it by id): the skipped rows, the rows' spots in the
 * file's order, the closed spots. A change of a spot draws its audit id from audit_events' sequence.
 */
export const writeChanges = async (
  tx: Tx,
  {
    importId,
    rows,
    m,
    skipped,
    closed,
    timeZone,
  }: { importId: string; rows: ResolvedRows; m: Matching; skipped: readonly SkippedAsRunRow[]; closed: ClosedSpot[]; timeZone: string },
) => {
  const changeRows: number[] = [];
  for (let i = 0; i < m.outcome.length; i += 1) if (m.outcome[i] !== 0) changeRows.push(i);
  const changeCount = skipped.length + changeRows.length + closed.length;
  const change = (n: number): Change => {
    if (n < skipped.length) {
      const r = skipped[n]!;
      return {
        line: r.line,
        outcome: 'skipped',
        spotId: null,
        orderId: null,
        previousStatus: null,
        airDate: r.date,
        airTime: r.time,
        houseCode: r.houseCode,
        note: r.reason,
      };
    }
    if (n < skipped.length + changeRows.length) {
      const i = changeRows[n - skipped.length]!;
      const spot = m.spotOf[i]!;
      const aired = m.outcome[i] === AIRED;
      return {
        line: rows.line(i),
        outcome: aired ? 'aired' : 'missed',
        spotId: spot.id,
        orderId: spot.estimateId,
        previousStatus: m.previousStatus[i]!,
        airDate: rows.localDate(i),
        airTime: rows.localTime(i),
        houseCode: rows.houseCode(i) || spot.houseCode,
        note: aired ? (m.notes.get(i) ?? null) : null,
      };
    }
    const spot = closed[n - skipped.length - changeRows.length]!;
    return {
      line: null,
      outcome: 'closed_missed',
      spotId: spot.id,
      orderId: spot.estimateId,
      previousStatus: spot.previousStatus,
      airDate: spot.airDate,
      airTime: localClockOf(spot.scheduledAt, timeZone),
      houseCode: spot.houseCode,
      note: null,
    };
  };
  for (const { from, to } of chunks(changeCount, CHUNK)) {
    const part = Array.from({ length: to - from }, (_, k) => change(from + k));
    await tx.execute(sql`
      insert into as_run_changes (import_id, line, outcome, spot_id, air_date, air_time, house_code, note, audit_id, spot_key, order_id, previous_status)
      select ${importId}::uuid, v.line, v.outcome, v.spot, v.day, v.time, v.code, v.note,
        case when v.spot is not null then nextval('audit_events_id_seq') end, v.spot::text, v.order_id, v.previous
      from unnest(${column(
        part.map((c) => c.line),
        'int',
      )}, ${textArray(part.map((c) => c.outcome))}, ${column(
        part.map((c) => c.spotId),
        'uuid',
      )},
        ${textArray(part.map((c) => c.airDate))}, ${textArray(part.map((c) => c.airTime))}, ${textArray(part.map((c) => c.houseCode))}, ${textArray(part.map((c) => c.note))},
        ${column(
          part.map((c) => c.orderId),
          'uuid',
        )}, ${textArray(part.map((c) => c.previousStatus))})
        with ordinality v(line, outcome, spot, day, time, code, note, order_id, previous, n)
      order by v.n`);
  }
};
