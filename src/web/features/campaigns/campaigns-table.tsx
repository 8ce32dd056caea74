import { Link } from 'react-router';
import type { Campaign } from '../../../domain/campaign-schemas';
import { formatCount, formatCurrency, partOf } from '../../../domain/format';
import { paths } from '../../config/paths';
import { buttonClasses } from '../../ui/button-styles';
import { cellClasses, shownFrom, Table, Th } from '../../ui/table';
import { CampaignAdminActions } from './campaign-admin-actions';
import { formatCampaignDay, formatPercent } from '../../ui/campaign-display';
import { CampaignStatusBadge } from '../../ui/campaign-status-badge';
import { ProgressMeter } from './progress-meter';

const cell = `${cellClasses} px-2! sm:px-3!`;
const head = 'px-2! sm:px-3! whitespace-nowrap';
/** Column priority: on a phone the campaign, its status and the actions; the figures from a tablet on. */
const fromTablet = shownFrom('md');
const fromLaptop = shownFrom('lg');

export const CampaignsTable = ({ campaigns, admin }: { campaigns: readonly Campaign[]; admin: boolean }) => (
  <Table caption="Campaigns">
    <thead className="bg-slate-50">
      <tr>
        <Th className={head}>Campaign</Th>
        <Th className={head}>Status</Th>
        <Th className={`${head} ${fromTablet}`}>Dates</Th>
        <Th className={`${head} ${fromLaptop} text-right`}>Impressions</Th>
        <Th className={`${head} ${fromTablet}`}>Spend / Budget</Th>
        <Th className={`${head} ${fromLaptop}`}>Completion</Th>
        <Th className={`${head} text-right`}>
          <span className="sr-only">Actions</span>
        </Th>
      </tr>
    </thead>
    <tbody className="divide-y divide-slate-100 bg-white">
      {campaigns.map((campaign) => {
        const name = campaign.name || 'Untitled campaign';
        return (
          <tr key={campaign.campaign_id} className="hover:bg-slate-50">
            <td className={`${cell} max-w-28 sm:max-w-48`}>
              <span className="block truncate font-medium text-slate-900" title={name}>
                {name}
              </span>
              <span className="block truncate text-xs text-slate-500" title={campaign.brand_name ?? undefined}>
                {campaign.brand_name ?? '—'}
              </span>
            </td>
            <td className={cell}>
              <CampaignStatusBadge status={campaign.display_status} />
            </td>
            <td className={`${cell} ${fromTablet}`}>
              <span className="whitespace-nowrap">{formatCampaignDay(campaign.start_date)} –</span>{' '}
              <span className="whitespace-nowrap">{formatCampaignDay(campaign.end_date)}</span>
            </td>
            <td className={`${cell} ${fromLaptop} text-right tabular-nums`}>{formatCount(campaign.total_impressions)}</td>
            <td className={`${cell} ${fromTablet} min-w-32`}>
              <div className="whitespace-nowrap tabular-nums">
                {formatCurrency(campaign.total_spend)} <span className="text-slate-500">/ {formatCurrency(campaign.total_budget)}</span>
              </div>
              <ProgressMeter value={campaign.budget_utilization} label={`Budget used for ${name}`} />
              <div className="mt-0.5 text-xs text-slate-500">{formatPercent(campaign.budget_utilization)} used</div>
            </td>
            <td className={`${cell} ${fromLaptop} min-w-24`}>
              <div className="tabular-nums">{formatPercent(campaign.completion_percentage)}</div>
              <ProgressMeter value={campaign.completion_percentage} label={`Completion of ${name}`} tone="green" />
              <div className="mt-0.5 text-xs whitespace-nowrap text-slate-500">{partOf(campaign.aired_spots, campaign.total_spots, 'spot')}</div>
            </td>
            <td className={`${cell} text-right`}>
              <div className="flex flex-wrap justify-end gap-1">
                <Link
                  to={paths.app.campaign.href(campaign.campaign_id)}
                  aria-label={`View Details of ${name}`}
                  className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'whitespace-nowrap' })}
                >
                  View Details
                </Link>
                {admin && <CampaignAdminActions campaign={campaign} />}
              </div>
            </td>
          </tr>
        );
      })}
    </tbody>
  </Table>
);
