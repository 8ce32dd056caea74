/**
 * The Orders page's status tabs (decision 018). "In progress" is the spec's Orders in Progress view
 * (neither approved nor rejected) without completed orders; the other tabs find the rest.
 */
import type { EstimateStats } from '../../../domain/estimate-schemas';
import { ORDER_STATUSES, type OrderStatus } from '../../../domain/orders';
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

/** In progress: everything but approved and rejected (the spec's view), and but completed. */
const IN_PROGRESS_LEAVES_OUT: readonly OrderStatus[] = ['approved', 'rejected', 'completed'];
const RUNNING: readonly OrderStatus[] = ['approved', 'scheduled', 'active'];

/** The list call of each tab, with the existing status and exclude_status parameters. */
export const tabFilter = (tab: OrderTab): Pick<EstimateListFilter, 'status' | 'exclude_status'> => {
  if (tab === 'in-progress') return { exclude_status: IN_PROGRESS_LEAVES_OUT };
  if (tab === 'running') return { exclude_status: ORDER_STATUSES.filter((status) => !RUNNING.includes(status)) };
  if (tab === 'completed') return { status: 'completed' };
  if (tab === 'rejected') return { status: 'rejected' };
  return {};
};

/** How many orders each tab holds, from the caller's order statistics. */
export const tabCounts = (stats: EstimateStats): Record<OrderTab, number> => ({
  'in-progress': stats.total_estimates - stats.approved_count - stats.rejected_count - stats.completed_count,
  running: stats.approved_count + stats.scheduled_count + stats.active_count,
  completed: stats.completed_count,
  rejected: stats.rejected_count,
  all: stats.total_estimates,
});

export const parseTab = (value: string | null): OrderTab => (ORDER_TABS as readonly string[]).includes(value ?? '') ? (value as OrderTab) : 'in-progress';

/** What an empty tab says (the first one keeps its call to create an order). */
export const EMPTY_TAB: Record<OrderTab, { title: string; description: string }> = {
  'in-progress': { title: 'No orders in progress', description: 'Create your first order: pick a brand, a start date, a budget and the time slots to air in.' },
  running: { title: 'No approved or running orders', description: 'Orders appear here once the traffic desk approves them, and while their campaigns run.' },
  completed: { title: 'No completed orders', description: 'Orders appear here once their campaigns have aired.' },
  rejected: { title: 'No rejected orders', description: 'A rejected order can be edited and submitted again from here.' },
  all: { title: 'No orders yet', description: 'Create your first order: pick a brand, a start date, a budget and the time slots to air in.' },
};
