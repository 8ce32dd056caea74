import { stationToday } from '../../shared/station-time';
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { addDays, isIsoDate } from '../../../domain/dates';
import { MAX_AVAILABILITY_DAYS } from '../../../domain/daypart-schemas';
import { MAX_CAMPAIGN_DAYS, type EstimateDetail } from '../../../domain/estimate-schemas';
import { budgetTooSmallMessage, cpmError } from '../../../domain/pricing';
import { amountOwed } from '../../../domain/orders';
import { isAdmin } from '../../../domain/roles';
import { serverField, serverMessage } from '../../api/client';
import { useBookRatings } from '../../api/audience';
import { useDaypartAvailabilities } from '../../api/dayparts';
import { replaceEstimateItems, useReplaceEstimateItems } from '../../api/estimate-items';
import { updateEstimate as sendEstimate, useUpdateEstimate } from '../../api/estimates';
import { useOrderSchedule } from '../../api/proposals';
import { useAuth } from '../../shared/auth-context';
import { useBrandOptions } from './brands';
import { isUntouchedDraft } from './discard-untouched-draft';
import { CardPicker } from './card-picker';
import { CouponEntry } from './coupon-entry';
import type { AvailabilityView } from './daypart-picker';
import { DaypartPicker } from './daypart-picker';
import { MediaPicker } from './media-picker';
import { OrderBasics } from './order-basics';
import {
  budgetOf,
  cpmOf,
  draftAudience,
  draftQuote,
  initialDraft,
  limitsOf,
  minimumCpm,
  newSelection,
  selectedDayparts,
  toSelectedDayparts,
  toUpdateBody,
  typedDemo,
  type DaypartInfo,
  type OrderDraft,
  type SelectionDraft,
} from './order-draft';
import { useLeaveGuard } from './leave-guard';
import { saveProblems, serverProblem, submitProblemList, type FormProblem, type ProblemField } from './order-problems';
import { EditorActions } from './editor-actions';
import { ProblemSummary, problemSummaryTitle } from './problem-summary';
import { Section } from './section';
import { SubmitConfirm } from './submit-confirm';
import { SummaryBar } from './summary-bar';
import { SummaryPanel, type SummaryFigures } from './summary-panel';
import { useAppliedCoupon } from './use-applied-coupon';
import { useAutosave } from './use-autosave';
import { useDebouncedValue } from '../../ui/use-debounced-value';

const COUPON_PROBLEM = 'The applied coupon no longer applies to this order: remove it or change the order';
/** The summary panel's id: the phone's summary bar links down to it. */
const SUMMARY_ID = 'order-summary';

interface OrderEditorProps {
  /** The stored order. */
  order: EstimateDetail;
  dayparts: readonly DaypartInfo[];
  /** Submit Order is offered (the owner's draft, changes requested, or rejected order). */
  canSubmit: boolean;
  /** After a successful submission. */
  onSubmitted: () => void;
  /** Leaves edit mode without saving; absent for drafts, which are always edited. */
  onCancel?: () => void;
}

type Attempt = 'save' | 'submit' | null;

/** The order form in edit mode: every change updates the summary at once; Save Draft and Submit Order send it. */
export const OrderEditor = ({ order, dayparts, canSubmit, onSubmitted, onCancel }: OrderEditorProps) => {
  const { user } = useAuth();
  const [today] = useState(stationToday);
  const [draft, setDraft] = useState<OrderDraft>(() => initialDraft(order, today));
  const [saved, setSaved] = useState<OrderDraft>(draft);
  const [confirming, setConfirming] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const [cpmNotices, setCpmNotices] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState<Attempt>(null);
  const [serverError, setServerError] = useState<{ message: string; field: string | null } | null>(null);
  const [busy, setBusy] = useState<Attempt>(null);
  // A schedule sets the order's budget and start (decision 056): when "Save weeks" changes its gross, the form
  // and its summary follow at once (and the autosave does not see the change as the user's).
  const schedule = useOrderSchedule(order.id).data?.schedule ?? null;
  const [scheduleGross, setScheduleGross] = useState<number | null>(null);
  if (schedule && schedule.gross !== scheduleGross) {
    setScheduleGross(schedule.gross);
    const follow = (d: OrderDraft): OrderDraft => ({ ...d, totalSpend: schedule.gross > 0 ? String(schedule.gross) : '', startDate: schedule.start_date });
    setDraft(follow);
    setSaved(follow);
  }

  const brands = useBrandOptions(isAdmin(user?.role) ? order.owner_id : null);
  const updateEstimate = useUpdateEstimate();
  const replaceItems = useReplaceEstimateItems();

  /** Stores a draft of the form: its fields, then its time slots (both at once when the page is going away). */
  const store = async (version: OrderDraft, keepalive: boolean) => {
    const id = order.id;
    if (keepalive) {
      await Promise.all([
        sendEstimate(id, toUpdateBody(version), { keepalive }),
        replaceEstimateItems(id, toSelectedDayparts(version, dayparts), { keepalive }),
      ]);
    } else {
      await updateEstimate.mutateAsync({ id, body: toUpdateBody(version) });
      await replaceItems.mutateAsync({ estimateId: id, selectedDayparts: toSelectedDayparts(version, dayparts) });
    }
    setSaved(version);
  };
  const autosave = useAutosave({
    orderId: order.id,
    enabled: order.status === 'draft',
    draft,
    saved,
    storable: saveProblems(draft, dayparts).length === 0,
    store,
  });
  const guard = useLeaveGuard(autosave.unsavedForGood);

  // ── live figures ──
  const budget = budgetOf(draft);
  const quote = draftQuote(draft, dayparts);
  const tooLong = quote.days > MAX_CAMPAIGN_DAYS;
  const endDate = schedule ? schedule.end_date : tooLong ? null : quote.endDate;
  const chosenIds = selectedDayparts(draft, dayparts).map(({ daypart }) => daypart.id);
  const redeemed = order.coupon_code && order.discount_amount > 0 ? { code: order.coupon_code, discount: order.discount_amount } : null;
  const { applied, apply, applying } = useAppliedCoupon(draft.couponCode, budget, chosenIds, redeemed);
  // A budget below a week's cost buys no campaign: the budget message instead of "0 days".
  const shortBudget = quote.weeklyCost > 0 && budget !== null && Number.isFinite(budget) && budget > 0 && budget < quote.weeklyCost;
  // GRPs and CPP on the target demo, on the channel's current book, as the slots are typed (issue 43).
  const target = typedDemo(draft.targetDemo);
  const ratings = useBookRatings(order.channel_id, target.kind === 'demo' ? target.demo : null);
  const week = target.kind === 'demo' && ratings.data?.book_name ? draftAudience(draft, dayparts, ratings.data.ratings) : null;
  const figures: SummaryFigures = {
    weeklyCost: quote.weeklyCost,
    weeklyReach: quote.weeklyReach,
    days: quote.weeklyCost > 0 && budget !== null && budget > 0 && !shortBudget ? quote.days : null,
    budgetMessage: shortBudget ? budgetTooSmallMessage(quote.weeklyCost) : null,
    endDate,
    budget,
    coupon:
      applied.state === 'valid'
        ? { code: applied.code, discount: applied.discount, totalDue: amountOwed(budget !== null && Number.isFinite(budget) ? budget : 0, applied.discount) }
        : null,
    audience:
      week && target.kind === 'demo' && ratings.data?.book_name
        ? { demo: target.demo, bookName: ratings.data.book_name, grps: week.grps, cppCents: week.cpp_cents, unrated: week.unrated }
        : null,
  };

  // ── availability over the campaign's dates (after typing settles) ──
  const rangeStart = useDebouncedValue(isIsoDate(draft.startDate) ? draft.startDate : '', 600);
  const rangeEnd = useDebouncedValue(endDate ?? '', 600);
  const range =
    rangeStart && rangeEnd && rangeEnd >= rangeStart
      ? {
          startDate: rangeStart,
          endDate: rangeEnd < addDays(rangeStart, MAX_AVAILABILITY_DAYS - 1) ? rangeEnd : addDays(rangeStart, MAX_AVAILABILITY_DAYS - 1),
        }
      : null;
  const availabilityResults = useDaypartAvailabilities(
    dayparts.map((d) => d.id),
    range,
  );
  const availability: Record<string, AvailabilityView> | null = range
    ? Object.fromEntries(
        dayparts.map((d, index) => {
          const result = availabilityResults[index];
          return [d.id, { loading: result?.isPending ?? true, failed: result?.isError ?? false, available: result?.data?.available_spots ?? null }];
        }),
      )
    : null;

  // ── problems (updated live once Save Draft or Submit Order was tried) ──
  const currentProblems = (mode: Attempt): FormProblem[] =>
    mode === 'submit'
      ? submitProblemList(draft, dayparts, today).concat(applied.state === 'invalid' ? [{ message: COUPON_PROBLEM, field: 'coupon' }] : [])
      : mode === 'save'
        ? saveProblems(draft, dayparts)
        : [];
  const liveProblems = currentProblems(attempt);
  const shownProblems: FormProblem[] =
    liveProblems.length > 0 ? liveProblems : serverError ? [serverProblem(serverError.message, serverError.field, draft, dayparts)] : [];
  const invalidFields = new Set(shownProblems.map((problem) => problem.field).filter((field): field is ProblemField => field !== null));
  const showSummary = () => requestAnimationFrame(() => summaryRef.current?.focus());
  const totalDue = figures.coupon ? figures.coupon.totalDue : budget !== null && Number.isFinite(budget) ? budget : 0;

  // ── editing ──
  const edit = (patch: Partial<OrderDraft>) => {
    setServerError(null);
    setDraft((previous) => {
      const next = { ...previous, ...patch };
      // Media and cards belong to a brand: another brand's no longer fit.
      if (patch.brandId !== undefined && patch.brandId !== previous.brandId) Object.assign(next, { mediaAssetId: null, paymentMethodId: null });
      return next;
    });
  };

  const toggle = (daypart: DaypartInfo, selected: boolean) => {
    const selections: Record<string, SelectionDraft> = { ...draft.selections };
    if (selected) selections[daypart.id] = newSelection(daypart);
    else delete selections[daypart.id];
    edit({ selections });
    setCpmNotices(({ [daypart.id]: _dropped, ...rest }) => rest);
  };

  const changeSelection = (daypart: DaypartInfo, patch: Partial<SelectionDraft>) => {
    const current = draft.selections[daypart.id];
    if (!current) return;
    edit({ selections: { ...draft.selections, [daypart.id]: { ...current, ...patch } } });
    if (patch.cpm !== undefined) setCpmNotices(({ [daypart.id]: _dropped, ...rest }) => rest);
  };

  /** A custom CPM under the minimum is reset to it, and says so. */
  const checkCpm = (daypart: DaypartInfo) => {
    const current = draft.selections[daypart.id];
    if (!current) return;
    const message = cpmError(limitsOf(daypart), cpmOf(current));
    if (!message) return;
    edit({ selections: { ...draft.selections, [daypart.id]: { ...current, cpm: String(minimumCpm(daypart)) } } });
    setCpmNotices((previous) => ({ ...previous, [daypart.id]: message }));
  };

  const applyCoupon = async (code: string): Promise<string | null> => {
    const result = await apply(code);
    if (!result.ok) return result.message;
    edit({ couponCode: result.code });
    return null;
  };

  // ── saving ──
  /** Stores the form as it is now, after any autosave on its way. */
  const persist = async (): Promise<string> => {
    await autosave.flush();
    await store(draft, false);
    return order.id;
  };

  /** Save Draft stores an incomplete draft: it stops only at what cannot be stored. */
  const saveDraft = async () => {
    setAttempt('save');
    setServerError(null);
    if (currentProblems('save').length > 0) return showSummary();
    setBusy('save');
    try {
      await persist();
      setAttempt(null);
      toast.success('Order saved');
    } catch (error) {
      const message = serverMessage(error, 'Failed to save the order');
      setServerError({ message, field: serverField(error) });
      toast.error(message);
      showSummary();
    } finally {
      setBusy(null);
    }
  };

  /** Submit Order lists every problem at once; without any, it asks for confirmation with the total due. */
  const askToSubmit = () => {
    setAttempt('submit');
    setServerError(null);
    if (currentProblems('submit').length > 0) return showSummary();
    setConfirming(true);
  };

  const submitOrder = async () => {
    setBusy('submit');
    try {
      const id = await persist();
      await updateEstimate.mutateAsync({ id, body: { status: 'ordered' } });
      setConfirming(false);
      toast.success('Order submitted for approval');
      guard.allowNextLeave();
      onSubmitted();
    } catch (error) {
      const message = serverMessage(error, 'Failed to submit the order');
      setConfirming(false);
      setServerError({ message, field: serverField(error) });
      toast.error(message);
      setBusy(null);
      showSummary();
    }
  };

  const actions = (
    <EditorActions
      problemCount={shownProblems.length}
      busy={busy}
      canSubmit={canSubmit}
      saveLabel={order.status === 'draft' || canSubmit ? 'Save Draft' : 'Save Changes'}
      tooLong={tooLong}
      onSubmit={askToSubmit}
      onSave={() => void saveDraft()}
      onCancel={onCancel}
      autosave={order.status === 'draft' && (autosave.state.kind !== 'saved' || !isUntouchedDraft(order)) ? autosave.state : null}
    />
  );

  return (
    <div id="order-form" className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      {guard.dialog}
      <SubmitConfirm
        open={confirming}
        totalDue={totalDue}
        discount={figures.coupon ? { code: figures.coupon.code, amount: figures.coupon.discount } : null}
        busy={busy === 'submit'}
        onConfirm={() => void submitOrder()}
        onCancel={() => setConfirming(false)}
      />
      <div className="min-w-0 space-y-6">
        {shownProblems.length > 0 && (
          <ProblemSummary
            ref={summaryRef}
            problems={shownProblems}
            title={problemSummaryTitle(liveProblems.length === 0 ? null : attempt, shownProblems.length)}
          />
        )}
        <Section title="Order Details" invalid={(['estimateName', 'brandId', 'startDate', 'totalSpend'] as const).some((field) => invalidFields.has(field))}>
          <OrderBasics draft={draft} today={today} brands={brands} endDate={endDate} invalid={invalidFields} onChange={edit} />
        </Section>
        <Section
          anchor="dayparts"
          title="Time Slots"
          description="Choose when your spot airs, how often per day, and your CPM."
          invalid={invalidFields.has('dayparts')}
        >
          <DaypartPicker
            dayparts={dayparts}
            selections={draft.selections}
            cpmNotices={cpmNotices}
            availability={availability}
            onToggle={toggle}
            onChange={changeSelection}
            onCpmBlur={checkCpm}
          />
        </Section>
        <Section anchor="media" title="Media" description="The spot that airs, from the brand's media library." invalid={invalidFields.has('media')}>
          <MediaPicker brandId={draft.brandId || null} value={draft.mediaAssetId} onChange={(mediaAssetId) => edit({ mediaAssetId })} />
        </Section>
        <Section anchor="card" title="Payment Card" description="Charged once the order is approved." invalid={invalidFields.has('card')}>
          <CardPicker brandId={draft.brandId || null} value={draft.paymentMethodId} onChange={(paymentMethodId) => edit({ paymentMethodId })} />
        </Section>
        <Section
          anchor="coupon"
          title="Coupon"
          description="The discount is taken from the total budget when the order is submitted."
          invalid={invalidFields.has('coupon')}
        >
          <CouponEntry applied={applied} applying={applying} onApply={applyCoupon} onRemove={() => edit({ couponCode: null })} />
        </Section>
        <SummaryBar figures={figures} summaryId={SUMMARY_ID} />
      </div>
      <aside id={SUMMARY_ID} className="scroll-mt-20 lg:sticky lg:top-20 lg:self-start" aria-label="Order summary">
        <SummaryPanel figures={figures} footer={actions} />
      </aside>
    </div>
  );
};
