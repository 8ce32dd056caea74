/**
 * POST /estimates/:id/withdraw: the owner takes a submitted, not yet reviewed order back to draft
 * (decision 018). It gives back what Submit Order took (the coupon's use and discount) and tells
 * the owner and the traffic desk, as a status change does; the audit triggers record the change.
 */
import type { EstimateDetail } from '../../../domain/estimate-schemas';
import { WITHDRAW_MESSAGES, WITHDRAWABLE_STATUSES, type OrderActor } from '../../../domain/orders';
import type { Db } from '../../platform/db';
import { conflict, forbidden } from '../../platform/errors';
import type { Staged } from '../notifications';
import { lockReadableOrder } from './orders';
import { getEstimate } from './queries';
import { withdrawToDraft } from './status';

export const withdrawOrder = async ({ db, actor, id, events }: { db: Db; actor: OrderActor; id: string; events: Staged[] }): Promise<EstimateDetail> => {
  await db.transaction(async (tx) => {
    // Another client's order is not found (404); an admin may read it but only withdraws their own.
    const order = await lockReadableOrder(tx, actor, id);
    if (order.ownerId !== actor.id) throw forbidden(WITHDRAW_MESSAGES.notOwner);
    if (!WITHDRAWABLE_STATUSES.includes(order.status)) throw conflict(WITHDRAW_MESSAGES.notAwaitingReview);
    await withdrawToDraft(tx, order, events);
  });
  return getEstimate({ db, actor, id });
};
