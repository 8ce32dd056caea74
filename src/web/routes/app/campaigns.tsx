import { ComingSoon } from '../../ui/coming-soon';
import { PageHeader } from '../../ui/page-header';

export const CampaignsRoute = () => (
  <>
    <PageHeader title="Campaign Performance" description="Impressions, spend and delivery for your campaigns." />
    <ComingSoon
      features={[
        'Filter campaigns by All, Active, Scheduled, Completed or Paused',
        'Compare impressions, spend, budget use and average CPM',
        'Open a campaign for its full performance history',
      ]}
    />
  </>
);
