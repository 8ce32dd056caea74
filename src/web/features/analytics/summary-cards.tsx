import type { OverviewReply } from '../../../domain/analytics';
import { formatCount, formatCurrency, formatDays } from '../../../domain/format';
import { StatCard } from '../../ui/card';
import { useDashboardWords } from './dashboard-words';
import { ChartIcon, CheckCircleIcon, ClipboardIcon, ClockIcon, TvIcon } from '../../ui/icons';

/** The figures of the period at a glance; dashes while they load. */
export const SummaryCards = ({ overview }: { overview: OverviewReply | undefined }) => {
  const m = overview?.overall_metrics;
  const s = overview?.summary;
  const words = useDashboardWords();
  const show = <T,>(value: T | undefined, format: (v: T) => string) => (value === undefined ? '—' : format(value));
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3">
      <StatCard label={words.totalMoney} value={show(s?.total_revenue, formatCurrency)} icon={<ChartIcon className="size-5" />} />
      <StatCard
        label="Approved Orders"
        value={s ? `${formatCount(s.approved_orders)} of ${formatCount(s.total_orders)}` : '—'}
        icon={<CheckCircleIcon className="size-5" />}
      />
      <StatCard label="Avg Order Value" value={show(s?.avg_order_value, formatCurrency)} icon={<ClipboardIcon className="size-5" />} />
      <StatCard
        label="Active Campaigns"
        value={m ? `${formatCount(m.active_campaigns)} of ${formatCount(m.total_campaigns)}` : '—'}
        icon={<TvIcon className="size-5" />}
      />
      <StatCard label="Impressions" value={show(m?.total_impressions, formatCount)} icon={<ChartIcon className="size-5" />} />
      <StatCard
        label="Avg Campaign Length"
        value={s === undefined ? '—' : s.avg_campaign_days === null ? 'N/A' : formatDays(s.avg_campaign_days)}
        icon={<ClockIcon className="size-5" />}
      />
    </div>
  );
};
