import type { ReactNode } from 'react';
import { formatCalendarDate } from '../../../domain/display-dates';
import { countOf, formatCount, formatCurrency, formatDays } from '../../../domain/format';
import { Card } from '../../ui/card';

export interface SummaryFigures {
  weeklyCost: number;
  weeklyReach: number;
  /** Campaign length in days; null when there is nothing to divide the budget by yet. */
  days: number | null;
  /** Said instead of a duration when the budget does not cover one week (decision 018). */
  budgetMessage?: string | null;
  endDate: string | null;
  budget: number | null;
  /** Shown with Total Due only when a coupon is applied. */
  coupon: { code: string; discount: number; totalDue: number } | null;
  /** A week's GRPs and CPP on the target demo, on the channel's current book (issue 43); absent without both. */
  audience?: SummaryAudience | null;
}

export interface SummaryAudience {
  demo: string;
  bookName: string;
  grps: number;
  /** Cents; null without GRPs. */
  cppCents: number | null;
  /** Chosen time slots the book has no figure for. */
  unrated: number;
}

const Row = ({ label, testId, children, strong = false }: { label: string; testId?: string; children: ReactNode; strong?: boolean }) => (
  <div className="flex items-baseline justify-between gap-4 py-2">
    <dt className={`text-sm ${strong ? 'font-semibold text-slate-900' : 'text-slate-600'}`}>{label}</dt>
    <dd data-testid={testId} className={`text-right tabular-nums ${strong ? 'text-lg font-bold text-slate-900' : 'text-sm font-medium text-slate-900'}`}>
      {children}
    </dd>
  </div>
);

/**
 * Weekly cost, impressions, duration, end date and what is owed; announced politely as it changes.
 * The spec's "weekly reach" (`weekly_reach`) is multiplier × 1366 × spots × days: gross impressions,
 * not people reached, so the screen calls it Weekly Impressions (issue 44; decision 061).
 */
export const SummaryPanel = ({ figures, title = 'Order Summary', footer }: { figures: SummaryFigures; title?: string; footer?: ReactNode }) => (
  <Card className="p-5">
    <h2 className="text-base font-semibold text-slate-900">{title}</h2>
    <dl className="mt-2 divide-y divide-slate-100" aria-live="polite">
      <Row label="Weekly Cost" testId="weekly-cost">
        {formatCurrency(figures.weeklyCost)}
      </Row>
      <Row label="Weekly Impressions" testId="weekly-reach">
        {formatCount(figures.weeklyReach)}
      </Row>
      {figures.audience && (
        <>
          <Row label={`Weekly GRPs (${figures.audience.demo})`} testId="weekly-grps">
            {figures.audience.grps.toFixed(1)}
          </Row>
          <Row label="CPP" testId="weekly-cpp">
            {figures.audience.cppCents === null ? '—' : formatCurrency(figures.audience.cppCents / 100)}
          </Row>
          <div className="py-1">
            <dt className="sr-only">Book</dt>
            <dd data-testid="audience-book" className="text-xs text-slate-500">
              On {figures.audience.bookName}
              {figures.audience.unrated > 0 && ` · ${countOf(figures.audience.unrated, 'time slot')} not in the book`}
            </dd>
          </div>
        </>
      )}
      <Row label="Campaign Duration" testId="campaign-duration">
        {figures.days === null ? '—' : formatDays(figures.days)}
      </Row>
      {figures.budgetMessage && (
        <div className="py-2">
          <dt className="sr-only">Budget</dt>
          <dd data-testid="budget-message" className="text-sm text-amber-800">
            {figures.budgetMessage}
          </dd>
        </div>
      )}
      <Row label="End Date" testId="end-date">
        {formatCalendarDate(figures.endDate)}
      </Row>
      <Row label="Total Budget" testId="total-budget">
        {figures.budget !== null && Number.isFinite(figures.budget) ? formatCurrency(figures.budget) : '—'}
      </Row>
      {figures.coupon && (
        <>
          <Row label={`Discount (${figures.coupon.code})`} testId="discount">
            <span className="text-green-700">−{formatCurrency(figures.coupon.discount)}</span>
          </Row>
          <Row label="Total Due" testId="total-due" strong>
            {formatCurrency(figures.coupon.totalDue)}
          </Row>
        </>
      )}
    </dl>
    {footer && <div className="mt-4 border-t border-slate-200 pt-4">{footer}</div>}
  </Card>
);
