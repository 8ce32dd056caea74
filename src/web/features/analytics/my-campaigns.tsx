import { Link } from 'react-router';
import { formatCount, formatCurrency } from '../../../domain/format';
import { useCampaigns } from '../../api/campaigns';
import { paths } from '../../config/paths';
import { CampaignStatusBadge } from '../../ui/campaign-status-badge';
import { ChartCard } from '../../ui/chart-card';

const SHOWN = 5;

/** An advertiser's campaigns at a glance: status, impressions and spend of the latest five. */
export const MyCampaigns = () => {
  const campaigns = useCampaigns();
  const rows = (campaigns.data ?? []).slice(0, SHOWN);
  return (
    <ChartCard
      title="Your Campaigns"
      description="Impressions and spend so far"
      loading={campaigns.isPending}
      error={campaigns.isError && !campaigns.data}
      empty={rows.length === 0 ? 'Your campaigns appear here once an order is approved.' : null}
      className="lg:col-span-3"
    >
      <ul className="divide-y divide-slate-100">
        {rows.map((c) => (
          <li key={c.campaign_id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4">
            <div className="min-w-0 flex-1">
              <Link to={paths.app.campaign.href(c.campaign_id)} className="block truncate font-medium text-blue-700 hover:underline">
                {c.name}
              </Link>
              <span className="block truncate text-xs text-slate-500">{c.brand_name ?? 'No brand'}</span>
            </div>
            <CampaignStatusBadge status={c.display_status} />
            <span className="text-sm tabular-nums text-slate-700 sm:w-36 sm:text-right">{formatCount(c.total_impressions)} impressions</span>
            <span className="text-sm tabular-nums text-slate-700 sm:w-44 sm:text-right">
              {formatCurrency(c.total_spend)} of {formatCurrency(c.total_budget)}
            </span>
          </li>
        ))}
      </ul>
      {(campaigns.data?.length ?? 0) > SHOWN && (
        <Link to={paths.app.campaigns.href()} className="mt-3 self-start text-sm font-medium text-blue-700 hover:underline">
          All {formatCount(campaigns.data!.length)} campaigns
        </Link>
      )}
    </ChartCard>
  );
};
