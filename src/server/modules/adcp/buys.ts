/**
 * AdCP media buys (decision 035). A buy is one Spotbook order (source 'adcp', the buyer's name kept)
 * with one item per package; it is submitted for the station's approval at once, so the buy answers
 * `submitted` with a task id, and the desk's approval or rejection completes the task. The spec's order
 * rules hold unchanged (lead time, budget, overbooking at approval): where a request cannot meet them,
 * the answer is an AdCP error naming the field and, for the lead time, the earliest bookable date.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { agencyCodesShape } from '../../../domain/agency-codes';
import { addDays, daysBetween, isIsoDate, localDateOf, todayIso } from '../../../domain/dates';
import { toCents, toDollars } from '../../../domain/money';
import type { OrderStatus } from '../../../domain/orders';
import { adcpMediaBuys, adcpTasks, brands, campaigns, dayparts, estimateItems, estimates, users, webhookEndpoints } from '../../db/schema';
import type { Db, Tx } from '../../platform/db';
import type { Actor } from '../auth/service';
import { changeCampaignStatus } from '../campaigns/service';
import { lockReadableOrder, recomputeOrder, type OrderRow } from '../estimates/orders';
import { submitOrder } from '../estimates/status';
import { withdrawOrder } from '../estimates/withdraw';
import type { Staged } from '../notifications';
import { resolvesToPublic } from '../webhooks/address-guard';
import { emitEvent } from '../webhooks/outbox';
import { requestBuyChange } from './changes';
import { adcpError } from './errors';
import { CPM_OPTION_ID, earliestBookableDate, FLAT_RATE_OPTION_ID, itemCpmCentsFor, packageCpmOf, parseProductId, productIdOf, weeklyCostPerDailySpot, type DaypartRow } from './products';
import type { SpotLength } from './station';

/** What the buy keeps of each package beside its order item. */
export interface StoredPackage {
  package_id: string;
  buyer_ref: string | null;
  product_id: string;
  daypart_id: string;
  spot_length: SpotLength;
  /** `cpm_usd` (buys before the flat rate have none: CPM) or `flat_rate_usd`. */
  pricing_option_id?: string;
  budget: number;
  spots_per_day: number;
  paused?: boolean;
  creative_ids: string[];
}

export type MediaBuyStatus = 'pending_activation' | 'active' | 'paused' | 'completed' | 'rejected' | 'canceled';
export type TaskStatus = 'submitted' | 'working' | 'completed' | 'rejected' | 'canceled' | 'failed';

const AWAITING: readonly OrderStatus[] = ['ordered', 'pending_approval', 'modified'];
/** Approved onwards and not yet complete: a budget or flight change waits for the desk (changes.ts). */
const BOOKED: readonly OrderStatus[] = ['approved', 'scheduled', 'active'];

/** The buy's task status, from its order's: waiting for the desk, approved onwards, rejected, or withdrawn. */
export const taskStatusOf = (status: OrderStatus): TaskStatus => {
  if (AWAITING.includes(status)) return 'submitted';
  if (status === 'rejected') return 'rejected';
  if (status === 'draft') return 'canceled';
  return 'completed';
};

export const mediaBuyStatusOf = (status: OrderStatus, campaignStatus: string | null): MediaBuyStatus => {
  if (status === 'rejected') return 'rejected';
  if (status === 'draft') return 'canceled';
  if (status === 'completed' || campaignStatus === 'completed') return 'completed';
  if (campaignStatus === 'paused') return 'paused';
  if (status === 'active') return 'active';
  return 'pending_activation';
};

export interface PushConfig {
  url: string;
  token?: string | null;
  authentication?: { schemes?: string[]; credentials?: string } | null;
}

export interface CreateBuyInput {
  buyer_ref?: string | null;
  buyer_campaign_ref?: string | null;
  brand?: { domain?: string | null; brand_id?: string | null; name?: string | null } | null;
  brand_manifest?: { name?: string | null; url?: string | null } | null;
  po_number?: string | null;
  start_time: string;
  end_time: string;
  packages?: { buyer_ref?: string | null; product_id: string; budget: number; pricing_option_id: string; bid_price?: number | null; creative_ids?: string[] | null }[] | null;
  push_notification_config?: PushConfig | null;
  ext?: Record<string, unknown> | null;
}

/** A request's instant (or `asap`) as the station's broadcast date. */
export const stationDateOf = (value: string, field: string, { endExclusive = false } = {}): string => {
  if (value === 'asap') return earliestBookableDate();
  if (isIsoDate(value)) return value;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) throw adcpError('INVALID_REQUEST', `${field} must be an ISO 8601 date-time or "asap"`, { field });
  // An end at midnight ends the day before: a flight to 2027-03-08T00:00 airs through 03-07.
  return localDateOf(endExclusive ? new Date(instant.getTime() - 1) : instant);
};

/**
 * The flight as station dates. A new buy (`fromEarliest`) whose start is inside the 7-day lead time (or
 * in the past) is moved whole to start on the earliest bookable date, keeping its length (decision
 * 035); a change of flight (`update_media_buy`) into the lead time answers an AdCP error naming the
 * earliest bookable date.
 */
export const checkFlight = (startTime: string, endTime: string, { fromEarliest = false } = {}) => {
  const asked = stationDateOf(startTime, 'start_time');
  const askedEnd = stationDateOf(endTime, 'end_time', { endExclusive: true });
  if (askedEnd < asked) throw adcpError('INVALID_REQUEST', 'end_time must be after start_time', { field: 'end_time', suggestion: 'End the flight after it starts' });
  const earliest = earliestBookableDate();
  const moved = fromEarliest && asked < earliest;
  const start = moved ? earliest : asked;
  const end = moved ? addDays(earliest, daysBetween(asked, askedEnd)) : askedEnd;
  if (start < earliest) {
    throw adcpError('INVALID_REQUEST', `Start date must be at least 7 days from today for campaign planning: the earliest bookable date is ${earliest}`, {
      field: 'start_time',
      suggestion: `Start the flight on ${earliest} or later`,
      details: { earliest_start_date: earliest, requested_start_date: asked, today: todayIso() },
    });
  }
  return { start, end, days: daysBetween(start, end) + 1, askedStart: asked };
};

/**
 * Spots a day that spend a package's budget evenly over the flight: at least 1, at most the daypart's
 * maximum. A flight shorter than a week is spread as a week: the spec's rule that a budget covers at
 * least one week's cost ("Budget too small") holds for every order.
 */
export const spotsPerDayFor = (d: DaypartRow, length: SpotLength, option: string, budget: number, flightDays: number) => {
  const weeks = Math.max(1, flightDays / 7);
  const wanted = Math.floor(budget / (weeks * weeklyCostPerDailySpot(d, packageCpmOf(d, length, option))));
  return Math.min(d.spotFrequency, Math.max(1, wanted));
};

const brandNameOf = (input: CreateBuyInput): string | undefined => {
  const name = input.brand?.name ?? input.brand_manifest?.name ?? input.brand?.domain ?? (input.brand_manifest?.url ? safeHost(input.brand_manifest.url) : undefined);
  return name?.trim().slice(0, 200) || undefined;
};
const safeHost = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
};

const codesSchema = z.object(agencyCodesShape);

/**
 * The agency's codes for the order (decision 034's rules): `po_number`, and in `ext` (AdCP has no field
 * for them) `agency_estimate_number`, `client_code` and `product_code`. `buyer_campaign_ref` stands in
 * for a missing estimate number when it is one (a campaign reference need not fit the EI's 20 characters).
 */
export const agencyCodesOf = (input: { po_number?: string | null; buyer_campaign_ref?: string | null; ext?: Record<string, unknown> | null }) => {
  const ext = input.ext ?? {};
  const asked = { agency_estimate_number: ext.agency_estimate_number, client_code: ext.client_code, product_code: ext.product_code, po_number: input.po_number };
  const parsed = codesSchema.safeParse(asked);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = String(issue.path[0]);
    throw adcpError('INVALID_REQUEST', issue.message, { field: key === 'po_number' ? 'po_number' : `ext.${key}`, suggestion: 'Send the code as the agency\'s buying system knows it' });
  }
  const fallback = parsed.data.agency_estimate_number ? undefined : codesSchema.shape.agency_estimate_number.safeParse(input.buyer_campaign_ref);
  return {
    agencyEstimateNumber: parsed.data.agency_estimate_number ?? (fallback?.success ? (fallback.data ?? null) : null),
    clientCode: parsed.data.client_code ?? null,
    productCode: parsed.data.product_code ?? null,
    poNumber: parsed.data.po_number ?? null,
  };
};

/** The buyer's brand among the account's brands (by name), made when the account has none of that name. */
const brandFor = async (tx: Tx, actor: Actor, name: string) => {
  const [found] = await tx
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.ownerId, actor.id), sql`lower(${brands.commonName}) = lower(${name})`))
    .limit(1);
  if (found) return found.id;
  const [made] = await tx.insert(brands).values({ ownerId: actor.id, commonName: name, legalName: name }).returning({ id: brands.id });
  return made!.id;
};

export const buyerNameOf = async (db: Tx, actor: Actor) => {
  const [user] = await db.select({ company: users.company, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, actor.id)).limit(1);
  const person = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return user?.company || person || user?.email || actor.email;
};

/** The push URL as a webhook endpoint of the account, subscribed to the AdCP task events, signed with the buyer's credentials. */
const pushEndpointFor = async (tx: Tx, actor: Actor, config: PushConfig, allowPrivate: boolean): Promise<string> => {
  let url: URL;
  try {
    url = new URL(config.url);
  } catch {
    throw adcpError('INVALID_REQUEST', 'push_notification_config.url must be an http or https address', { field: 'push_notification_config.url' });
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw adcpError('INVALID_REQUEST', 'push_notification_config.url must be an http or https address', { field: 'push_notification_config.url' });
  }
  if (!(await resolvesToPublic(config.url, allowPrivate))) {
    throw adcpError('INVALID_REQUEST', 'Webhook URL must not point to a loopback, private, link-local or metadata address', { field: 'push_notification_config.url' });
  }
  const credentials = config.authentication?.credentials;
  if (credentials !== undefined && credentials.length < 32) {
    throw adcpError('INVALID_REQUEST', 'push_notification_config.authentication.credentials must be at least 32 characters', { field: 'push_notification_config.authentication.credentials' });
  }
  // Standard Webhooks signing (decision 030) keyed with the buyer's own credentials, so the buyer can verify.
  const secret = `whsec_${Buffer.from(credentials ?? crypto.randomUUID() + crypto.randomUUID(), 'utf8').toString('base64')}`;
  const [existing] = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, actor.id), eq(webhookEndpoints.url, config.url), sql`${ADCP_TASK_EVENT} = any(${webhookEndpoints.events})`))
    .limit(1);
  if (existing) {
    await tx.update(webhookEndpoints).set({ secret, enabled: true, disabledReason: null, updatedAt: new Date() }).where(eq(webhookEndpoints.id, existing.id));
    return existing.id;
  }
  const [made] = await tx
    .insert(webhookEndpoints)
    .values({ userId: actor.id, station: false, url: config.url, description: 'AdCP push notifications', events: [ADCP_TASK_EVENT], secret })
    .returning({ id: webhookEndpoints.id });
  return made!.id;
};

export const ADCP_TASK_EVENT = 'adcp.task_status';

export interface CreateBuyResult {
  estimateId: string;
  taskId: string;
  events: Staged[];
  /** Set when the flight asked to start inside the lead time and was booked from the earliest bookable date. */
  movedStart?: { asked: string; booked: string; end: string };
}

export const createMediaBuy = async ({ db, actor, input, allowPrivate }: { db: Db; actor: Actor; input: CreateBuyInput; allowPrivate: boolean }): Promise<CreateBuyResult> => {
  const packages = input.packages ?? [];
  if (packages.length === 0) throw adcpError('INVALID_REQUEST', 'A media buy needs at least one package', { field: 'packages', suggestion: 'Add a package per product from get_products' });
  const flight = checkFlight(input.start_time, input.end_time, { fromEarliest: true });
  const codes = agencyCodesOf(input);
  const brandName = brandNameOf(input);
  if (!brandName) throw adcpError('INVALID_REQUEST', 'Please select a brand', { field: 'brand', suggestion: 'Send brand.domain (or brand.name)' });

  const parsed = packages.map((p, index) => {
    const product = parseProductId(p.product_id);
    if (!product) throw adcpError('PRODUCT_NOT_FOUND', `Product ${p.product_id} does not exist`, { field: `packages[${index}].product_id`, suggestion: 'Use a product_id from get_products' });
    if (p.pricing_option_id !== CPM_OPTION_ID && p.pricing_option_id !== FLAT_RATE_OPTION_ID) {
      throw adcpError('INVALID_REQUEST', `Pricing option ${p.pricing_option_id} does not exist`, { field: `packages[${index}].pricing_option_id`, suggestion: `Use a pricing_option_id of the product ("${CPM_OPTION_ID}")` });
    }
    if (!(p.budget > 0) || !Number.isInteger(p.budget)) {
      throw adcpError('INVALID_REQUEST', 'Total budget must be greater than 0', { field: `packages[${index}].budget`, suggestion: 'Budgets are whole US dollars greater than 0' });
    }
    return { ...product, input: p, index };
  });
  const ids = [...new Set(parsed.map((p) => p.daypartId))];
  if (ids.length !== parsed.length) throw adcpError('INVALID_REQUEST', 'Each daypart may be bought once per media buy', { field: 'packages', suggestion: 'Put one spot length per daypart in a buy' });

  const events: Staged[] = [];
  const buyerName = await buyerNameOf(db, actor);
  const result = await db.transaction(async (tx) => {
    const rows = await tx.select().from(dayparts).where(inArray(dayparts.id, ids));
    const byId = new Map(rows.map((d) => [d.id, d]));
    const stored: StoredPackage[] = parsed.map((p) => {
      const daypart = byId.get(p.daypartId);
      if (!daypart) throw adcpError('PRODUCT_NOT_FOUND', `Product ${p.input.product_id} does not exist`, { field: `packages[${p.index}].product_id`, suggestion: 'Use a product_id from get_products' });
      if (itemCpmCentsFor(daypart, p.length, p.input.pricing_option_id) === undefined) {
        throw adcpError('INVALID_REQUEST', `Product ${p.input.product_id} has no pricing option ${p.input.pricing_option_id}: the station sets no flat rate for ${daypart.name}`, {
          field: `packages[${p.index}].pricing_option_id`,
          suggestion: `Use "${CPM_OPTION_ID}"`,
        });
      }
      return {
        package_id: `pkg-${p.index}`,
        buyer_ref: p.input.buyer_ref ?? null,
        product_id: productIdOf(daypart.id, p.length),
        daypart_id: daypart.id,
        spot_length: p.length,
        pricing_option_id: p.input.pricing_option_id,
        budget: p.input.budget,
        spots_per_day: spotsPerDayFor(daypart, p.length, p.input.pricing_option_id, p.input.budget, flight.days),
        creative_ids: p.input.creative_ids ?? [],
      };
    });
    const brandId = await brandFor(tx, actor, brandName);
    const totalSpendCents = toCents(stored.reduce((sum, p) => sum + p.budget, 0));
    const [order] = await tx
      .insert(estimates)
      .values({
        ownerId: actor.id,
        brandId,
        estimateName: (input.buyer_campaign_ref ?? input.buyer_ref ?? `AdCP buy ${brandName}`).slice(0, 200),
        startDate: flight.start,
        totalSpendCents,
        totalAmountCents: totalSpendCents,
        ...codes,
        source: 'adcp',
        sourceName: buyerName,
        notes: `Bought through AdCP by ${buyerName}: flight ${flight.start} to ${flight.end}${flight.start === flight.askedStart ? '' : ` (asked from ${flight.askedStart}; moved whole to the earliest bookable date)`}`,
      })
      .returning();
    // The item's CPM prices the length (or the flat rate) by the spec's weekly-cost rule (decision 035).
    await tx
      .insert(estimateItems)
      .values(stored.map((p) => ({ estimateId: order!.id, daypartId: p.daypart_id, spotsPerOccurrence: p.spots_per_day, userDefinedCpmCents: itemCpmCentsFor(byId.get(p.daypart_id)!, p.spot_length, p.pricing_option_id!) ?? null })));
    const priced = await recomputeOrder(tx, order!);
    await submitOrder(tx, priced, events, { invoicedWithMediaLater: true });
    const pushEndpointId = input.push_notification_config ? await pushEndpointFor(tx, actor, input.push_notification_config, allowPrivate) : null;
    await tx.insert(adcpMediaBuys).values({ estimateId: order!.id, ownerId: actor.id, buyerRef: input.buyer_ref ?? null, packages: stored, pushEndpointId });
    const [task] = await tx.insert(adcpTasks).values({ ownerId: actor.id, taskType: 'create_media_buy', estimateId: order!.id }).returning({ id: adcpTasks.id });
    return { estimateId: order!.id, taskId: task!.id };
  });
  return { ...result, events, ...(flight.start === flight.askedStart ? {} : { movedStart: { asked: flight.askedStart, booked: flight.start, end: flight.end } }) };
};

// ── reading ──────────────────────────────────────────────────────────────────

export interface BuyView {
  order: OrderRow;
  buy: typeof adcpMediaBuys.$inferSelect;
  campaignId: string | null;
  campaignStatus: string | null;
}

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** The account's buys (an administrator's key reads every buy), optionally only these ids or buyer refs. */
export const readBuys = async (db: Tx, actor: Actor, filter: { ids?: string[] | null; buyerRefs?: string[] | null } = {}): Promise<BuyView[]> => {
  const ids = filter.ids?.filter(isUuid);
  if (filter.ids && ids!.length === 0 && !filter.buyerRefs?.length) return [];
  const rows = await db
    .select({ order: estimates, buy: adcpMediaBuys, campaignId: campaigns.id, campaignStatus: campaigns.status })
    .from(adcpMediaBuys)
    .innerJoin(estimates, eq(estimates.id, adcpMediaBuys.estimateId))
    .leftJoin(campaigns, eq(campaigns.estimateId, estimates.id))
    .where(
      and(
        actor.role === 'traffic_admin' ? undefined : eq(adcpMediaBuys.ownerId, actor.id),
        ids && ids.length > 0 ? inArray(adcpMediaBuys.estimateId, ids) : undefined,
        filter.buyerRefs?.length ? inArray(adcpMediaBuys.buyerRef, filter.buyerRefs) : undefined,
      ),
    )
    .orderBy(desc(adcpMediaBuys.createdAt))
    .limit(100);
  return rows.map((r) => ({ order: r.order, buy: r.buy, campaignId: r.campaignId ?? null, campaignStatus: r.campaignStatus ?? null }));
};

export const readBuy = async (db: Tx, actor: Actor, id: string): Promise<BuyView> => {
  const [view] = isUuid(id) ? await readBuys(db, actor, { ids: [id] }) : [];
  if (!view) throw adcpError('MEDIA_BUY_NOT_FOUND', `Media buy ${id} does not exist`, { field: 'media_buy_id', suggestion: 'Use a media_buy_id from create_media_buy or get_media_buys' });
  return view;
};

export const packagesOf = (view: BuyView) => view.buy.packages as StoredPackage[];

const pendingChangeSummary = (change: unknown) => {
  const c = change as { task_id: string; start_date: string; end_date: string; total_budget: number } | null;
  return c ? { task_id: c.task_id, start_date: c.start_date, end_date: c.end_date, total_budget: c.total_budget } : null;
};

export const mediaBuyOf = (view: BuyView) => {
  const status = mediaBuyStatusOf(view.order.status, view.campaignStatus);
  return {
    media_buy_id: view.order.id,
    buyer_ref: view.buy.buyerRef ?? view.order.id,
    status,
    revision: view.buy.revision,
    currency: 'USD',
    total_budget: toDollars(view.order.totalSpendCents),
    start_time: view.order.startDate ? `${view.order.startDate}T00:00:00Z` : undefined,
    end_time: view.order.endDate ? `${addDays(view.order.endDate, 1)}T00:00:00Z` : undefined,
    po_number: view.order.poNumber ?? undefined,
    created_at: view.buy.createdAt.toISOString(),
    updated_at: view.order.updatedAt.toISOString(),
    packages: packagesOf(view).map((p) => ({
      package_id: p.package_id,
      buyer_ref: p.buyer_ref ?? undefined,
      product_id: p.product_id,
      budget: p.budget,
      currency: 'USD',
      pricing_option_id: p.pricing_option_id ?? CPM_OPTION_ID,
      paused: status === 'paused',
      creative_assignments: p.creative_ids.map((creative_id) => ({ creative_id })),
      format_ids_to_provide: [],
      ext: { spotbook: { daypart_id: p.daypart_id, spot_length_seconds: p.spot_length, spots_per_day: p.spots_per_day } },
    })),
    ext: {
      // Where the buyer sent them (AdCP has no field for the agency's codes), beside Spotbook's own.
      agency_estimate_number: view.order.agencyEstimateNumber ?? undefined,
      client_code: view.order.clientCode ?? undefined,
      product_code: view.order.productCode ?? undefined,
      spotbook: {
        order_status: view.order.status,
        start_date: view.order.startDate,
        end_date: view.order.endDate,
        agency_estimate_number: view.order.agencyEstimateNumber,
        client_code: view.order.clientCode,
        product_code: view.order.productCode,
        // A budget or flight change waiting for the desk (changes.ts): what it asks, and its task.
        pending_change: pendingChangeSummary(view.buy.pendingChange),
      },
    },
  };
};

// ── tasks ────────────────────────────────────────────────────────────────────

export const readTask = async (db: Tx, actor: Actor, taskId: string) => {
  if (!isUuid(taskId)) throw adcpError('TASK_NOT_FOUND', `Task ${taskId} does not exist`, { field: 'task_id' });
  const [task] = await db
    .select()
    .from(adcpTasks)
    .where(and(eq(adcpTasks.id, taskId), actor.role === 'traffic_admin' ? undefined : eq(adcpTasks.ownerId, actor.id)))
    .limit(1);
  if (!task) throw adcpError('TASK_NOT_FOUND', `Task ${taskId} does not exist`, { field: 'task_id' });
  const view = await readBuy(db, actor, task.estimateId);
  return taskOf(task, view);
};

export const taskOf = (task: typeof adcpTasks.$inferSelect, view: BuyView) => {
  // A change of an approved buy has its own outcome; other tasks follow the order.
  const status = (task.status as TaskStatus | null) ?? taskStatusOf(view.order.status);
  if (task.status === 'rejected') {
    return {
      task_id: task.id,
      task_type: task.taskType,
      status,
      media_buy_id: view.order.id,
      created_at: task.createdAt.toISOString(),
      updated_at: view.buy.updatedAt.toISOString(),
      result: { errors: [{ code: 'MEDIA_BUY_CHANGE_REJECTED', message: `The station rejected the change; the buy stays as booked${task.note ? `: ${task.note}` : ''}` }] },
    };
  }
  const buy = mediaBuyOf(view);
  const result =
    status === 'completed'
      ? task.taskType === 'update_media_buy'
        ? { media_buy_id: buy.media_buy_id, buyer_ref: buy.buyer_ref, status: buy.status, affected_packages: buy.packages }
        : { media_buy_id: buy.media_buy_id, buyer_ref: buy.buyer_ref, status: buy.status, packages: buy.packages }
      : status === 'rejected'
        ? { errors: [{ code: 'MEDIA_BUY_REJECTED', message: view.order.notes ? `The station rejected the buy: ${view.order.notes}` : 'The station rejected the buy' }] }
        : status === 'canceled'
          ? { errors: [{ code: 'MEDIA_BUY_CANCELED', message: 'The buy was withdrawn before the station reviewed it' }] }
          : undefined;
  return {
    task_id: task.id,
    task_type: task.taskType,
    status,
    media_buy_id: view.order.id,
    created_at: task.createdAt.toISOString(),
    updated_at: view.order.updatedAt.toISOString(),
    ...(result && { result }),
  };
};

/**
 * Called with every order event (webhooks/outbox.ts): an AdCP buy's change tells the buyer through its
 * push endpoint (and any account webhook subscribed to `adcp.task_status`), in the same transaction.
 */
export const announceTaskChange = async (tx: Tx, order: { id: string; ownerId: string }, status: string) => {
  const [task] = await tx.select().from(adcpTasks).where(eq(adcpTasks.estimateId, order.id)).orderBy(desc(adcpTasks.createdAt)).limit(1);
  if (!task) return;
  const [row] = await tx
    .select({ order: estimates, buy: adcpMediaBuys, campaignId: campaigns.id, campaignStatus: campaigns.status })
    .from(adcpMediaBuys)
    .innerJoin(estimates, eq(estimates.id, adcpMediaBuys.estimateId))
    .leftJoin(campaigns, eq(campaigns.estimateId, estimates.id))
    .where(eq(adcpMediaBuys.estimateId, order.id))
    .limit(1);
  if (!row) return;
  // The order row as the change left it (the hook may run before the row is re-read elsewhere).
  const view: BuyView = { order: { ...row.order, status: status as OrderStatus }, buy: row.buy, campaignId: row.campaignId ?? null, campaignStatus: row.campaignStatus ?? null };
  const current = taskOf(task, view);
  // AdCP's webhook payload (MCPWebhookPayload): the body the buyer's endpoint receives as it is.
  await emitEvent(tx, {
    type: ADCP_TASK_EVENT,
    ownerId: order.ownerId,
    data: {
      task_id: current.task_id,
      task_type: current.task_type,
      domain: 'media-buy',
      status: current.status,
      timestamp: new Date().toISOString(),
      message: TASK_MESSAGES[current.status],
      ...(current.result && { result: current.result }),
    },
  });
};

const TASK_MESSAGES: Record<TaskStatus, string> = {
  submitted: "The buy waits for the station's traffic desk to review it",
  working: 'The station is working on the buy',
  completed: 'The station approved the buy',
  rejected: 'The station rejected the buy',
  canceled: 'The buy was withdrawn before the station reviewed it',
  failed: 'The buy failed',
};

// ── updating ─────────────────────────────────────────────────────────────────

export interface UpdateBuyInput {
  media_buy_id?: string | null;
  buyer_ref?: string | null;
  revision?: number | null;
  paused?: boolean | null;
  canceled?: boolean | null;
  start_time?: string | null;
  end_time?: string | null;
  packages?: { package_id?: string | null; buyer_ref?: string | null; budget?: number | null; paused?: boolean | null; creative_ids?: string[] | null }[] | null;
  ext?: Record<string, unknown> | null;
}

export interface UpdateBuyResult {
  estimateId: string;
  taskId?: string;
  events: Staged[];
  /** True when the change waits for the station's approval again. */
  submitted: boolean;
}

const findBuyId = async (db: Db, actor: Actor, input: UpdateBuyInput) => {
  if (input.media_buy_id) return (await readBuy(db, actor, input.media_buy_id)).order.id;
  if (input.buyer_ref) {
    const [view] = await readBuys(db, actor, { buyerRefs: [input.buyer_ref] });
    if (view) return view.order.id;
  }
  throw adcpError('MEDIA_BUY_NOT_FOUND', 'Name the media buy with media_buy_id (or buyer_ref)', { field: 'media_buy_id' });
};

export const updateMediaBuy = async ({ db, actor, input }: { db: Db; actor: Actor; input: UpdateBuyInput }): Promise<UpdateBuyResult> => {
  const id = await findBuyId(db, actor, input);
  const events: Staged[] = [];
  const view = await readBuy(db, actor, id);
  if (input.revision != null && input.revision !== view.buy.revision) {
    throw adcpError('CONFLICT', `The media buy is at revision ${view.buy.revision}, not ${input.revision}`, { field: 'revision', suggestion: 'Read the buy again (get_media_buys) and retry with its revision', details: { current_revision: view.buy.revision } });
  }
  const wantsCancel = input.canceled === true || input.ext?.cancel === true;
  if (wantsCancel) {
    // Cancel before air is the owner's withdraw (decision 018): only while the station has not reviewed it.
    if (!AWAITING.includes(view.order.status)) {
      throw adcpError('CONFLICT', 'Only a buy the station has not reviewed yet can be canceled here; ask the traffic desk to cancel a booked buy', { field: 'canceled' });
    }
    await withdrawOrder({ db, actor, id, events });
    await bumpRevision(db, id);
    return { estimateId: id, events, submitted: false };
  }

  const paused = input.paused ?? input.packages?.find((p) => p.paused != null)?.paused ?? null;
  if (paused !== null && paused !== undefined) {
    if (!view.campaignId || !['active', 'paused'].includes(view.campaignStatus ?? '') || view.order.status === 'completed') {
      throw adcpError('CONFLICT', 'A buy can be paused or resumed once it airs (its campaign is active)', { field: 'paused' });
    }
    const want = paused ? 'paused' : 'active';
    if (view.campaignStatus !== want) await changeCampaignStatus({ db, actor, id: view.campaignId, to: want });
  }

  const budgets = (input.packages ?? []).filter((p) => p.budget != null);
  const flightChange = input.start_time != null || input.end_time != null;
  const assignments = (input.packages ?? []).filter((p) => p.creative_ids != null);
  let submitted = false;
  let taskId: string | undefined;
  if (budgets.length > 0 || flightChange || assignments.length > 0) {
    await db.transaction(async (tx) => {
      const order = await lockReadableOrder(tx, actor, id);
      const [buy] = await tx.select().from(adcpMediaBuys).where(eq(adcpMediaBuys.estimateId, id)).for('update');
      const packages = structuredClone(buy!.packages as StoredPackage[]);
      const find = (p: { package_id?: string | null; buyer_ref?: string | null }, index: number) => {
        const found = packages.find((s) => (p.package_id ? s.package_id === p.package_id : p.buyer_ref ? s.buyer_ref === p.buyer_ref : false));
        if (!found) throw adcpError('PACKAGE_NOT_FOUND', `Package ${p.package_id ?? p.buyer_ref ?? ''} is not in this media buy`, { field: `packages[${index}].package_id` });
        return found;
      };
      for (const [index, p] of (input.packages ?? []).entries()) if (p.creative_ids != null) find(p, index).creative_ids = p.creative_ids;
      if (budgets.length > 0 || flightChange) {
        for (const [index, p] of (input.packages ?? []).entries()) {
          if (p.budget == null) continue;
          if (!(p.budget > 0) || !Number.isInteger(p.budget)) throw adcpError('INVALID_REQUEST', 'Total budget must be greater than 0', { field: `packages[${index}].budget` });
          find(p, index).budget = p.budget;
        }
      }
      if ((budgets.length > 0 || flightChange) && BOOKED.includes(order.status)) {
        // After approval: a modification that waits for the desk; the booked order airs as booked meanwhile (decision 035).
        taskId = await requestBuyChange({ tx, actor, order, pending: buy!.pendingChange, packages, startTime: input.start_time, endTime: input.end_time });
        submitted = true;
        return;
      }
      if (budgets.length > 0 || flightChange) {
        // A budget or flight change is a modification the station approves again (decision 035).
        if (!AWAITING.includes(order.status)) {
          throw adcpError('CONFLICT', 'This buy can no longer change: it is rejected, canceled or complete', { field: budgets.length > 0 ? 'packages' : 'start_time', suggestion: 'Create a new media buy for more airtime' });
        }
        const start = input.start_time ?? order.startDate!;
        const end = input.end_time ?? `${addDays(order.endDate ?? order.startDate!, 1)}T00:00:00Z`;
        const flight = checkFlight(start, end);
        const rows = await tx.select().from(dayparts).where(inArray(dayparts.id, packages.map((p) => p.daypart_id)));
        for (const p of packages) {
          p.spots_per_day = spotsPerDayFor(rows.find((d) => d.id === p.daypart_id)!, p.spot_length, p.pricing_option_id ?? CPM_OPTION_ID, p.budget, flight.days);
          await tx.update(estimateItems).set({ spotsPerOccurrence: p.spots_per_day, updatedAt: new Date() }).where(and(eq(estimateItems.estimateId, id), eq(estimateItems.daypartId, p.daypart_id)));
        }
        const [changed] = await tx
          .update(estimates)
          .set({ startDate: flight.start, totalSpendCents: toCents(packages.reduce((sum, p) => sum + p.budget, 0)), status: 'ordered', updatedAt: new Date() })
          .where(eq(estimates.id, id))
          .returning();
        const priced = await recomputeOrder(tx, changed!);
        // Submitted again: the order form's rules run on the new figures (the status is already "ordered").
        await submitOrder(tx, { ...priced, status: order.status }, events, { invoicedWithMediaLater: true });
        const [task] = await tx.insert(adcpTasks).values({ ownerId: actor.id, taskType: 'update_media_buy', estimateId: id }).returning({ id: adcpTasks.id });
        taskId = task!.id;
        submitted = true;
      }
      await tx.update(adcpMediaBuys).set({ packages, revision: sql`${adcpMediaBuys.revision} + 1`, updatedAt: new Date() }).where(eq(adcpMediaBuys.estimateId, id));
    });
  } else if (paused !== null && paused !== undefined) {
    await bumpRevision(db, id);
  }
  return { estimateId: id, taskId, events, submitted };
};

const bumpRevision = (db: Db, id: string) => db.transaction((tx) => tx.update(adcpMediaBuys).set({ revision: sql`${adcpMediaBuys.revision} + 1`, updatedAt: new Date() }).where(eq(adcpMediaBuys.estimateId, id)));
