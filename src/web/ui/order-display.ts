import { formatInstantDate } from '../shared/station-time';
import type { Estimate } from '../../domain/estimate-schemas';
import { formatCalendarDate } from '../../domain/display-dates';
import { STATUS_LABELS, type OrderStatus } from '../../domain/orders';

/** A calendar date 'YYYY-MM-DD' as 'Jan 5, 2025'; '—' when there is none (the app's one format, decision 017). */
export const formatDay = (isoDate: string | null | undefined): string => formatCalendarDate(isoDate);

/** A timestamp as the station's calendar day 'Jan 5, 2025'; '—' when it cannot be read. */
export const formatTimestampDay = (timestamp: string | null | undefined): string => formatInstantDate(timestamp);

/** Milliseconds of a timestamp for sorting; null when missing. */
export const timeOf = (timestamp: string | null | undefined): number | null => {
  if (!timestamp) return null;
  const time = new Date(timestamp).getTime();
  return Number.isNaN(time) ? null : time;
};

/** Who created the order: the owner's name, else the e-mail. */
export const ownerLabel = (order: Pick<Estimate, 'owner_name' | 'owner_first_name' | 'owner_last_name' | 'owner_email'>): string => {
  const name =
    order.owner_name?.trim() ||
    [order.owner_first_name, order.owner_last_name]
      .filter((p) => p && p.trim())
      .join(' ')
      .trim();
  return name || order.owner_email;
};

export type StatusTone = 'slate' | 'blue' | 'green' | 'amber' | 'red' | 'purple';

export const STATUS_TONES: Record<OrderStatus, StatusTone> = {
  draft: 'slate',
  pending_approval: 'amber',
  ordered: 'amber',
  modified: 'purple',
  approved: 'green',
  rejected: 'red',
  scheduled: 'blue',
  active: 'green',
  completed: 'slate',
};

export const statusLabel = (status: OrderStatus): string => STATUS_LABELS[status] ?? status;

/** Orders that wait for an administrator's review. */
export const AWAITING_REVIEW: readonly OrderStatus[] = ['ordered', 'pending_approval'];
export const isAwaitingReview = (status: OrderStatus): boolean => AWAITING_REVIEW.includes(status);
