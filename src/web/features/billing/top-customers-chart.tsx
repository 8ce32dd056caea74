import type { BillingAnalytics } from '../../../domain/billing-schemas';
import { formatCurrency } from '../../../domain/format';

/** Billed versus paid per customer, as paired horizontal bars scaled to the largest amount billed. */
export const TopCustomersChart = ({ customers }: { customers: BillingAnalytics['top_customers'] }) => {
  const max = Math.max(0, ...customers.map((c) => c.total_billed));
  return (
    <div>
      <div className="mb-4 flex gap-4 text-xs text-slate-600">
        <span className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-blue-500" aria-hidden="true" /> Billed
        </span>
        <span className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-green-500" aria-hidden="true" /> Paid
        </span>
      </div>
      <ul className="space-y-4">
        {customers.map((c) => (
          <li key={c.customer_id}>
            <div className="mb-1 flex justify-between gap-4 text-sm">
              <span className="truncate font-medium text-slate-900">{c.customer_name}</span>
              <span className="whitespace-nowrap tabular-nums text-slate-600">
                {formatCurrency(c.total_paid)} of {formatCurrency(c.total_billed)}
              </span>
            </div>
            <div className="space-y-1" aria-hidden="true">
              <div className="h-2.5 rounded bg-blue-500" style={{ width: `${max > 0 ? (c.total_billed / max) * 100 : 0}%` }} />
              <div className="h-2.5 rounded bg-green-500" style={{ width: `${max > 0 ? (c.total_paid / max) * 100 : 0}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
};
