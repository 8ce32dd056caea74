/** What a daypart has taken on a day: booked spots (as availability counts them) plus makegoods that hold a slot. */
import { bookedOnDay, type DaypartWindow } from '../../../domain/traffic';
import type { Tx } from '../../platform/db';
import { loadBookings, loadMoveBookings, type Booking } from '../traffic/demands';
import { loadScheduleBookings } from '../traffic/schedule-demands';
import { makegoodHolds } from './public';

export interface TakenCounter {
  taken(daypart: Pick<DaypartWindow, 'id' | 'daysOfWeek'>, date: string): number;
  /** Counts a new hold made in this transaction. */
  hold(daypartId: string, date: string): void;
}

const key = (daypartId: string, date: string) => `${daypartId}|${date}`;

/** Reads [from, to] once; `excludeOfferId` leaves one offer's own hold out (when moving it). */
export const takenCounter = async (tx: Tx, from: string, to: string, excludeOfferId?: string): Promise<TakenCounter> => {
  const [booked, scheduled, moved, holds] = await Promise.all([
    loadBookings(tx, from, to),
    // Booked schedules (issue 42) take their days' spots, as availability counts them (decision 056).
    loadScheduleBookings(tx, from, to),
    loadMoveBookings(tx, from, to),
    makegoodHolds(tx, { from, to, excludeOfferId }),
  ]);
  const byDaypart = new Map<string, Booking[]>();
  // Spots moved off a closed day hold a slot on their new day too (decision 031).
  for (const b of [...booked, ...scheduled, ...moved]) {
    const list = byDaypart.get(b.daypartId);
    if (list) list.push(b);
    else byDaypart.set(b.daypartId, [b]);
  }
  const held = new Map<string, number>();
  for (const h of holds) held.set(key(h.daypartId, h.airDate), h.count);
  return {
    taken: (daypart, date) => bookedOnDay(daypart, date, byDaypart.get(daypart.id) ?? []) + (held.get(key(daypart.id, date)) ?? 0),
    hold: (daypartId, date) => held.set(key(daypartId, date), (held.get(key(daypartId, date)) ?? 0) + 1),
  };
};
