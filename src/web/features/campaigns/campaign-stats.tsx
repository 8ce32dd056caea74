import type { CampaignStats } from '../../../domain/campaign-schemas';
import { formatCount, formatCurrency } from '../../../domain/format';
import { StatCard } from '../../ui/card';
import { ChartIcon, CheckCircleIcon, ClipboardIcon, PlayIcon, ReceiptIcon, TvIcon } from '../../ui/icons';

/** The six dashboard figures; dashes while they load or when they could not be loaded. */
export const CampaignStatCards = ({ stats }: { stats: CampaignStats | undefined }) => {
  const show = (format: (s: CampaignStats) => string) => (stats ? format(stats) : '—');
  return (
    <div className="mb-6 grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3">
      <StatCard label="Total Campaigns" value={show((s) => formatCount(s.total_campaigns))} icon={<ClipboardIcon />} />
      <StatCard label="Active Campaigns" value={show((s) => formatCount(s.active_campaigns))} icon={<PlayIcon />} />
      <StatCard label="Total Impressions" value={show((s) => formatCount(s.total_impressions))} icon={<TvIcon />} />
      <StatCard label="Total Spend" value={show((s) => formatCurrency(s.total_spend))} icon={<ReceiptIcon />} />
      <StatCard label="Active Budget" value={show((s) => formatCurrency(s.active_budget))} icon={<CheckCircleIcon />} />
      <StatCard label="Average CPM" value={show((s) => formatCurrency(s.average_cpm))} icon={<ChartIcon />} />
    </div>
  );
};
