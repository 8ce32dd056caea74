/**
 * Offering ADUs (issue 43, decision 057): an admin offers a guaranteed order under its guarantee the
 * no-charge spots the post-buy sizes (less those already offered or accepted and not aired), as makegood
 * offers of kind `adu` that the advertiser accepts or declines on the order.
 */
import { AUDIENCE_MESSAGES, type AduOfferReply } from '../../../domain/audience-schemas';
import { SOLD_STATUSES, type OrderActor } from '../../../domain/orders';
import type { Db } from '../../platform/db';
import { conflict } from '../../platform/errors';
import { offerAdus } from '../makegoods/adus';
import type { Staged } from '../notifications';
import { lockReadableOrder } from '../orders/public';
import { specLinesOf } from './order-audience';
import { postBuy } from './post-buy';

export const offerOrderAdus = async ({
  db,
  actor,
  id,
  now,
  timeZone,
  expiryHours,
}: {
  db: Db;
  actor: OrderActor & { id: string };
  id: string;
  now: Date;
  timeZone: string;
  expiryHours: number;
}): Promise<{ reply: AduOfferReply; staged: Staged[]; estimateId: string }> =>
  db.transaction(async (tx) => {
    // Locked: two admins offering at once never offer the shortfall twice.
    const order = await lockReadableOrder(tx, actor, id);
    if (!(SOLD_STATUSES as readonly string[]).includes(order.status)) throw conflict(AUDIENCE_MESSAGES.aduNotSold);
    if (!order.guaranteeDemo) throw conflict(AUDIENCE_MESSAGES.aduNoGuarantee);
    const post = await postBuy(tx, actor, order.id, order.guaranteeDemo);
    if (!post.shortfall) throw conflict(AUDIENCE_MESSAGES.aduMet);
    if (!post.adus) throw conflict(AUDIENCE_MESSAGES.aduUnsized);
    const owed = post.adus.spots - post.adus.pending;
    if (owed <= 0) throw conflict(AUDIENCE_MESSAGES.aduAllOffered);
    // A daypart item's ADUs air on its daypart's days; a schedule line's (issue 42) on the line's days, as the line's spots.
    const line = (await specLinesOf(tx, order)).find((l) => l.id === post.adus!.line_id);
    if (!line) throw conflict(AUDIENCE_MESSAGES.aduUnsized);
    const { offered, staged } = await offerAdus({
      tx,
      order: { id: order.id, ownerId: order.ownerId, estimateName: order.estimateName, endDate: order.endDate },
      daypartId: post.adus.daypart_id,
      line: line.days ? { scheduleLineId: line.id, days: line.days } : { estimateItemId: line.id },
      spots: owed,
      now,
      timeZone,
      expiryHours,
      actorId: actor.id,
    });
    if (offered === 0) throw conflict(AUDIENCE_MESSAGES.aduNoRoom(post.adus.label));
    return {
      reply: { message: AUDIENCE_MESSAGES.aduOffered(offered, post.adus.label), offered, owed, not_offered: owed - offered },
      staged,
      estimateId: order.id,
    };
  });
