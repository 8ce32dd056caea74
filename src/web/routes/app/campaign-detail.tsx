import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { ComingSoon } from '../../ui/coming-soon';
import { ArrowLeftIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';

export const CampaignDetailRoute = () => {
  const { id = '' } = useParams();
  return (
    <>
      <Link to={paths.app.campaigns.href()} className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-blue-600 hover:underline">
        <ArrowLeftIcon className="size-4" />
        Back to campaigns
      </Link>
      <PageHeader title="Campaign Details" description={`Campaign ${id}`} />
      <ComingSoon
        features={[
          'Follow real-time impressions, spend and CPM for this campaign',
          'See its delivery history over time',
          'Pause or resume the campaign (administrators)',
        ]}
      />
    </>
  );
};
