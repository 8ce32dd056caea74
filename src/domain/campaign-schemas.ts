/**
 * Wire shapes of campaigns: what the API accepts and answers (server routes and browser hooks).
 * Money is US dollars with at most 2 decimals; dates are 'YYYY-MM-DD'; timestamps ISO 8601.
 */
import { z } from 'zod';
import { channelFilterSchema } from './channel-schemas';
import { CAMPAIGN_STATUSES, DISPLAY_STATUSES } from './campaigns';

export const CAMPAIGN_MESSAGES = {
  notFound: 'Campaign not found',
  estimateNotFound: 'Estimate not found',
  brandNotFound: 'Brand not found',
  exists: 'A campaign already exists for this order',
  sourceStatus: 'Only approved, scheduled or active orders can become campaigns',
  noItems: 'The order has no time slots to deliver',
  noStartDate: 'The order has no start date',
  notActive: 'Impressions can only be recorded for active campaigns',
  budgetSpent: 'The campaign budget is fully spent',
  allAired: 'Every planned spot of this campaign has aired',
  nothingDue: 'No spot of this campaign has reached its air time yet',
  statusValue: 'Status must be paused or active',
  daysRange: 'days must be a whole number from 1 to 365',
  unknownStatus: 'Unknown campaign status',
} as const;

export const HISTORY_DAYS_DEFAULT = 30;
export const HISTORY_DAYS_MAX = 365;

// ── input ─────────────────────────────────────────────────────────────────────

export const campaignListQuerySchema = z.object({
  /** A display status. */
  status: z.enum(DISPLAY_STATUSES, { error: CAMPAIGN_MESSAGES.unknownStatus }).optional(),
  brand_id: z.uuid({ error: CAMPAIGN_MESSAGES.brandNotFound }).optional(),
  /** One channel's orders' campaigns (decision 053). */
  channel_id: channelFilterSchema.shape.channel_id,
});
export type CampaignListQuery = z.infer<typeof campaignListQuerySchema>;

export const campaignStatusBodySchema = z.object(
  { status: z.enum(['paused', 'active'], { error: CAMPAIGN_MESSAGES.statusValue }) },
  { error: CAMPAIGN_MESSAGES.statusValue },
);

export const historyQuerySchema = z.object({
  days: z
    .preprocess(
      (value) => (typeof value === 'string' && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : value),
      z
        .number({ error: CAMPAIGN_MESSAGES.daysRange })
        .int(CAMPAIGN_MESSAGES.daysRange)
        .min(1, CAMPAIGN_MESSAGES.daysRange)
        .max(HISTORY_DAYS_MAX, CAMPAIGN_MESSAGES.daysRange),
    )
    .default(HISTORY_DAYS_DEFAULT),
});

// ── replies ───────────────────────────────────────────────────────────────────

export const campaignSchema = z.object({
  campaign_id: z.uuid(),
  estimate_id: z.uuid(),
  name: z.string(),
  brand_id: z.uuid().nullable(),
  brand_name: z.string().nullable(),
  owner_id: z.uuid(),
  owner_email: z.string(),
  /** Stored status; show display_status instead. */
  status: z.enum(CAMPAIGN_STATUSES),
  display_status: z.enum(DISPLAY_STATUSES),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  total_impressions: z.number().int(),
  /** Dollars: spend ÷ impressions × 1000; 0 before the first airing. */
  avg_cpm: z.number(),
  total_spend: z.number(),
  total_budget: z.number(),
  /** Spend as a percentage of the budget (0–100, 2 decimals). */
  budget_utilization: z.number(),
  /** Aired spots as a percentage of the planned spots (0–100, 2 decimals). */
  completion_percentage: z.number(),
  aired_spots: z.number().int(),
  /** Weekly spots × weeks of the campaign (budget ÷ weekly cost), rounded down. */
  total_spots: z.number().int(),
  weekly_spots: z.number().int(),
  last_aired_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const realtimePerformanceSchema = z.object({
  campaign_id: z.uuid(),
  status: z.enum(CAMPAIGN_STATUSES),
  display_status: z.enum(DISPLAY_STATUSES),
  total_impressions: z.number().int(),
  total_spend: z.number(),
  total_budget: z.number(),
  avg_cpm: z.number(),
  budget_utilization: z.number(),
  completion_percentage: z.number(),
  aired_spots: z.number().int(),
  total_spots: z.number().int(),
  last_aired_at: z.string().nullable(),
  /** The simulated part of the figures above (the Demo button, decision 052): never certified or billed. */
  simulated: z.object({ spots: z.number().int(), impressions: z.number().int(), spend: z.number() }),
  /** When these figures were read. */
  as_of: z.string(),
});
export type RealtimePerformance = z.infer<typeof realtimePerformanceSchema>;

export const historyDaySchema = z.object({
  date: z.string(),
  impressions: z.number().int(),
  spend: z.number(),
  spots: z.number().int(),
  /** How many of the day's spots were simulated airings (decision 052). */
  simulated_spots: z.number().int(),
});
export type HistoryDay = z.infer<typeof historyDaySchema>;

export const performanceHistorySchema = z.object({
  campaign_id: z.uuid(),
  days: z.number().int(),
  /** One row per UTC day, oldest first, the last one today; days without airings are zero. */
  history: z.array(historyDaySchema),
});
export type PerformanceHistory = z.infer<typeof performanceHistorySchema>;

export const simulateImpressionReplySchema = z.object({
  message: z.string(),
  airing: z.object({
    daypart_id: z.uuid().nullable(),
    daypart_name: z.string().nullable(),
    aired_at: z.string(),
    impressions: z.number().int(),
    spend: z.number(),
  }),
  campaign: campaignSchema,
});
export type SimulateImpressionReply = z.infer<typeof simulateImpressionReplySchema>;

export const campaignStatsSchema = z.object({
  total_campaigns: z.number().int(),
  /** Campaigns whose display status is active. */
  active_campaigns: z.number().int(),
  total_impressions: z.number().int(),
  /** Dollars. */
  total_spend: z.number(),
  /** Sum of the budgets of active campaigns, dollars. */
  active_budget: z.number(),
  /** Total spend ÷ total impressions × 1000, dollars; 0 without impressions. */
  average_cpm: z.number(),
});
export type CampaignStats = z.infer<typeof campaignStatsSchema>;
