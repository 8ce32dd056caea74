import { useId } from 'react';
import { formatCurrency, partOf } from '../../../domain/format';
import { cpmError, maxSpotsFor, spotsError, weeklyCostOf } from '../../../domain/pricing';
import { dayLabel } from '../../../domain/rate-card';
import { Badge } from '../../ui/badge';
import { inputClasses } from '../../ui/text-field';
import { formatTimeRange } from '../../ui/order-form-display';
import { FORM_DEFAULT_SPOTS, cpmOf, limitsOf, minimumCpm, newSelection, pricedSelection, spotsOf, type DaypartInfo, type SelectionDraft } from './order-draft';

/** Said under a custom CPM below the daypart's base CPM (but not below its minimum). */
export const BELOW_RATE_CARD = 'Bids below the rate card may not clear';

/** What the slot costs a week: as set when ticked, else at the form's default (1 spot a day, base CPM). */
const SlotCost = ({ daypart, selection }: { daypart: DaypartInfo; selection: SelectionDraft | undefined }) => {
  const cost = weeklyCostOf(pricedSelection(daypart, selection ?? newSelection(daypart)));
  return (
    <span className="font-medium text-slate-800" data-testid={`slot-cost-${daypart.name}`}>
      {formatCurrency(cost)}/week{!selection && ` at ${FORM_DEFAULT_SPOTS} spot a day`}
    </span>
  );
};

/** Free spots per day of a daypart over the campaign's dates. */
export interface AvailabilityView {
  loading: boolean;
  available: number | null;
  failed: boolean;
}

interface DaypartPickerProps {
  dayparts: readonly DaypartInfo[];
  selections: Readonly<Record<string, SelectionDraft>>;
  /** Set when a too-low CPM was reset to the minimum: the message stays until the next edit. */
  cpmNotices: Readonly<Record<string, string>>;
  /** Null while the campaign's dates are unknown. */
  availability: Readonly<Record<string, AvailabilityView>> | null;
  onToggle: (daypart: DaypartInfo, selected: boolean) => void;
  onChange: (daypart: DaypartInfo, patch: Partial<SelectionDraft>) => void;
  onCpmBlur: (daypart: DaypartInfo) => void;
}

const AvailabilityLine = ({ daypart, view, spots }: { daypart: DaypartInfo; view: AvailabilityView | undefined; spots: number | null }) => {
  if (!view) return null;
  if (view.loading) return <span className="text-slate-500">Checking availability…</span>;
  if (view.failed || view.available === null) return <span className="text-slate-500">Availability unknown</span>;
  const short = spots !== null && Number.isFinite(spots) && spots > view.available;
  return (
    <span className={view.available === 0 || short ? 'font-medium text-amber-700' : 'text-green-700'}>
      {view.available === 0 ? 'Fully booked for these dates' : `${partOf(view.available, daypart.spot_frequency, 'spot')}/day available`}
      {short && view.available > 0 && ` — only ${view.available} per day free for these dates`}
    </span>
  );
};

const DaypartRow = ({
  daypart,
  selection,
  cpmNotice,
  availability,
  onToggle,
  onChange,
  onCpmBlur,
}: {
  daypart: DaypartInfo;
  selection: SelectionDraft | undefined;
  cpmNotice: string | undefined;
  availability: AvailabilityView | undefined;
} & Pick<DaypartPickerProps, 'onToggle' | 'onChange' | 'onCpmBlur'>) => {
  const id = useId();
  const limits = limitsOf(daypart);
  const selected = selection !== undefined;
  const spotsProblem = selection ? spotsError(limits, spotsOf(selection)) : null;
  const cpmProblem = selection ? (cpmNotice ?? cpmError(limits, cpmOf(selection))) : null;
  const belowRateCard = selection !== undefined && !cpmProblem && cpmOf(selection) < daypart.base_cpm;
  const cpmNoteId = `${id}-cpm-note`;
  const spotsErrorId = `${id}-spots-error`;
  const cpmErrorId = `${id}-cpm-error`;

  return (
    <li
      className={`rounded-lg border p-4 transition-colors ${selected ? 'border-blue-300 bg-blue-50/40' : 'border-slate-200 bg-white hover:border-slate-300'}`}
    >
      <div className="flex items-start gap-3">
        <input
          id={`${id}-select`}
          type="checkbox"
          checked={selected}
          onChange={(event) => onToggle(daypart, event.target.checked)}
          aria-describedby={`${id}-details`}
          className="mt-1 size-4 shrink-0 rounded border-slate-300 text-blue-600 focus:ring-blue-500"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={`${id}-select`} className="cursor-pointer font-medium text-slate-900">
              {daypart.name}
            </label>
            {daypart.is_prime_time && <Badge tone="purple">Prime Time</Badge>}
          </div>
          <p id={`${id}-details`} className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600">
            <span>{formatTimeRange(daypart.start_time, daypart.end_time)}</span>
            <span>{dayLabel(daypart.days_of_week)}</span>
            <span>Base CPM {formatCurrency(daypart.base_cpm)}</span>
            <SlotCost daypart={daypart} selection={selection} />
            <AvailabilityLine daypart={daypart} view={availability} spots={selection ? spotsOf(selection) : null} />
          </p>
          {daypart.description && <p className="mt-1 text-xs text-slate-500">{daypart.description}</p>}

          {selection && (
            <div className="mt-3 grid gap-3 sm:grid-cols-2">
              <div>
                <label htmlFor={`${id}-spots`} className="mb-1 block text-xs font-medium text-slate-700">
                  Spots per day <span className="font-normal text-slate-500">(max {maxSpotsFor(limits)})</span>
                </label>
                <input
                  id={`${id}-spots`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={maxSpotsFor(limits)}
                  step={1}
                  value={selection.spots}
                  aria-label={`Spots per day for ${daypart.name}`}
                  data-slot-input={`${daypart.id}-spots`}
                  aria-invalid={spotsProblem ? true : undefined}
                  aria-describedby={spotsProblem ? spotsErrorId : undefined}
                  onChange={(event) => onChange(daypart, { spots: event.target.value })}
                  className={inputClasses(Boolean(spotsProblem))}
                />
                {spotsProblem && (
                  <p id={spotsErrorId} className="mt-1 text-sm text-red-600">
                    {spotsProblem}
                  </p>
                )}
              </div>
              <div>
                <label htmlFor={`${id}-cpm`} className="mb-1 block text-xs font-medium text-slate-700">
                  Custom CPM <span className="font-normal text-slate-500">(min {formatCurrency(minimumCpm(daypart))})</span>
                </label>
                <div className="relative">
                  <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-slate-500">$</span>
                  <input
                    id={`${id}-cpm`}
                    type="number"
                    inputMode="decimal"
                    min={minimumCpm(daypart)}
                    step={0.01}
                    value={selection.cpm}
                    aria-label={`Custom CPM for ${daypart.name}`}
                    data-slot-input={`${daypart.id}-cpm`}
                    aria-invalid={cpmProblem && !cpmNotice ? true : undefined}
                    aria-describedby={cpmProblem ? cpmErrorId : belowRateCard ? cpmNoteId : undefined}
                    onChange={(event) => onChange(daypart, { cpm: event.target.value })}
                    onBlur={() => onCpmBlur(daypart)}
                    className={`${inputClasses(Boolean(cpmProblem && !cpmNotice))} pl-7`}
                  />
                </div>
                {cpmProblem && (
                  <p id={cpmErrorId} className={`mt-1 text-sm ${cpmNotice ? 'text-amber-700' : 'text-red-600'}`}>
                    {cpmProblem}
                  </p>
                )}
                {belowRateCard && (
                  <p id={cpmNoteId} className="mt-1 text-sm text-amber-700">
                    {BELOW_RATE_CARD}
                  </p>
                )}
              </div>
            </div>
          )}
        </div>
      </div>
    </li>
  );
};

/** Every daypart as a selectable row; a selected one gets its spots per day and custom CPM. */
export const DaypartPicker = ({ dayparts, selections, cpmNotices, availability, onToggle, onChange, onCpmBlur }: DaypartPickerProps) => (
  <div>
    {dayparts.length === 0 ? (
      <p className="text-sm text-slate-500">No time slots are on the rate card yet.</p>
    ) : (
      <ul className="space-y-3" aria-label="Time slots">
        {dayparts.map((daypart) => (
          <DaypartRow
            key={daypart.id}
            daypart={daypart}
            selection={selections[daypart.id]}
            cpmNotice={cpmNotices[daypart.id]}
            availability={availability?.[daypart.id]}
            onToggle={onToggle}
            onChange={onChange}
            onCpmBlur={onCpmBlur}
          />
        ))}
      </ul>
    )}
  </div>
);
