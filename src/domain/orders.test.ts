import { describe, expect, it } from 'vitest';
import {
  ADMIN_SETTABLE_STATUSES,
  ORDER_STATUSES,
  amountOwed,
  billableAmount,
  canAdminSetStatus,
  canDeleteOrder,
  canEditOrder,
  canReview,
  canSubmitOrder,
} from './orders';

const owner = { id: 'owner', role: 'client' as const };
const stranger = { id: 'stranger', role: 'client' as const };
const admin = { id: 'admin', role: 'traffic_admin' as const };

describe('order permissions', () => {
  it('clients edit only their own orders in draft, modified or rejected', () => {
    for (const status of ORDER_STATUSES) {
      expect(canEditOrder(owner, { ownerId: 'owner', status }), status).toBe(['draft', 'modified', 'rejected'].includes(status));
      expect(canEditOrder(stranger, { ownerId: 'owner', status })).toBe(false);
    }
  });
  it('admins edit every status except approved', () => {
    for (const status of ORDER_STATUSES) expect(canEditOrder(admin, { ownerId: 'owner', status })).toBe(status !== 'approved');
  });
  it('only drafts are deleted, by their owner or an admin', () => {
    expect(canDeleteOrder(owner, { ownerId: 'owner', status: 'draft' })).toBe(true);
    expect(canDeleteOrder(owner, { ownerId: 'owner', status: 'ordered' })).toBe(false);
    expect(canDeleteOrder(stranger, { ownerId: 'owner', status: 'draft' })).toBe(false);
    expect(canDeleteOrder(admin, { ownerId: 'owner', status: 'draft' })).toBe(true);
  });
  it('a rejected order can be resubmitted by its owner', () => {
    expect(canSubmitOrder(owner, { ownerId: 'owner', status: 'rejected' })).toBe(true);
    expect(canSubmitOrder(owner, { ownerId: 'owner', status: 'approved' })).toBe(false);
    expect(canSubmitOrder(stranger, { ownerId: 'owner', status: 'draft' })).toBe(false);
    // An admin submits their own orders; other people's move through Order Management.
    expect(canSubmitOrder(admin, { ownerId: 'admin', status: 'draft' })).toBe(true);
    expect(canSubmitOrder(admin, { ownerId: 'owner', status: 'draft' })).toBe(false);
  });
});

describe('order transitions', () => {
  it('review: ordered → approved/rejected/modified, modified → approved/rejected', () => {
    expect(canReview('ordered', 'approved')).toBe(true);
    expect(canReview('ordered', 'modified')).toBe(true);
    expect(canReview('modified', 'rejected')).toBe(true);
    expect(canReview('modified', 'modified')).toBe(false);
    expect(canReview('draft', 'approved')).toBe(false);
    expect(canReview('approved', 'rejected')).toBe(false);
  });
  it('order management: any settable status except the current one', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        expect(canAdminSetStatus(from, to)).toBe(from !== to && (ADMIN_SETTABLE_STATUSES as readonly string[]).includes(to));
      }
    }
  });
});

describe('what an order owes', () => {
  it('the amount owed is the budget less the discount, never below zero', () => {
    expect(amountOwed(10_000, 2_500)).toBe(7_500);
    expect(amountOwed(10_000, 0)).toBe(10_000);
    expect(amountOwed(1_000, 2_500)).toBe(0);
  });
  it('the billable amount is the amount owed less credits, never below zero', () => {
    expect(billableAmount(7_500, 500)).toBe(7_000);
    expect(billableAmount(500, 7_500)).toBe(0);
  });
});
