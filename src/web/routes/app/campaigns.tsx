import { CampaignPerformance } from '../../features/campaigns/campaign-performance';

export const CampaignsRoute = () => <CampaignPerformance />;
