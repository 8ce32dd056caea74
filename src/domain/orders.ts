/** Order (estimate) statuses and who may move an order between them (spec section 4 and 6). */
import type { Role } from './roles';

export const ORDER_STATUSES = ['draft', 'pending_approval', 'ordered', 'modified', 'approved', 'rejected', 'scheduled', 'active', 'completed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses Order Management offers an admin (any of them except the current one). */
export const ADMIN_SETTABLE_STATUSES = [
  'draft',
  'ordered',
  'approved',
  'scheduled',
  'active',
  'completed',
  'rejected',
  'modified',
] as const satisfies readonly OrderStatus[];

/** Statuses whose spots are taken from a daypart's availability. */
export const BOOKED_STATUSES = ['approved', 'scheduled', 'active'] as const satisfies readonly OrderStatus[];
/** Booked or completed: the order was sold (its revenue counts, it can be invoiced, its spots are on the log). */
export const SOLD_STATUSES = [...BOOKED_STATUSES, 'completed'] as const satisfies readonly OrderStatus[];

/**
 * Statuses of an order that is not submitted: a coupon use recorded on it does not count toward the
 * coupon's limits (a rejected order gave its use back; resubmitting it redeems the coupon again).
 */
export const UNSUBMITTED_STATUSES: readonly OrderStatus[] = ['draft', 'rejected'];
export const isSubmitted = (status: OrderStatus): boolean => !UNSUBMITTED_STATUSES.includes(status);

/** A client's editable statuses: draft and modified, and rejected (the FAQ: a rejected order can be edited and resubmitted). */
const CLIENT_EDITABLE: readonly OrderStatus[] = ['draft', 'modified', 'rejected'];

export const STATUS_LABELS: Record<OrderStatus, string> = {
  draft: 'Draft',
  pending_approval: 'Pending Approval',
  ordered: 'Ordered',
  modified: 'Changes Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  scheduled: 'Scheduled',
  active: 'Active',
  completed: 'Completed',
};

export interface OrderActor {
  id: string;
  role: Role;
  /** A traffic admin limited to these channels (decision 053); empty or absent: every channel. */
  channelIds?: readonly string[];
}

const admin = (actor: OrderActor) => actor.role === 'traffic_admin';

/** The channels an admin is limited to, or null for every channel (decision 053). */
export const adminChannels = (actor: OrderActor): readonly string[] | null => (actor.channelIds && actor.channelIds.length > 0 ? actor.channelIds : null);

/** Its owner reads an order; an admin reads every order of the channels the admin runs (all, unless limited). */
export const canReadOrder = (actor: OrderActor, order: { ownerId: string; channelId: string }): boolean => {
  if (actor.id === order.ownerId) return true;
  if (!admin(actor)) return false;
  const channels = adminChannels(actor);
  return channels === null || channels.includes(order.channelId);
};

export const canEditOrder = (actor: OrderActor, order: { ownerId: string; status: OrderStatus }): boolean =>
  admin(actor) ? order.status !== 'approved' : actor.id === order.ownerId && CLIENT_EDITABLE.includes(order.status);

export const canDeleteOrder = (actor: OrderActor, order: { ownerId: string; status: OrderStatus }): boolean =>
  order.status === 'draft' && (admin(actor) || actor.id === order.ownerId);

/**
 * Submit Order: the owner, admin or not, sends a draft, modified or rejected order for approval,
 * with the submit checks. An admin moves other people's orders through Order Management instead.
 */
export const canSubmitOrder = (actor: OrderActor, order: { ownerId: string; status: OrderStatus }): boolean =>
  actor.id === order.ownerId && CLIENT_EDITABLE.includes(order.status);

export type ReviewDecision = 'approved' | 'rejected' | 'modified';

/** Review on the order detail page: ordered → approved | rejected | modified; modified → approved | rejected. */
export const REVIEW_TRANSITIONS: Partial<Record<OrderStatus, readonly ReviewDecision[]>> = {
  ordered: ['approved', 'rejected', 'modified'],
  pending_approval: ['approved', 'rejected', 'modified'],
  modified: ['approved', 'rejected'],
};

export const canReview = (from: OrderStatus, to: ReviewDecision): boolean => REVIEW_TRANSITIONS[from]?.includes(to) ?? false;

export const reviewRefusal = (from: OrderStatus, to: ReviewDecision): string => `Cannot change an order from ${STATUS_LABELS[from]} to ${STATUS_LABELS[to]}`;

/** Order Management: an admin may set any settable status except the current one. */
export const canAdminSetStatus = (from: OrderStatus, to: OrderStatus): boolean =>
  from !== to && (ADMIN_SETTABLE_STATUSES as readonly OrderStatus[]).includes(to);

/**
 * The step an admin takes next on an order's page once it is reviewed (issue 29, item 14): an
 * approved order is scheduled (its campaign is created and waits for its start date).
 */
export const NEXT_ADMIN_STEP: Partial<Record<OrderStatus, { to: OrderStatus; label: string; prompt: string }>> = {
  approved: { to: 'scheduled', label: 'Schedule', prompt: 'The order is scheduled: its campaign is created and waits for its start date.' },
};

/** Submitted and not yet reviewed: the owner may withdraw such an order to draft (decision 018). */
export const WITHDRAWABLE_STATUSES: readonly OrderStatus[] = ['ordered', 'pending_approval'];

/** The owner's Withdraw to Draft: only their own order, only while it awaits review. */
export const canWithdrawOrder = (actor: OrderActor, order: { ownerId: string; status: OrderStatus }): boolean =>
  actor.id === order.ownerId && WITHDRAWABLE_STATUSES.includes(order.status);

export const WITHDRAW_MESSAGES = {
  notOwner: "Only the order's owner can withdraw it",
  notAwaitingReview: 'Only a submitted order awaiting review can be withdrawn',
  done: 'Order withdrawn to draft',
} as const;

/** What the advertiser owes for an order: its budget less its coupon's discount, never below zero (any unit). */
export const amountOwed = (budget: number, discount: number): number => Math.max(0, budget - discount);

/** What can still be billed for an order: the amount owed less its credits for missed spots, never below zero. */
export const billableAmount = (owed: number, credits: number): number => Math.max(0, owed - credits);
