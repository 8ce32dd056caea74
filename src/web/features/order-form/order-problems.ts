/**
 * What stops Save Draft and Submit Order, each problem with the field it is about, for the
 * summary at the top of the form (decision 018). Save Draft stores an incomplete draft and only
 * stops at what the server would refuse; Submit lists every problem at once, with the spec's messages.
 */
import { ESTIMATE_MESSAGES } from '../../../domain/estimate-schemas';
import { cpmError, orderFormErrors, spotsError } from '../../../domain/pricing';
import {
  budgetOf,
  cpmOf,
  formFieldOf,
  limitsOf,
  pricedSelection,
  selectedDayparts,
  slotOfField,
  spotsOf,
  type DaypartInfo,
  type FormField,
  type OrderDraft,
} from './order-draft';

export type ProblemField = FormField | 'coupon';

export interface FormProblem {
  message: string;
  /** The field or section to focus; null when the problem is the server's answer. */
  field: ProblemField | null;
  /** A time slot's own input. */
  slot?: { daypartId: string; input: 'spots' | 'cpm' };
}

const BUDGET_NOT_WHOLE = 'Total budget must be greater than 0';

/** The spots and CPM problems of the selected time slots, in rate-card order. */
const slotProblems = (draft: OrderDraft, dayparts: readonly DaypartInfo[]): FormProblem[] =>
  selectedDayparts(draft, dayparts).flatMap(({ daypart, selection }) => {
    const spots = spotsError(limitsOf(daypart), spotsOf(selection));
    const cpm = cpmError(limitsOf(daypart), cpmOf(selection));
    return [
      ...(spots ? [{ message: spots, field: 'dayparts' as const, slot: { daypartId: daypart.id, input: 'spots' as const } }] : []),
      ...(cpm ? [{ message: cpm, field: 'dayparts' as const, slot: { daypartId: daypart.id, input: 'cpm' as const } }] : []),
    ];
  });

/** Save Draft: only what cannot be stored (a budget that is not a whole number above 0, a time slot's refused values). */
export const saveProblems = (draft: OrderDraft, dayparts: readonly DaypartInfo[]): FormProblem[] => {
  const budget = budgetOf(draft);
  const problems: FormProblem[] = budget !== null && !(Number.isInteger(budget) && budget > 0) ? [{ message: BUDGET_NOT_WHOLE, field: 'totalSpend' }] : [];
  return problems.concat(slotProblems(draft, dayparts));
};

/**
 * Submit Order: every problem at once. The order form's rules in the spec's order (name, brand,
 * start date, time slots, budget; no time slot is said with the submit message), the time slots'
 * own, then media and card.
 */
export const submitProblemList = (draft: OrderDraft, dayparts: readonly DaypartInfo[], today: string): FormProblem[] => {
  const chosen = selectedDayparts(draft, dayparts);
  const form = orderFormErrors(
    {
      estimateName: draft.estimateName,
      brandId: draft.brandId,
      startDate: draft.startDate,
      totalSpend: budgetOf(draft),
      selections: chosen.map(({ daypart, selection }) => pricedSelection(daypart, selection)),
    },
    today,
  ).map(({ message, field }): FormProblem => {
    const formField = formFieldOf(field);
    return formField === 'dayparts' ? { message: ESTIMATE_MESSAGES.itemsMissing, field: formField } : { message, field: formField };
  });
  return [
    ...form,
    ...slotProblems(draft, dayparts),
    ...(draft.mediaAssetId ? [] : [{ message: ESTIMATE_MESSAGES.mediaMissing, field: 'media' as const }]),
    ...(draft.paymentMethodId ? [] : [{ message: ESTIMATE_MESSAGES.cardMissing, field: 'card' as const }]),
  ];
};

/**
 * The server's refusal as a problem of the form, marked by the field its reply names (decision 043):
 * a time slot's own input, the order's field or section, or nothing when it names none of the form's.
 */
export const serverProblem = (message: string, field: string | null, draft: OrderDraft, dayparts: readonly DaypartInfo[]): FormProblem => {
  const slot = slotOfField(field, draft, dayparts);
  return { message, field: formFieldOf(field) ?? (field === 'coupon_code' ? 'coupon' : null), ...(slot && { slot }) };
};

/** Where a problem's link takes the focus: the field itself, or the first control of its section. */
export const problemTarget = (problem: FormProblem): string | null => {
  if (problem.slot) return `[data-slot-input="${problem.slot.daypartId}-${problem.slot.input}"]`;
  switch (problem.field) {
    case 'estimateName':
      return '[name="estimate_name"]';
    case 'brandId':
      return '[name="brand_id"]';
    case 'startDate':
      return '[name="start_date"]';
    case 'totalSpend':
      return '[name="total_spend"]';
    case 'dayparts':
    case 'media':
    case 'card':
    case 'coupon':
      return `[data-order-section="${problem.field}"] :is(input:not(:disabled), select, button, a[href])`;
    default:
      return null;
  }
};
