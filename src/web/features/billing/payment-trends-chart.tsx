import type { BillingAnalytics } from '../../../domain/billing-schemas';
import { formatCurrency } from '../../../domain/format';
import { formatDay } from '../../ui/order-display';

const compactDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });
const axisDollars = (value: number) => compactDollars.format(value);

/** Payments per day as CSS bars, one per day of the window; each bar tells its day and amount on hover and to screen readers. */
export const PaymentTrendsChart = ({ trends }: { trends: BillingAnalytics['payment_trends'] }) => {
  const max = Math.max(0, ...trends.map((t) => t.daily_payments));
  const total = trends.reduce((sum, t) => sum + t.daily_payments, 0);
  if (max === 0) return <p className="py-10 text-center text-sm text-slate-500">No payments recorded in the last {trends.length} days.</p>;
  return (
    <figure>
      <p className="mb-1 text-xs text-slate-600" aria-hidden="true">
        Payments a day (USD)
      </p>
      <div className="flex gap-2">
        {/* The y-axis: the scale of the bars, top, middle and zero. */}
        <div className="flex h-48 w-14 shrink-0 flex-col justify-between text-right text-xs tabular-nums text-slate-600" aria-hidden="true">
          <span>{axisDollars(max)}</span>
          <span>{axisDollars(max / 2)}</span>
          <span>$0</span>
        </div>
        <div className="flex h-48 min-w-0 flex-1 items-end gap-0.5 border-b border-l border-slate-200 px-1" role="list" aria-label="Payments per day">
          {trends.map((t) => {
            const label = `${formatDay(t.date)}: ${formatCurrency(t.daily_payments)}`;
            return (
              <div key={t.date} role="listitem" title={label} aria-label={label} className="group flex h-full flex-1 items-end">
                <div
                  className={`w-full rounded-t ${t.daily_payments > 0 ? 'bg-blue-500 group-hover:bg-blue-600' : 'bg-transparent'}`}
                  style={{ height: `${t.daily_payments > 0 ? Math.max(2, (t.daily_payments / max) * 100) : 0}%` }}
                />
              </div>
            );
          })}
        </div>
      </div>
      <figcaption className="mt-2 ml-16 flex flex-wrap justify-between gap-x-2 text-xs text-slate-500">
        <span>{formatDay(trends[0]?.date)}</span>
        <span>
          Total {formatCurrency(total)} · peak day {formatCurrency(max)}
        </span>
        <span>{formatDay(trends.at(-1)?.date)}</span>
      </figcaption>
    </figure>
  );
};
