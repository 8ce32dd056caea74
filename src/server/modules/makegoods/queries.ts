/** Reading makegoods: an order's offers with their history, its credits and what is left to bill. */
import type { StationTime } from '../../../domain/dates';
import { asc, desc, eq, inArray, sum } from 'drizzle-orm';
import { offerWindow, type Makegood, type OrderMakegoods } from '../../../domain/makegoods';
import { toDollars } from '../../../domain/money';
import { billableAmount, type OrderActor } from '../../../domain/orders';
import { makegoodEvents, makegoodOffers } from '../../db/schema';
import { daypartWindowsView } from '../dayparts/public';
import { logSpotsView } from '../traffic/public';
import { userNamesView } from '../users/public';
import { ordersView } from '../orders/views';
import type { Tx } from '../../platform/db';
import { readableOrder } from '../orders/public';

const selectOffers = (db: Tx) =>
  db
    .select({
      offer: makegoodOffers,
      missedDate: logSpotsView.airDate,
      missedAt: logSpotsView.scheduledAt,
      houseCode: logSpotsView.houseCode,
      daypartName: daypartWindowsView.name,
      flightEnd: ordersView.endDate,
    })
    .from(makegoodOffers)
    .leftJoin(logSpotsView, eq(logSpotsView.id, makegoodOffers.missedSpotId))
    .innerJoin(daypartWindowsView, eq(daypartWindowsView.id, makegoodOffers.daypartId))
    .innerJoin(ordersView, eq(ordersView.id, makegoodOffers.estimateId));

type OfferRow = Awaited<ReturnType<ReturnType<typeof selectOffers>['where']>>[number];

const present = async (db: Tx, time: StationTime, rows: OfferRow[]): Promise<Makegood[]> => {
  if (rows.length === 0) return [];
  const events = await db
    .select({
      offerId: makegoodEvents.offerId,
      action: makegoodEvents.action,
      email: makegoodEvents.actorEmail,
      at: makegoodEvents.createdAt,
      airDate: makegoodEvents.airDate,
    })
    .from(makegoodEvents)
    .where(
      inArray(
        makegoodEvents.offerId,
        rows.map((r) => r.offer.id),
      ),
    )
    .orderBy(asc(makegoodEvents.id));
  const byOffer = new Map<string, typeof events>();
  for (const event of events) byOffer.set(event.offerId, [...(byOffer.get(event.offerId) ?? []), event]);
  const today = time.today();
  return rows.map(({ offer, missedDate, missedAt, houseCode, daypartName, flightEnd }) => {
    const window = offerWindow({ missedDate, offeredOn: time.dateOf(offer.createdAt), flightEnd, today });
    return {
      id: offer.id,
      estimate_id: offer.estimateId,
      kind: offer.kind,
      missed_spot_id: offer.missedSpotId,
      missed_date: missedDate,
      missed_time: missedAt ? time.clockOf(missedAt) : null,
      daypart_id: offer.daypartId,
      daypart_name: daypartName,
      house_code: houseCode,
      air_date: offer.airDate,
      status: offer.status,
      expires_at: offer.expiresAt?.toISOString() ?? null,
      spot_cost: toDollars(offer.spotCostCents),
      credit: toDollars(offer.creditCents),
      earliest_date: window.first,
      latest_date: window.last,
      events: (byOffer.get(offer.id) ?? []).map((e) => ({ action: e.action, by: e.email ?? 'system', at: e.at.toISOString(), air_date: e.airDate })),
    };
  });
};

export const makegoodById = async (db: Tx, time: StationTime, id: string): Promise<Makegood | null> => {
  const rows = await selectOffers(db).where(eq(makegoodOffers.id, id)).limit(1);
  return (await present(db, time, rows))[0] ?? null;
};

/** The sum of an order's credits (cents): what leaves its billable amount. */
export const creditsOf = async (db: Tx, estimateId: string): Promise<number> => {
  const [row] = await db
    .select({ total: sum(makegoodOffers.creditCents) })
    .from(makegoodOffers)
    .where(eq(makegoodOffers.estimateId, estimateId));
  return Number(row?.total ?? 0);
};

/** GET /estimates/:id/makegoods (its owner or admins). */
export const orderMakegoods = async ({ db, time, actor, id }: { db: Tx; time: StationTime; actor: OrderActor; id: string }): Promise<OrderMakegoods> => {
  const order = await readableOrder(db, actor, id);
  const rows = await selectOffers(db)
    .where(eq(makegoodOffers.estimateId, order.id))
    .orderBy(desc(makegoodOffers.kind), asc(logSpotsView.scheduledAt), asc(makegoodOffers.airDate), asc(makegoodOffers.id));
  const makegoods = await present(db, time, rows);
  const creditCents = rows.reduce((total, r) => total + r.offer.creditCents, 0);
  return {
    estimate_id: order.id,
    makegoods,
    credits: toDollars(creditCents),
    billable_amount: toDollars(billableAmount(order.totalAmountCents, creditCents)),
  };
};

/** E-mail of a user, kept on the event so the history survives the user's deletion. */
export const emailOf = async (db: Tx, userId: string): Promise<string | null> => {
  const [row] = await db.select({ email: userNamesView.email }).from(userNamesView).where(eq(userNamesView.id, userId)).limit(1);
  return row?.email ?? null;
};

/** An order's name (for what the desk is told of a reply), or null when it is gone. */
export const orderNameOf = async (db: Tx, estimateId: string): Promise<string | null> => {
  const [row] = await db.select({ name: ordersView.estimateName }).from(ordersView).where(eq(ordersView.id, estimateId)).limit(1);
  return row?.name ?? null;
};
