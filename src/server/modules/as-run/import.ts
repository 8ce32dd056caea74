/**
 * Settling an as-run file's rows (already read and checked, before the transaction opens) in
 * batches inside one transaction. Each row matches a spot by the rule in domain/as-run-match;
 * matched spots air and deliver (campaign_deliveries, the campaign's counters) or are missed; rows
 * that match nothing are kept with their line and reason; every change is listed spot by spot.
 * Then what the file covers is closed (its time range, or whole days when it says so): scheduled
 * spots there that no row reported are missed.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type AsRunRow, type SkippedAsRunRow } from '../../../domain/as-run';
import { closingOf, isClosedMissed, likelyShiftHours, matchAsRunRow, SETTLEABLE_STATUSES, type SpotCandidate } from '../../../domain/as-run-match';
import { airingOf } from '../../../domain/campaigns';
import { addDays, localClockOf } from '../../../domain/dates';
import { toCents } from '../../../domain/money';
import { windowOf } from '../../../domain/traffic';
import type { asRunChanges } from '../../db/schema';
import { asRunImports, asRunUnmatched, campaigns, dayparts, trafficSpots } from '../../db/schema';
import { orderItemsView, ordersView } from '../orders/views';
import type { Db, Tx } from '../../platform/db';
import { selectionOf } from '../orders/public';
import { offerMakegoods } from '../makegoods/offer';
import { missedSpotsWithAiredMakegood, withdrawMakegoods } from '../makegoods/withdraw';
import type { Staged } from '../notifications';
import { anyListening, emitEvent } from '../webhooks/outbox';
import { LOCK_IDS } from '../../platform/lock-ids';
import { sqlArray as column, textArray } from '../../platform/sql-arrays';
import { recordAirings, type AiringRecord } from '../campaigns/airings';

const BATCH = 2_000;

interface Candidate extends SpotCandidate {
  estimateId: string;
  estimateItemId: string | null;
  daypartId: string;
}

/** A row read and checked before the transaction: the instants it may mean, and its station date and time. */
export interface ResolvedRow extends AsRunRow {
  instants: number[];
  localDate: string;
  localTime: string;
}

interface CampaignState {
  id: string;
  remainingCents: number;
}

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
}: {
  tx: Tx;
  importId: string;
  rows: readonly ResolvedRow[];
  skipped: readonly SkippedAsRunRow[];
  /** The file or the caller says the day is complete: close the whole broadcast days. */
  closeDay: boolean;
  /** The period the file says it covers (a BXF Schedule's start and end), epoch ms. */
  statedRange: { from: number; to: number } | null;
  /** Broadcast days the file's end-of-day markers close. */
  endOfDayDays?: readonly string[];
  toleranceMinutes: number;
  timeZone: string;
}): Promise<ImportTotals> => {
  const totals = { rows: rows.length + skipped.length, aired: 0, reportedMissed: 0, unmatched: 0, skipped: skipped.length, closedMissed: 0, reopened: 0 };
  const days = new Set<string>();
  const daypartCache = new Map<string, typeof dayparts.$inferSelect>();
  const itemCache = new Map<string, typeof orderItemsView.$inferSelect>();
  const campaignCache = new Map<string, CampaignState | null>();
  const tolerance = toleranceMinutes * 60_000;
  const changes: (typeof asRunChanges.$inferInsert)[] = skipped.map((r) => ({
    importId,
    line: r.line,
    outcome: 'skipped' as const,
    airDate: r.date,
    airTime: r.time,
    houseCode: r.houseCode,
    note: r.reason,
  }));
  const reopenedIds: string[] = [];
  /** The airings of the rows that matched a spot: the time range the file vouches for. */
  const matchedInstants: number[] = [];
  let unmatchedRows: { houseCode: string; instants: number[] }[] = [];
  const allCandidates = new Map<string, Candidate>();
  /** Every airing of the file, recorded once after the batches (each campaign's counters moved once). */
  const deliveries: AiringRecord[] = [];

  const daypartOf = async (id: string) => {
    if (!daypartCache.has(id)) for (const d of await tx.select().from(dayparts)) daypartCache.set(d.id, d);
    return daypartCache.get(id)!;
  };

  const windows = new Map<string, { start: Date; end: Date }>();
  const windowFor = async (daypartId: string, airDate: string) => {
    const key = `${daypartId}|${airDate}`;
    if (!windows.has(key)) windows.set(key, windowOf(await daypartOf(daypartId), airDate, timeZone));
    return windows.get(key)!;
  };

  const loadCandidates = async (batch: readonly ResolvedRow[]) => {
    const codes = [...new Set(batch.map((r) => r.houseCode).filter(Boolean))];
    const dates = [...new Set(batch.flatMap((r) => [addDays(r.localDate, -1), r.localDate, addDays(r.localDate, 1)]))];
    const ids = batch.flatMap((r) => (r.spotId ? [r.spotId] : []));
    const found = await tx
      .select({
        id: trafficSpots.id,
        estimateId: trafficSpots.estimateId,
        estimateItemId: trafficSpots.estimateItemId,
        daypartId: trafficSpots.daypartId,
        houseCode: trafficSpots.houseCode,
        airDate: trafficSpots.airDate,
        scheduledAt: trafficSpots.scheduledAt,
        status: trafficSpots.status,
        missedByClose: trafficSpots.missedByClose,
      })
      .from(trafficSpots)
      .where(
        sql`(${codes.length ? and(inArray(trafficSpots.houseCode, codes), inArray(trafficSpots.airDate, dates)) : sql`false`})${ids.length ? sql` or ${inArray(trafficSpots.id, ids)}` : sql``}`,
      );
    const closedIds = found.filter((row) => isClosedMissed(row)).map((row) => row.id);
    const makegoodAired = closedIds.length > 0 ? await missedSpotsWithAiredMakegood(tx, closedIds) : new Set<string>();
    const byId = new Map<string, Candidate>();
    const byCode = new Map<string, Candidate[]>();
    for (const row of found) {
      // A spot already seen in an earlier batch keeps its in-memory state (a row of this file may have settled it).
      const known = allCandidates.get(row.id);
      const { start, end } = await windowFor(row.daypartId, row.airDate);
      const candidate: Candidate = known ?? {
        ...row,
        scheduledAt: row.scheduledAt.getTime(),
        windowStart: start.getTime(),
        windowEnd: end.getTime(),
        makegoodAired: makegoodAired.has(row.id),
      };
      allCandidates.set(row.id, candidate);
      byId.set(row.id, candidate);
      byCode.set(row.houseCode, [...(byCode.get(row.houseCode) ?? []), candidate]);
    }
    return { byId, byCode };
  };

  /** Campaigns (locked) and items of the batch's candidate spots, read in two queries and kept. */
  const preload = async (spots: Iterable<Candidate>) => {
    const estimateIds = new Set<string>();
    const itemIds = new Set<string>();
    for (const spot of spots) {
      if (!campaignCache.has(spot.estimateId)) estimateIds.add(spot.estimateId);
      if (spot.estimateItemId && !itemCache.has(spot.estimateItemId)) itemIds.add(spot.estimateItemId);
    }
    if (estimateIds.size > 0) {
      const found = await tx
        .select()
        .from(campaigns)
        .where(inArray(campaigns.estimateId, [...estimateIds]))
        .for('update');
      for (const id of estimateIds) campaignCache.set(id, null);
      for (const row of found) {
        campaignCache.set(row.estimateId, { id: row.id, remainingCents: row.totalBudgetCents - row.spendCents });
      }
    }
    if (itemIds.size > 0)
      for (const row of await tx
        .select()
        .from(orderItemsView)
        .where(inArray(orderItemsView.id, [...itemIds])))
        itemCache.set(row.id, row);
  };

  const settleBatch = async (batch: readonly ResolvedRow[]) => {
    const index = await loadCandidates(batch);
    await preload(index.byId.values());
    const aired: { id: string; at: Date; seconds: number }[] = [];
    const missed: string[] = [];
    const unmatched: (typeof asRunUnmatched.$inferInsert)[] = [];

    for (const row of batch) {
      const outcome = matchAsRunRow(row, row.instants, index, tolerance);
      if ('reason' in outcome) {
        unmatched.push({ importId, line: row.line, airDate: row.localDate, airTime: row.localTime, houseCode: row.houseCode, reason: outcome.reason });
        unmatchedRows.push({ houseCode: row.houseCode, instants: row.instants });
        continue;
      }
      const spot = outcome.spot as Candidate;
      matchedInstants.push(outcome.at);
      const wasClosed = isClosedMissed(spot);
      days.add(spot.airDate);
      const change = { importId, line: row.line, spotId: spot.id, airDate: row.localDate, airTime: row.localTime, houseCode: row.houseCode || spot.houseCode };
      if (row.status === 'missed') {
        spot.status = 'missed';
        spot.missedByClose = false;
        missed.push(spot.id);
        totals.reportedMissed += 1;
        changes.push({ ...change, outcome: 'missed', note: null });
        continue;
      }
      spot.status = 'aired';
      spot.missedByClose = false;
      const airedAt = new Date(outcome.at);
      aired.push({ id: spot.id, at: airedAt, seconds: row.durationSeconds });
      totals.aired += 1;
      const notes = [
        row.discrepancy ? 'Aired with a discrepancy' : null,
        wasClosed ? 'Was closed as missed by an earlier import: now aired, its makegood withdrawn' : null,
      ].filter(Boolean);
      changes.push({ ...change, outcome: 'aired', note: notes.length ? notes.join('; ') : null });
      if (wasClosed) {
        reopenedIds.push(spot.id);
        totals.reopened += 1;
      }
      const campaign = campaignCache.get(spot.estimateId) ?? null;
      const item = spot.estimateItemId ? (itemCache.get(spot.estimateItemId) ?? null) : null;
      if (campaign && item) {
        const selection = selectionOf(await daypartOf(spot.daypartId), item);
        const { impressions, spendCents } = airingOf(selection.multiplier, toCents(selection.cpm), campaign.remainingCents);
        campaign.remainingCents -= spendCents;
        deliveries.push({ campaignId: campaign.id, daypartId: spot.daypartId, airedAt, impressions, spendCents, spotId: spot.id, simulated: false });
      }
    }

    if (aired.length > 0) {
      await tx.execute(sql`
        update traffic_spots s set status = 'aired', missed_by_close = false, aired_at = v.at, actual_duration_seconds = v.seconds, as_run_import_id = ${importId}, updated_at = now()
        from unnest(${column(
          aired.map((a) => a.id),
          'uuid',
        )}, ${column(
          aired.map((a) => a.at.toISOString()),
          'timestamptz',
        )}, ${column(
          aired.map((a) => a.seconds),
          'int',
        )}) v(id, at, seconds)
        where s.id = v.id`);
    }
    if (missed.length > 0)
      await tx
        .update(trafficSpots)
        .set({ status: 'missed', missedByClose: false, asRunImportId: importId, updatedAt: new Date() })
        .where(inArray(trafficSpots.id, missed));
    for (let i = 0; i < unmatched.length; i += 1000) await tx.insert(asRunUnmatched).values(unmatched.slice(i, i + 1000));
    totals.unmatched += unmatched.length;
  };

  for (let i = 0; i < rows.length; i += BATCH) await settleBatch(rows.slice(i, i + BATCH));
  if (reopenedIds.length > 0) await withdrawMakegoods(tx, reopenedIds);

  await recordAirings(tx, deliveries);
  deliveries.length = 0;

  // What the file covers is settled: what was scheduled there and not reported did not air.
  // Rows that matched nothing (another channel's, a shifted clock's) vouch for no time range.
  // An end-of-day marker closes the day it names, as "Close the day" closes the days of the file's spots.
  const closing = closingOf({
    instants: matchedInstants,
    closeDay: closeDay || endOfDayDays.length > 0,
    days: closeDay ? [...days, ...endOfDayDays] : [...endOfDayDays],
    stated: statedRange,
  });
  const settleable = [...SETTLEABLE_STATUSES];
  const where =
    closing.kind === 'days'
      ? and(inArray(trafficSpots.airDate, closing.days), inArray(trafficSpots.status, settleable))
      : closing.kind === 'range'
        ? and(
            sql`${trafficSpots.scheduledAt} between ${new Date(closing.from).toISOString()}::timestamptz and ${new Date(closing.to).toISOString()}::timestamptz`,
            inArray(trafficSpots.status, settleable),
          )
        : null;
  if (where) {
    const closed = await tx
      .update(trafficSpots)
      .set({ status: 'missed', missedByClose: true, asRunImportId: importId, updatedAt: new Date() })
      .where(where)
      .returning({ id: trafficSpots.id, airDate: trafficSpots.airDate, scheduledAt: trafficSpots.scheduledAt, houseCode: trafficSpots.houseCode });
    totals.closedMissed = closed.length;
    closed.sort((a, b) => a.scheduledAt.getTime() - b.scheduledAt.getTime());
    for (const spot of closed) {
      days.add(spot.airDate);
      changes.push({
        importId,
        line: null,
        outcome: 'closed_missed',
        spotId: spot.id,
        airDate: spot.airDate,
        airTime: localClockOf(spot.scheduledAt, timeZone),
        houseCode: spot.houseCode,
        note: null,
      });
    }
  }
  // One statement per 10,000 changes, in the list's order (the report reads them by id).
  for (let i = 0; i < changes.length; i += 10_000) {
    const part = changes.slice(i, i + 10_000);
    await tx.execute(sql`
      insert into as_run_changes (import_id, line, outcome, spot_id, air_date, air_time, house_code, note)
      select ${importId}::uuid, v.line, v.outcome, v.spot, v.day, v.time, v.code, v.note
      from unnest(${column(
        part.map((c) => c.line ?? null),
        'int',
      )}, ${textArray(part.map((c) => c.outcome))}, ${column(
        part.map((c) => c.spotId ?? null),
        'uuid',
      )},
        ${textArray(part.map((c) => c.airDate))}, ${textArray(part.map((c) => c.airTime))}, ${textArray(part.map((c) => c.houseCode))}, ${textArray(part.map((c) => c.note ?? null))})
        with ordinality v(line, outcome, spot, day, time, code, note, n)
      order by v.n`);
  }

  // Nothing matched, but most rows would at a whole number of hours off: say so.
  let notice: string | null = null;
  if (totals.aired + totals.reportedMissed === 0 && unmatchedRows.length > 0) {
    const hours = likelyShiftHours(unmatchedRows, { byId: allCandidates, byCode: groupByCode(allCandidates.values()) }, tolerance);
    if (hours !== null) {
      notice = `No row matched, but most would ${Math.abs(hours)} hour${Math.abs(hours) === 1 ? '' : 's'} ${hours > 0 ? 'later' : 'earlier'}: are the file's times in another time zone (UTC?) than the station's (${timeZone})?`;
    }
  }
  unmatchedRows = [];
  return { ...totals, days: [...days].sort(), closing: closing.kind === 'days' ? 'day' : closing.kind, notice };
};

const groupByCode = (candidates: Iterable<Candidate>) => {
  const byCode = new Map<string, Candidate[]>();
  for (const c of candidates) byCode.set(c.houseCode, [...(byCode.get(c.houseCode) ?? []), c]);
  return byCode;
};

/**
 * `delivery.updated`, once per order this import settled spots of, with the order's counts after it
 * (decision 030). Nothing is counted when no endpoint listens.
 */
const emitDeliveryUpdates = async (tx: Tx, importId: string) => {
  if (!(await anyListening(tx, 'delivery.updated'))) return;
  const count = (status: string) => sql<number>`(count(*) filter (where ${trafficSpots.status} = ${status}))::int`.mapWith(Number);
  const touched = tx.selectDistinct({ id: trafficSpots.estimateId }).from(trafficSpots).where(eq(trafficSpots.asRunImportId, importId));
  const orders = await tx
    .select({
      id: ordersView.id,
      ownerId: ordersView.ownerId,
      name: ordersView.estimateName,
      aired: count('aired'),
      missed: count('missed'),
      madeGood: count('made_good'),
      unconfirmed: count('unconfirmed'),
      scheduled: count('scheduled'),
    })
    .from(trafficSpots)
    .innerJoin(ordersView, eq(ordersView.id, trafficSpots.estimateId))
    .where(inArray(trafficSpots.estimateId, touched))
    .groupBy(ordersView.id, ordersView.ownerId, ordersView.estimateName)
    .orderBy(ordersView.id);
  for (const o of orders)
    await emitEvent(tx, {
      type: 'delivery.updated',
      ownerId: o.ownerId,
      data: {
        order_id: o.id,
        name: o.name,
        as_run_import_id: importId,
        aired: o.aired,
        missed: o.missed,
        made_good: o.madeGood,
        unconfirmed: o.unconfirmed,
        scheduled: o.scheduled,
      },
    });
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
  makegoodExpiryHours,
  now,
}: {
  db: Db;
  contentHash: string;
  filename: string;
  format: 'csv' | 'bxf';
  importedBy: string;
  rows: readonly ResolvedRow[];
  skipped: readonly SkippedAsRunRow[];
  closeDay: boolean;
  statedRange: { from: number; to: number } | null;
  /** Broadcast days the file's end-of-day markers close, whatever its rows cover. */
  endOfDayDays?: readonly string[];
  toleranceMinutes: number;
  timeZone: string;
  makegoodExpiryHours: number;
  now: Date;
}): Promise<{ id: string; staged: Staged[] }> =>
  db.transaction(async (tx) => {
    // One import at a time: two files naming the same spots settle one after the other (no row locks per spot needed).
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_IDS.as_run_import})`);
    const id = randomUUID();
    await tx
      .insert(asRunImports)
      .values({ id, contentHash, filename, format, importedBy, rows: 0, aired: 0, reportedMissed: 0, unmatched: 0, closedMissed: 0, days: [] });
    const totals = await settleAsRun({ tx, importId: id, rows, skipped, closeDay, statedRange, endOfDayDays, toleranceMinutes, timeZone });
    await tx.update(asRunImports).set(totals).where(eq(asRunImports.id, id));
    const { staged } = await offerMakegoods({ tx, importId: id, now, timeZone, expiryHours: makegoodExpiryHours });
    await emitDeliveryUpdates(tx, id);
    return { id, staged };
  });
