import { useSyncExternalStore } from 'react';
import { formatCurrency } from '../../../domain/format';
import type { SummaryFigures } from './summary-panel';

/** Below Tailwind's `lg` breakpoint the summary panel sits under a long form. */
const NARROW = '(max-width: 1023.98px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const useNarrowScreen = () =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );

/**
 * On a phone or tablet the order form is thousands of pixels tall and its summary comes last: the
 * weekly cost and what is owed (and, with a target demo, the week's GRPs and CPP) stay in view in a
 * bar stuck to the bottom of the screen, with a link down to the full summary. Rendered only on narrow screens, so the figures are never on a page twice.
 */
export const SummaryBar = ({ figures, summaryId }: { figures: SummaryFigures; summaryId: string }) => {
  const narrow = useNarrowScreen();
  if (!narrow) return null;
  const owed = figures.coupon ? { label: 'Total Due', value: figures.coupon.totalDue } : { label: 'Total Budget', value: figures.budget };
  return (
    <div className="sticky bottom-0 z-10 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-2.5 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur sm:-mx-6 sm:px-6">
      <div className="flex items-center justify-between gap-3 text-sm">
        <p className="min-w-0">
          <span className="block text-xs text-slate-600">Weekly Cost</span>
          <span className="font-semibold tabular-nums text-slate-900">{formatCurrency(figures.weeklyCost)}</span>
        </p>
        <p className="min-w-0">
          <span className="block text-xs text-slate-600">{owed.label}</span>
          <span className="font-semibold tabular-nums text-slate-900">
            {owed.value !== null && Number.isFinite(owed.value) ? formatCurrency(owed.value) : '—'}
          </span>
        </p>
        <a
          href={`#${summaryId}`}
          className="shrink-0 rounded-lg px-3 py-2 font-medium text-blue-700 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          Summary
        </a>
      </div>
      {figures.audience && (
        // The week's GRPs and CPP on the target demo, live as the spots are typed (issue 43), as the full summary has them.
        <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-600" aria-live="polite">
          <span>
            GRPs ({figures.audience.demo}){' '}
            <span data-testid="bar-grps" className="font-semibold tabular-nums text-slate-900">
              {figures.audience.grps.toFixed(1)}
            </span>
          </span>
          <span>
            CPP{' '}
            <span data-testid="bar-cpp" className="font-semibold tabular-nums text-slate-900">
              {figures.audience.cppCents === null ? '—' : formatCurrency(figures.audience.cppCents / 100)}
            </span>
          </span>
          <span>On {figures.audience.bookName}</span>
        </p>
      )}
    </div>
  );
};
