/**
 * ADUs (issue 43, decision 057): the no-charge spots a guaranteed order is owed for an audience shortfall,
 * offered to the advertiser as makegood offers of kind `adu` (no missed spot, no cost, no credit). Accepting,
 * declining, moving and expiring them is the makegood flow (service.ts); the station clock places an
 * accepted one on the log marked no-charge (traffic/demands.ts), and billing never bills it.
 */
import { and, count, eq, inArray, notExists, or } from 'drizzle-orm';
import { addDays, todayIso } from '../../../domain/dates';
import { makegoodAnswerBy, offerWindow, onLineDays, proposeMakegoodDay } from '../../../domain/makegoods';
import { makegoodEvents, makegoodOffers } from '../../db/schema';
import { lockDayparts } from '../dayparts/public';
import { logSpotsView } from '../traffic/public';
import type { Tx } from '../../platform/db';
import type { Staged } from '../notifications';
import { stageAduOffer } from '../notifications/events';
import { takenCounter } from './capacity';
import { emailOf } from './queries';
import { emitEvent } from '../webhooks/outbox';

/** ADUs still owed an airing: offered, or accepted and not aired yet (an aired one counts in the post-buy's delivery). */
export const pendingAdus = async (db: Tx, estimateId: string): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(makegoodOffers)
    .where(
      and(
        eq(makegoodOffers.estimateId, estimateId),
        eq(makegoodOffers.kind, 'adu'),
        or(
          eq(makegoodOffers.status, 'offered'),
          and(
            eq(makegoodOffers.status, 'accepted'),
            notExists(
              db
                .select({ id: logSpotsView.id })
                .from(logSpotsView)
                .where(and(eq(logSpotsView.makegoodOfferId, makegoodOffers.id), inArray(logSpotsView.status, ['aired']))),
            ),
          ),
        ),
      ),
    );
  return Number(row?.n ?? 0);
};

export interface AduOrder {
  id: string;
  ownerId: string;
  estimateName: string;
  endDate: string | null;
}

/**
 * Offers up to `spots` ADUs in one daypart of the order on free days of its window (from tomorrow to 14 days
 * after the later of today and the flight's end), one a day from the nearest, capacity permitting: as many as fit.
 * Runs in the caller's transaction; answers how many were offered and the owner's notification to publish.
 */
export const offerAdus = async ({
  tx,
  order,
  daypartId,
  line,
  spots,
  now,
  timeZone,
  expiryHours,
  actorId,
}: {
  tx: Tx;
  order: AduOrder;
  daypartId: string;
  /** The order line they are of: a daypart item, or a schedule line, whose spots air on the line's days (issue 42). */
  line: { estimateItemId: string } | { scheduleLineId: string; days: readonly string[] };
  spots: number;
  now: Date;
  timeZone: string;
  expiryHours: number;
  /** The admin who offers them (the offer's history names them). */
  actorId: string;
}): Promise<{ offered: number; staged: Staged[] }> => {
  if (spots <= 0) return { offered: 0, staged: [] };
  const today = todayIso(now, timeZone);
  const window = offerWindow({ missedDate: null, offeredOn: today, flightEnd: order.endDate, today });
  // Locked as makegood offers lock it: an ADU and a booking never take the same last spot.
  const [daypart] = await lockDayparts(tx, [daypartId]);
  if (!daypart) return { offered: 0, staged: [] };
  const counter = await takenCounter(tx, window.first, window.last);
  // A schedule line's ADU is offered on the line's days only (traffic places it as the line's spot, at its length).
  const lineWindow = onLineDays(daypart, 'days' in line ? line.days : null);
  const offers: (typeof makegoodOffers.$inferInsert)[] = [];
  // Spread over the window, one a day (then round again), so that ADUs do not crowd one break.
  let from = window.first;
  for (let i = 0; i < spots; i += 1) {
    const taken = (date: string) => counter.taken(daypart, date);
    const day =
      proposeMakegoodDay({ daypart: lineWindow, first: from, last: window.last, taken }) ??
      (from > window.first ? proposeMakegoodDay({ daypart: lineWindow, first: window.first, last: window.last, taken }) : null);
    if (!day) break;
    counter.hold(daypart.id, day);
    from = day < window.last ? addDays(day, 1) : window.first;
    offers.push({
      kind: 'adu',
      missedSpotId: null,
      estimateId: order.id,
      estimateItemId: 'estimateItemId' in line ? line.estimateItemId : null,
      scheduleLineId: 'scheduleLineId' in line ? line.scheduleLineId : null,
      daypartId,
      airDate: day,
      status: 'offered',
      spotCostCents: 0,
      creditCents: 0,
      expiresAt: makegoodAnswerBy({ now, expiryHours, airDate: day, startTime: daypart.startTime, timeZone }),
    });
  }
  if (offers.length === 0) return { offered: 0, staged: [] };
  const made = await tx.insert(makegoodOffers).values(offers).returning({ id: makegoodOffers.id, airDate: makegoodOffers.airDate });
  const actorEmail = await emailOf(tx, actorId);
  await tx.insert(makegoodEvents).values(made.map((o) => ({ offerId: o.id, action: 'offered' as const, airDate: o.airDate, actorId, actorEmail })));
  // As makegood offers are announced (`makegood.offered`); accepting, declining and expiring each then sends its makegood event.
  await emitEvent(tx, {
    type: 'adu.offered',
    ownerId: order.ownerId,
    data: { order_id: order.id, adus: made.length, makegood_ids: made.map((o) => o.id), air_dates: made.map((o) => o.airDate) },
  });
  return { offered: made.length, staged: [await stageAduOffer(tx, order, made.length)] };
};
