import { useParams } from 'react-router';
import { CampaignDetail } from '../../features/campaigns/campaign-detail';

export const CampaignDetailRoute = () => {
  const { id = '' } = useParams();
  return <CampaignDetail key={id} id={id} />;
};
