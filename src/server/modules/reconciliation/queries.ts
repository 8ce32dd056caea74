/**
 * Reading reconciliations: booked orders still waiting for their actual figures, the variance of
 * one order, the dashboard's aggregates and the export's rows. Booked means approved, scheduled,
 * active or completed; an order's projection is computed in SQL from its items (no N+1).
 */
import { and, asc, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { REVENUE_STATUSES } from '../../../domain/analytics';
import { addDays, type StationTime } from '../../../domain/dates';
import { roundDollars, toDollars } from '../../../domain/money';
import {
  HIGH_VARIANCE_PERCENT,
  RECONCILIATION_MESSAGES,
  varianceOf,
  type PendingReply,
  type ReconciliationDashboard,
  type Variance,
} from '../../../domain/reconciliation';
import { reconciliationBrandDays, reconciliations } from '../../db/schema';
import { brandSummaries } from '../brands/public';
import { certifiedAiredOf } from '../campaigns/public';
import { ordersView } from '../orders/views';
import { stationZoneSql, type Tx } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { statusCounts, totalOf, weeklyReachOf } from '../orders/public';

export const BOOKED = inArray(ordersView.status, [...REVENUE_STATUSES]);

/** What aired for real per order: the campaigns module's certified figures (decision 052), absent without a campaign. */
export const certifiedAired = certifiedAiredOf;

/** The brands' names of the rows, in one query to the brands module. */
const brandNamesOf = async (db: Tx, ids: readonly (string | null)[]): Promise<Map<string, string>> =>
  new Map([...(await brandSummaries(db, ids)).values()].map((brand) => [brand.id, brand.commonName]));

/** Weekly reach over the weeks the budget buys (budget ÷ weekly cost). */
export const projectedImpressions = sql<number>`(case when ${ordersView.totalEstimatedCostCents} > 0
  then ${ordersView.totalSpendCents}::float8 / ${ordersView.totalEstimatedCostCents} * ${weeklyReachOf(ordersView.id)} else 0 end)`.mapWith(Number);
const itemCount = sql<number>`(select count(*)::int from order_items i where i.estimate_id = ${ordersView.id})`.mapWith(Number);

const byBrand = (brandId: string | undefined): SQL | undefined => (brandId ? eq(ordersView.brandId, brandId) : undefined);
/** The orders of a brand and of some channels (decision 053; null: every channel). */
const inScope = (brandId: string | undefined, channels: readonly string[] | null): SQL | undefined =>
  and(byBrand(brandId), channels ? inArray(ordersView.channelId, [...channels]) : undefined);

const since = (days: number, today: string) => new Date(`${addDays(today, -(days - 1))}T00:00:00Z`);

/** Not yet reconciled: NOT EXISTS plans as an anti-join with honest row estimates (a LEFT JOIN … IS NULL on the id did not, 2.8 s at 1M orders). */
const unreconciled = sql`not exists (select 1 from ${reconciliations} r where r.estimate_id = ${ordersView.id})`;

/**
 * Booked and reconciled orders per status, from the rollup `order_counts` (decision 037) by brand or by
 * channel; a brand within some channels is counted from its rows.
 */
const countsIn = async (db: Tx, brandId: string | undefined, channels: readonly string[] | null) => {
  if (!(brandId && channels)) return statusCounts(db, brandId ? { brand: brandId } : channels ? { channels } : { all: true });
  return db
    .select({
      status: ordersView.status,
      orders: sql<number>`count(*)::int`.mapWith(Number),
      spendCents: sql<number>`coalesce(sum(${ordersView.totalSpendCents}), 0)::float8`.mapWith(Number),
      reconciled: sql<number>`count(*) filter (where not ${unreconciled})::int`.mapWith(Number),
    })
    .from(ordersView)
    .where(inScope(brandId, channels))
    .groupBy(ordersView.status);
};

export const listPending = async ({
  db,
  page,
  limit,
  brandId,
  channels = null,
  today,
}: {
  db: Tx;
  page: number;
  limit: number;
  brandId?: string;
  /** The channels whose orders are listed (decision 053); null: every channel. */
  channels?: readonly string[] | null;
  today: string;
}): Promise<PendingReply> => {
  const where = and(BOOKED, unreconciled, inScope(brandId, channels));
  // The count from the rollup `order_counts` (booked orders less reconciled ones, decision 037), not by counting every booked order.
  const counts = await countsIn(db, brandId, channels);
  const n = totalOf(counts, 'orders', REVENUE_STATUSES) - totalOf(counts, 'reconciled', REVENUE_STATUSES);
  // The page's ids first, so that the joins and per-order subqueries run for its rows only.
  const pageIds = db
    .select({ id: ordersView.id })
    .from(ordersView)
    .where(where)
    .orderBy(asc(ordersView.createdAt), asc(ordersView.id))
    .limit(limit)
    .offset((page - 1) * limit)
    .as('page_ids');
  const rows = await db
    .select({
      order: {
        id: ordersView.id,
        name: ordersView.estimateName,
        brandId: ordersView.brandId,
        status: ordersView.status,
        startDate: ordersView.startDate,
        endDate: ordersView.endDate,
        spend: ordersView.totalSpendCents,
        createdAt: ordersView.createdAt,
      },
      items: itemCount,
      impressions: projectedImpressions,
    })
    .from(pageIds)
    .innerJoin(ordersView, eq(ordersView.id, pageIds.id))
    .orderBy(asc(ordersView.createdAt), asc(ordersView.id));
  const [brandNames, airedByOrder] = await Promise.all([
    brandNamesOf(
      db,
      rows.map((r) => r.order.brandId),
    ),
    certifiedAired(
      db,
      rows.map((r) => r.order.id),
    ),
  ]);
  return {
    campaigns: rows
      .map((r) => ({ ...r, brandName: (r.order.brandId ? brandNames.get(r.order.brandId) : undefined) ?? null, aired: airedByOrder.get(r.order.id) }))
      .map((r) => ({
        id: r.order.id,
        estimate_name: r.order.name,
        item_count: r.items,
        brand_id: r.order.brandId,
        brand_name: r.brandName,
        status: r.order.status,
        start_date: r.order.startDate,
        end_date: r.order.endDate,
        projected_spend: toDollars(r.order.spend),
        projected_impressions: Math.round(r.impressions),
        created_at: r.order.createdAt.toISOString(),
        aired_spend: toDollars(r.aired?.spendCents ?? 0),
        aired_impressions: Number(r.aired?.impressions ?? 0),
        aired_spots: r.aired?.spots ?? 0,
        not_started: r.order.startDate !== null && r.order.startDate > today,
      })),
    pagination: { page, limit, total: n, totalPages: Math.ceil(n / limit) },
  };
};

const selectVariances = (db: Tx) =>
  db
    .select({
      estimateId: ordersView.id,
      estimateName: ordersView.estimateName,
      status: ordersView.status,
      brandId: ordersView.brandId,
      liveSpendCents: ordersView.totalSpendCents,
      liveImpressions: projectedImpressions,
      r: reconciliations,
    })
    .from(ordersView)
    .leftJoin(reconciliations, eq(reconciliations.estimateId, ordersView.id))
    .$dynamic();
type SelectedVariance = Awaited<ReturnType<ReturnType<typeof selectVariances>['execute']>>[number];
type VarianceRow = SelectedVariance & { brandName: string | null; airedSpendCents: number | undefined; airedImpressions: number | undefined };

/** The rows with their brands' names and their campaigns' certified airings: one query to each module. */
const withNamesAndAirings = async (db: Tx, rows: SelectedVariance[]): Promise<VarianceRow[]> => {
  const [brandNames, airedByOrder] = await Promise.all([
    brandNamesOf(
      db,
      rows.map((r) => r.brandId),
    ),
    certifiedAired(
      db,
      rows.map((r) => r.estimateId),
    ),
  ]);
  return rows.map((r) => {
    const aired = airedByOrder.get(r.estimateId);
    return {
      ...r,
      brandName: (r.brandId ? brandNames.get(r.brandId) : undefined) ?? null,
      airedSpendCents: aired?.spendCents,
      airedImpressions: aired?.impressions,
    };
  });
};

/** A reconciled order is compared with the projection recorded when it was reconciled. */
const toVariance = (row: VarianceRow): Variance =>
  varianceOf({
    estimateId: row.estimateId,
    estimateName: row.estimateName,
    brandName: row.brandName,
    projectedSpend: toDollars(row.r ? row.r.projectedSpendCents : row.liveSpendCents),
    projectedImpressions: row.r ? row.r.projectedImpressions : row.liveImpressions,
    actual: row.r
      ? {
          spend: toDollars(row.r.actualSpendCents),
          impressions: row.r.actualImpressions,
          notes: row.r.notes,
          reconciledAt: row.r.reconciledAt.toISOString(),
          overrideReason: row.r.overrideReason,
        }
      : null,
    aired: airedOf(row),
  });

/** Pending: what aired so far; reconciled: what had aired when it was reconciled. */
const airedOf = (row: VarianceRow) => {
  if (row.r) return row.r.airedSpendCents === null ? null : { spend: toDollars(row.r.airedSpendCents), impressions: Number(row.r.airedImpressions ?? 0) };
  return { spend: toDollars(row.airedSpendCents ?? 0), impressions: Number(row.airedImpressions ?? 0) };
};

/** The variance of one booked order (pending ones answer their projection). */
export const orderVariance = async (db: Tx, estimateId: string): Promise<Variance> => {
  const [row] = await withNamesAndAirings(
    db,
    await selectVariances(db)
      .where(and(eq(ordersView.id, estimateId), BOOKED))
      .limit(1),
  );
  if (!row) throw notFound(RECONCILIATION_MESSAGES.notFound);
  return toVariance(row);
};

/** Reconciled orders of the window, newest first, a page at a time (for the export). */
export const reconciledPage = async ({
  db,
  days,
  brandId,
  channels = null,
  offset,
  limit,
  today,
}: {
  db: Tx;
  days: number;
  brandId?: string;
  channels?: readonly string[] | null;
  offset: number;
  limit: number;
  today: string;
}) => {
  const rows = await selectVariances(db)
    .where(and(gte(reconciliations.reconciledAt, since(days, today)), inScope(brandId, channels)))
    .orderBy(desc(reconciliations.reconciledAt), desc(reconciliations.id))
    .limit(limit)
    .offset(offset);
  return (await withNamesAndAirings(db, rows)).map(toVariance);
};

/** Projected and actual spend per brand of the window's reconciliations (50 highest projections). */
const brandVariance = (db: Tx, windowed: SQL | undefined) =>
  db
    .select({
      brandId: ordersView.brandId,
      projected: sql<number>`sum(${reconciliations.projectedSpendCents})::float8`.mapWith(Number),
      actual: sql<number>`sum(${reconciliations.actualSpendCents})::float8`.mapWith(Number),
    })
    .from(reconciliations)
    .innerJoin(ordersView, eq(ordersView.id, reconciliations.estimateId))
    .where(windowed)
    .groupBy(ordersView.brandId)
    .orderBy(sql`2 desc`)
    .limit(50);

/** The same from the rollup per UTC day and brand (the window starts at a UTC midnight: `since`). */
const brandVarianceFromRollup = (db: Tx, days: number, today: string) => {
  const perBrand = db
    .select({
      brandId: reconciliationBrandDays.brandId,
      projected: sql<number>`sum(${reconciliationBrandDays.projectedSpendCents})`.as('projected'),
      actual: sql<number>`sum(${reconciliationBrandDays.actualSpendCents})`.as('actual'),
    })
    .from(reconciliationBrandDays)
    .where(gte(reconciliationBrandDays.day, addDays(today, -(days - 1))))
    .groupBy(reconciliationBrandDays.brandId)
    .having(sql`sum(${reconciliationBrandDays.reconciliations}) > 0`)
    .as('per_brand');
  return db
    .select({
      brandId: perBrand.brandId,
      projected: sql<number>`${perBrand.projected}::float8`.mapWith(Number),
      actual: sql<number>`${perBrand.actual}::float8`.mapWith(Number),
    })
    .from(perBrand)
    .orderBy(sql`2 desc`)
    .limit(50);
};

export const reconciliationDashboard = async ({
  db,
  days,
  brandId,
  channels = null,
  time,
}: {
  db: Tx;
  days: number;
  brandId?: string;
  channels?: readonly string[] | null;
  time: StationTime;
}): Promise<ReconciliationDashboard> => {
  const today = time.today();
  // A reconciliation always has its order (cascade): the orders are read only to filter by brand or channel.
  const filtered = brandId !== undefined || channels !== null;
  const windowed = and(
    gte(reconciliations.reconciledAt, since(days, today)),
    filtered ? inArray(reconciliations.estimateId, db.select({ id: ordersView.id }).from(ordersView).where(inScope(brandId, channels))) : undefined,
  );
  const spendVariance = sql`(${reconciliations.actualSpendCents} - ${reconciliations.projectedSpendCents})`;
  const spendPercent = sql`(${spendVariance}::float8 / nullif(${reconciliations.projectedSpendCents}, 0) * 100)`;
  const impressionPercent = sql`((${reconciliations.actualImpressions} - ${reconciliations.projectedImpressions})::float8 / nullif(${reconciliations.projectedImpressions}, 0) * 100)`;
  const day = sql<string>`((${reconciliations.reconciledAt} at time zone ${stationZoneSql(time.timeZone)})::date)::text`;
  // Independent reads, run together (on PostgreSQL each on its own connection; decision 037).
  const [[summary], brandRows, dayRows, counts] = await Promise.all([
    db
      .select({
        spendVariance: sql<number>`coalesce(sum(${spendVariance}), 0)::float8`.mapWith(Number),
        spendPercent: sql<number>`coalesce(avg(${spendPercent}), 0)::float8`.mapWith(Number),
        impressionVariance: sql<number>`coalesce(sum(${reconciliations.actualImpressions} - ${reconciliations.projectedImpressions}), 0)::float8`.mapWith(
          Number,
        ),
        impressionPercent: sql<number>`coalesce(avg(${impressionPercent}), 0)::float8`.mapWith(Number),
        high: sql<number>`(count(*) filter (where abs(${spendPercent}) > ${HIGH_VARIANCE_PERCENT}))::int`.mapWith(Number),
      })
      .from(reconciliations)
      .where(windowed),
    filtered ? brandVariance(db, windowed) : brandVarianceFromRollup(db, days, today),
    db
      .select({
        date: day,
        projected: sql<number>`sum(${reconciliations.projectedSpendCents})::float8`.mapWith(Number),
        actual: sql<number>`sum(${reconciliations.actualSpendCents})::float8`.mapWith(Number),
      })
      .from(reconciliations)
      .where(windowed)
      .groupBy(day),
    countsIn(db, brandId, channels),
  ]);
  const brandNames = await brandNamesOf(
    db,
    brandRows.map((b) => b.brandId),
  );
  const byDay = new Map(dayRows.map((d) => [d.date, d]));
  const first = addDays(today, -(days - 1));
  const booked = totalOf(counts, 'orders', REVENUE_STATUSES);
  const reconciled = totalOf(counts, 'reconciled', REVENUE_STATUSES);
  return {
    timeframe: days,
    variance_summary: {
      total_spend_variance: roundDollars(toDollars(summary?.spendVariance ?? 0)),
      avg_spend_variance_percent: Math.round((summary?.spendPercent ?? 0) * 10) / 10,
      total_impression_variance: Math.round(summary?.impressionVariance ?? 0),
      avg_impression_variance_percent: Math.round((summary?.impressionPercent ?? 0) * 10) / 10,
    },
    brand_variance: brandRows.map((b) => ({
      brand_name: (b.brandId ? brandNames.get(b.brandId) : undefined) ?? 'No brand',
      projected_spend: roundDollars(toDollars(b.projected)),
      actual_spend: roundDollars(toDollars(b.actual)),
    })),
    daily_trends: Array.from({ length: days }, (_, i) => {
      const date = addDays(first, i);
      const row = byDay.get(date);
      const projected = roundDollars(toDollars(row?.projected ?? 0));
      const actual = roundDollars(toDollars(row?.actual ?? 0));
      return { date, projected_spend: projected, actual_spend: actual, spend_variance: roundDollars(actual - projected) };
    }),
    reconciliation_status: {
      reconciliation_rate: booked > 0 ? Math.round((reconciled / booked) * 1000) / 10 : 0,
      reconciled_campaigns: reconciled,
      total_approved_campaigns: booked,
      high_variance_campaigns: summary?.high ?? 0,
    },
  };
};
