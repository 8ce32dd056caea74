/**
 * Answering a makegood offer: the station moves its day (admins), the advertiser (or an admin for
 * them) accepts it — the missed spot is made good and a new spot is placed on the offered day — or
 * declines it, and the missed spot is credited. Unanswered offers expire (the station clock) and
 * are credited as declined. Every step is an event with who and when.
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { todayIso } from '../../../domain/dates';
import { MAKEGOOD_MESSAGES, answerByOnDay, offerWindow, onLineDays, type MakegoodAction } from '../../../domain/makegoods';
import { scheduleLineTerms } from './offer';
import { canReadOrder, type OrderActor } from '../../../domain/orders';
import { airsOn } from '../../../domain/traffic';
import { makegoodEvents, makegoodOffers } from '../../db/schema';
import { lockDayparts } from '../dayparts/public';
import { logDaysView, logSpotsView, markSpotMadeGood } from '../traffic/public';
import { ordersView } from '../orders/views';
import type { Db, Tx } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { takenCounter } from './capacity';
import { channelZoneOf } from '../channels/public';
import { emailOf } from './queries';
import { emitEvent } from '../webhooks/outbox';

const record = async (tx: Tx, offerId: string, action: MakegoodAction, actor: OrderActor | null, airDate: string | null) =>
  tx.insert(makegoodEvents).values({ offerId, action, actorId: actor?.id ?? null, actorEmail: actor ? await emailOf(tx, actor.id) : null, airDate });

/** The offer and its order, locked; 404 when the caller may not see the order. */
const lockOffer = async (tx: Tx, actor: OrderActor, id: string) => {
  const [row] = await tx
    .select({
      offer: makegoodOffers,
      ownerId: ordersView.ownerId,
      channelId: ordersView.channelId,
      flightEnd: ordersView.endDate,
      missedDate: logSpotsView.airDate,
    })
    .from(makegoodOffers)
    .innerJoin(ordersView, eq(ordersView.id, makegoodOffers.estimateId))
    .leftJoin(logSpotsView, eq(logSpotsView.id, makegoodOffers.missedSpotId))
    .where(eq(makegoodOffers.id, id))
    .for('update', { of: makegoodOffers })
    .limit(1);
  if (!row || !canReadOrder(actor, row)) throw notFound(MAKEGOOD_MESSAGES.notFound);
  return row;
};

const assertOpen = (offer: typeof makegoodOffers.$inferSelect, now: Date) => {
  if (offer.status !== 'offered') throw conflict(MAKEGOOD_MESSAGES.notOpen);
  if (offer.expiresAt && offer.expiresAt <= now) throw conflict(MAKEGOOD_MESSAGES.expired);
};

/** A day master control already has (exported, or already airing) cannot take a new spot. */
const assertDayOpen = async (tx: Tx, channelId: string, date: string, today: string) => {
  if (date <= today) throw conflict(MAKEGOOD_MESSAGES.dayPassed);
  // The order's channel's log of that day (decision 053).
  const [day] = await tx
    .select({ exportedAt: logDaysView.exportedAt })
    .from(logDaysView)
    .where(and(eq(logDaysView.channelId, channelId), eq(logDaysView.airDate, date)))
    .limit(1);
  if (day?.exportedAt) throw conflict(MAKEGOOD_MESSAGES.dayPassed);
};

/** PUT /makegoods/:id (admins): offers another day of the window, capacity permitting. */
export const changeMakegoodDay = async ({
  db,
  actor,
  id,
  airDate,
  now,
  timeZone,
}: {
  db: Db;
  actor: OrderActor;
  id: string;
  airDate: string;
  now: Date;
  timeZone: string;
}) =>
  db.transaction(async (tx) => {
    const { offer, flightEnd, missedDate, channelId } = await lockOffer(tx, actor, id);
    assertOpen(offer, now);
    // The order's channel's days (decision 053, "Time zones").
    const zone = await channelZoneOf(tx, channelId, timeZone);
    const today = todayIso(now, zone);
    const window = offerWindow({ missedDate, offeredOn: todayIso(offer.createdAt, zone), flightEnd, today });
    if (airDate < window.first || airDate > window.last) throw badRequest(MAKEGOOD_MESSAGES.outsideWindow(window.first, window.last), 'air_date');
    const [daypart] = await lockDayparts(tx, [offer.daypartId]);
    // A schedule line's makegood or ADU airs on the line's days (issue 42).
    const lineDays = offer.scheduleLineId ? (await scheduleLineTerms(tx, [offer.scheduleLineId])).get(offer.scheduleLineId)?.days : null;
    if (!daypart || !airsOn(onLineDays(daypart, lineDays), airDate)) throw badRequest(MAKEGOOD_MESSAGES.notAiring, 'air_date');
    await assertDayOpen(tx, channelId, airDate, today);
    const counter = await takenCounter(tx, airDate, airDate, offer.id);
    if (counter.taken(daypart, airDate) >= daypart.spotFrequency) throw conflict(MAKEGOOD_MESSAGES.full);
    const expiresAt = answerByOnDay({ current: offer.expiresAt, airDate, startTime: daypart.startTime, timeZone: zone });
    await tx.update(makegoodOffers).set({ airDate, expiresAt, updatedAt: now }).where(eq(makegoodOffers.id, offer.id));
    await record(tx, offer.id, 'changed', actor, airDate);
    return offer.estimateId;
  });

/** POST /makegoods/:id/accept: the missed spot is made good; the station clock places the new spot on the offered day. */
export const acceptMakegood = async ({ db, actor, id, now, timeZone }: { db: Db; actor: OrderActor; id: string; now: Date; timeZone: string }) =>
  db.transaction(async (tx) => {
    const { offer, ownerId, channelId } = await lockOffer(tx, actor, id);
    assertOpen(offer, now);
    if (!offer.airDate) throw conflict(MAKEGOOD_MESSAGES.notOpen);
    await assertDayOpen(tx, channelId, offer.airDate, todayIso(now, await channelZoneOf(tx, channelId, timeZone)));
    await tx.update(makegoodOffers).set({ status: 'accepted', updatedAt: now }).where(eq(makegoodOffers.id, offer.id));
    if (offer.missedSpotId) await markSpotMadeGood(tx, offer.missedSpotId, now);
    await record(tx, offer.id, 'accepted', actor, offer.airDate);
    await emitEvent(tx, { type: 'makegood.accepted', ownerId, data: { makegood_id: offer.id, order_id: offer.estimateId, air_date: offer.airDate } });
    return { estimateId: offer.estimateId, kind: offer.kind };
  });

/** POST /makegoods/:id/decline: the missed spot is credited; the offered slot is freed. */
export const declineMakegood = async ({ db, actor, id, now }: { db: Db; actor: OrderActor; id: string; now: Date }) =>
  db.transaction(async (tx) => {
    const { offer, ownerId } = await lockOffer(tx, actor, id);
    assertOpen(offer, now);
    await tx.update(makegoodOffers).set({ status: 'declined', creditCents: offer.spotCostCents, updatedAt: now }).where(eq(makegoodOffers.id, offer.id));
    await record(tx, offer.id, 'declined', actor, offer.airDate);
    await emitEvent(tx, { type: 'makegood.declined', ownerId, data: { makegood_id: offer.id, order_id: offer.estimateId, credit: offer.spotCostCents / 100 } });
    return { estimateId: offer.estimateId, kind: offer.kind };
  });

/** The station clock: offers past their expiry count as declined (credited). Answers the orders touched. */
export const expireMakegoods = async (db: Db, now: Date): Promise<string[]> =>
  db.transaction(async (tx) => {
    const expired = await tx
      .update(makegoodOffers)
      .set({ status: 'expired', creditCents: sql`${makegoodOffers.spotCostCents}`, updatedAt: now })
      .where(and(eq(makegoodOffers.status, 'offered'), lte(makegoodOffers.expiresAt, now)))
      .returning({ id: makegoodOffers.id, estimateId: makegoodOffers.estimateId, airDate: makegoodOffers.airDate, credit: makegoodOffers.creditCents });
    if (expired.length > 0) await tx.insert(makegoodEvents).values(expired.map((o) => ({ offerId: o.id, action: 'expired' as const, airDate: o.airDate })));
    if (expired.length > 0) {
      const owners = new Map(
        (
          await tx
            .select({ id: ordersView.id, ownerId: ordersView.ownerId })
            .from(ordersView)
            .where(inArray(ordersView.id, [...new Set(expired.map((o) => o.estimateId))]))
        ).map((o) => [o.id, o.ownerId]),
      );
      for (const o of expired)
        await emitEvent(tx, {
          type: 'makegood.expired',
          ownerId: owners.get(o.estimateId) ?? null,
          data: { makegood_id: o.id, order_id: o.estimateId, air_date: o.airDate, credit: o.credit / 100 },
        });
    }
    return [...new Set(expired.map((o) => o.estimateId))];
  });
