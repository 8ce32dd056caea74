/**
 * Reconciliation: actual spend and impressions of a booked order set against what it projected.
 * Projected spend is the order's budget; projected impressions its weekly reach over the weeks the
 * budget buys. A variance is actual minus projected; as a percent, of the projection.
 */
import { z } from 'zod';
import { channelFilterSchema } from './channel-schemas';
import { ANALYTICS_PERIODS, timeframeDays } from './analytics';
import { isWholeCents, roundDollars } from './money';

/** The same periods as the analytics dashboard. */
export const RECONCILIATION_PERIODS = ANALYTICS_PERIODS;
export const DEFAULT_RECONCILIATION_DAYS = 30;
/** A reconciled campaign whose spend is off its projection by more than this percent is flagged. */
export const HIGH_VARIANCE_PERCENT = 10;
export const PENDING_PAGE_SIZE = 20;
export const PENDING_PAGE_SIZE_ON_SCREEN = 50;
export const TOP_BRANDS_CHART = 8;

export const RECONCILIATION_MESSAGES = {
  notFound: 'Campaign not found',
  notBooked: 'Only approved orders can be reconciled',
  spendRequired: 'Actual spend is required',
  spendInvalid: 'Actual spend must be 0 or more, in dollars and cents',
  impressionsRequired: 'Actual impressions are required',
  impressionsInvalid: 'Actual impressions must be a whole number, 0 or more',
  reconciled: 'Campaign reconciled successfully',
  reasonRequired: 'Give a reason for overriding the aired figures',
} as const;
const M = RECONCILIATION_MESSAGES;

const days = timeframeDays(DEFAULT_RECONCILIATION_DAYS);
const brandFilter = z.uuid({ error: 'Brand not found' }).optional();
/** One channel's orders (decision 053); left out, every channel's (a limited admin's: theirs). */
const channelFilter = channelFilterSchema.shape.channel_id;

export const reconciliationDashboardQuerySchema = z.object({ timeframe: days, brand_id: brandFilter, channel_id: channelFilter });
export const pendingQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(100_000, 'page is too large')
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(PENDING_PAGE_SIZE),
  brand_id: brandFilter,
  channel_id: channelFilter,
});
export const exportQuerySchema = z.object({
  timeframe: days,
  format: z.enum(['json', 'csv'], { error: 'Format must be json or csv' }).default('json'),
  brand_id: brandFilter,
  channel_id: channelFilter,
});

const wholeCents = isWholeCents;
export const reconcileBodySchema = z
  .object(
    {
      actual_spend: z
        .number({ error: (issue) => (issue.input === undefined || issue.input === null ? M.spendRequired : M.spendInvalid) })
        .min(0, M.spendInvalid)
        .max(1_000_000_000, M.spendInvalid)
        .refine(wholeCents, M.spendInvalid),
      actual_impressions: z
        .number({ error: (issue) => (issue.input === undefined || issue.input === null ? M.impressionsRequired : M.impressionsInvalid) })
        .int(M.impressionsInvalid)
        .min(0, M.impressionsInvalid)
        .max(1e15, M.impressionsInvalid),
      notes: z.string({ error: 'Notes must be text' }).trim().max(2000, 'Notes must be at most 2000 characters').nullish(),
      /** Why the actual figures differ from what the traffic log says aired (required when they do and something aired; the notes serve when absent). */
      override_reason: z.string({ error: 'Override reason must be text' }).trim().max(2000, 'Override reason must be at most 2000 characters').nullish(),
    },
    { error: M.spendRequired },
  )
  .strict();
export type ReconcileInput = z.infer<typeof reconcileBodySchema>;

export const pendingCampaignSchema = z.object({
  id: z.string(),
  estimate_name: z.string(),
  item_count: z.number(),
  brand_id: z.string().nullable(),
  brand_name: z.string().nullable(),
  status: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  projected_spend: z.number(),
  projected_impressions: z.number(),
  created_at: z.string(),
  /** What the traffic log says aired so far (dollars, impressions, spots). */
  aired_spend: z.number(),
  aired_impressions: z.number(),
  aired_spots: z.number(),
  /** The flight has not started yet: reconciling now asks for confirmation. */
  not_started: z.boolean(),
});
export type PendingCampaign = z.infer<typeof pendingCampaignSchema>;
export const pendingReplySchema = z.object({
  campaigns: z.array(pendingCampaignSchema),
  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), totalPages: z.number() }),
});
export type PendingReply = z.infer<typeof pendingReplySchema>;

export const varianceSchema = z.object({
  estimate_id: z.string(),
  estimate_name: z.string(),
  brand_name: z.string().nullable(),
  status: z.enum(['pending', 'reconciled']),
  projected_spend: z.number(),
  actual_spend: z.number().nullable(),
  spend_variance: z.number().nullable(),
  spend_variance_percent: z.number().nullable(),
  projected_impressions: z.number(),
  actual_impressions: z.number().nullable(),
  impression_variance: z.number().nullable(),
  impression_variance_percent: z.number().nullable(),
  high_variance: z.boolean(),
  notes: z.string().nullable(),
  reconciled_at: z.string().nullable(),
  /** What aired: live while pending, as it was when reconciled afterwards (null when reconciled before airings were counted). */
  aired_spend: z.number().nullable(),
  aired_impressions: z.number().nullable(),
  /** Set when the actual figures were entered over the aired ones. */
  override_reason: z.string().nullable(),
});
export type Variance = z.infer<typeof varianceSchema>;
export const reconcileReplySchema = z.object({ message: z.string(), reconciliation: varianceSchema });

export const reconciliationDashboardSchema = z.object({
  timeframe: z.number(),
  variance_summary: z.object({
    total_spend_variance: z.number(),
    avg_spend_variance_percent: z.number(),
    total_impression_variance: z.number(),
    avg_impression_variance_percent: z.number(),
  }),
  brand_variance: z.array(z.object({ brand_name: z.string(), projected_spend: z.number(), actual_spend: z.number() })),
  daily_trends: z.array(z.object({ date: z.string(), projected_spend: z.number(), actual_spend: z.number(), spend_variance: z.number() })),
  reconciliation_status: z.object({
    reconciliation_rate: z.number(),
    reconciled_campaigns: z.number(),
    total_approved_campaigns: z.number(),
    high_variance_campaigns: z.number(),
  }),
});
export type ReconciliationDashboard = z.infer<typeof reconciliationDashboardSchema>;

/** (actual − projected) as a percent of projected, 1 decimal; null without a projection. */
export const variancePercent = (projected: number, actual: number): number | null =>
  projected > 0 ? Math.round(((actual - projected) / projected) * 1000) / 10 : null;

export const isHighVariance = (projectedSpend: number, actualSpend: number): boolean => {
  const percent = variancePercent(projectedSpend, actualSpend);
  return percent !== null && Math.abs(percent) > HIGH_VARIANCE_PERCENT;
};

/** The variance of a row: figures in dollars (spend) and whole impressions. */
export const varianceOf = (row: {
  estimateId: string;
  estimateName: string;
  brandName: string | null;
  projectedSpend: number;
  projectedImpressions: number;
  actual: { spend: number; impressions: number; notes: string | null; reconciledAt: string; overrideReason: string | null } | null;
  aired: { spend: number; impressions: number } | null;
}): Variance => {
  const a = row.actual;
  return {
    estimate_id: row.estimateId,
    estimate_name: row.estimateName,
    brand_name: row.brandName,
    status: a ? 'reconciled' : 'pending',
    projected_spend: roundDollars(row.projectedSpend),
    actual_spend: a ? roundDollars(a.spend) : null,
    spend_variance: a ? roundDollars(a.spend - row.projectedSpend) : null,
    spend_variance_percent: a ? variancePercent(row.projectedSpend, a.spend) : null,
    projected_impressions: Math.round(row.projectedImpressions),
    actual_impressions: a ? a.impressions : null,
    impression_variance: a ? a.impressions - Math.round(row.projectedImpressions) : null,
    impression_variance_percent: a ? variancePercent(row.projectedImpressions, a.impressions) : null,
    high_variance: a ? isHighVariance(row.projectedSpend, a.spend) : false,
    notes: a?.notes ?? null,
    reconciled_at: a?.reconciledAt ?? null,
    aired_spend: row.aired ? roundDollars(row.aired.spend) : null,
    aired_impressions: row.aired ? row.aired.impressions : null,
    override_reason: a?.overrideReason ?? null,
  };
};

export const VARIANCE_CSV_COLUMNS = [
  'estimate_id',
  'estimate_name',
  'brand_name',
  'projected_spend',
  'actual_spend',
  'spend_variance',
  'spend_variance_percent',
  'projected_impressions',
  'actual_impressions',
  'impression_variance',
  'impression_variance_percent',
  'high_variance',
  'reconciled_at',
  'notes',
] as const satisfies readonly (keyof Variance)[];

/**
 * One CSV field: quoted when needed, and a text starting like a formula (=, +, -, @) is prefixed
 * with an apostrophe so that a spreadsheet shows it rather than runs it. Numbers stay numbers.
 */
export const csvField = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const csvLine = (values: readonly unknown[]): string => `${values.map(csvField).join(',')}\r\n`;
