/**
 * Campaigns (spec section 4, "Campaign"): the delivery side of a booked order. Pure rules shared
 * by the server and the browser: stored and display statuses, how an order's status change moves
 * its campaign, the delivery plan (spots) and the performance figures.
 *
 * Stored statuses: scheduled (waiting for its start date), active, paused, completed, cancelled.
 * Display status: the stored one, except that an active campaign whose end date has passed shows
 * `completed` (its delivery window is over). A scheduled campaign stays scheduled, also after its
 * start date, until its order is activated.
 */
import { impressionsPerSpot, weeklyCost, type PricedSelection } from './pricing';
import { BOOKED_STATUSES, type OrderStatus } from './orders';

export const CAMPAIGN_STATUSES = ['scheduled', 'active', 'paused', 'completed', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const DISPLAY_STATUSES = ['active', 'scheduled', 'completed', 'paused', 'cancelled'] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];

export const DISPLAY_STATUS_LABELS: Record<DisplayStatus, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  completed: 'Completed',
  paused: 'Paused',
  cancelled: 'Cancelled',
};

/** `today` and `endDate` are 'YYYY-MM-DD' (UTC). */
export const displayStatusOf = (status: CampaignStatus, endDate: string | null, today: string): DisplayStatus =>
  status === 'active' && endDate !== null && endDate < today ? 'completed' : status;

/** A running order's delivery figures (cents and spots). */
export interface DeliveryProgress {
  endDate: string | null;
  totalBudgetCents: number;
  spendCents: number;
  totalSpots: number;
  airedSpots: number;
}

/**
 * When an active order is complete (the station clock completes it): its end date has passed, or its
 * campaign has spent its whole budget, or aired all its spots. `today` is the station's date.
 */
export const isDeliveryComplete = (progress: DeliveryProgress, today: string): boolean =>
  (progress.endDate !== null && progress.endDate < today) ||
  (progress.totalBudgetCents > 0 && progress.spendCents >= progress.totalBudgetCents) ||
  (progress.totalSpots > 0 && progress.airedSpots >= progress.totalSpots);

/** Statuses whose order has been booked for delivery: the order may become a campaign (POST /campaigns/from-estimate). */
export const CAMPAIGN_SOURCE_STATUSES = BOOKED_STATUSES;

/** The status a campaign starts with when made from an order in `orderStatus`. */
export const initialCampaignStatus = (orderStatus: OrderStatus): CampaignStatus => (orderStatus === 'active' ? 'active' : 'scheduled');

/** What an order's status change does to its campaign: create it (when missing) and/or set its status; null when nothing. */
export interface CampaignFollowUp {
  /** Create the campaign when the order has none. */
  create: boolean;
  status: CampaignStatus;
}

const WITHDRAWN: readonly OrderStatus[] = ['draft', 'pending_approval', 'ordered', 'modified', 'rejected'];

/**
 * Order Management and review move the campaign with the order:
 *  scheduled → the campaign is created if missing and waits for its start date (scheduled);
 *  active → created if missing, and active (delivery and impression tracking start);
 *  completed → an existing campaign is completed;
 *  approved → an active or paused campaign goes back to waiting (scheduled);
 *  draft, ordered, modified, rejected → an existing campaign is cancelled.
 */
export const campaignFollowUp = (orderStatus: OrderStatus, current: CampaignStatus | null): CampaignFollowUp | null => {
  if (orderStatus === 'scheduled') return { create: true, status: 'scheduled' };
  if (orderStatus === 'active') return { create: true, status: 'active' };
  if (current === null) return null;
  if (orderStatus === 'completed') return { create: false, status: 'completed' };
  if (orderStatus === 'approved') return current === 'active' || current === 'paused' ? { create: false, status: 'scheduled' } : null;
  if (WITHDRAWN.includes(orderStatus)) return { create: false, status: 'cancelled' };
  return null;
};

export type CampaignStatusChange = 'paused' | 'active';

/** Pause and resume (admins): active → paused, paused → active. The refusal message, or null when allowed. */
export const statusChangeRefusal = (current: DisplayStatus, to: CampaignStatusChange): string | null => {
  if (to === 'paused') return current === 'active' ? null : `Only active campaigns can be paused; this campaign is ${DISPLAY_STATUS_LABELS[current]}`;
  return current === 'paused' ? null : `Only paused campaigns can be resumed; this campaign is ${DISPLAY_STATUS_LABELS[current]}`;
};

// ── plan ──────────────────────────────────────────────────────────────────────

export interface CampaignPlan {
  /** Σ spots per day × days per week over the order's dayparts. */
  weeklySpots: number;
  /** Weekly spots × weeks of the campaign (budget ÷ weekly cost, spec section 9), rounded down. */
  totalSpots: number;
}

export const campaignPlan = (budget: number, selections: readonly PricedSelection[]): CampaignPlan => {
  const weeklySpots = selections.reduce((sum, s) => sum + s.spotsPerDay * s.daysPerWeek, 0);
  const cost = weeklyCost(selections);
  const weeks = cost > 0 && budget > 0 ? budget / cost : 0;
  // A tiny epsilon so that a budget of exactly N weeks gives N × weekly spots despite float error.
  return { weeklySpots, totalSpots: Math.floor(weeklySpots * weeks + 1e-9) };
};

/**
 * The plan of an order holding a schedule (issue 42, decision 056): its spots are the schedule's, week by week;
 * the weekly spots the average week (rounded).
 */
export const scheduleCampaignPlan = (lines: readonly { weeks: readonly { spots: number }[] }[]): CampaignPlan => {
  const totalSpots = lines.reduce((sum, line) => sum + line.weeks.reduce((s, w) => s + w.spots, 0), 0);
  const weeks = Math.max(0, ...lines.map((line) => line.weeks.length));
  return { weeklySpots: weeks > 0 ? Math.round(totalSpots / weeks) : 0, totalSpots };
};

// ── one airing ────────────────────────────────────────────────────────────────

export interface Airing {
  impressions: number;
  spendCents: number;
}

/**
 * One spot of a daypart: 1366 × multiplier impressions (rounded), spend = impressions ÷ 1000 × CPM
 * (cents, rounded). The spend never goes past the remaining budget: the last airing is cut to what
 * is left, its impressions in proportion (rounded down).
 */
export const airingOf = (multiplier: number, cpmCents: number, remainingBudgetCents: number): Airing => {
  const impressions = Math.round(impressionsPerSpot(multiplier));
  const spendCents = Math.round((impressions * cpmCents) / 1000);
  if (spendCents <= remainingBudgetCents) return { impressions, spendCents };
  const share = Math.max(0, remainingBudgetCents) / spendCents;
  return { impressions: Math.floor(impressions * share), spendCents: Math.max(0, remainingBudgetCents) };
};

/**
 * One aired spot of a schedule line (issue 42, decision 056): the daypart's impressions, at the line's rate
 * per spot (domain/spot-terms); like airingOf, never more than the campaign's budget leaves.
 */
export const lineAiringOf = (multiplier: number, rateCents: number, remainingBudgetCents: number): Airing => {
  const impressions = Math.round(impressionsPerSpot(multiplier));
  if (rateCents <= remainingBudgetCents) return { impressions, spendCents: rateCents };
  const share = Math.max(0, remainingBudgetCents) / rateCents;
  return { impressions: Math.floor(impressions * share), spendCents: Math.max(0, remainingBudgetCents) };
};

// ── figures ───────────────────────────────────────────────────────────────────

const round2 = (n: number) => Math.round(n * 100) / 100;
const percent = (part: number, whole: number) => (whole > 0 ? round2((part / whole) * 100) : 0);

export interface CampaignTotals {
  budgetCents: number;
  spendCents: number;
  impressions: number;
  airedSpots: number;
  totalSpots: number;
}

/** Average CPM in dollars: spend ÷ impressions × 1000; 0 without impressions. */
export const averageCpm = (spendCents: number, impressions: number): number => (impressions > 0 ? round2(spendCents / 100 / (impressions / 1000)) : 0);

/** Dollars and percentages (2 decimals) as the API answers them. */
export const campaignFigures = (t: CampaignTotals) => ({
  total_budget: round2(t.budgetCents / 100),
  total_spend: round2(t.spendCents / 100),
  total_impressions: t.impressions,
  avg_cpm: averageCpm(t.spendCents, t.impressions),
  /** Spend as a percentage of the budget. */
  budget_utilization: percent(t.spendCents, t.budgetCents),
  /** Aired spots as a percentage of the planned spots. */
  completion_percentage: Math.min(100, percent(t.airedSpots, t.totalSpots)),
  aired_spots: t.airedSpots,
  total_spots: t.totalSpots,
});
