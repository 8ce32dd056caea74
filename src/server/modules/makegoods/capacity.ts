/** What a daypart has taken on a day: booked spots (as availability counts them) plus makegoods that hold a slot. */
import { and, count, gte, inArray, lte, ne } from 'drizzle-orm';
import { HOLDING_STATUSES } from '../../../domain/makegoods';
import { bookedOnDay, type DaypartWindow } from '../../../domain/traffic';
import { makegoodOffers } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { loadBookings, loadMoveBookings, type Booking } from '../traffic/demands';

export interface TakenCounter {
  taken(daypart: Pick<DaypartWindow, 'id' | 'daysOfWeek'>, date: string): number;
  /** Counts a new hold made in this transaction. */
  hold(daypartId: string, date: string): void;
}

const key = (daypartId: string, date: string) => `${daypartId}|${date}`;

/** Reads [from, to] once; `excludeOfferId` leaves one offer's own hold out (when moving it). */
export const takenCounter = async (tx: Tx, from: string, to: string, excludeOfferId?: string): Promise<TakenCounter> => {
  const [booked, moved, holds] = await Promise.all([
    loadBookings(tx, from, to),
    loadMoveBookings(tx, from, to),
    tx
      .select({ daypartId: makegoodOffers.daypartId, airDate: makegoodOffers.airDate, n: count() })
      .from(makegoodOffers)
      .where(
        and(
          inArray(makegoodOffers.status, [...HOLDING_STATUSES]),
          gte(makegoodOffers.airDate, from),
          lte(makegoodOffers.airDate, to),
          excludeOfferId ? ne(makegoodOffers.id, excludeOfferId) : undefined,
        ),
      )
      .groupBy(makegoodOffers.daypartId, makegoodOffers.airDate),
  ]);
  const byDaypart = new Map<string, Booking[]>();
  // Spots moved off a closed day hold a slot on their new day too (decision 031).
  for (const b of [...booked, ...moved]) {
    const list = byDaypart.get(b.daypartId);
    if (list) list.push(b);
    else byDaypart.set(b.daypartId, [b]);
  }
  const held = new Map<string, number>();
  for (const h of holds) if (h.airDate) held.set(key(h.daypartId, h.airDate), Number(h.n));
  return {
    taken: (daypart, date) => bookedOnDay(daypart, date, byDaypart.get(daypart.id) ?? []) + (held.get(key(daypart.id, date)) ?? 0),
    hold: (daypartId, date) => held.set(key(daypartId, date), (held.get(key(daypartId, date)) ?? 0) + 1),
  };
};
