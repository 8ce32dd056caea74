/**
 * What a buyer reads of an AdCP buy (decision 035): the buy and its packages, its tasks, and the task
 * status pushed to the buyer when its order changes.
 */
import { and, desc, eq, getViewSelectedFields, inArray } from 'drizzle-orm';
import { addDays } from '../../../domain/dates';
import { toDollars } from '../../../domain/money';
import type { OrderStatus } from '../../../domain/orders';
import { adcpMediaBuys, adcpTasks } from '../../db/schema';
import { campaignsOfOrders } from '../campaigns/public';
import { ordersView } from '../orders/views';
import type { Tx } from '../../platform/db';
import type { Actor } from '../auth/service';
import type { OrderRow } from '../orders/public';
import { emitEvent } from '../webhooks/outbox';
import { adcpError } from './errors';
import type { StoredPackage } from './flight';
import { CPM_OPTION_ID } from './products';

export type MediaBuyStatus = 'pending_activation' | 'active' | 'paused' | 'completed' | 'rejected' | 'canceled';
export type TaskStatus = 'submitted' | 'working' | 'completed' | 'rejected' | 'canceled' | 'failed';

/** Waiting for the desk's review. */
export const AWAITING: readonly OrderStatus[] = ['ordered', 'pending_approval', 'modified'];

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

const ADCP_TASK_EVENT = 'adcp.task_status';

export interface BuyView {
  order: OrderRow;
  buy: typeof adcpMediaBuys.$inferSelect;
  campaignId: string | null;
  campaignStatus: string | null;
}

/** The buys with their orders' campaigns (the campaigns module's, in one query). */
const withCampaigns = async (db: Tx, rows: Omit<BuyView, 'campaignId' | 'campaignStatus'>[]): Promise<BuyView[]> => {
  const campaignOf = await campaignsOfOrders(
    db,
    rows.map((row) => row.order.id),
  );
  return rows.map((row) => {
    const campaign = campaignOf.get(row.order.id);
    return { ...row, campaignId: campaign?.id ?? null, campaignStatus: campaign?.status ?? null };
  });
};

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** The account's buys (an administrator's key reads every buy), optionally only these ids or buyer refs. */
export const readBuys = async (db: Tx, actor: Actor, filter: { ids?: string[] | null; buyerRefs?: string[] | null } = {}): Promise<BuyView[]> => {
  const ids = filter.ids?.filter(isUuid);
  if (filter.ids && ids!.length === 0 && !filter.buyerRefs?.length) return [];
  const rows = await db
    .select({ order: getViewSelectedFields(ordersView), buy: adcpMediaBuys })
    .from(adcpMediaBuys)
    .innerJoin(ordersView, eq(ordersView.id, adcpMediaBuys.estimateId))
    .where(
      and(
        actor.role === 'traffic_admin' ? undefined : eq(adcpMediaBuys.ownerId, actor.id),
        ids && ids.length > 0 ? inArray(adcpMediaBuys.estimateId, ids) : undefined,
        filter.buyerRefs?.length ? inArray(adcpMediaBuys.buyerRef, filter.buyerRefs) : undefined,
      ),
    )
    .orderBy(desc(adcpMediaBuys.createdAt))
    .limit(100);
  return withCampaigns(db, rows);
};

export const readBuy = async (db: Tx, actor: Actor, id: string): Promise<BuyView> => {
  const [view] = isUuid(id) ? await readBuys(db, actor, { ids: [id] }) : [];
  if (!view)
    throw adcpError('MEDIA_BUY_NOT_FOUND', `Media buy ${id} does not exist`, {
      field: 'media_buy_id',
      suggestion: 'Use a media_buy_id from create_media_buy or get_media_buys',
    });
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
      result: {
        errors: [
          { code: 'MEDIA_BUY_CHANGE_REJECTED', message: `The station rejected the change; the buy stays as booked${task.note ? `: ${task.note}` : ''}` },
        ],
      },
    };
  }
  const buy = mediaBuyOf(view);
  const result =
    status === 'completed'
      ? task.taskType === 'update_media_buy'
        ? { media_buy_id: buy.media_buy_id, buyer_ref: buy.buyer_ref, status: buy.status, affected_packages: buy.packages }
        : { media_buy_id: buy.media_buy_id, buyer_ref: buy.buyer_ref, status: buy.status, packages: buy.packages }
      : status === 'rejected'
        ? {
            errors: [
              { code: 'MEDIA_BUY_REJECTED', message: view.order.notes ? `The station rejected the buy: ${view.order.notes}` : 'The station rejected the buy' },
            ],
          }
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
 * own push endpoint only (and any account webhook subscribed to `adcp.task_status`), in the same transaction.
 */
export const announceTaskChange = async (tx: Tx, order: { id: string; ownerId: string }, status: string) => {
  const [task] = await tx.select().from(adcpTasks).where(eq(adcpTasks.estimateId, order.id)).orderBy(desc(adcpTasks.createdAt)).limit(1);
  if (!task) return;
  const [row] = await withCampaigns(
    tx,
    await tx
      .select({ order: getViewSelectedFields(ordersView), buy: adcpMediaBuys })
      .from(adcpMediaBuys)
      .innerJoin(ordersView, eq(ordersView.id, adcpMediaBuys.estimateId))
      .where(eq(adcpMediaBuys.estimateId, order.id))
      .limit(1),
  );
  if (!row) return;
  // The order row as the change left it (the hook may run before the row is re-read elsewhere).
  const view: BuyView = {
    order: { ...row.order, status: status as OrderStatus },
    buy: row.buy,
    campaignId: row.campaignId ?? null,
    campaignStatus: row.campaignStatus ?? null,
  };
  const current = taskOf(task, view);
  // AdCP's webhook payload (MCPWebhookPayload): the body the buyer's endpoint receives as it is.
  await emitEvent(tx, {
    type: ADCP_TASK_EVENT,
    ownerId: order.ownerId,
    alsoTo: row.buy.pushEndpointId ? [row.buy.pushEndpointId] : [],
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
