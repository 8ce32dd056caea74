/**
 * An as-run import's own records of what its rows did, set-based (decision 044), one statement per 5,000
 * rows: the rows that matched nothing, with their reasons; the airings (through the campaigns' door); the
 * changes list, spot by spot in the file's order, which is also those spots' audit trail (decision 055).
 */
import { sql } from 'drizzle-orm';
import type { SkippedAsRunRow } from '../../../domain/as-run';
import { localClockOf } from '../../../domain/dates';
import type { Tx } from '../../platform/db';
import { withHeldKeys } from '../../platform/held-keys';
import { sqlArray as column, textArray } from '../../platform/sql-arrays';
import { executeInTurn } from '../../platform/statements-in-turn';
import { recordAirings, type AiringRecord } from '../campaigns/airings';
import { holdDaypartKeys } from '../dayparts/public';
import type { ClosedSpot } from '../traffic/public';
import type { CampaignState, CandidateSpots } from './candidates';
import { AIRED, type Matching } from './match';
import type { ResolvedRows } from './rows';

/** Rows per statement: bounds what is held at once (the statement's columns and text, here and in PGlite's memory). */
const CHUNK = 5_000;

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
export const writeAirings = async (tx: Tx, { m, spots, campaignOf }: { m: Matching; spots: CandidateSpots; campaignOf: Map<string, CampaignState> }) => {
  // Every key a delivery names is held by this transaction (decision 065): its spot was settled by this import,
  // its campaign locked by the candidates' read (lockCampaignBudgetsOfOrders), its daypart held here.
  const daypartIds = new Set<string>();
  for (let i = 0; i < m.outcome.length; i += 1) if (m.outcome[i] === AIRED && m.delivered[i]) daypartIds.add(spots.daypartId(m.spotOf[i]!));
  await holdDaypartKeys(tx, [...daypartIds]);
  const airings = function* (): Generator<AiringRecord> {
    for (let i = 0; i < m.outcome.length; i += 1) {
      if (m.outcome[i] !== AIRED || !m.delivered[i]) continue;
      const c = m.spotOf[i]!;
      yield {
        campaignId: campaignOf.get(spots.estimateId(c))!.id,
        daypartId: spots.daypartId(c),
        airedAt: new Date(m.airedAt[i]!),
        impressions: m.impressions[i]!,
        spendCents: m.spend[i]!,
        spotId: spots.id(c),
        simulated: false,
      };
    }
  };
  await recordAirings(tx, airings(), { keysHeld: true });
};

/**
 * The changes list, in its order (the report reads it by id): the skipped rows, the rows' spots in the
 * file's order, the closed spots. A change of a spot draws its audit id from audit_events' sequence.
 * Each statement's columns are made for its chunk only, straight from the rows, the matching and the candidates.
 */
export const writeChanges = async (
  tx: Tx,
  {
    importId,
    rows,
    m,
    spots,
    skipped,
    closed,
    timeZone,
  }: {
    importId: string;
    rows: ResolvedRows;
    m: Matching;
    spots: CandidateSpots;
    skipped: readonly SkippedAsRunRow[];
    closed: ClosedSpot[];
    timeZone: string;
  },
) => {
  const changeRows: number[] = [];
  for (let i = 0; i < m.outcome.length; i += 1) if (m.outcome[i] !== 0) changeRows.push(i);
  const changeCount = skipped.length + changeRows.length + closed.length;
  // Each chunk's statement is made while the one before runs (executeInTurn).
  const statements = function* () {
    for (const { from, to } of chunks(changeCount, CHUNK)) {
      const c = {
        line: [] as (number | null)[],
        outcome: [] as string[],
        spotId: [] as (string | null)[],
        orderId: [] as (string | null)[],
        previous: [] as (string | null)[],
        day: [] as string[],
        time: [] as string[],
        code: [] as string[],
        note: [] as (string | null)[],
      };
      for (let n = from; n < to; n += 1) {
        if (n < skipped.length) {
          const r = skipped[n]!;
          c.line.push(r.line);
          c.outcome.push('skipped');
          c.spotId.push(null);
          c.orderId.push(null);
          c.previous.push(null);
          c.day.push(r.date);
          c.time.push(r.time);
          c.code.push(r.houseCode);
          c.note.push(r.reason);
        } else if (n < skipped.length + changeRows.length) {
          const i = changeRows[n - skipped.length]!;
          const spot = m.spotOf[i]!;
          const aired = m.outcome[i] === AIRED;
          c.line.push(rows.line(i));
          c.outcome.push(aired ? 'aired' : 'missed');
          c.spotId.push(spots.id(spot));
          c.orderId.push(spots.estimateId(spot));
          c.previous.push(m.previousStatus[i]!);
          c.day.push(rows.localDate(i));
          c.time.push(rows.localTime(i));
          c.code.push(rows.houseCode(i) || spots.houseCode(spot));
          c.note.push(aired ? (m.notes.get(i) ?? null) : null);
        } else {
          const spot = closed[n - skipped.length - changeRows.length]!;
          c.line.push(null);
          c.outcome.push('closed_missed');
          c.spotId.push(spot.id);
          c.orderId.push(spot.estimateId);
          c.previous.push(spot.previousStatus);
          c.day.push(spot.airDate);
          c.time.push(localClockOf(spot.scheduledAt, timeZone));
          c.code.push(spot.houseCode);
          c.note.push(null);
        }
      }
      yield sql`
      insert into as_run_changes (import_id, line, outcome, spot_id, air_date, air_time, house_code, note, audit_id, spot_key, order_id, previous_status)
      select ${importId}::uuid, v.line, v.outcome, v.spot, v.day, v.time, v.code, v.note,
        case when v.spot is not null then nextval('audit_events_id_seq') end, v.spot::text, v.order_id, v.previous
      from unnest(${column(c.line, 'int')}, ${textArray(c.outcome)}, ${column(c.spotId, 'uuid')},
        ${textArray(c.day)}, ${textArray(c.time)}, ${textArray(c.code)}, ${textArray(c.note)},
        ${column(c.orderId, 'uuid')}, ${textArray(c.previous)})
        with ordinality v(line, outcome, spot, day, time, code, note, order_id, previous, n)
      order by v.n`;
    }
  };
  // Every key is held by this transaction (decision 065): the import's own row; each spot settled or closed by it.
  await withHeldKeys(tx, () => executeInTurn(tx, statements()));
};
