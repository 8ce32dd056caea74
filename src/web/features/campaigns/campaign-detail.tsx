import { Link } from 'react-router';
import type { Campaign } from '../../../domain/campaign-schemas';
import { countOf, formatCount, formatCurrency } from '../../../domain/format';
import { isAdmin } from '../../../domain/roles';
import { isApiError, serverMessage } from '../../api/client';
import { usePerformanceHistory, useRealtimePerformance, useCampaign } from '../../api/campaigns';
import { paths } from '../../config/paths';
import { Button } from '../../ui/button';
import { Card, StatCard } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { AlertIcon, ArrowLeftIcon, ChartIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';
import { DownloadAffidavit } from '../../ui/download-affidavit';
import { PageSpinner, Spinner } from '../../ui/spinner';
import { useAuth } from '../../shared/auth-context';
import { CampaignAdminActions } from './campaign-admin-actions';
import { formatCampaignDay, formatPercent, formatTimestamp } from '../../ui/campaign-display';
import { CampaignStatusBadge } from '../../ui/campaign-status-badge';
import { HistoryChart, SimulatedBadge } from './history-chart';
import { ProgressMeter } from './progress-meter';

/** While a campaign is on air its figures are read again this often. */
const LIVE_REFRESH_MS = 5000;
const HISTORY_DAYS = 30;

const BackToCampaigns = () => (
  <Link to={paths.app.campaigns.href()} className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-blue-600 hover:underline">
    <ArrowLeftIcon className="size-4" />
    Back to campaigns
  </Link>
);

const LivePerformance = ({ campaign }: { campaign: Campaign }) => {
  const live = campaign.display_status === 'active';
  const realtime = useRealtimePerformance(campaign.campaign_id, live ? LIVE_REFRESH_MS : undefined);
  const history = usePerformanceHistory(campaign.campaign_id, HISTORY_DAYS, live ? LIVE_REFRESH_MS : undefined);
  const figures = realtime.data ?? campaign;

  return (
    <>
      <div className="mb-2 flex items-center gap-2 text-sm text-slate-500" aria-live="polite">
        {live ? (
          <>
            <span className="size-2 rounded-full bg-emerald-500" aria-hidden="true" />
            Live: refreshes every {LIVE_REFRESH_MS / 1000} seconds
          </>
        ) : (
          <span>Figures as of the last airing</span>
        )}
        {realtime.isFetching && <Spinner className="size-4" label="Refreshing figures" />}
      </div>
      {realtime.isError && <p className="mb-2 text-sm text-red-600">{serverMessage(realtime.error, 'Failed to load live figures')}</p>}
      <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Impressions" value={formatCount(figures.total_impressions)} />
        <StatCard label="Spend" value={formatCurrency(figures.total_spend)} />
        <StatCard label="Average CPM" value={formatCurrency(figures.avg_cpm)} />
        <StatCard label="Spots Aired" value={`${formatCount(figures.aired_spots)} / ${formatCount(figures.total_spots)}`} />
      </div>
      {realtime.data && realtime.data.simulated.spots > 0 && (
        <p className="-mt-3 mb-6 text-sm text-slate-600" data-testid="simulated-note">
          <SimulatedBadge /> {countOf(realtime.data.simulated.spots, 'simulated airing')} ({formatCount(realtime.data.simulated.impressions)} impressions,{' '}
          {formatCurrency(realtime.data.simulated.spend)}) included above: never certified, billed or reconciled.
        </p>
      )}
      <Card className="mb-6 grid gap-6 p-4 sm:grid-cols-2">
        <div>
          <div className="mb-1 flex justify-between text-sm">
            <span className="font-medium text-slate-700">Budget utilization</span>
            <span className="tabular-nums">{formatPercent(figures.budget_utilization)}</span>
          </div>
          <ProgressMeter value={figures.budget_utilization} label="Budget utilization" />
          <p className="mt-1 text-xs text-slate-500">
            {formatCurrency(figures.total_spend)} of {formatCurrency(figures.total_budget)}
          </p>
        </div>
        <div>
          <div className="mb-1 flex justify-between text-sm">
            <span className="font-medium text-slate-700">Completion</span>
            <span className="tabular-nums">{formatPercent(figures.completion_percentage)}</span>
          </div>
          <ProgressMeter value={figures.completion_percentage} label="Completion" tone="green" />
          <p className="mt-1 text-xs text-slate-500">Last airing: {formatTimestamp(figures.last_aired_at)}</p>
        </div>
      </Card>
      <Card className="p-4">
        <h2 className="mb-4 text-base font-semibold text-slate-900">Last {HISTORY_DAYS} days</h2>
        {history.isPending ? (
          <div className="flex h-40 items-center justify-center text-blue-600">
            <Spinner label="Loading history…" />
          </div>
        ) : history.isError ? (
          <p className="text-sm text-red-600">{serverMessage(history.error, 'Failed to load the performance history')}</p>
        ) : (
          <HistoryChart days={history.data.history} />
        )}
      </Card>
    </>
  );
};

/** One campaign: its live figures, the last 30 days, and (admins) pause, resume and Demo. */
export const CampaignDetail = ({ id }: { id: string }) => {
  const { user } = useAuth();
  const campaign = useCampaign(id);

  if (campaign.isPending) return <PageSpinner label="Loading campaign…" />;
  if (campaign.isError) {
    const missing = isApiError(campaign.error) && campaign.error.status >= 400 && campaign.error.status < 500;
    return (
      <>
        <BackToCampaigns />
        <Card>
          {missing ? (
            <>
              <title>Campaign not found · Spotbook</title>
              <EmptyState icon={<ChartIcon />} title="Campaign not found" description="It does not exist, or it is not yours to see." />
            </>
          ) : (
            <EmptyState
              tone="error"
              icon={<AlertIcon />}
              title="Failed to load the campaign"
              description={serverMessage(campaign.error, 'Please check your connection and try again.')}
              action={
                <Button variant="secondary" onClick={() => campaign.refetch()} loading={campaign.isFetching}>
                  Try Again
                </Button>
              }
            />
          )}
        </Card>
      </>
    );
  }

  const data = campaign.data;
  return (
    <>
      <BackToCampaigns />
      <PageHeader
        title={data.name || 'Untitled campaign'}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <CampaignStatusBadge status={data.display_status} />
            <span>{data.brand_name ?? 'No brand'}</span>
            <span aria-hidden="true">·</span>
            <span>
              {formatCampaignDay(data.start_date)} – {formatCampaignDay(data.end_date)}
            </span>
            <span aria-hidden="true">·</span>
            <Link to={paths.app.estimate.href(data.estimate_id)} className="text-blue-600 hover:underline">
              View order
            </Link>
          </span>
        }
        actions={
          <>
            <DownloadAffidavit estimateId={data.estimate_id} />
            {isAdmin(user?.role) && <CampaignAdminActions campaign={data} size="md" />}
          </>
        }
      />
      <LivePerformance campaign={data} />
    </>
  );
};
