/**
 * Product separation on a day placement no longer rewrites (decision 059): a held day the desk acted on,
 * or a frozen day that gained late spots. Its spots to air are walked in air order and each is marked
 * with the brand of an earlier spot it is too close to (or unmarked), as placement marks an open day.
 */
import { and, asc, eq } from 'drizzle-orm';
import { separationConflict, type SeparatedSpot } from '../../../domain/traffic-separation';
import { trafficSpots } from '../../db/schema';
import type { Tx } from '../../platform/db';
import { brandProductCategories } from '../brands/public';
import { stationProductSeparations } from '../station/public';

export const refreshSeparationConflicts = async (tx: Tx, channelId: string, date: string): Promise<void> => {
  const rows = await tx
    .select({
      id: trafficSpots.id,
      brandId: trafficSpots.brandId,
      breakAt: trafficSpots.breakAt,
      scheduledAt: trafficSpots.scheduledAt,
      conflict: trafficSpots.separationConflictBrandId,
      updatedAt: trafficSpots.updatedAt,
    })
    .from(trafficSpots)
    .where(and(eq(trafficSpots.channelId, channelId), eq(trafficSpots.airDate, date), eq(trafficSpots.status, 'scheduled')))
    .orderBy(asc(trafficSpots.scheduledAt), asc(trafficSpots.position), asc(trafficSpots.id));
  if (rows.length === 0) return;
  const [categories, separations] = await Promise.all([
    brandProductCategories(
      tx,
      rows.map((r) => r.brandId),
    ),
    stationProductSeparations(tx),
  ]);
  const minutesOf = (category: string) => separations[category as keyof typeof separations] ?? 0;
  const earlier: SeparatedSpot[] = [];
  for (const row of rows) {
    const spot: SeparatedSpot = {
      brandId: row.brandId ?? row.id,
      productCategory: row.brandId ? (categories.get(row.brandId) ?? null) : null,
      breakAt: row.breakAt,
      scheduledAt: row.scheduledAt,
    };
    const conflict = separationConflict(spot, earlier, minutesOf)?.brandId ?? null;
    // The mark is no change master control must hear about: updated_at ("changes since export") stays.
    if (conflict !== row.conflict)
      await tx.update(trafficSpots).set({ separationConflictBrandId: conflict, updatedAt: row.updatedAt }).where(eq(trafficSpots.id, row.id));
    earlier.push(spot);
  }
};
