/**
 * Late bookings (decision 031): a day master control already has (exported) or that has begun to air
 * keeps its times, but a booking it lacks is not dropped. What the placement would hold beyond what
 * the day has, booking by booking, is added after the spots already in its break, stamped
 * `added_after_export_at`, so the log says "N changes since export — export again". A spot whose time
 * has already passed is not added (that airtime is gone).
 */
import { eq } from 'drizzle-orm';
import type { PlacedSpot } from '../../../domain/traffic';
import { trafficSpots } from '../../db/schema';
import type { Tx } from '../../platform/db';

const keyOf = (s: { estimateItemId: string | null; makegoodOfferId: string | null; estimateId: string }) => `${s.estimateId}|${s.estimateItemId ?? ''}|${s.makegoodOfferId ?? ''}`;

/** Adds the spots a frozen day lacks; answers how many were added. */
export const addLateSpots = async (tx: Tx, date: string, placement: readonly PlacedSpot[], now: Date): Promise<number> => {
  const existing = await tx.select().from(trafficSpots).where(eq(trafficSpots.airDate, date));
  const have = new Map<string, number>();
  for (const spot of existing) have.set(keyOf(spot), (have.get(keyOf(spot)) ?? 0) + 1);
  const wanted = new Map<string, PlacedSpot[]>();
  for (const spot of placement) wanted.set(keyOf(spot), [...(wanted.get(keyOf(spot)) ?? []), spot]);

  // Where each break of each daypart ends now: a late spot runs after what is already there.
  const breakEnd = new Map<string, { at: number; count: number }>();
  const breakKey = (daypartId: string, breakAt: Date) => `${daypartId}|${breakAt.getTime()}`;
  for (const spot of existing) {
    const key = breakKey(spot.daypartId, spot.breakAt);
    const end = spot.scheduledAt.getTime() + spot.durationSeconds * 1000;
    const known = breakEnd.get(key);
    breakEnd.set(key, { at: Math.max(known?.at ?? 0, end), count: Math.max(known?.count ?? 0, spot.position) });
  }

  const added: (typeof trafficSpots.$inferInsert)[] = [];
  for (const [key, spots] of wanted) {
    const missing = spots.length - (have.get(key) ?? 0);
    if (missing <= 0) continue;
    for (const spot of spots.slice(spots.length - missing)) {
      const slot = breakKey(spot.daypartId, spot.breakAt);
      const end = breakEnd.get(slot);
      const scheduledAt = new Date(Math.max(spot.breakAt.getTime(), end?.at ?? 0));
      if (scheduledAt.getTime() <= now.getTime()) continue;
      const position = (end?.count ?? 0) + 1;
      breakEnd.set(slot, { at: scheduledAt.getTime() + spot.durationSeconds * 1000, count: position });
      added.push({ ...spot, scheduledAt, position, addedAfterExportAt: now });
    }
  }
  if (added.length > 0) await tx.insert(trafficSpots).values(added);
  return added.length;
};
