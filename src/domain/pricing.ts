/**
 * Order pricing, exactly as the specification's section 9:
 *  impressions per spot = 1366 × multiplier;
 *  weekly cost  = Σ multiplier × 1366 × spots per day ÷ 1000 × CPM × days per week;
 *  weekly reach = Σ multiplier × 1366 × spots per day × days per week;
 *  weeks = budget ÷ weekly cost; days = floor(weeks × 7); end date = start date + days.
 */
import { IMPRESSIONS_PER_SPOT, START_DATE_MIN_LEAD_DAYS } from './constants';
import { addDays, daysBetween, isIsoDate } from './dates';
import { formatCurrency } from './format';
import { roundDollars } from './money';
import { DEFAULT_MIN_CPM, DEFAULT_SPOT_FREQUENCY } from './rate-card';

export interface PricedSelection {
  multiplier: number;
  spotsPerDay: number;
  /** The custom CPM when set, else the daypart's base CPM (dollars). */
  cpm: number;
  daysPerWeek: number;
}

export const impressionsPerSpot = (multiplier: number): number => IMPRESSIONS_PER_SPOT * multiplier;

export const weeklyImpressions = (s: PricedSelection): number => impressionsPerSpot(s.multiplier) * s.spotsPerDay * s.daysPerWeek;

export const weeklyCostOf = (s: PricedSelection): number => (weeklyImpressions(s) / 1000) * s.cpm;

/** Weekly cost in dollars, unrounded (round at display or storage). */
export const weeklyCost = (selections: readonly PricedSelection[]): number => selections.reduce((sum, s) => sum + weeklyCostOf(s), 0);

export const weeklyReach = (selections: readonly PricedSelection[]): number => selections.reduce((sum, s) => sum + weeklyImpressions(s), 0);

export interface Duration {
  weeks: number;
  days: number;
}

/** Campaign length the budget buys; zero when there is no cost to divide by. */
export const campaignDuration = (budget: number, cost: number): Duration => {
  if (!(cost > 0) || !(budget > 0)) return { weeks: 0, days: 0 };
  const weeks = budget / cost;
  return { weeks, days: Math.floor(weeks * 7) };
};

export const endDateFor = (startDate: string, budget: number, cost: number): string => addDays(startDate, campaignDuration(budget, cost).days);

export interface OrderQuote {
  weeklyCost: number;
  weeklyReach: number;
  weeks: number;
  days: number;
  endDate: string | null;
}

export const quoteOrder = ({
  selections,
  budget,
  startDate,
}: {
  selections: readonly PricedSelection[];
  budget: number;
  startDate: string | null;
}): OrderQuote => {
  const cost = weeklyCost(selections);
  const { weeks, days } = campaignDuration(budget, cost);
  return {
    weeklyCost: roundDollars(cost),
    weeklyReach: Math.round(weeklyReach(selections)),
    weeks,
    days,
    endDate: startDate && isIsoDate(startDate) && cost > 0 && budget > 0 ? addDays(startDate, days) : null,
  };
};

// ── validation messages of the order form ──────────────────────────────────────

export const budgetTooSmallMessage = (cost: number): string => {
  const money = formatCurrency(roundDollars(cost));
  return `Budget too small. Weekly cost is ${money}, minimum budget needed: ${money}`;
};

export interface OrderFormInput {
  estimateName: string | null | undefined;
  brandId: string | null | undefined;
  startDate: string | null | undefined;
  totalSpend: number | null | undefined;
  selections: readonly PricedSelection[];
}

/**
 * A rule of the order form that failed: the spec's message and the field it is about, named as the
 * API takes it (decision 043): the order's `estimate_name`, `brand_id`, `start_date`, `total_spend`,
 * and `selectedDayparts` for its time slots (the bulk selection).
 */
export interface OrderFormProblem {
  message: string;
  field: 'estimate_name' | 'brand_id' | 'start_date' | 'total_spend' | 'selectedDayparts';
}

/**
 * Every failing rule of the order form, one per field, in the specification's order: name, brand,
 * start date, time slots, budget. Empty when the form is valid.
 */
export const orderFormErrors = (form: OrderFormInput, today: string): OrderFormProblem[] => {
  const errors: OrderFormProblem[] = [];
  if (!form.estimateName || !form.estimateName.trim()) errors.push({ message: 'Order name is required', field: 'estimate_name' });
  if (!form.brandId) errors.push({ message: 'Please select a brand', field: 'brand_id' });
  if (!form.startDate || !isIsoDate(form.startDate)) errors.push({ message: 'Start date is required', field: 'start_date' });
  else if (daysBetween(today, form.startDate) < START_DATE_MIN_LEAD_DAYS)
    errors.push({ message: 'Start date must be at least 7 days from today for campaign planning', field: 'start_date' });
  if (form.selections.length === 0) errors.push({ message: 'Please select at least one time slot', field: 'selectedDayparts' });
  if (form.totalSpend == null || !Number.isInteger(form.totalSpend) || form.totalSpend <= 0)
    errors.push({ message: 'Total budget must be greater than 0', field: 'total_spend' });
  else {
    const cost = weeklyCost(form.selections);
    if (form.totalSpend < cost) errors.push({ message: budgetTooSmallMessage(cost), field: 'total_spend' });
  }
  return errors;
};

/** The first failing rule of the order form, in the specification's order; null when the form is valid. */
export const orderFormError = (form: OrderFormInput, today: string): OrderFormProblem | null => orderFormErrors(form, today)[0] ?? null;

// ── daypart selection limits ───────────────────────────────────────────────────

export interface DaypartLimits {
  name: string;
  spotFrequency: number | null | undefined;
  minCpm: number | null | undefined;
  baseCpm: number | null | undefined;
}

export const maxSpotsFor = (d: DaypartLimits): number => d.spotFrequency || DEFAULT_SPOT_FREQUENCY;

/** Custom CPM floor: min_cpm, else base_cpm, else $5. */
export const minCpmFor = (d: DaypartLimits): number => d.minCpm || d.baseCpm || DEFAULT_MIN_CPM;

export const spotsError = (d: DaypartLimits, spots: number): string | null => {
  if (!Number.isInteger(spots) || spots < 1) return `Minimum 1 spot required for ${d.name}`;
  const max = maxSpotsFor(d);
  return spots > max ? `Maximum ${max} spots available for ${d.name}` : null;
};

export const cpmError = (d: DaypartLimits, cpm: number): string | null => {
  const min = minCpmFor(d);
  return !Number.isFinite(cpm) || cpm < min ? `Minimum CPM for ${d.name} is ${formatCurrency(min)}` : null;
};

/**
 * What a freshly selected daypart starts with: its spot frequency (or 1) and its base CPM (or $5, also
 * for a base of 0, as the specification says "base_cpm or 5"). An item without a custom CPM is priced
 * at this CPM; SQL's item_cpm_cents (migration 0030) is the same rule for the analytics split.
 */
export const selectionDefaults = (d: DaypartLimits) => ({
  spotsPerDay: d.spotFrequency || 1,
  cpm: d.baseCpm || DEFAULT_MIN_CPM,
});
