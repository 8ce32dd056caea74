import type { OverviewReply } from '../../../domain/analytics';
import { formatCount } from '../../../domain/format';
import { STATUS_LABELS, type OrderStatus } from '../../../domain/orders';
import { ChartCard } from '../../ui/chart-card';
import { useDashboardWords } from './dashboard-words';

/** Colours by meaning: approved green, rejected red, waiting amber, not yet sent grey; the rest of the spec's palette for running work. */
export const FUNNEL_COLORS: Record<string, string> = {
  draft: '#94a3b8',
  ordered: '#f59e0b',
  modified: '#8b5cf6',
  approved: '#10b981',
  scheduled: '#14b8a6',
  active: '#3b82f6',
  completed: '#6366f1',
  rejected: '#ef4444',
};

interface Props {
  overview: OverviewReply | undefined;
  loading: boolean;
  error: boolean;
}

/** How the period's orders are spread over the statuses, as bars of their share. */
export const ConversionFunnel = ({ overview, loading, error }: Props) => {
  const stages = overview?.conversion_funnel ?? [];
  const total = stages.reduce((sum, s) => sum + s.count, 0);
  const words = useDashboardWords();
  return (
    <ChartCard
      title={words.funnelTitle}
      description="Orders of the period by status"
      loading={loading}
      error={error}
      empty={total === 0 ? 'No orders in this period yet.' : null}
    >
      <ul className="space-y-3">
        {stages.map((stage) => (
          <li key={stage.status}>
            <div className="mb-1 flex justify-between text-sm">
              <span className="text-slate-700">{STATUS_LABELS[stage.status as OrderStatus] ?? stage.status}</span>
              <span className="tabular-nums text-slate-500">
                {formatCount(stage.count)} · {stage.percentage}%
              </span>
            </div>
            <div className="h-2 rounded-full bg-slate-100">
              <div
                className="h-2 rounded-full"
                style={{ width: `${stage.percentage}%`, backgroundColor: FUNNEL_COLORS[stage.status] ?? '#94a3b8' }}
                data-status={stage.status}
              />
            </div>
          </li>
        ))}
      </ul>
    </ChartCard>
  );
};
