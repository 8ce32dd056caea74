/**
 * What a schedule costs (issue 42, decision 056): price = Σ spots × rate per spot, in whole cents, per
 * line, per week and in all. The order's budget is the schedule's gross; the coupon and the agency
 * commission then apply to it as to any order's budget (coupons.ts at submit, billing-delivery.ts on the
 * invoice), so neither rule changes.
 */
export interface PricedScheduleLine {
  rateCents: number;
  spotsPerWeek: readonly number[];
}

export interface ScheduleTotals {
  lines: { spots: number; grossCents: number }[];
  weeks: { spots: number; grossCents: number }[];
  spots: number;
  grossCents: number;
}

export const scheduleTotals = (lines: readonly PricedScheduleLine[], weekCount: number): ScheduleTotals => {
  const weeks = Array.from({ length: weekCount }, () => ({ spots: 0, grossCents: 0 }));
  const perLine = lines.map((line) => {
    let spots = 0;
    line.spotsPerWeek.forEach((n, i) => {
      spots += n;
      if (weeks[i]) {
        weeks[i].spots += n;
        weeks[i].grossCents += n * line.rateCents;
      }
    });
    return { spots, grossCents: spots * line.rateCents };
  });
  return {
    lines: perLine,
    weeks,
    spots: perLine.reduce((sum, l) => sum + l.spots, 0),
    grossCents: perLine.reduce((sum, l) => sum + l.grossCents, 0),
  };
};
