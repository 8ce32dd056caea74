import type { ReactNode } from 'react';
import type { ReconciliationDashboard } from '../../../domain/reconciliation';
import { formatCount, partOf } from '../../../domain/format';
import { Card } from '../../ui/card';
import { ChartIcon, CheckCircleIcon, ReceiptIcon, TvIcon } from '../../ui/icons';
import { percent, signedCount, signedCurrency } from './reconciliation-format';

const KpiCard = ({ label, value, detail, icon }: { label: string; value: string; detail: ReactNode; icon: ReactNode }) => (
  <Card className="flex gap-4 p-4">
    <div className="hidden size-10 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-600 sm:flex">{icon}</div>
    <div className="min-w-0">
      <p className="text-sm text-slate-500">{label}</p>
      <p className="text-2xl font-semibold tabular-nums text-slate-900">{value}</p>
      <p className="mt-1 text-xs text-slate-500">{detail}</p>
    </div>
  </Card>
);

/** The variance summary and reconciliation status of the period, at a glance. */
export const ReconciliationKpis = ({ dashboard }: { dashboard: ReconciliationDashboard }) => {
  const v = dashboard.variance_summary;
  const s = dashboard.reconciliation_status;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-4" data-testid="reconciliation-kpis">
      <KpiCard
        label="Total Spend Variance"
        value={signedCurrency(v.total_spend_variance)}
        detail="Actual minus projected spend"
        icon={<ReceiptIcon className="size-5" />}
      />
      <KpiCard
        label="Avg Spend Variance"
        value={percent(v.avg_spend_variance_percent, true)}
        detail="Per reconciled campaign"
        icon={<ChartIcon className="size-5" />}
      />
      <KpiCard
        label="Impression Variance"
        value={signedCount(v.total_impression_variance)}
        detail={`Avg ${percent(v.avg_impression_variance_percent, true)} per campaign`}
        icon={<TvIcon className="size-5" />}
      />
      <KpiCard
        label="Reconciliation Rate"
        value={percent(s.reconciliation_rate)}
        detail={
          <>
            {partOf(s.reconciled_campaigns, s.total_approved_campaigns, 'campaign')} ·{' '}
            <span className={s.high_variance_campaigns > 0 ? 'font-medium text-red-600' : undefined}>
              {formatCount(s.high_variance_campaigns)} high variance
            </span>
          </>
        }
        icon={<CheckCircleIcon className="size-5" />}
      />
    </div>
  );
};
