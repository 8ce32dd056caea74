import toast from 'react-hot-toast';
import type { Campaign } from '../../../domain/campaign-schemas';
import { formatCount, formatCurrency } from '../../../domain/format';
import { serverMessage } from '../../api/client';
import { useSetCampaignStatus, useSimulateImpression } from '../../api/campaigns';

type Target = Pick<Campaign, 'campaign_id' | 'name'>;

/** Pause, resume and the Demo airing (admins), each with its toast; campaign queries refresh after each, whatever the outcome. */
export const useCampaignActions = () => {
  const status = useSetCampaignStatus();
  const simulate = useSimulateImpression();

  const pause = (campaign: Target) =>
    status.mutate(
      { id: campaign.campaign_id, status: 'paused' },
      { onSuccess: () => toast.success(`Campaign "${campaign.name}" paused`), onError: (error) => toast.error(serverMessage(error, 'Failed to pause campaign')) },
    );

  const resume = (campaign: Target) =>
    status.mutate(
      { id: campaign.campaign_id, status: 'active' },
      { onSuccess: () => toast.success(`Campaign "${campaign.name}" resumed`), onError: (error) => toast.error(serverMessage(error, 'Failed to resume campaign')) },
    );

  const airDemoSpot = (campaign: Target) =>
    simulate.mutate(campaign.campaign_id, {
      onSuccess: ({ airing }) =>
        toast.success(`Impression recorded: ${formatCount(airing.impressions)} impressions, ${formatCurrency(airing.spend)}${airing.daypart_name ? ` (${airing.daypart_name})` : ''}`),
      onError: (error) => toast.error(serverMessage(error, 'Failed to simulate impression')),
    });

  return { pause, resume, airDemoSpot, pausing: status.isPending, simulating: simulate.isPending };
};
