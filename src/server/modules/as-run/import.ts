/**
 * Importing an as-run file: rows are read as a stream and settled in batches inside one
 * transaction (a malformed line refuses the whole file; nothing is half-applied). Each aired row
 * matches the nearest scheduled spot of its house code whose daypart window (± tolerance) holds the
 * airing; matched spots air and deliver (campaign_deliveries, the campaign's counters); rows that
 * match nothing are kept with their line and reason. Then the days the file covered are closed:
 * their scheduled spots that no row reported are missed.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AsRunLineError, UNMATCHED_REASONS, type AsRunRow } from '../../../domain/as-run';
import { airingOf } from '../../../domain/campaigns';
import { addDays, instantOf } from '../../../domain/dates';
import { toCents } from '../../../domain/money';
import { OPEN_SPOT_STATUSES, isOpenSpot, windowOf } from '../../../domain/traffic';
import { asRunImports, asRunUnmatched, campaigns, dayparts, estimateItems, trafficSpots } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import { selectionOf } from '../estimates/orders';
import { offerMakegoods } from '../makegoods/offer';
import type { Staged } from '../notifications';

const BATCH = 2_000;
const AS_RUN_LOCK = 727_014;

/**
 * A column of values as an SQL array literal, for `unnest` bulk writes (one statement per batch
 * instead of one per row). Only for values this module makes (uuids, ISO instants, integers),
 * never for text from the file.
 */
const column = (values: readonly (string | number)[], type: 'uuid' | 'timestamptz' | 'int' | 'bigint') =>
  sql.raw(`'{${values.map((v) => (typeof v === 'number' ? String(Math.trunc(v)) : `"${v.replace(/[^\w:.+-]/g, '')}"`)).join(',')}}'::${type}[]`);

interface Candidate {
  id: string;
  estimateId: string;
  estimateItemId: string | null;
  daypartId: string;
  houseCode: string;
  airDate: string;
  scheduledAt: Date;
  status: string;
  windowStart: number;
  windowEnd: number;
}

interface CampaignState {
  id: string;
  remainingCents: number;
  aired: number;
  impressions: number;
  spendCents: number;
  lastAiredAt: Date | null;
}

export interface ImportTotals {
  rows: number;
  aired: number;
  reportedMissed: number;
  unmatched: number;
  closedMissed: number;
  days: string[];
}

/** Settles the rows of one file inside `tx`; answers the totals. The caller stores the import row first. */
export const settleAsRun = async ({
  tx,
  importId,
  rows,
  toleranceMinutes,
  timeZone,
}: {
  tx: Tx;
  importId: string;
  rows: AsyncIterable<AsRunRow>;
  toleranceMinutes: number;
  timeZone: string;
}): Promise<ImportTotals> => {
  const totals = { rows: 0, aired: 0, reportedMissed: 0, unmatched: 0, closedMissed: 0 };
  const days = new Set<string>();
  const daypartCache = new Map<string, typeof dayparts.$inferSelect>();
  const itemCache = new Map<string, typeof estimateItems.$inferSelect>();
  const campaignCache = new Map<string, CampaignState | null>();
  const tolerance = toleranceMinutes * 60_000;

  const daypartOf = async (id: string) => {
    if (!daypartCache.has(id)) for (const d of await tx.select().from(dayparts)) daypartCache.set(d.id, d);
    return daypartCache.get(id)!;
  };

  // Time zone conversions are the costly part of a row: one per station minute of the file.
  const minutes = new Map<string, number>();
  const instantFor = (date: string, time: string) => {
    const key = `${date}|${time.slice(0, 5)}`;
    let minute = minutes.get(key);
    if (minute === undefined) minutes.set(key, (minute = instantOf(date, time.slice(0, 5), timeZone).getTime()));
    return minute + Number(time.slice(6, 8)) * 1000;
  };

  const windows = new Map<string, { start: Date; end: Date }>();
  const windowFor = async (daypartId: string, airDate: string) => {
    const key = `${daypartId}|${airDate}`;
    if (!windows.has(key)) windows.set(key, windowOf(await daypartOf(daypartId), airDate, timeZone));
    return windows.get(key)!;
  };

  const loadCandidates = async (batch: AsRunRow[]) => {
    const codes = [...new Set(batch.map((r) => r.houseCode))];
    const dates = [...new Set(batch.flatMap((r) => [r.date, addDays(r.date, -1)]))];
    const ids = batch.flatMap((r) => (r.spotId ? [r.spotId] : []));
    const rows = await tx
      .select({
        id: trafficSpots.id,
        estimateId: trafficSpots.estimateId,
        estimateItemId: trafficSpots.estimateItemId,
        daypartId: trafficSpots.daypartId,
        houseCode: trafficSpots.houseCode,
        airDate: trafficSpots.airDate,
        scheduledAt: trafficSpots.scheduledAt,
        status: trafficSpots.status,
      })
      .from(trafficSpots)
      .where(
        sql`(${and(inArray(trafficSpots.houseCode, codes), inArray(trafficSpots.airDate, dates))})${ids.length ? sql` or ${inArray(trafficSpots.id, ids)}` : sql``}`,
      );
    const byId = new Map<string, Candidate>();
    const byCode = new Map<string, Candidate[]>();
    for (const row of rows) {
      const { start, end } = await windowFor(row.daypartId, row.airDate);
      const candidate = { ...row, windowStart: start.getTime() - tolerance, windowEnd: end.getTime() + tolerance };
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
      const rows = await tx.select().from(campaigns).where(inArray(campaigns.estimateId, [...estimateIds])).for('update');
      for (const id of estimateIds) campaignCache.set(id, null);
      for (const row of rows) {
        campaignCache.set(row.estimateId, { id: row.id, remainingCents: row.totalBudgetCents - row.spendCents, aired: 0, impressions: 0, spendCents: 0, lastAiredAt: row.lastAiredAt });
      }
    }
    if (itemIds.size > 0) for (const row of await tx.select().from(estimateItems).where(inArray(estimateItems.id, [...itemIds]))) itemCache.set(row.id, row);
  };

  const settleBatch = async (batch: AsRunRow[]) => {
    const { byId, byCode } = await loadCandidates(batch);
    await preload(byId.values());
    const aired: { id: string; at: Date; seconds: number }[] = [];
    const missed: string[] = [];
    const deliveries: { campaignId: string; daypartId: string; airedAt: Date; impressions: number; spendCents: number; spotId: string }[] = [];
    const unmatched: (typeof asRunUnmatched.$inferInsert)[] = [];
    const refuse = (row: AsRunRow, reason: string) => unmatched.push({ importId, line: row.line, airDate: row.date, airTime: row.time, houseCode: row.houseCode, reason });

    for (const row of batch) {
      const at = instantFor(row.date, row.time);
      let spot: Candidate | undefined;
      if (row.spotId) {
        spot = byId.get(row.spotId);
        if (!spot) {
          refuse(row, UNMATCHED_REASONS.unknownSpot);
          continue;
        }
        if (spot.houseCode !== row.houseCode) {
          refuse(row, UNMATCHED_REASONS.spotMismatch);
          continue;
        }
        if (!isOpenSpot(spot.status)) {
          refuse(row, UNMATCHED_REASONS.duplicate);
          continue;
        }
      } else {
        const sameCode = (byCode.get(row.houseCode) ?? []).filter((c) => c.airDate === row.date || (c.airDate === addDays(row.date, -1) && c.windowEnd >= at));
        if (sameCode.length === 0) {
          refuse(row, UNMATCHED_REASONS.unknownHouseCode);
          continue;
        }
        const inWindow = sameCode.filter((c) => c.windowStart <= at && at <= c.windowEnd);
        const open = inWindow.filter((c) => isOpenSpot(c.status));
        if (open.length === 0) {
          refuse(row, inWindow.length > 0 ? UNMATCHED_REASONS.duplicate : UNMATCHED_REASONS.outsideWindow);
          continue;
        }
        spot = open.reduce((best, c) => (Math.abs(c.scheduledAt.getTime() - at) < Math.abs(best.scheduledAt.getTime() - at) ? c : best));
      }
      days.add(spot.airDate);
      if (row.status === 'missed') {
        spot.status = 'missed';
        missed.push(spot.id);
        totals.reportedMissed += 1;
        continue;
      }
      spot.status = 'aired';
      const airedAt = new Date(at);
      aired.push({ id: spot.id, at: airedAt, seconds: row.durationSeconds });
      totals.aired += 1;
      const campaign = campaignCache.get(spot.estimateId) ?? null;
      const item = spot.estimateItemId ? (itemCache.get(spot.estimateItemId) ?? null) : null;
      if (campaign && item) {
        const selection = selectionOf(await daypartOf(spot.daypartId), item);
        const { impressions, spendCents } = airingOf(selection.multiplier, toCents(selection.cpm), campaign.remainingCents);
        campaign.remainingCents -= spendCents;
        campaign.aired += 1;
        campaign.impressions += impressions;
        campaign.spendCents += spendCents;
        if (!campaign.lastAiredAt || airedAt > campaign.lastAiredAt) campaign.lastAiredAt = airedAt;
        deliveries.push({ campaignId: campaign.id, daypartId: spot.daypartId, airedAt, impressions, spendCents, spotId: spot.id });
      }
    }

    if (aired.length > 0) {
      await tx.execute(sql`
        update traffic_spots s set status = 'aired', aired_at = v.at, actual_duration_seconds = v.seconds, as_run_import_id = ${importId}, updated_at = now()
        from unnest(${column(aired.map((a) => a.id), 'uuid')}, ${column(aired.map((a) => a.at.toISOString()), 'timestamptz')}, ${column(aired.map((a) => a.seconds), 'int')}) v(id, at, seconds)
        where s.id = v.id`);
    }
    if (missed.length > 0) await tx.update(trafficSpots).set({ status: 'missed', asRunImportId: importId, updatedAt: new Date() }).where(inArray(trafficSpots.id, missed));
    if (deliveries.length > 0) {
      await tx.execute(sql`
        insert into campaign_deliveries (campaign_id, daypart_id, aired_at, impressions, spend_cents, spot_id)
        select * from unnest(${column(deliveries.map((d) => d.campaignId), 'uuid')}, ${column(deliveries.map((d) => d.daypartId), 'uuid')},
          ${column(deliveries.map((d) => d.airedAt.toISOString()), 'timestamptz')}, ${column(deliveries.map((d) => d.impressions), 'int')},
          ${column(deliveries.map((d) => d.spendCents), 'bigint')}, ${column(deliveries.map((d) => d.spotId), 'uuid')})`);
    }
    for (let i = 0; i < unmatched.length; i += 1000) await tx.insert(asRunUnmatched).values(unmatched.slice(i, i + 1000));
    totals.unmatched += unmatched.length;
  };

  let batch: AsRunRow[] = [];
  for await (const row of rows) {
    totals.rows += 1;
    batch.push(row);
    if (batch.length >= BATCH) {
      await settleBatch(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await settleBatch(batch);

  const delivered = [...campaignCache.values()].filter((state): state is CampaignState => state !== null && state.aired > 0);
  for (let i = 0; i < delivered.length; i += BATCH) {
    const part = delivered.slice(i, i + BATCH);
    await tx.execute(sql`
      update campaigns c set aired_spots = c.aired_spots + v.aired, total_impressions = c.total_impressions + v.impressions,
        spend_cents = c.spend_cents + v.spend, last_aired_at = greatest(c.last_aired_at, v.last), updated_at = now()
      from unnest(${column(part.map((p) => p.id), 'uuid')}, ${column(part.map((p) => p.aired), 'int')}, ${column(part.map((p) => p.impressions), 'bigint')},
        ${column(part.map((p) => p.spendCents), 'bigint')}, ${column(part.map((p) => p.lastAiredAt!.toISOString()), 'timestamptz')}) v(id, aired, impressions, spend, last)
      where c.id = v.id`);
  }

  // The days this file covered are settled: what was scheduled and not reported did not air.
  const covered = [...days].sort();
  if (covered.length > 0) {
    const closed = await tx
      .update(trafficSpots)
      .set({ status: 'missed', asRunImportId: importId, updatedAt: new Date() })
      .where(and(inArray(trafficSpots.airDate, covered), inArray(trafficSpots.status, [...OPEN_SPOT_STATUSES])))
      .returning({ id: trafficSpots.id });
    totals.closedMissed = closed.length;
  }
  return { ...totals, days: covered };
};

/** Stores the import, settles its rows; all in one transaction. */
export const importAsRun = async ({
  db,
  contentHash,
  filename,
  format,
  importedBy,
  rows,
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
  rows: AsyncIterable<AsRunRow>;
  toleranceMinutes: number;
  timeZone: string;
  makegoodExpiryHours: number;
  now: Date;
}): Promise<{ id: string; staged: Staged[] }> =>
  db.transaction(async (tx) => {
    // One import at a time: two files naming the same spots settle one after the other (no row locks per spot needed).
    await tx.execute(sql`select pg_advisory_xact_lock(${AS_RUN_LOCK})`);
    const id = randomUUID();
    await tx.insert(asRunImports).values({ id, contentHash, filename, format, importedBy, rows: 0, aired: 0, reportedMissed: 0, unmatched: 0, closedMissed: 0, days: [] });
    const totals = await settleAsRun({ tx, importId: id, rows, toleranceMinutes, timeZone });
    if (totals.rows === 0) throw new AsRunLineError(1, 'the file holds no as-run rows');
    await tx.update(asRunImports).set(totals).where(eq(asRunImports.id, id));
    const { staged } = await offerMakegoods({ tx, importId: id, now, expiryHours: makegoodExpiryHours });
    return { id, staged };
  });
