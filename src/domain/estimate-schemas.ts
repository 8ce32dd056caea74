/**
 * Wire shapes of orders (estimates) and their daypart selections (estimate items): what the
 * API accepts and answers. Shared by the server and the browser; no I/O here.
 * Money is US dollars on the wire (integer cents in the database); dates are 'YYYY-MM-DD'.
 */
import { z } from 'zod';
import { agencyCodesReplyShape, agencyCodesShape } from './agency-codes';
import { BILLING_MODES } from './billing';
import { MAX_COUPON_CODE } from './coupon-schemas';
import { isIsoDate } from './dates';
import { isWholeCents, wholeCentsMessage } from './money';
import { ORDER_STATUSES } from './orders';
import { demoText, guaranteeInputSchema, guaranteeReplySchema } from './audience-schemas';

export const MAX_ORDER_NAME = 200;
export const MAX_NOTES = 2000;
export const MAX_SEARCH = 200;
/** Largest budget accepted, in whole dollars. */
export const MAX_BUDGET = 1_000_000_000;
/** Largest custom CPM accepted, in dollars. */
export const MAX_CPM = 1_000_000;
/** Most dayparts one bulk selection may carry. */
export const MAX_SELECTION = 100;
export const LIST_LIMIT_DEFAULT = 200;
export const LIST_LIMIT_MAX = 1000;
/** A list cursor: the last order's creation time (UTC, microseconds) and id, as X-Next-Cursor gives them. */
export const LIST_CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A campaign longer than this has no end date and cannot be submitted (the budget is far above the weekly cost). */
export const MAX_CAMPAIGN_DAYS = 3660;
export const CAMPAIGN_TOO_LONG = 'The budget would run this campaign for more than 10 years; lower the budget or add time slots';

export const ESTIMATE_MESSAGES = {
  notFound: 'Estimate not found',
  badCursor: 'after must be the X-Next-Cursor of a previous page',
  mediaRejectedForApproval: "The order's media was rejected: the advertiser must choose another spot before the order can be approved",
  mediaUncheckedForApproval: "The order's media is still being checked: approve the order once its video check has passed",
  mediaFailedForApproval: "The order's media failed its video check: the advertiser must choose another spot before the order can be approved",
  itemNotFound: 'Item not found',
  brandNotFound: 'Brand not found',
  daypartNotFound: 'Daypart not found',
  editRefused: 'You cannot edit this order in its current status',
  statusRefused: 'You cannot change the status of this order',
  deleteRefused: 'Only draft orders can be deleted',
  duplicateDaypart: 'This daypart is already in the order',
  mediaMissing: 'Please select media before submitting the order',
  cardMissing: 'Please select a payment method before submitting the order',
  itemsMissing: 'Please add at least one time slot before submitting the order',
  mediaNotFound: 'Media asset not found',
  mediaOtherBrand: "The selected media does not belong to the order's brand",
  cardNotFound: 'Payment method not found',
  cardOtherOwner: "The selected payment method does not belong to the order's owner",
  deleted: 'Estimate deleted successfully',
  itemDeleted: 'Item deleted successfully',
} as const;

// ── input helpers ─────────────────────────────────────────────────────────────

/** A form may send digits as a string; anything else must already be a JSON number. */
const digitsToNumber = (value: unknown) => (typeof value === 'string' && /^\s*-?\d{1,20}(\.\d{1,20})?\s*$/.test(value) ? Number(value) : value);
const numberField = <T extends z.ZodNumber>(inner: T) => z.preprocess(digitsToNumber, inner);

const id = (message: string) => z.uuid({ error: message });
/** An optional reference a form may clear with null or an empty string. */
const optionalRef = (message: string) => z.preprocess((value) => (value === '' ? null : value), id(message).nullable()).optional();

const isoDate = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .trim()
    .refine(isIsoDate, `${label} must be a date (YYYY-MM-DD)`)
    .refine((d) => d >= '2000-01-01' && d <= '2999-12-31', `${label} is out of range`);

const budget = numberField(
  z
    .number({ error: 'Total budget must be a number' })
    .max(MAX_BUDGET, 'Total budget is too large')
    .refine((n) => Number.isInteger(n) && n > 0, 'Total budget must be greater than 0'),
);

const notes = z.string({ error: 'Notes must be text' }).max(MAX_NOTES, `Notes must be at most ${MAX_NOTES} characters`);

const orderName = z.string({ error: 'Order name must be text' }).trim().max(MAX_ORDER_NAME, `Order name must be at most ${MAX_ORDER_NAME} characters`);

const couponCode = z
  .string({ error: 'Coupon code must be text' })
  .trim()
  .max(MAX_COUPON_CODE, `Coupon code must be at most ${MAX_COUPON_CODE} characters`)
  .transform((code) => (code ? code.toUpperCase() : null));

const status = z.enum(ORDER_STATUSES, { error: 'Unknown order status' });

// ── estimates ─────────────────────────────────────────────────────────────────

export const estimateCreateSchema = z.object({
  estimate_name: orderName.optional(),
  brand_id: optionalRef(ESTIMATE_MESSAGES.brandNotFound),
  start_date: z.preprocess((value) => (value === '' ? null : value), isoDate('Start date').nullable()).optional(),
  total_spend: budget.optional(),
  notes: notes.nullish(),
  /** The agency's own codes (issue 27, decision 034). */
  ...agencyCodesShape,
  /** The channel the order buys (decision 053); left out, the default channel. Set when the order is created. */
  channel_id: z.uuid({ error: 'Channel not found' }).optional(),
});
export type EstimateCreateInput = z.infer<typeof estimateCreateSchema>;

export const estimateUpdateSchema = estimateCreateSchema.omit({ channel_id: true }).extend({
  media_asset_id: optionalRef(ESTIMATE_MESSAGES.mediaNotFound),
  payment_method_id: optionalRef(ESTIMATE_MESSAGES.cardNotFound),
  coupon_code: couponCode.nullish(),
  status: status.optional(),
  /** Completing an order whose spots are unconfirmed (no as-run yet) needs this (decision 031). */
  confirm_unconfirmed: z.boolean({ error: 'confirm_unconfirmed must be true or false' }).optional(),
  /** The demo the order is bought on (issue 43, decision 057): `A25-54`, `HH`…; null removes it. */
  target_demo: demoText.nullable().optional(),
  /** An audience guarantee on one demo: impressions (thousands) or GRPs; null removes it. */
  audience_guarantee: guaranteeInputSchema.nullable().optional(),
});
export type EstimateUpdateInput = z.infer<typeof estimateUpdateSchema>;

/** Fields whose change is an edit of the order (status and notes alone are an Order Management change). */
export const ORDER_CONTENT_FIELDS = [
  'estimate_name',
  'brand_id',
  'start_date',
  'total_spend',
  'media_asset_id',
  'payment_method_id',
  'coupon_code',
  'target_demo',
  'audience_guarantee',
] as const;

export const reviewBodySchema = z.object({ notes: notes.nullish() }).nullish();

/** `exclude_status` may repeat (`?exclude_status=a&exclude_status=b`) or list values with commas. */
const statusList = z.preprocess(
  (value) =>
    value === undefined
      ? undefined
      : [value].flat().flatMap((v) =>
          typeof v === 'string'
            ? v
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean)
            : [v],
        ),
  z.array(status).max(ORDER_STATUSES.length * 2, 'Too many statuses'),
);

export const estimateListQuerySchema = z.object({
  status: status.optional(),
  exclude_status: statusList.optional(),
  brand_id: id(ESTIMATE_MESSAGES.brandNotFound).optional(),
  /** One channel's orders (decision 053); left out, every channel's. */
  channel_id: id('Channel not found').optional(),
  search: z.string({ error: 'search must be text' }).trim().max(MAX_SEARCH, `search must be at most ${MAX_SEARCH} characters`).optional(),
  limit: numberField(
    z
      .number({ error: 'limit must be a whole number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(LIST_LIMIT_MAX, `limit must be at most ${LIST_LIMIT_MAX}`),
  ).default(LIST_LIMIT_DEFAULT),
  offset: numberField(
    z
      .number({ error: 'offset must be a whole number' })
      .int('offset must be a whole number')
      .min(0, 'offset cannot be negative')
      .max(1_000_000_000, 'offset is too large'),
  ).default(0),
  /** Keyset paging: the X-Next-Cursor of the previous page; the page starts after that order (offset then counts from there). */
  after: z.string({ error: ESTIMATE_MESSAGES.badCursor }).regex(LIST_CURSOR, ESTIMATE_MESSAGES.badCursor).optional(),
});
export type EstimateListQuery = z.infer<typeof estimateListQuerySchema>;

// ── estimate items ────────────────────────────────────────────────────────────

const spots = numberField(z.number({ error: 'Spots per day must be a whole number' }));
const cpm = numberField(z.number({ error: 'CPM must be a number' }).max(MAX_CPM, 'CPM is too large').refine(isWholeCents, wholeCentsMessage('CPM')));

export const itemCreateSchema = z.object({
  daypart_id: id(ESTIMATE_MESSAGES.daypartNotFound),
  spots_per_occurrence: spots.optional(),
  user_defined_cpm: cpm.nullish(),
});
export type ItemCreateInput = z.infer<typeof itemCreateSchema>;

export const itemUpdateSchema = z.object({
  spots_per_occurrence: spots.optional(),
  user_defined_cpm: cpm.nullish(),
});
export type ItemUpdateInput = z.infer<typeof itemUpdateSchema>;

/** One entry of a bulk selection: the daypart's id as `daypart_id`, or as `id` when a whole daypart object is sent. */
const selectionEntry = z.preprocess(
  (value) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    const entry = value as Record<string, unknown>;
    return { daypart_id: entry.daypart_id ?? entry.id, spots_per_occurrence: entry.spots_per_occurrence, user_defined_cpm: entry.user_defined_cpm };
  },
  z.object(itemCreateSchema.shape, { error: 'Each selected daypart must be an object' }),
);

export const itemBulkSchema = z.object({
  selectedDayparts: z
    .array(selectionEntry, { error: 'selectedDayparts must be a list of dayparts' })
    .max(MAX_SELECTION, `At most ${MAX_SELECTION} dayparts can be selected`),
});
export type ItemBulkInput = z.infer<typeof itemBulkSchema>;

// ── replies ───────────────────────────────────────────────────────────────────

export const estimateItemSchema = z.object({
  id: z.uuid(),
  estimate_id: z.uuid(),
  daypart_id: z.uuid(),
  daypart_name: z.string(),
  daypart_description: z.string().nullable(),
  start_time: z.string(),
  end_time: z.string(),
  days_of_week: z.array(z.string()),
  base_cpm: z.number(),
  min_cpm: z.number(),
  multiplier: z.number(),
  spot_frequency: z.number().int(),
  /** Weekly impressions of this selection: 1366 × multiplier × spots × days. */
  expected_views: z.number(),
  is_prime_time: z.boolean(),
  spots_per_occurrence: z.number().int(),
  user_defined_cpm: z.number().nullable(),
  /** Dollars, rounded to cents. */
  weekly_cost: z.number(),
});
export type EstimateItem = z.infer<typeof estimateItemSchema>;

export const estimateSchema = z.object({
  id: z.uuid(),
  /** The channel the order buys (decision 053). */
  channel_id: z.uuid(),
  estimate_name: z.string(),
  status: z.enum(ORDER_STATUSES),
  brand_id: z.uuid().nullable(),
  brand_name: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  /** The budget, whole dollars. */
  total_spend: z.number(),
  /** Weekly cost of the selected dayparts. */
  total_estimated_cost: z.number(),
  /** Owed after the coupon: total_spend − discount_amount. */
  total_amount: z.number(),
  discount_amount: z.number(),
  coupon_code: z.string().nullable(),
  owner_id: z.uuid(),
  owner_name: z.string().nullable(),
  owner_first_name: z.string().nullable(),
  owner_last_name: z.string().nullable(),
  owner_email: z.string(),
  media_asset_id: z.uuid().nullable(),
  media_filename: z.string().nullable(),
  payment_method_id: z.uuid().nullable(),
  payment_last4: z.string().nullable(),
  payment_brand: z.string().nullable(),
  notes: z.string().nullable(),
  /** Media assets of the order's brand. */
  media_asset_count: z.number().int(),
  weekly_reach: z.number(),
  /** How the station bills the order: up_front, or monthly on delivery (decision 014). */
  billing_mode: z.enum(BILLING_MODES),
  /** Where the order came from: the web app, the HTTP API, or an AdCP buying agent (decision 035). */
  source: z.enum(['web', 'api', 'adcp']),
  /** The machine buyer's name, as Order Management shows it ("via AdCP · name"). */
  source_name: z.string().nullable(),
  ...agencyCodesReplyShape,
  /** The demo the order is bought on (issue 43); null: none. */
  target_demo: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Estimate = z.infer<typeof estimateSchema>;

export const estimateDetailSchema = estimateSchema.extend({
  items: z.array(estimateItemSchema),
  /** The order's audience guarantee (issue 43); only in the one order's reply, so that lists stay flat (decision 026). */
  audience_guarantee: guaranteeReplySchema.nullable(),
});
export type EstimateDetail = z.infer<typeof estimateDetailSchema>;

export const estimateStatsSchema = z.object({
  total_estimates: z.number().int(),
  draft_count: z.number().int(),
  ordered_count: z.number().int(),
  approved_count: z.number().int(),
  rejected_count: z.number().int(),
  modified_count: z.number().int(),
  scheduled_count: z.number().int(),
  active_count: z.number().int(),
  completed_count: z.number().int(),
  /** Sum of budgets, dollars. */
  total_budget: z.number(),
  /** Sum of budgets of orders that passed approval (approved, scheduled, active, completed). */
  approved_budget: z.number(),
  /** Orders awaiting review (ordered, pending_approval). */
  pending_count: z.number().int(),
});
export type EstimateStats = z.infer<typeof estimateStatsSchema>;
