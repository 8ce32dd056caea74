import { CHART_COLORS, type OverviewReply } from '../../../domain/analytics';
import { formatCount } from '../../../domain/format';
import { STATUS_LABELS, type OrderStatus } from '../../../domain/orders';
import { ChartCard } from './chart-card';

interface Props {
  overview: OverviewReply | undefined;
  loading: boolean;
  error: boolean;
}

/** How the period's orders are spread over the statuses, as bars of their share. */
export const ConversionFunnel = ({ overview, loading, error }: Props) => {
  const stages = overview?.conversion_funnel ?? [];
  const total = stages.reduce((sum, s) => sum + s.count, 0);
  return (
    <ChartCard title="Order Conversion Funnel" description="Orders of the period by status" loading={loading} error={error} empty={total === 0 ? 'No orders in this period yet.' : null}>
      <ul className="space-y-3">
        {stages.map((stage, i) => (
          <li key={stage.status}>
            <div className="mb-1 flex justify-between text-sm">
              <span className="text-slate-700">{STATUS_LABELS[stage.status as OrderStatus] ?? stage.status}</span>
              <span className="tabular-nums text-slate-500">
                {formatCount(stage.count)} · {stage.percentage}%
              </span>
            </div>
            <div className="h-2 rounded-full bg-slate-100">
              <div className="h-2 rounded-full" style={{ width: `${stage.percentage}%`, backgroundColor: CHART_COLORS[i % CHART_COLORS.length] }} />
            </div>
          </li>
        ))}
      </ul>
    </ChartCard>
  );
};
