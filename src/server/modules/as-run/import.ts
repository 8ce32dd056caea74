/**
 * Settling an as-run file's rows (already read and checked, before the transaction opens, and held
 * as columns: ResolvedRows) inside one transaction (decision 044). The candidate spots of the whole file
 * are read first (candidates.ts); each row then matches a spot by the rule in domain/as-run-match, in the
 * file's order (match.ts); the outcomes are written set-based: the spots through the traffic log's door
 * (one statement per 5,000, which the spots' audit trigger skips: the changes list is their trail,
 * decision 055), the unmatched rows, the airings, the changes list (writes.ts); each bulk statement is made
 * while the one before runs (platform/statements-in-turn). Then what the file covers
 * is closed (its time range, or whole days when it says so): scheduled spots there that no row reported
 * are missed.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { type SkippedAsRunRow } from '../../../domain/as-run';
import { closingOf, likelyShiftHours, SETTLEABLE_STATUSES } from '../../../domain/as-run-match';
import { asRunImports } from '../../db/schema';
import { ordersView } from '../orders/views';
import type { Db, Tx } from '../../platform/db';
import { offerMakegoods } from '../makegoods/offer';
import { stationAutoOffersMakegoods } from '../station/public';
import { withdrawMakegoods } from '../makegoods/withdraw';
import type { Staged } from '../notifications';
import { anyListening, emitEvent } from '../webhooks/outbox';
import { LOCK_IDS } from '../../platform/lock-ids';
import { closeUnreportedSpots, settleReportedSpots, spotCountsOfImportOrders, type ReportedSpots } from '../traffic/public';
import { readCandidates, type CandidateSpots } from './candidates';
import { AIRED, matchRows, type Matching } from './match';
import type { ResolvedRows } from './rows';
import { writeAirings, writeChanges, writeUnmatched } from './writes';
import { collectGarbage } from '../../platform/collect-garbage';

/** Told the name of each step of an import as it ends. */
export type ImportStep = (name: string) => void;

export interface ImportTotals {
  rows: number;
  aired: number;
  reportedMissed: number;
  unmatched: number;
  skipped: number;
  closedMissed: number;
  reopened: number;
  days: string[];
  closing: 'none' | 'range' | 'day';
  notice: string | null;
}

/** Spots per statement of their settling: bounds what is held at once (the statement's text, here and in PGlite). */
const SETTLE_CHUNK = 5_000;

/** Rows from which a file's steps leave enough garbage to be worth a full collection each (tens of MiB at 100,000). */
const COLLECT_FROM_ROWS = 20_000;

/**
 * The spots the rows reported, as the traffic log's door takes them, a statement's worth at a time (made as it asks),
 * in the order they are stored: each statement then writes its own pages, and each page is written once.
 */
const settleReported = (tx: Tx, importId: string, rows: ResolvedRows, m: Matching, spots: CandidateSpots) => {
  const reportedRows: number[] = [];
  for (let i = 0; i < m.outcome.length; i += 1) if (m.outcome[i] !== 0) reportedRows.push(i);
  reportedRows.sort((a, b) => spots.page(m.spotOf[a]!) - spots.page(m.spotOf[b]!));
  const parts = function* () {
    for (let from = 0; from < reportedRows.length; from += SETTLE_CHUNK) {
      const reported: ReportedSpots = { ids: [], aired: [], at: [], seconds: [] };
      for (const i of reportedRows.slice(from, from + SETTLE_CHUNK)) {
        const aired = m.outcome[i] === AIRED;
        reported.ids.push(spots.id(m.spotOf[i]!));
        reported.aired.push(aired);
        reported.at.push(aired ? new Date(m.airedAt[i]!).toISOString() : null);
        reported.seconds.push(aired ? rows.durationSeconds(i) : null);
      }
      yield reported;
    }
  };
  return settleReportedSpots(tx, importId, parts());
};

/** Settles the rows of one file inside `tx`; answers the totals. The caller stores the import row first. */
export const settleAsRun = async ({
  tx,
  importId,
  rows,
  skipped,
  closeDay,
  statedRange,
  endOfDayDays = [],
  toleranceMinutes,
  timeZone,
  channelId,
  step = () => {},
}: {
  tx: Tx;
  importId: string;
  /** The channel the rows are of: only its spots are matched, and only its log is closed. */
  channelId: string;
  rows: ResolvedRows;
  skipped: readonly SkippedAsRunRow[];
  /** The file or the caller says the day is complete: close the whole broadcast days. */
  closeDay: boolean;
  /** The period the file says it covers (a BXF Schedule's start and end), epoch ms. */
  statedRange: { from: number; to: number } | null;
  /** Broadcast days the file's end-of-day markers close. */
  endOfDayDays?: readonly string[];
  toleranceMinutes: number;
  timeZone: string;
  /** Told as each step ends (the bench's per-step times and memory). */
  step?: ImportStep;
}): Promise<ImportTotals> => {
  const tolerance = toleranceMinutes * 60_000;
  const candidates = await readCandidates({ tx, rows, channelId, timeZone });
  step('candidates');
  const m = matchRows(rows, candidates, tolerance);
  // A large file's bulk steps each have their garbage collected before the next makes its own: one step's peak,
  // not their sum. A small file's is not worth a full collection of the server's heap (tens of ms, three times).
  const collect = rows.length >= COLLECT_FROM_ROWS ? collectGarbage : () => {};
  collect();
  step('match');

  // ── the writes, set-based ──
  await settleReported(tx, importId, rows, m, candidates.spots);
  collect();
  step('spots');
  await writeUnmatched(tx, { importId, channelId, rows, m });
  if (m.reopenedIds.length > 0) await withdrawMakegoods(tx, m.reopenedIds);
  step('unmatched');
  await writeAirings(tx, { m, spots: candidates.spots, campaignOf: candidates.campaignOf });
  collect();
  step('airings');

  // What the file covers is settled: what was scheduled there and not reported did not air.
  // Rows that matched nothing (another channel's, a shifted clock's) vouch for no time range.
  // An end-of-day marker closes the day it names, as "Close the day" closes the days of the file's spots.
  const closing = closingOf({
    instants: m.matched === 0 ? [] : m.matched === 1 ? [m.firstMatched] : [m.firstMatched, m.lastMatched],
    closeDay: closeDay || endOfDayDays.length > 0,
    days: closeDay ? [...m.days, ...endOfDayDays] : [...endOfDayDays],
    stated: statedRange,
  });
  const closed = await closeUnreportedSpots(tx, { importId, channelId, closing, statuses: SETTLEABLE_STATUSES });
  step('closing');
  const days = new Set([...m.days, ...closed.map((spot) => spot.airDate)]);
  await writeChanges(tx, { importId, rows, m, spots: candidates.spots, skipped, closed, timeZone });
  step('changes');

  // Nothing matched, but most rows would at a whole number of hours off: say so.
  let notice: string | null = null;
  if (m.aired + m.reportedMissed === 0 && m.reasons.size > 0) {
    const hours = likelyShiftHours(
      [...m.reasons.keys()].map((i) => ({ houseCode: rows.houseCode(i), instants: rows.instants(i) })),
      candidates.spots,
      tolerance,
    );
    if (hours !== null) {
      notice = `No row matched, but most would ${Math.abs(hours)} hour${Math.abs(hours) === 1 ? '' : 's'} ${hours > 0 ? 'later' : 'earlier'}: are the file's times in another time zone (UTC?) than the station's (${timeZone})?`;
    }
  }
  return {
    rows: rows.length + skipped.length,
    aired: m.aired,
    reportedMissed: m.reportedMissed,
    unmatched: m.reasons.size,
    skipped: skipped.length,
    closedMissed: closed.length,
    reopened: m.reopenedIds.length,
    days: [...days].sort(),
    closing: closing.kind === 'days' ? 'day' : closing.kind,
    notice,
  };
};

const CLOSING_ORDER = ['none', 'range', 'day'] as const;

/** Two channels' totals of one file as one: the widest closing, the first notice. */
const addTotals = (a: ImportTotals, b: ImportTotals): ImportTotals => ({
  rows: a.rows + b.rows,
  aired: a.aired + b.aired,
  reportedMissed: a.reportedMissed + b.reportedMissed,
  unmatched: a.unmatched + b.unmatched,
  skipped: a.skipped + b.skipped,
  closedMissed: a.closedMissed + b.closedMissed,
  reopened: a.reopened + b.reopened,
  days: [...new Set([...a.days, ...b.days])].sort(),
  closing: CLOSING_ORDER[Math.max(CLOSING_ORDER.indexOf(a.closing), CLOSING_ORDER.indexOf(b.closing))]!,
  notice: a.notice ?? b.notice,
});

/**
 * `delivery.updated`, once per order this import settled spots of, with the order's counts after it
 * (decision 030). Nothing is counted when no endpoint listens.
 */
const emitDeliveryUpdates = async (tx: Tx, importId: string) => {
  if (!(await anyListening(tx, 'delivery.updated'))) return;
  const counts = await spotCountsOfImportOrders(tx, importId);
  if (counts.length === 0) return;
  const orders = new Map(
    (
      await tx
        .select({ id: ordersView.id, ownerId: ordersView.ownerId, name: ordersView.estimateName })
        .from(ordersView)
        .where(sql`${ordersView.id} = any(${sql.param(counts.map((c) => c.estimateId))}::uuid[])`)
    ).map((o) => [o.id, o]),
  );
  for (const c of counts) {
    const o = orders.get(c.estimateId);
    if (!o) continue;
    await emitEvent(tx, {
      type: 'delivery.updated',
      ownerId: o.ownerId,
      data: {
        order_id: o.id,
        name: o.name,
        as_run_import_id: importId,
        aired: c.aired,
        missed: c.missed,
        made_good: c.madeGood,
        unconfirmed: c.unconfirmed,
        scheduled: c.scheduled,
      },
    });
  }
};

/** Stores the import, settles its rows; all in one transaction. */
export const importAsRun = async ({
  db,
  contentHash,
  filename,
  format,
  importedBy,
  rows,
  skipped,
  closeDay,
  statedRange,
  endOfDayDays = [],
  toleranceMinutes,
  timeZone,
  zoneOf = () => timeZone,
  makegoodExpiryHours,
  now,
  fallbackChannelId,
  step = () => {},
}: {
  db: Db;
  /** The channel a file with no rows to settle is recorded for (the upload's, else the default). */
  fallbackChannelId: string;
  contentHash: string;
  filename: string;
  format: 'csv' | 'bxf';
  importedBy: string;
  rows: ResolvedRows;
  skipped: readonly SkippedAsRunRow[];
  closeDay: boolean;
  statedRange: { from: number; to: number } | null;
  /** Broadcast days the file's end-of-day markers close, whatever its rows cover. */
  endOfDayDays?: readonly string[];
  toleranceMinutes: number;
  timeZone: string;
  /** A channel's time zone: its rows' daypart windows and times are its own (decision 053, "Time zones"). */
  zoneOf?: (channelId: string) => string;
  makegoodExpiryHours: number;
  now: Date;
  /** Told as each step ends (the bench's per-step times and memory). */
  step?: ImportStep;
}): Promise<{ id: string; staged: Staged[] }> =>
  db.transaction(async (tx) => {
    // One import at a time: two files naming the same spots settle one after the other (no row locks per spot needed).
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_IDS.as_run_import})`);
    step('begin');
    const id = randomUUID();
    await tx.insert(asRunImports).values({
      id,
      contentHash,
      filename,
      format,
      importedBy,
      rows: 0,
      aired: 0,
      reportedMissed: 0,
      unmatched: 0,
      closedMissed: 0,
      days: [],
      // Who imported, as the trail records an actor: the import's changes of spots are their audit events (decision 055).
      actor: sql`audit_actor()`,
    });
    // A file of several channels settles each on its own: a house code on one never settles the other's spots.
    const parts = rows.byChannel();
    const channelIds = parts.size > 0 ? [...parts.keys()] : [fallbackChannelId];
    let totals: ImportTotals | null = null;
    for (const channelId of channelIds) {
      const part = await settleAsRun({
        tx,
        importId: id,
        channelId,
        rows: parts.get(channelId) ?? rows,
        // The skipped rows are listed once, with the first channel's.
        skipped: totals ? [] : skipped,
        closeDay,
        statedRange,
        endOfDayDays,
        toleranceMinutes,
        timeZone: zoneOf(channelId),
        step,
      });
      totals = totals ? addTotals(totals, part) : part;
    }
    await tx
      .update(asRunImports)
      .set({ ...totals!, channelIds })
      .where(eq(asRunImports.id, id));
    step('totals');
    // Off by default: the traffic desk decides which missed spots to offer (Discrepancies, decision 058).
    const { staged } = (await stationAutoOffersMakegoods(tx))
      ? await offerMakegoods({ tx, importId: id, now, timeZone, expiryHours: makegoodExpiryHours })
      : { staged: [] };
    step('makegoods');
    await emitDeliveryUpdates(tx, id);
    step('events');
    return { id, staged };
  });
