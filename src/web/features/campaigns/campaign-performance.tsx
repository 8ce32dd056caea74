import { useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { isAdmin } from '../../../domain/roles';
import { serverMessage } from '../../api/client';
import { useCampaignStats, useCampaigns } from '../../api/campaigns';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { AlertIcon, ChartIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';
import { PageSpinner, Spinner } from '../../ui/spinner';
import { TabList, TabPanel } from '../../ui/tabs';
import { useAuth } from '../../shared/auth-context';
import { CAMPAIGN_TABS, type CampaignTab } from '../../ui/campaign-display';
import { CampaignStatCards } from './campaign-stats';
import { CampaignsTable } from './campaigns-table';

const LOAD_FAILED = 'Failed to load campaigns';

const EMPTY_TEXT: Record<CampaignTab, string> = {
  all: 'A campaign starts when its order is scheduled.',
  active: 'No campaign is on air right now.',
  scheduled: 'No campaign is waiting for its start date.',
  completed: 'No campaign has finished yet.',
  paused: 'No campaign is paused.',
};

/** Campaign Performance: the dashboard figures, then the campaigns by display status. */
export const CampaignPerformance = () => {
  const { user } = useAuth();
  const admin = isAdmin(user?.role);
  const [tab, setTab] = useState<CampaignTab>('all');
  const tabsId = useId();
  const campaigns = useCampaigns(tab === 'all' ? {} : { status: tab });
  const stats = useCampaignStats();

  useEffect(() => {
    if (campaigns.isError) toast.error(serverMessage(campaigns.error, LOAD_FAILED), { id: 'campaigns-load' });
  }, [campaigns.isError, campaigns.error]);

  let content;
  if (campaigns.isPending) content = <PageSpinner label="Loading campaigns…" />;
  else if (campaigns.isError && !campaigns.data) {
    content = (
      <EmptyState
        tone="error"
        icon={<AlertIcon />}
        title={LOAD_FAILED}
        description={serverMessage(campaigns.error, 'Please check your connection and try again.')}
        action={
          <Button variant="secondary" onClick={() => campaigns.refetch()} loading={campaigns.isFetching}>
            Try Again
          </Button>
        }
      />
    );
  } else if (campaigns.data.length === 0) {
    content = <EmptyState icon={<ChartIcon />} title={tab === 'all' ? 'No campaigns yet' : `No ${tab} campaigns`} description={EMPTY_TEXT[tab]} />;
  } else {
    content = <CampaignsTable campaigns={campaigns.data} admin={admin} />;
  }

  return (
    <>
      <PageHeader title="Campaign Performance" description="Impressions, spend and delivery for your campaigns." />
      <CampaignStatCards stats={stats.data} />
      <Card>
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-2 sm:px-4">
          <TabList id={tabsId} label="Campaign status" tabs={CAMPAIGN_TABS} active={tab} onChange={setTab} className="" />
          <div className="text-slate-500" aria-live="polite">
            {campaigns.isFetching && !campaigns.isPending && <Spinner className="size-4" label="Updating campaigns" />}
          </div>
        </div>
        <TabPanel id={tabsId} active={tab}>
          {content}
        </TabPanel>
      </Card>
    </>
  );
};
