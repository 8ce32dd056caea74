/**
 * The Orders page's status tabs (decisions 018 and 033). Each order is in exactly one of the first
 * four tabs, so their counts add up to All: In progress holds what is not yet approved (draft,
 * pending approval, ordered, changes requested), Approved & running what is approved, scheduled or
 * airing, then Completed and Rejected.
 */
import type { EstimateStats } from '../../../domain/estimate-schemas';
import { BOOKED_STATUSES, ORDER_STATUSES, type OrderStatus } from '../../../domain/orders';
import type { EstimateListFilter } from '../../api/estimates';

export const ORDER_TABS = ['in-progress', 'running', 'completed', 'rejected', 'all'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

export const ORDER_TAB_LABELS: Record<OrderTab, string> = {
  'in-progress': 'In progress',
  running: 'Approved & running',
  completed: 'Completed',
  rejected: 'Rejected',
  all: 'All',
};

/** Approved & running: the booked statuses. In progress: every status before approval. */
const RUNNING: readonly OrderStatus[] = BOOKED_STATUSES;
const IN_PROGRESS_LEAVES_OUT: readonly OrderStatus[] = [...RUNNING, 'rejected', 'completed'];

/** The list call of each tab, with the existing status and exclude_status parameters. */
export const tabFilter = (tab: OrderTab): Pick<EstimateListFilter, 'status' | 'exclude_status'> => {
  if (tab === 'in-progress') return { exclude_status: [...IN_PROGRESS_LEAVES_OUT] };
  if (tab === 'running') return { exclude_status: ORDER_STATUSES.filter((status) => !RUNNING.includes(status)) };
  if (tab === 'completed') return { status: 'completed' };
  if (tab === 'rejected') return { status: 'rejected' };
  return {};
};

/** How many orders each tab holds, from the caller's order statistics. */
export const tabCounts = (stats: EstimateStats): Record<OrderTab, number> => ({
  'in-progress': stats.total_estimates - stats.approved_count - stats.scheduled_count - stats.active_count - stats.rejected_count - stats.completed_count,
  running: stats.approved_count + stats.scheduled_count + stats.active_count,
  completed: stats.completed_count,
  rejected: stats.rejected_count,
  all: stats.total_estimates,
});

export const parseTab = (value: string | null): OrderTab => ((ORDER_TABS as readonly string[]).includes(value ?? '') ? (value as OrderTab) : 'in-progress');

/** What an empty tab says (the first one keeps its call to create an order). */
export const EMPTY_TAB: Record<OrderTab, { title: string; description: string }> = {
  'in-progress': { title: 'No orders in progress', description: 'Create your first order: pick a brand, a start date, a budget and the time slots to air in.' },
  running: { title: 'No approved or running orders', description: 'Orders appear here once the traffic desk approves them, and while their campaigns run.' },
  completed: { title: 'No completed orders', description: 'Orders appear here once their campaigns have aired.' },
  rejected: { title: 'No rejected orders', description: 'A rejected order can be edited and submitted again from here.' },
  all: { title: 'No orders yet', description: 'Create your first order: pick a brand, a start date, a budget and the time slots to air in.' },
};
