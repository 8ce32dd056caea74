/**
 * Reading orders as the API answers them: one query per list, with the owner, brand, media,
 * card, the brand's media count and the weekly reach in the same query (no N+1).
 */
import { and, asc, desc, eq, getTableColumns, type AnyColumn, ilike, inArray, notInArray, or, sql, type Placeholder } from 'drizzle-orm';
import { ESTIMATE_MESSAGES, type Estimate, type EstimateDetail, type EstimateListQuery, type EstimateStats } from '../../../domain/estimate-schemas';
import { toDollars } from '../../../domain/money';
import { SOLD_STATUSES, STATUS_LABELS, adminChannels, canReadOrder, type OrderActor, type OrderStatus } from '../../../domain/orders';
import { isAdmin } from '../../../domain/roles';
import { fullName } from '../../../domain/users';
import { estimates } from '../../db/schema';
import { brandNamesView } from '../brands/public';
import { itemWeeklyImpressionsSql } from '../dayparts/public';
import { brandMediaCountSql, mediaNamesView } from '../media/public';
import { cardLabelsView } from '../payment-methods/public';
import { userNamesView } from '../users/public';
import { containsPattern, type Tx } from '../../platform/db';
import { prepareSelect } from '../../platform/prepared-select';
import { notFound } from '../../platform/errors';
import { listItems } from './items-queries';
import { statusCounts, totalOf } from './order-counts';

/** An order's weekly reach (impressions of a week of its items), as a subquery correlated on the order's id column (the table's, or the view's). */
export const weeklyReachOf = (orderId: AnyColumn) =>
  sql<number>`(select coalesce(sum(${itemWeeklyImpressionsSql({ daypartId: sql`i.daypart_id`, spotsPerOccurrence: sql`i.spots_per_occurrence` })}), 0)::float8
  from estimate_items i where i.estimate_id = ${orderId})`;
const weeklyReachSql = weeklyReachOf(estimates.id);

/**
 * The brand's media count and the weekly reach are correlated subqueries: lists pick their page's
 * ids first (estimateListQuery) so that they run for the page's rows only. Owner, brand, commercial and
 * card are joined through the views their modules publish (published.sql).
 */
const selectEstimates = (db: Tx) =>
  db
    .select({
      order: getTableColumns(estimates),
      brandName: brandNamesView.commonName,
      ownerFirstName: userNamesView.firstName,
      ownerLastName: userNamesView.lastName,
      ownerEmail: userNamesView.email,
      mediaFilename: mediaNamesView.filename,
      paymentLast4: cardLabelsView.last4,
      paymentBrand: cardLabelsView.cardBrand,
      mediaCount: brandMediaCountSql(estimates.brandId),
      weeklyReach: weeklyReachSql,
      /** created_at to the microsecond (the reply's ISO time has milliseconds), for the next page's cursor. */
      cursorAt: sql<string>`to_char(${estimates.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(estimates)
    .innerJoin(userNamesView, eq(userNamesView.id, estimates.ownerId))
    .leftJoin(brandNamesView, eq(brandNamesView.id, estimates.brandId))
    .leftJoin(mediaNamesView, eq(mediaNamesView.id, estimates.mediaAssetId))
    .leftJoin(cardLabelsView, eq(cardLabelsView.id, estimates.paymentMethodId))
    .$dynamic();

type EstimateRow = Awaited<ReturnType<ReturnType<typeof selectEstimates>['execute']>>[number];

const toEstimate = (row: EstimateRow): Estimate => {
  const { order } = row;
  return {
    id: order.id,
    channel_id: order.channelId,
    estimate_name: order.estimateName,
    status: order.status,
    brand_id: order.brandId,
    brand_name: row.brandName,
    start_date: order.startDate,
    end_date: order.endDate,
    total_spend: toDollars(order.totalSpendCents),
    total_estimated_cost: toDollars(order.totalEstimatedCostCents),
    total_amount: toDollars(order.totalAmountCents),
    discount_amount: toDollars(order.discountCents),
    coupon_code: order.couponCode,
    owner_id: order.ownerId,
    owner_name: fullName(row.ownerFirstName, row.ownerLastName),
    owner_first_name: row.ownerFirstName,
    owner_last_name: row.ownerLastName,
    owner_email: row.ownerEmail,
    media_asset_id: order.mediaAssetId,
    media_filename: row.mediaFilename,
    payment_method_id: order.paymentMethodId,
    payment_last4: row.paymentLast4,
    payment_brand: row.paymentBrand,
    notes: order.notes,
    media_asset_count: Number(row.mediaCount ?? 0),
    weekly_reach: Math.round(Number(row.weeklyReach ?? 0)),
    billing_mode: order.billingMode,
    source: order.source,
    source_name: order.sourceName,
    agency_estimate_number: order.agencyEstimateNumber,
    client_code: order.clientCode,
    product_code: order.productCode,
    po_number: order.poNumber,
    target_demo: order.targetDemo,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
  };
};

/** A value of the list's query: the value itself, or a placeholder for it in a statement prepared once. */
type Bind = <V>(name: string, value: V) => V | Placeholder;
const asValue: Bind = (_name, value) => value;
const asPlaceholder: Bind = (name) => sql.placeholder(name);

/** Statuses whose name on screen contains the text ("changes" finds modified orders). */
const statusesLabelled = (text: string): OrderStatus[] =>
  (Object.entries(STATUS_LABELS) as [OrderStatus, string][])
    .filter(([, label]) => label.toLowerCase().includes(text.trim().toLowerCase()))
    .map(([status]) => status);

/** Everything the list's SQL depends on but its values: one prepared statement per shape. */
const listShape = (actor: OrderActor, query: EstimateListQuery) => {
  const excluded = [...new Set(query.exclude_status ?? [])];
  const labelled = query.search ? statusesLabelled(query.search) : [];
  const channels = isAdmin(actor.role) ? adminChannels(actor) : null;
  const key = [
    isAdmin(actor.role) ? (channels ? 'channels' : 'all') : 'own',
    query.status ? 's' : '',
    excluded.length,
    query.brand_id ? 'b' : '',
    query.channel_id ? 'c' : '',
    query.after ? 'a' : '',
    query.search ? 'q' : '',
    labelled.length,
  ].join('.');
  // A limited admin's channels as one array literal (uuids read from the database), one parameter whatever their count.
  return { excluded, labelled, key, channels: channels ? `{${channels.join(',')}}` : undefined };
};

/** The values of a list's placeholders (names as in `listSelect`). */
const listValues = (actor: OrderActor, query: EstimateListQuery, { excluded, labelled, channels }: ReturnType<typeof listShape>) => {
  const [at, id] = query.after?.split('_') ?? [];
  return {
    owner: actor.id,
    channels,
    status: query.status,
    brand: query.brand_id,
    channel: query.channel_id,
    at,
    id,
    search: query.search ? containsPattern(query.search) : undefined,
    limit: query.limit,
    offset: query.offset,
    ...Object.fromEntries(excluded.map((status, i) => [`x${i}`, status])),
    ...Object.fromEntries(labelled.map((status, i) => [`l${i}`, status])),
  };
};

/**
 * One page of orders, newest first. The page's ids are chosen first (ORDER BY, OFFSET, LIMIT over
 * the orders alone, joining owners and brands only to search them); the joins and the per-order
 * subqueries then run for those rows only, never for the rows an offset skips.
 */
const listSelect = (db: Tx, actor: OrderActor, query: EstimateListQuery, bind: Bind) => {
  const shape = listShape(actor, query);
  const values = listValues(actor, query, shape);
  const search = values.search === undefined ? undefined : bind('search', values.search);
  const candidates = db.select({ id: estimates.id }).from(estimates).$dynamic();
  if (search) candidates.innerJoin(userNamesView, eq(userNamesView.id, estimates.ownerId)).leftJoin(brandNamesView, eq(brandNamesView.id, estimates.brandId));
  const page = candidates
    .where(
      and(
        // Clients see their own orders only; an admin limited to channels, those channels' orders (decision 053).
        isAdmin(actor.role)
          ? values.channels === undefined
            ? undefined
            : sql`${estimates.channelId} = any(${bind('channels', values.channels)}::uuid[])`
          : eq(estimates.ownerId, bind('owner', values.owner)),
        query.status ? eq(estimates.status, bind('status', query.status)) : undefined,
        shape.excluded.length
          ? notInArray(
              estimates.status,
              shape.excluded.map((status, i) => bind(`x${i}`, status)),
            )
          : undefined,
        query.brand_id ? eq(estimates.brandId, bind('brand', query.brand_id)) : undefined,
        query.channel_id ? eq(estimates.channelId, bind('channel', query.channel_id)) : undefined,
        // Orders after a cursor in the list's order (newest first): a range on the (created_at, id) index, however deep.
        query.after ? sql`(${estimates.createdAt}, ${estimates.id}) < (${bind('at', values.at)}::timestamptz, ${bind('id', values.id)}::uuid)` : undefined,
        search
          ? or(
              ilike(estimates.estimateName, search),
              // The agency's codes (issue 27): an agency finds its buy by its own estimate number.
              ilike(estimates.agencyEstimateNumber, search),
              ilike(estimates.clientCode, search),
              ilike(estimates.productCode, search),
              ilike(estimates.poNumber, search),
              ilike(brandNamesView.commonName, search),
              ilike(userNamesView.email, search),
              ilike(estimates.status, search),
              shape.labelled.length > 0
                ? inArray(
                    estimates.status,
                    shape.labelled.map((status, i) => bind(`l${i}`, status)),
                  )
                : undefined,
              ilike(sql`concat_ws(' ', ${userNamesView.firstName}, ${userNamesView.lastName})`, search),
            )
          : undefined,
      ),
    )
    .orderBy(desc(estimates.createdAt), desc(estimates.id))
    .limit(bind('limit', query.limit))
    .offset(bind('offset', query.offset));
  return selectEstimates(db).where(inArray(estimates.id, page)).orderBy(desc(estimates.createdAt), desc(estimates.id));
};

/** The list's select with its values in place (its SQL and parameters are the prepared statement's). */
export const estimateListQuery = ({ db, actor, query }: { db: Tx; actor: OrderActor; query: EstimateListQuery }) => listSelect(db, actor, query, asValue);

type PreparedList = ReturnType<ReturnType<typeof listSelect>['prepare']>;
/** Prepared list statements by database (or transaction) and shape; each shape's statement name, the same on every connection. */
const preparedLists = new WeakMap<Tx, Map<string, PreparedList>>();
const statementNames = new Map<string, string>();

const preparedList = (db: Tx, actor: OrderActor, query: EstimateListQuery, key: string): PreparedList => {
  let byShape = preparedLists.get(db);
  if (!byShape) preparedLists.set(db, (byShape = new Map()));
  let prepared = byShape.get(key);
  if (!prepared) {
    if (!statementNames.has(key)) statementNames.set(key, `estimate_list_${statementNames.size + 1}`);
    prepared = prepareSelect(listSelect(db, actor, query, asPlaceholder), statementNames.get(key));
    byShape.set(key, prepared);
  }
  return prepared;
};

/** One page of orders and, when the page is full, the cursor of the next one (X-Next-Cursor). */
export const listEstimates = async ({
  db,
  actor,
  query,
}: {
  db: Tx;
  actor: OrderActor;
  query: EstimateListQuery;
}): Promise<{ estimates: Estimate[]; nextCursor?: string }> => {
  const shape = listShape(actor, query);
  const rows = await preparedList(db, actor, query, shape.key).execute(listValues(actor, query, shape));
  const last = rows.at(-1);
  return { estimates: rows.map(toEstimate), nextCursor: last && rows.length === query.limit ? `${last.cursorAt}_${last.order.id}` : undefined };
};

/** Orders awaiting review, oldest submission first (of the admin's channels, decision 053). */
export const listPendingEstimates = async ({ db, actor }: { db: Tx; actor: OrderActor }): Promise<Estimate[]> => {
  const channels = adminChannels(actor);
  const rows = await selectEstimates(db)
    .where(and(inArray(estimates.status, ['ordered', 'pending_approval']), channels ? inArray(estimates.channelId, [...channels]) : undefined))
    .orderBy(asc(sql`coalesce(${estimates.submittedAt}, ${estimates.createdAt})`), asc(estimates.id))
    .limit(1000);
  return rows.map(toEstimate);
};

export const getEstimate = async ({ db, actor, id }: { db: Tx; actor: OrderActor; id: string }): Promise<EstimateDetail> => {
  const [row] = await selectEstimates(db).where(eq(estimates.id, id)).limit(1);
  if (!row || !canReadOrder(actor, row.order)) throw notFound(ESTIMATE_MESSAGES.notFound);
  const { guaranteeDemo, guaranteeImpressions, guaranteeGrps } = row.order;
  const audience_guarantee = guaranteeDemo ? { demo: guaranteeDemo, impressions: guaranteeImpressions, grps: guaranteeGrps } : null;
  return { ...toEstimate(row), items: await listItems(db, id), audience_guarantee };
};

/** A client's orders of some channels per status, from the rows (a client has few orders). */
const ownCountsOfChannels = (db: Tx, ownerId: string, channels: readonly string[]) =>
  db
    .select({
      status: estimates.status,
      orders: sql<number>`count(*)::int`.mapWith(Number),
      spendCents: sql<number>`coalesce(sum(${estimates.totalSpendCents}), 0)::float8`.mapWith(Number),
      reconciled: sql<number>`0`.mapWith(Number), // not read by the stats
    })
    .from(estimates)
    .where(and(eq(estimates.ownerId, ownerId), inArray(estimates.channelId, [...channels])))
    .groupBy(estimates.status);

/** The order stats of the caller's orders, of `channels` when given (decision 053; null: every channel). */
export const estimateStats = async ({
  db,
  actor,
  channels = null,
}: {
  db: Tx;
  actor: OrderActor;
  channels?: readonly string[] | null;
}): Promise<EstimateStats> => {
  const rows = isAdmin(actor.role)
    ? await statusCounts(db, channels ? { channels } : { all: true })
    : channels
      ? await ownCountsOfChannels(db, actor.id, channels)
      : await statusCounts(db, { owner: actor.id });
  const count = (...statuses: string[]) => totalOf(rows, 'orders', statuses);
  return {
    total_estimates: totalOf(rows, 'orders'),
    draft_count: count('draft'),
    ordered_count: count('ordered'),
    approved_count: count('approved'),
    rejected_count: count('rejected'),
    modified_count: count('modified'),
    scheduled_count: count('scheduled'),
    active_count: count('active'),
    completed_count: count('completed'),
    total_budget: toDollars(totalOf(rows, 'spendCents')),
    approved_budget: toDollars(totalOf(rows, 'spendCents', SOLD_STATUSES)),
    pending_count: count('ordered', 'pending_approval'),
  };
};
