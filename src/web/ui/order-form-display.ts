/** How the order page shows times, cards, people and statuses. */
import type { Estimate } from '../../domain/estimate-schemas';
import { formatCurrency } from '../../domain/format';
import type { OrderStatus } from '../../domain/orders';

export { formatTime, formatTimeRange } from '../../domain/display-times';

/** '04/28' for April 2028. */
export const formatExpiry = (month: number, year: number): string => `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;

/** 'Visa •••• 4242 exp 04/28'. */
export const cardLabel = (card: { brand: string; last4: string; exp_month: number; exp_year: number }): string =>
  `${card.brand} •••• ${card.last4} exp ${formatExpiry(card.exp_month, card.exp_year)}`;

/** The order owner's name, else e-mail. */
export const ownerLabel = (order: Pick<Estimate, 'owner_name' | 'owner_first_name' | 'owner_last_name' | 'owner_email'>): string =>
  order.owner_name?.trim() || [order.owner_first_name, order.owner_last_name].filter((part) => part?.trim()).join(' ') || order.owner_email;

export type StatusTone = 'slate' | 'blue' | 'green' | 'amber' | 'red' | 'purple';

export const STATUS_TONES: Record<OrderStatus, StatusTone> = {
  draft: 'slate',
  pending_approval: 'blue',
  ordered: 'blue',
  modified: 'amber',
  approved: 'green',
  rejected: 'red',
  scheduled: 'purple',
  active: 'green',
  completed: 'slate',
};

/** The heading over the traffic desk's notes, by status. */
export const notesHeading = (status: OrderStatus): string =>
  status === 'modified'
    ? 'Changes requested by the traffic desk'
    : status === 'rejected'
      ? 'Order rejected by the traffic desk'
      : 'Notes from the traffic desk';

/**
 * What a reviewer reads under a custom CPM (issue 29, item 15): the daypart's base CPM beside it and,
 * below base, the discount it gives ("custom · base $20.00 · 75% below base").
 */
export const customCpmNote = (custom: number, base: number): string => {
  if (base <= 0 || custom === base) return 'custom';
  const below = Math.max(1, Math.round(((base - custom) / base) * 100));
  return custom < base ? `custom · base ${formatCurrency(base)} · ${below}% below base` : `custom · base ${formatCurrency(base)}`;
};
