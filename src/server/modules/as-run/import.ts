/**
 * Settling an as-run file's rows (already read and checked, before the transaction opens, and held
 * as columns: ResolvedRows) inside one transaction. The candidate spots of the whole file are read
 * first (a query per 20,000 house code and day pairs); each row then matches a spot by the rule in
 * domain/as-run-match, in the file's order; the outcomes are written set-based, one statement per
 * 20,000 rows: the aired spots (one run of the audit trigger per statement), the missed, the
 * unmatched rows, the changes list; the airings through recordAirings. Decision 044. Matched spots air and deliver
 * (campaign_deliveries, the campaign's counters) or are missed; rows that match nothing are kept
 * with their line and reason; every change is listed spot by spot. Then what the file covers is
 * closed (its time range, or whole days when it says so): scheduled spots there that no row
 * reported are missed.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type SkippedAsRunRow } from '../../../domain/as-run';
import {
  closingOf,
  isClosedMissed,
  likelyShiftHours,
  matchAsRunRow,
  offScheduleNote,
  SETTLEABLE_STATUSES,
  type SpotCandidate,
} from '../../../domain/as-run-match';
import { airingOf, lineAiringOf } from '../../../domain/campaigns';
import { localClockOf } from '../../../domain/dates';
import { toCents } from '../../../domain/money';
import { windowOf } from '../../../domain/traffic';
import { asRunImports, campaigns, dayparts, trafficSpots } from '../../db/schema';
import { orderItemsView, ordersView } from '../orders/views';
import type { Db, Tx } from '../../platform/db';
import { selectionOf } from '../orders/public';
import { offerMakegoods, scheduleLineTerms } from '../makegoods/offer';
import { stationAutoOffersMakegoods } from '../station/public';
import { missedSpotsWithAiredMakegood, withdrawMakegoods } from '../makegoods/withdraw';
import type { Staged } from '../notifications';
import { anyListening, emitEvent } from '../webhooks/outbox';
import { LOCK_IDS } from '../../platform/lock-ids';
import { sqlArray as column, textArray } from '../../platform/sql-arrays';
import { recordAirings, type AiringRecord } from '../campaigns/airings';
import type { ResolvedRows } from './rows';

interface Candidate extends SpotCandidate {
  estimateId: string;
  estimateItemId: string | null;
  scheduleLineId: string | null;
  daypartId: string;
  /** An ADU's spot (decision 057): it delivers its impressions but spends nothing of the campaign's budget. */
  noCharge: boolean;
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

/** A row's outcome, by row (ResolvedRows' order); 0: unmatched. */
const AIRED = 1;
const MISSED = 2;

/**
 * Rows per statement. The database's cost is per row (the audit trigger runs once per statement over its
 * rows); the chunk bounds the SQL text held at once, in this process and in PGlite's memory.
 */
const UPDATE_CHUNK = 20_000;
const INSERT_CHUNK = 20_000;

const chunks = function* (length: number, size: number) {
  for (let from = 0; from < length; from += size) yield { from, to: Math.min(length, from + size) };
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
}): Promise<ImportTotals> => {
  const count = rows.length;
  const totals = { rows: count + skipped.length, aired: 0, reportedMissed: 0, unmatched: 0, skipped: skipped.length, closedMissed: 0, reopened: 0 };
  const days = new Set<string>();
  const tolerance = toleranceMinutes * 60_000;

  // ── the candidate spots of the whole file, in one query ──
  const pairs = new Map<string, Set<string>>();
  for (let i = 0; i < count; i += 1) {
    const code = rows.houseCode(i);
    if (!code) continue;
    let dates = pairs.get(code);
    if (!dates) pairs.set(code, (dates = new Set()));
    dates.add(rows.localDate(i));
  }
  const pairCodes: string[] = [];
  const pairDays: string[] = [];
  for (const [code, dates] of pairs) {
    for (const day of dates) {
      pairCodes.push(code);
      pairDays.push(day);
    }
  }
  pairs.clear();
  const daypartRows = new Map((await tx.select().from(dayparts)).map((d) => [d.id, d]));
  const windows = new Map<string, { start: number; end: number }>();
  const windowFor = (daypartId: string, airDate: string) => {
    const key = `${daypartId}|${airDate}`;
    let window = windows.get(key);
    if (!window) {
      const { start, end } = windowOf(daypartRows.get(daypartId)!, airDate, timeZone);
      windows.set(key, (window = { start: start.getTime(), end: end.getTime() }));
    }
    return window;
  };
  /** One string per id of an order, item, daypart, house code and day: the candidates share them. */
  const shared = new Map<string, string>();
  const share = (value: string) => {
    const known = shared.get(value);
    if (known !== undefined) return known;
    shared.set(value, value);
    return value;
  };
  const byId = new Map<string, Candidate>();
  const byCode = new Map<string, Candidate[]>();
  const spotColumns = {
    id: trafficSpots.id,
    estimateId: trafficSpots.estimateId,
    estimateItemId: trafficSpots.estimateItemId,
    scheduleLineId: trafficSpots.scheduleLineId,
    daypartId: trafficSpots.daypartId,
    houseCode: trafficSpots.houseCode,
    airDate: trafficSpots.airDate,
    scheduledAt: sql<number>`floor(extract(epoch from ${trafficSpots.scheduledAt}) * 1000)::float8`.mapWith(Number),
    status: trafficSpots.status,
    missedByClose: trafficSpots.missedByClose,
    noCharge: trafficSpots.noCharge,
  };
  const addCandidates = async (
    found: {
      id: string;
      estimateId: string;
      estimateItemId: string | null;
      scheduleLineId: string | null;
      daypartId: string;
      houseCode: string;
      airDate: string;
      scheduledAt: number;
      status: (typeof trafficSpots.$inferSelect)['status'];
      missedByClose: boolean;
      noCharge: boolean;
    }[],
  ) => {
    const closedIds = found.filter((row) => isClosedMissed(row)).map((row) => row.id);
    const makegoodAired = closedIds.length > 0 ? await missedSpotsWithAiredMakegood(tx, closedIds) : new Set<string>();
    for (const row of found) {
      if (byId.has(row.id)) continue;
      const { start, end } = windowFor(row.daypartId, row.airDate);
      const candidate: Candidate = {
        id: row.id,
        estimateId: share(row.estimateId),
        estimateItemId: row.estimateItemId === null ? null : share(row.estimateItemId),
        scheduleLineId: row.scheduleLineId === null ? null : share(row.scheduleLineId),
        daypartId: share(row.daypartId),
        houseCode: share(row.houseCode),
        airDate: share(row.airDate),
        scheduledAt: row.scheduledAt,
        status: row.status,
        missedByClose: row.missedByClose,
        noCharge: row.noCharge,
        windowStart: start,
        windowEnd: end,
        makegoodAired: makegoodAired.has(row.id),
      };
      byId.set(row.id, candidate);
      const list = byCode.get(candidate.houseCode);
      if (list) list.push(candidate);
      else byCode.set(candidate.houseCode, [candidate]);
    }
  };
  // The spots a row may match, or be near (matchAsRunRow: a window within a day of the airing): broadcast days from
  // two before the row's station date (an overnight window ends the day after its own) to the day after it.
  // A query per 20,000 (house code, day) pairs: what the driver answers at once stays small.
  for (let from = 0; from < pairCodes.length; from += 20_000)
    await addCandidates(
      await tx
        .select(spotColumns)
        .from(trafficSpots)
        .where(
          sql`${trafficSpots.channelId} = ${channelId} and (${trafficSpots.houseCode}, ${trafficSpots.airDate}) in (
            select distinct v.code, v.day::date + o.d from unnest(${textArray(pairCodes.slice(from, from + 20_000))}, ${textArray(pairDays.slice(from, from + 20_000))}) v(code, day)
            cross join (values (-2), (-1), (0), (1)) o(d))`,
        ),
    );
  const ids = rows.namedSpotIds();
  if (ids.length > 0)
    await addCandidates(
      await tx
        .select(spotColumns)
        .from(trafficSpots)
        .where(and(eq(trafficSpots.channelId, channelId), inArray(trafficSpots.id, ids))),
    );
  pairCodes.length = 0;
  pairDays.length = 0;
  shared.clear();
  const index = { byId, byCode };

  // The campaigns (locked) and items of the candidate spots, in two queries.
  const campaignOf = new Map<string, CampaignState>();
  const itemOf = new Map<string, typeof orderItemsView.$inferSelect>();
  const estimateIds = new Set<string>();
  const itemIds = new Set<string>();
  for (const spot of byId.values()) {
    estimateIds.add(spot.estimateId);
    if (spot.estimateItemId) itemIds.add(spot.estimateItemId);
  }
  if (estimateIds.size > 0)
    for (const row of await tx
      .select({ id: campaigns.id, estimateId: campaigns.estimateId, budget: campaigns.totalBudgetCents, spend: campaigns.spendCents })
      .from(campaigns)
      .where(inArray(campaigns.estimateId, [...estimateIds]))
      .for('update'))
      campaignOf.set(row.estimateId, { id: row.id, remainingCents: row.budget - row.spend });
  if (itemIds.size > 0)
    for (const row of await tx
      .select()
      .from(orderItemsView)
      .where(inArray(orderItemsView.id, [...itemIds])))
      itemOf.set(row.id, row);
  // A schedule line's spot airs at the line's rate per spot (issue 42).
  const lineOf = await scheduleLineTerms(
    tx,
    [...byId.values()].map((spot) => spot.scheduleLineId),
  );
  estimateIds.clear();
  itemIds.clear();

  // ── matching, row by row in the file's order (a spot a row settles is settled for the rows after it) ──
  const outcome = new Uint8Array(count);
  /** The matched spot's status before this row settled it (the audit event's "before", decision 055). */
  const previousStatus: (string | null)[] = new Array<string | null>(count).fill(null);
  const spotOf: (Candidate | null)[] = new Array<Candidate | null>(count).fill(null);
  const airedAt = new Float64Array(count);
  const impressions = new Float64Array(count);
  const spend = new Float64Array(count);
  const delivered = new Uint8Array(count);
  /** Unmatched reasons and aired notes, by row (few). */
  const reasons = new Map<number, string>();
  const notes = new Map<number, string>();
  const reopenedIds: string[] = [];
  let firstMatched = Infinity;
  let lastMatched = -Infinity;
  let matched = 0;
  for (let i = 0; i < count; i += 1) {
    const result = matchAsRunRow({ houseCode: rows.houseCode(i), spotId: rows.spotId(i) }, rows.instants(i), index, tolerance);
    if ('reason' in result) {
      reasons.set(i, result.reason);
      continue;
    }
    const spot = result.spot as Candidate;
    spotOf[i] = spot;
    matched += 1;
    firstMatched = Math.min(firstMatched, result.at);
    lastMatched = Math.max(lastMatched, result.at);
    const wasClosed = isClosedMissed(spot);
    previousStatus[i] = spot.status;
    days.add(spot.airDate);
    spot.missedByClose = false;
    if (rows.status(i) === 'missed') {
      spot.status = 'missed';
      outcome[i] = MISSED;
      totals.reportedMissed += 1;
      continue;
    }
    spot.status = 'aired';
    outcome[i] = AIRED;
    airedAt[i] = result.at;
    totals.aired += 1;
    const note = [
      rows.discrepancy(i) ? 'Aired with a discrepancy' : null,
      wasClosed ? 'Was closed as missed by an earlier import: now aired, its makegood withdrawn' : null,
      offScheduleNote(spot.scheduledAt, result.at),
    ].filter(Boolean);
    if (note.length > 0) notes.set(i, note.join('; '));
    if (wasClosed) {
      reopenedIds.push(spot.id);
      totals.reopened += 1;
    }
    const campaign = campaignOf.get(spot.estimateId);
    const item = spot.estimateItemId ? itemOf.get(spot.estimateItemId) : undefined;
    const line = spot.scheduleLineId ? lineOf.get(spot.scheduleLineId) : undefined;
    if (campaign && line) {
      const airing = lineAiringOf(daypartRows.get(spot.daypartId)!.multiplier, line.rateCents, campaign.remainingCents);
      campaign.remainingCents -= airing.spendCents;
      impressions[i] = airing.impressions;
      spend[i] = airing.spendCents;
      delivered[i] = 1;
    } else if (campaign && item) {
      const selection = selectionOf(daypartRows.get(spot.daypartId)!, item);
      const airing = airingOf(selection.multiplier, spot.noCharge ? 0 : toCents(selection.cpm), campaign.remainingCents);
      campaign.remainingCents -= airing.spendCents;
      impressions[i] = airing.impressions;
      spend[i] = airing.spendCents;
      delivered[i] = 1;
    }
  }
  totals.unmatched = reasons.size;

  // ── the writes, set-based ──
  const picked = (kind: number) => {
    const at: number[] = [];
    for (let i = 0; i < count; i += 1) if (outcome[i] === kind) at.push(i);
    return at;
  };
  // The spots' audit trigger skips the import's own updates of spots: each is listed in as_run_changes below,
  // which the audit trail reads as that spot's event (decision 055). Set only around these statements.
  const auditSource = async (on: boolean) => tx.execute(sql`select set_config('spotbook.audit_source', ${on ? `as-run:${importId}` : ''}, true)`);
  const airedRows = picked(AIRED);
  const missedRows = picked(MISSED);
  if (airedRows.length + missedRows.length > 0) await auditSource(true);
  for (const { from, to } of chunks(airedRows.length, UPDATE_CHUNK)) {
    const part = airedRows.slice(from, to);
    await tx.execute(sql`
      update traffic_spots s set status = 'aired', missed_by_close = false, aired_at = v.at, actual_duration_seconds = v.seconds, as_run_import_id = ${importId}, updated_at = now()
      from unnest(${column(
        part.map((i) => spotOf[i]!.id),
        'uuid',
      )}, ${column(
        part.map((i) => new Date(airedAt[i]!).toISOString()),
        'timestamptz',
      )}, ${column(
        part.map((i) => rows.durationSeconds(i)),
        'int',
      )}) v(id, at, seconds)
      where s.id = v.id`);
  }
  for (const { from, to } of chunks(missedRows.length, UPDATE_CHUNK))
    await tx
      .update(trafficSpots)
      .set({ status: 'missed', missedByClose: false, asRunImportId: importId, updatedAt: new Date() })
      .where(
        inArray(
          trafficSpots.id,
          missedRows.slice(from, to).map((i) => spotOf[i]!.id),
        ),
      );
  if (airedRows.length + missedRows.length > 0) await auditSource(false);
  const unmatchedRows = [...reasons.keys()];
  for (const { from, to } of chunks(unmatchedRows.length, INSERT_CHUNK)) {
    const part = unmatchedRows.slice(from, to);
    await tx.execute(sql`
      insert into as_run_unmatched (import_id, line, air_date, air_time, house_code, reason, channel_id)
      select ${importId}::uuid, v.line, v.day, v.time, v.code, v.reason, ${channelId}::uuid
      from unnest(${column(
        part.map((i) => rows.line(i)),
        'int',
      )}, ${textArray(part.map((i) => rows.localDate(i)))}, ${textArray(part.map((i) => rows.localTime(i)))}, ${textArray(part.map((i) => rows.houseCode(i)))},
        ${textArray(part.map((i) => reasons.get(i)!))}) v(line, day, time, code, reason)`);
  }
  if (reopenedIds.length > 0) await withdrawMakegoods(tx, reopenedIds);

  // The airings, made as recordAirings reads them: a chunk of them at a time, not 100,000 objects at once.
  const airings = function* (): Generator<AiringRecord> {
    for (const i of airedRows) {
      if (!delivered[i]) continue;
      const spot = spotOf[i]!;
      yield {
        campaignId: campaignOf.get(spot.estimateId)!.id,
        daypartId: spot.daypartId,
        airedAt: new Date(airedAt[i]!),
        impressions: impressions[i]!,
        spendCents: spend[i]!,
        spotId: spot.id,
        simulated: false,
      };
    }
  };
  await recordAirings(tx, airings());
  airedRows.length = 0;
  missedRows.length = 0;

  // What the file covers is settled: what was scheduled there and not reported did not air.
  // Rows that matched nothing (another channel's, a shifted clock's) vouch for no time range.
  // An end-of-day marker closes the day it names, as "Close the day" closes the days of the file's spots.
  const closing = closingOf({
    instants: matched === 0 ? [] : matched === 1 ? [firstMatched] : [firstMatched, lastMatched],
    closeDay: closeDay || endOfDayDays.length > 0,
    days: closeDay ? [...days, ...endOfDayDays] : [...endOfDayDays],
    stated: statedRange,
  });
  const settleable = [...SETTLEABLE_STATUSES];
  const where =
    closing.kind === 'days'
      ? and(eq(trafficSpots.channelId, channelId), inArray(trafficSpots.airDate, closing.days), inArray(trafficSpots.status, settleable))
      : closing.kind === 'range'
        ? and(
            eq(trafficSpots.channelId, channelId),
            sql`${trafficSpots.scheduledAt} between ${new Date(closing.from).toISOString()}::timestamptz and ${new Date(closing.to).toISOString()}::timestamptz`,
            inArray(trafficSpots.status, settleable),
          )
        : null;
  let closed: { id: string; airDate: string; scheduledAt: Date; houseCode: string; estimateId: string; previousStatus: string }[] = [];
  if (where) {
    await auditSource(true);
    // The status each spot had before (its audit event's "before"), read in the same statement.
    const { rows: found } = (await tx.execute(sql`
      update traffic_spots s set status = 'missed', missed_by_close = true, as_run_import_id = ${importId}, updated_at = now()
      from (select ${trafficSpots.id} as id, ${trafficSpots.status} as status from ${trafficSpots} where ${where} for update) o
      where s.id = o.id
      returning s.id, s.air_date as "airDate", s.scheduled_at as "scheduledAt", s.house_code as "houseCode", s.estimate_id as "estimateId", o.status as "previousStatus"`)) as unknown as {
      rows: { id: string; airDate: string; scheduledAt: Date | string; houseCode: string; estimateId: string; previousStatus: string }[];
    };
    await auditSource(false);
    closed = found.map((row) => ({ ...row, scheduledAt: new Date(row.scheduledAt) }));
  }
  totals.closedMissed = closed.length;
  closed.sort((a, b) => a.scheduledAt.getTime() - b.scheduledAt.getTime());
  for (const spot of closed) days.add(spot.airDate);

  // The changes list, in its order (the report reads it by id): the skipped rows, the rows' spots in the file's order, the closed spots.
  const changeRows = [...picked(AIRED), ...picked(MISSED)].sort((a, b) => a - b);
  const changeCount = skipped.length + changeRows.length + closed.length;
  const change = (n: number) => {
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
      const spot = spotOf[i]!;
      const aired = outcome[i] === AIRED;
      return {
        line: rows.line(i),
        outcome: aired ? 'aired' : 'missed',
        spotId: spot.id,
        orderId: spot.estimateId,
        previousStatus: previousStatus[i]!,
        airDate: rows.localDate(i),
        airTime: rows.localTime(i),
        houseCode: rows.houseCode(i) || spot.houseCode,
        note: aired ? (notes.get(i) ?? null) : null,
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
  for (const { from, to } of chunks(changeCount, INSERT_CHUNK)) {
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

  // Nothing matched, but most rows would at a whole number of hours off: say so.
  let notice: string | null = null;
  if (totals.aired + totals.reportedMissed === 0 && unmatchedRows.length > 0) {
    const hours = likelyShiftHours(
      unmatchedRows.map((i) => ({ houseCode: rows.houseCode(i), instants: rows.instants(i) })),
      index,
      tolerance,
    );
    if (hours !== null) {
      notice = `No row matched, but most would ${Math.abs(hours)} hour${Math.abs(hours) === 1 ? '' : 's'} ${hours > 0 ? 'later' : 'earlier'}: are the file's times in another time zone (UTC?) than the station's (${timeZone})?`;
    }
  }
  return { ...totals, days: [...days].sort(), closing: closing.kind === 'days' ? 'day' : closing.kind, notice };
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
  zoneOf = () => timeZone,
  makegoodExpiryHours,
  now,
  fallbackChannelId,
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
}): Promise<{ id: string; staged: Staged[] }> =>
  db.transaction(async (tx) => {
    // One import at a time: two files naming the same spots settle one after the other (no row locks per spot needed).
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_IDS.as_run_import})`);
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
      });
      totals = totals ? addTotals(totals, part) : part;
    }
    await tx
      .update(asRunImports)
      .set({ ...totals!, channelIds })
      .where(eq(asRunImports.id, id));
    // Off by default: the traffic desk decides which missed spots to offer (Discrepancies, decision 058).
    const { staged } = (await stationAutoOffersMakegoods(tx))
      ? await offerMakegoods({ tx, importId: id, now, timeZone, expiryHours: makegoodExpiryHours })
      : { staged: [] };
    await emitDeliveryUpdates(tx, id);
    return { id, staged };
  });
