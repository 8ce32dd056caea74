/**
 * An offered makegood whose day became unavailable (its log went to master control, or the day came)
 * is offered again on the next free day of its window, and its advertiser is told; with no free day
 * left it becomes unavailable and is credited (decision 031). The advertiser never sees an Accept
 * that would fail. Runs with the station clock.
 */
import { and, eq, isNotNull, lte, or, sql } from 'drizzle-orm';
import { makegoodAnswerBy, makegoodWindow, onLineDays, proposeMakegoodDay } from '../../../domain/makegoods';
import { scheduleLineTerms } from './offer';
import { makegoodEvents, makegoodOffers } from '../../db/schema';
import { daypartsByIds } from '../dayparts/public';
import { logDaysView } from '../traffic/public';
import { ordersView } from '../orders/views';
import type { Db } from '../../platform/db';
import type { Staged } from '../notifications';
import { stageMakegoodOffer } from '../notifications/events';
import { takenCounter } from './capacity';
import type { ChannelClocks } from '../channels/public';

export const reofferUnavailableMakegoods = async ({
  db,
  clocks,
  now,
  expiryHours,
}: {
  db: Db;
  /** Each channel's clock: an offer's day comes at its order's channel's midnight (decision 053, "Time zones"). */
  clocks: ChannelClocks;
  now: Date;
  expiryHours: number;
}): Promise<Staged[]> =>
  db.transaction(async (tx) => {
    const latest = clocks.ids.map((id) => clocks.of(id).today()).reduce((a, b) => (b > a ? b : a), clocks.station.today());
    const stuck = await tx
      .select({
        offer: makegoodOffers,
        ownerId: ordersView.ownerId,
        channelId: ordersView.channelId,
        estimateName: ordersView.estimateName,
        endDate: ordersView.endDate,
      })
      .from(makegoodOffers)
      .innerJoin(ordersView, eq(ordersView.id, makegoodOffers.estimateId))
      // The order's channel's log of the offered day (decision 053).
      .leftJoin(logDaysView, and(eq(logDaysView.channelId, ordersView.channelId), eq(logDaysView.airDate, makegoodOffers.airDate)))
      .where(
        and(
          eq(makegoodOffers.status, 'offered'),
          isNotNull(makegoodOffers.airDate),
          or(lte(makegoodOffers.airDate, latest), isNotNull(logDaysView.exportedAt)),
        ),
      )
      .for('update', { of: makegoodOffers });
    if (stuck.length === 0) return [];
    const parts = await daypartsByIds(
      tx,
      stuck.map((s) => s.offer.daypartId),
    );
    // A schedule line's makegood or ADU is offered again on the line's days only (issue 42).
    const lines = await scheduleLineTerms(
      tx,
      stuck.map((s) => s.offer.scheduleLineId),
    );
    // Exported days, per channel: another channel's export does not close this one's day.
    const exported = new Set(
      (await tx.select({ channelId: logDaysView.channelId, airDate: logDaysView.airDate }).from(logDaysView).where(isNotNull(logDaysView.exportedAt))).map(
        (d) => `${d.channelId}|${d.airDate}`,
      ),
    );
    const staged: Staged[] = [];
    for (const { offer, ownerId, channelId, estimateName, endDate } of stuck) {
      const daypart = parts.get(offer.daypartId);
      const { timeZone } = clocks.of(channelId);
      const today = clocks.of(channelId).today();
      // Its day has not come on its own channel yet (another channel's midnight passed), and is not exported.
      if (!daypart || (offer.airDate! > today && !exported.has(`${channelId}|${offer.airDate}`))) continue;
      const window = makegoodWindow({ missedDate: offer.airDate!, flightEnd: endDate ?? offer.airDate!, today });
      const counter = await takenCounter(tx, window.first, window.last, offer.id);
      const day = proposeMakegoodDay({
        daypart: onLineDays(daypart, offer.scheduleLineId ? lines.get(offer.scheduleLineId)?.days : null),
        first: window.first,
        last: window.last,
        taken: (date) => (exported.has(`${channelId}|${date}`) ? Number.MAX_SAFE_INTEGER : counter.taken(daypart, date)),
      });
      if (day) {
        await tx
          .update(makegoodOffers)
          .set({ airDate: day, expiresAt: makegoodAnswerBy({ now, expiryHours, airDate: day, startTime: daypart.startTime, timeZone }), updatedAt: now })
          .where(eq(makegoodOffers.id, offer.id));
        await tx.insert(makegoodEvents).values({ offerId: offer.id, action: 'changed', airDate: day });
        staged.push(await stageMakegoodOffer(tx, { id: offer.estimateId, ownerId, estimateName }, 1));
      } else {
        await tx
          .update(makegoodOffers)
          .set({ status: 'unavailable', airDate: null, creditCents: sql`${makegoodOffers.spotCostCents}`, expiresAt: null, updatedAt: now })
          .where(eq(makegoodOffers.id, offer.id));
        await tx.insert(makegoodEvents).values({ offerId: offer.id, action: 'unavailable', airDate: null });
      }
    }
    return staged;
  });
