/**
 * An offered makegood whose day became unavailable (its log went to master control, or the day came)
 * is offered again on the next free day of its window, and its advertiser is told; with no free day
 * left it becomes unavailable and is credited (decision 031). The advertiser never sees an Accept
 * that would fail. Runs with the station clock.
 */
import { and, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import { makegoodAnswerBy, makegoodWindow, proposeMakegoodDay } from '../../../domain/makegoods';
import { dayparts, makegoodEvents, makegoodOffers, trafficDays } from '../../db/schema';
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
      .leftJoin(trafficDays, and(eq(trafficDays.channelId, ordersView.channelId), eq(trafficDays.airDate, makegoodOffers.airDate)))
      .where(
        and(
          eq(makegoodOffers.status, 'offered'),
          isNotNull(makegoodOffers.airDate),
          or(lte(makegoodOffers.airDate, latest), isNotNull(trafficDays.exportedAt)),
        ),
      )
      .for('update', { of: makegoodOffers });
    if (stuck.length === 0) return [];
    const parts = new Map(
      (
        await tx
          .select()
          .from(dayparts)
          .where(inArray(dayparts.id, [...new Set(stuck.map((s) => s.offer.daypartId))]))
      ).map((d) => [d.id, d]),
    );
    // Exported days, per channel: another channel's export does not close this one's day.
    const exported = new Set(
      (await tx.select({ channelId: trafficDays.channelId, airDate: trafficDays.airDate }).from(trafficDays).where(isNotNull(trafficDays.exportedAt))).map(
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
        daypart,
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
