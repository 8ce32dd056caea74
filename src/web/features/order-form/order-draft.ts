/**
 * The order form's state while it is edited, and what follows from it: the live quote and the
 * bodies the Save and Submit calls send (the problems are in order-problems.ts).
 */
import { weeklyAudience } from '../../../domain/audience';
import { AGENCY_CODE_FIELDS, type AgencyCodeField } from '../../../domain/agency-codes';
import { START_DATE_DEFAULT_LEAD_DAYS } from '../../../domain/constants';
import type { Daypart } from '../../../domain/daypart-schemas';
import { addDays } from '../../../domain/dates';
import { normalizeDemo } from '../../../domain/demos';
import type { EstimateDetail, EstimateItem, EstimateUpdateInput } from '../../../domain/estimate-schemas';
import { minCpmFor, quoteOrder, selectionDefaults, weeklyCostOf, type DaypartLimits, type PricedSelection } from '../../../domain/pricing';
import type { SelectedDaypart } from '../../api/estimate-items';

/** What the page needs to know of a daypart: from the rate card, or from an order's item. */
export type DaypartInfo = Pick<
  Daypart,
  'id' | 'name' | 'description' | 'start_time' | 'end_time' | 'days_of_week' | 'base_cpm' | 'min_cpm' | 'multiplier' | 'spot_frequency' | 'is_prime_time'
>;

export const daypartOfItem = (item: EstimateItem): DaypartInfo => ({
  id: item.daypart_id,
  name: item.daypart_name,
  description: item.daypart_description,
  start_time: item.start_time,
  end_time: item.end_time,
  days_of_week: item.days_of_week,
  base_cpm: item.base_cpm,
  min_cpm: item.min_cpm,
  multiplier: item.multiplier,
  spot_frequency: item.spot_frequency,
  is_prime_time: item.is_prime_time,
});

/** The rate card, plus any daypart of the order the rate card no longer lists. */
export const mergeDayparts = (rateCard: readonly DaypartInfo[], items: readonly EstimateItem[]): DaypartInfo[] => {
  const known = new Set(rateCard.map((d) => d.id));
  return [...rateCard, ...items.filter((item) => !known.has(item.daypart_id)).map(daypartOfItem)];
};

export const limitsOf = (d: DaypartInfo): DaypartLimits => ({ name: d.name, spotFrequency: d.spot_frequency, minCpm: d.min_cpm, baseCpm: d.base_cpm });

/** Inputs as typed (strings), so that a half-typed value is never lost. */
export interface SelectionDraft {
  spots: string;
  cpm: string;
}

export interface OrderDraft {
  estimateName: string;
  /** The agency's own codes (issue 27), as typed. */
  agencyCodes: Readonly<Record<AgencyCodeField, string>>;
  brandId: string;
  totalSpend: string;
  startDate: string;
  /** Selected dayparts by id. */
  selections: Readonly<Record<string, SelectionDraft>>;
  mediaAssetId: string | null;
  paymentMethodId: string | null;
  /** The coupon code applied to the order (uppercased), saved as coupon_code. */
  couponCode: string | null;
  /** The demo the order is bought on (issue 43), as typed; empty: none. */
  targetDemo: string;
  /** An audience guarantee, as typed: its demo, what it counts and the goal (empty: none). */
  guarantee: GuaranteeDraft;
}

export type GuaranteeMeasure = 'grps' | 'impressions';

export interface GuaranteeDraft {
  demo: string;
  measure: GuaranteeMeasure;
  goal: string;
}

export const defaultStartDate = (today: string): string => addDays(today, START_DATE_DEFAULT_LEAD_DAYS);

/** Spots a day a time slot starts with in the form: one (the daypart's spot frequency stays the ceiling; decision 018). */
export const FORM_DEFAULT_SPOTS = 1;

export const newSelection = (d: DaypartInfo): SelectionDraft => {
  const defaults = selectionDefaults(limitsOf(d));
  return { spots: String(FORM_DEFAULT_SPOTS), cpm: String(defaults.cpm) };
};

export const initialDraft = (order: EstimateDetail, today: string): OrderDraft => ({
  estimateName: order.estimate_name ?? '',
  agencyCodes: {
    agency_estimate_number: order.agency_estimate_number ?? '',
    client_code: order.client_code ?? '',
    product_code: order.product_code ?? '',
    po_number: order.po_number ?? '',
  },
  brandId: order.brand_id ?? '',
  totalSpend: order.total_spend > 0 ? String(order.total_spend) : '',
  startDate: order.start_date ?? defaultStartDate(today),
  selections: Object.fromEntries(
    order.items.map((item) => [
      item.daypart_id,
      {
        spots: String(item.spots_per_occurrence),
        cpm: String(item.user_defined_cpm ?? selectionDefaults(limitsOf(daypartOfItem(item))).cpm),
      },
    ]),
  ),
  mediaAssetId: order.media_asset_id,
  paymentMethodId: order.payment_method_id,
  couponCode: order.coupon_code,
  targetDemo: order.target_demo ?? '',
  guarantee: guaranteeDraftOf(order.audience_guarantee),
});

const guaranteeDraftOf = (guarantee: EstimateDetail['audience_guarantee']): GuaranteeDraft => {
  if (!guarantee) return { demo: '', measure: 'grps', goal: '' };
  return guarantee.grps != null
    ? { demo: guarantee.demo, measure: 'grps', goal: String(guarantee.grps) }
    : { demo: guarantee.demo, measure: 'impressions', goal: String(guarantee.impressions ?? '') };
};

/** A demo as typed: empty, a demo (its canonical notation), or not one. */
export const typedDemo = (text: string): { kind: 'empty' } | { kind: 'demo'; demo: string } | { kind: 'invalid' } => {
  if (text.trim() === '') return { kind: 'empty' };
  const demo = normalizeDemo(text);
  return demo ? { kind: 'demo', demo } : { kind: 'invalid' };
};

/**
 * What the audience fields send: the target demo (null: none) and the guarantee (null: none). A field
 * still being typed (a demo that is not one yet, a guarantee without its goal) is not sent, so that
 * autosave keeps what was saved and the field says what is missing.
 */
const audienceBody = (draft: OrderDraft): Pick<EstimateUpdateInput, 'target_demo' | 'audience_guarantee'> => {
  const body: Pick<EstimateUpdateInput, 'target_demo' | 'audience_guarantee'> = {};
  const target = typedDemo(draft.targetDemo);
  if (target.kind !== 'invalid') body.target_demo = target.kind === 'demo' ? target.demo : null;
  const demo = typedDemo(draft.guarantee.demo);
  const goal = draft.guarantee.goal.trim() === '' ? null : Number(draft.guarantee.goal);
  if (demo.kind === 'empty' && goal === null) body.audience_guarantee = null;
  else if (demo.kind === 'demo' && goal !== null && Number.isFinite(goal) && goal > 0)
    body.audience_guarantee = { demo: demo.demo, [draft.guarantee.measure]: goal };
  return body;
};

// ── reading the typed values ──────────────────────────────────────────────────

const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

/** The budget as a number; null when empty (NaN when it is not a number). */
export const budgetOf = (draft: OrderDraft): number | null => (draft.totalSpend.trim() === '' ? null : numberOf(draft.totalSpend));

export const spotsOf = (selection: SelectionDraft): number => numberOf(selection.spots);
export const cpmOf = (selection: SelectionDraft): number => numberOf(selection.cpm);

/** The selected dayparts, in rate-card order. */
export const selectedDayparts = (draft: OrderDraft, dayparts: readonly DaypartInfo[]): { daypart: DaypartInfo; selection: SelectionDraft }[] =>
  dayparts.flatMap((daypart) => {
    const selection = draft.selections[daypart.id];
    return selection ? [{ daypart, selection }] : [];
  });

/** How a selection is priced while typed: unreadable spots count as none, an unreadable CPM as the default. */
export const pricedSelection = (daypart: DaypartInfo, selection: SelectionDraft): PricedSelection => {
  const spots = spotsOf(selection);
  const cpm = cpmOf(selection);
  return {
    multiplier: daypart.multiplier,
    spotsPerDay: Number.isFinite(spots) && spots > 0 ? spots : 0,
    cpm: Number.isFinite(cpm) && cpm > 0 ? cpm : selectionDefaults(limitsOf(daypart)).cpm,
    daysPerWeek: daypart.days_of_week.length,
  };
};

export const draftQuote = (draft: OrderDraft, dayparts: readonly DaypartInfo[]) => {
  const budget = budgetOf(draft);
  return quoteOrder({
    selections: selectedDayparts(draft, dayparts).map(({ daypart, selection }) => pricedSelection(daypart, selection)),
    budget: budget !== null && Number.isFinite(budget) ? budget : 0,
    startDate: draft.startDate || null,
  });
};

/** A book's figures for a daypart on one demo, as GET /book-ratings answers them. */
export interface DaypartRating {
  daypart_id: string;
  rating: number;
  impressions: number;
}

/**
 * The week's audience as typed (issue 43): each selected time slot's spots and cost a week, on the book's
 * figures for its daypart, summed by the order page's rule (src/domain/audience).
 */
export const draftAudience = (draft: OrderDraft, dayparts: readonly DaypartInfo[], ratings: readonly DaypartRating[]) => {
  const byDaypart = new Map(ratings.map((r) => [r.daypart_id, r]));
  return weeklyAudience(
    selectedDayparts(draft, dayparts).map(({ daypart, selection }) => {
      const priced = pricedSelection(daypart, selection);
      const figures = byDaypart.get(daypart.id);
      return {
        spots: priced.spotsPerDay * priced.daysPerWeek,
        costCents: Math.round(weeklyCostOf(priced) * 100),
        audience: figures ? { rating: figures.rating, impressions: figures.impressions } : null,
      };
    }),
  );
};

// ── validation ───────────────────────────────────────────────────────────────

/** The CPM a too-low value is reset to. */
export const minimumCpm = (daypart: DaypartInfo): number => minCpmFor(limitsOf(daypart));

export type FormField = 'estimateName' | 'brandId' | 'startDate' | 'totalSpend' | 'dayparts' | 'media' | 'card';

/**
 * The field or section of the form a field of the API names (decision 043), to mark it: the order's
 * own fields, and its time slots (`selectedDayparts`, an entry's own input is a slot's, see slotOfField).
 */
export const formFieldOf = (field: string | null | undefined): FormField | null => {
  if (!field) return null;
  if (field === 'selectedDayparts' || field.startsWith('selectedDayparts[')) return 'dayparts';
  return API_FIELDS[field] ?? null;
};

const API_FIELDS: Record<string, FormField> = {
  estimate_name: 'estimateName',
  brand_id: 'brandId',
  start_date: 'startDate',
  total_spend: 'totalSpend',
  media_asset_id: 'media',
  payment_method_id: 'card',
};

/**
 * The time slot input a field of the bulk selection names (`selectedDayparts[2].user_defined_cpm`):
 * the entry's position in what toSelectedDayparts sent, so the daypart in rate-card order.
 */
export const slotOfField = (
  field: string | null | undefined,
  draft: OrderDraft,
  dayparts: readonly DaypartInfo[],
): { daypartId: string; input: 'spots' | 'cpm' } | undefined => {
  const match = field ? /^selectedDayparts\[(\d+)\]\.(spots_per_occurrence|user_defined_cpm)$/.exec(field) : null;
  const chosen = match ? selectedDayparts(draft, dayparts)[Number(match[1])] : undefined;
  if (!match || !chosen) return undefined;
  return { daypartId: chosen.daypart.id, input: match[2] === 'user_defined_cpm' ? 'cpm' : 'spots' };
};

// ── what is sent ─────────────────────────────────────────────────────────────

export const toUpdateBody = (draft: OrderDraft): EstimateUpdateInput => {
  const budget = budgetOf(draft);
  return {
    estimate_name: draft.estimateName.trim(),
    ...Object.fromEntries(AGENCY_CODE_FIELDS.map((field) => [field, draft.agencyCodes[field].trim() || null])),
    brand_id: draft.brandId || null,
    start_date: draft.startDate || null,
    ...(budget !== null && Number.isInteger(budget) && budget > 0 && { total_spend: budget }),
    media_asset_id: draft.mediaAssetId,
    payment_method_id: draft.paymentMethodId,
    coupon_code: draft.couponCode,
    ...audienceBody(draft),
  };
};

/** The selection for the bulk call; a CPM equal to the daypart's default is sent as none (the base CPM). */
export const toSelectedDayparts = (draft: OrderDraft, dayparts: readonly DaypartInfo[]): SelectedDaypart[] =>
  selectedDayparts(draft, dayparts).map(({ daypart, selection }) => {
    const cpm = cpmOf(selection);
    return {
      daypart_id: daypart.id,
      spots_per_occurrence: spotsOf(selection),
      user_defined_cpm: cpm === selectionDefaults(limitsOf(daypart)).cpm ? null : cpm,
    };
  });
