/**
 * Product separation on the log (issue 44, decision 059): two spots of different brands of one product
 * category never share a break, nor start closer than the category's separation. A brand's own spots
 * are kept apart by placement's other rule (never twice in a break), not by this one.
 */
export interface SeparatedSpot {
  brandId: string;
  productCategory: string | null;
  breakAt: Date;
  scheduledAt: Date;
}

/** The category's separation in minutes (0: not separated). */
export type SeparationMinutes = (category: string) => number;

/**
 * The spot of `placed` that `candidate` would break the rule with (the nearest in time), or undefined.
 * A spot without a category, or of a category whose separation is 0, is never separated.
 */
export const separationConflict = <S extends SeparatedSpot>(candidate: SeparatedSpot, placed: readonly S[], minutesOf: SeparationMinutes): S | undefined => {
  const category = candidate.productCategory;
  if (category === null) return undefined;
  const minutes = minutesOf(category);
  if (!(minutes > 0)) return undefined;
  let nearest: S | undefined;
  let nearestGap = Infinity;
  for (const other of placed) {
    if (other.productCategory !== category || other.brandId === candidate.brandId) continue;
    const gap = Math.abs(other.scheduledAt.getTime() - candidate.scheduledAt.getTime());
    const sameBreak = other.breakAt.getTime() === candidate.breakAt.getTime();
    if ((sameBreak || gap < minutes * 60_000) && gap < nearestGap) {
      nearest = other;
      nearestGap = gap;
    }
  }
  return nearest;
};

/** Break indexes from `target` outwards (target, +1, -1, +2, -2, …): the nearest breaks are tried first. */
export const breaksOutwardFrom = (target: number, count: number): number[] => {
  const order = [target];
  for (let d = 1; order.length < count; d += 1) {
    if (target + d < count) order.push(target + d);
    if (target - d >= 0) order.push(target - d);
  }
  return order;
};
