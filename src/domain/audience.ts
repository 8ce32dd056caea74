/**
 * Audience arithmetic (issue 43, decision 057): GRPs, impressions, CPP, CPM, delivery and ADUs over
 * order lines, wherever the lines come from (the specification's daypart items today, schedule lines
 * later). A line's audience per spot is its rating (points of the demo's universe) and impressions
 * (thousands), read from a ratings book; its cost is its spots times its rate per spot, in cents.
 */
import { addDays, daysBetween, weekdayOf } from './dates';

/** One line's audience per spot, on one demo; null when the book has no figure for it. */
export interface SpotAudience {
  rating: number;
  /** Thousands. */
  impressions: number;
}

/** A week of a line: the week's first day and the spots it runs that week. */
export interface LineWeek {
  start: string;
  spots: number;
}

/** An order line as the audience sums see it. */
export interface AudienceLine {
  id: string;
  label: string;
  /** Cents a spot. */
  rateCents: number;
  /** Null when the book has no figure for this line and demo (it counts spots and cost, no audience). */
  audience: SpotAudience | null;
  weeks: readonly LineWeek[];
}

export interface AudienceFigures {
  spots: number;
  cost_cents: number;
  /** Σ spots × rating. */
  grps: number;
  /** Σ spots × impressions, thousands. */
  impressions: number;
  /** Cost ÷ GRPs, cents; null without GRPs. */
  cpp_cents: number | null;
  /** Cost ÷ impressions in thousands, cents; null without impressions. */
  cpm_cents: number | null;
}

const round = (value: number, places: number) => {
  const f = 10 ** places;
  return Math.round(value * f) / f;
};

/** Cost per point: the cost of one rating point, cents (whole cents). */
export const cpp = (costCents: number, grps: number): number | null => (grps > 0 ? Math.round(costCents / grps) : null);

/** Cost per thousand: impressions are already in thousands, so cost ÷ impressions (whole cents). */
export const cpm = (costCents: number, impressionsThousands: number): number | null =>
  impressionsThousands > 0 ? Math.round(costCents / impressionsThousands) : null;

/** The figures of a number of spots at one rate and one audience per spot. */
export const figuresOf = (spots: number, rateCents: number, audience: SpotAudience | null): AudienceFigures =>
  finish({ spots, cost_cents: spots * rateCents, grps: spots * (audience?.rating ?? 0), impressions: spots * (audience?.impressions ?? 0) });

type Sums = Pick<AudienceFigures, 'spots' | 'cost_cents' | 'grps' | 'impressions'>;

const ZERO: Sums = { spots: 0, cost_cents: 0, grps: 0, impressions: 0 };

const add = (a: Sums, b: Sums): Sums => ({
  spots: a.spots + b.spots,
  cost_cents: a.cost_cents + b.cost_cents,
  grps: a.grps + b.grps,
  impressions: a.impressions + b.impressions,
});

/** Rounds the sums for the reply (GRPs to a tenth of a point, impressions to a tenth of a thousand) and prices them. */
const finish = (s: Sums): AudienceFigures => ({
  spots: s.spots,
  cost_cents: Math.round(s.cost_cents),
  grps: round(s.grps, 1),
  impressions: round(s.impressions, 1),
  cpp_cents: cpp(s.cost_cents, s.grps),
  cpm_cents: cpm(s.cost_cents, s.impressions),
});

/** One time slot of the order form's week: its spots and cost a week, and its audience per spot (null: not in the book). */
export interface WeekSlot {
  spots: number;
  costCents: number;
  audience: SpotAudience | null;
}

/**
 * The order form's week as it is typed (issue 43): GRPs, impressions, CPP and CPM of every slot's spots,
 * by the rule of the order page's figures (a slot the book lacks counts its spots and cost, no audience);
 * `unrated` counts those slots.
 */
export const weeklyAudience = (slots: readonly WeekSlot[]): AudienceFigures & { unrated: number } => {
  const sums = slots.reduce<Sums>(
    (s, slot) =>
      add(s, {
        spots: slot.spots,
        cost_cents: slot.costCents,
        grps: slot.spots * (slot.audience?.rating ?? 0),
        impressions: slot.spots * (slot.audience?.impressions ?? 0),
      }),
    ZERO,
  );
  return { ...finish(sums), unrated: slots.filter((slot) => slot.audience === null).length };
};

/** The figures of a set of lines: per line, per week (by the week's first day) and in all. */
export const audienceFigures = (lines: readonly AudienceLine[]) => {
  const weeks = new Map<string, Sums>();
  let total = ZERO;
  const perLine = lines.map((line) => {
    let sums = ZERO;
    for (const week of line.weeks) {
      const f = figuresOf(week.spots, line.rateCents, line.audience);
      const raw = { spots: week.spots, cost_cents: week.spots * line.rateCents, grps: f.grps, impressions: f.impressions };
      weeks.set(week.start, add(weeks.get(week.start) ?? ZERO, raw));
      sums = add(sums, raw);
    }
    total = add(total, sums);
    return { id: line.id, label: line.label, rating: line.audience?.rating ?? null, impressions_per_spot: line.audience?.impressions ?? null, ...finish(sums) };
  });
  return {
    lines: perLine,
    weeks: [...weeks.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([start, sums]) => ({ week_start: start, ...finish(sums) })),
    total: finish(total),
  };
};

/**
 * The weeks of a flight from its first day (week 1 starts on the start date), each with the spots a
 * line of `spotsPerDay` on `daysOfWeek` runs in it, the last week cut at the end date. Weeks without a
 * spot are left out.
 */
export const weeksOfDailyLine = (spotsPerDay: number, daysOfWeek: readonly string[], start: string, end: string): LineWeek[] => {
  const days = new Set(daysOfWeek);
  const weeks: LineWeek[] = [];
  const length = daysBetween(start, end);
  for (let offset = 0; offset <= length; offset += 7) {
    const weekStart = addDays(start, offset);
    let spots = 0;
    for (let d = 0; d < 7 && offset + d <= length; d += 1) if (days.has(weekdayOf(addDays(weekStart, d)))) spots += spotsPerDay;
    if (spots > 0) weeks.push({ start: weekStart, spots });
  }
  return weeks;
};

/** The flight week a date falls in (weeks start on the flight's first day). */
export const flightWeekOf = (start: string, date: string): string => addDays(start, Math.floor(daysBetween(start, date) / 7) * 7);

/** Delivered as a percentage of ordered, to a tenth; null when nothing was ordered. */
export const percentDelivered = (ordered: number, delivered: number): number | null => (ordered > 0 ? round((delivered / ordered) * 100, 1) : null);

/** An audience guarantee: impressions (thousands) or GRPs on one demo. */
export interface Guarantee {
  demo: string;
  impressions: number | null;
  grps: number | null;
}

/** What a guarantee measures, and the goal. */
export const guaranteeGoal = (g: Guarantee): { measure: 'impressions' | 'grps'; goal: number } =>
  g.grps != null ? { measure: 'grps', goal: g.grps } : { measure: 'impressions', goal: g.impressions ?? 0 };

/**
 * The extra no-charge spots (ADUs) that cover a shortfall: the deficit divided by what one spot
 * delivers, rounded up; 0 when there is no deficit, null when a spot delivers nothing.
 */
export const adusFor = (deficit: number, perSpot: number): number | null => {
  if (deficit <= 0) return 0;
  if (!(perSpot > 0)) return null;
  // A hair of float error (0.1 + 0.2) must not add a spot.
  return Math.ceil(round(deficit / perSpot, 9));
};
