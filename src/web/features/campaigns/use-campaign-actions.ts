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

  // mutateAsync, not mutate's callbacks: those are dropped when the row unmounts, and a resumed
  // campaign leaves the Paused list (its row goes) as soon as the refreshed list arrives.
  const pause = (campaign: Target) =>
    status
      .mutateAsync({ id: campaign.campaign_id, status: 'paused' })
      .then(() => toast.success(`Campaign "${campaign.name}" paused`))
      .catch((error: unknown) => toast.error(serverMessage(error, 'Failed to pause campaign')));

  const resume = (campaign: Target) =>
    status
      .mutateAsync({ id: campaign.campaign_id, status: 'active' })
      .then(() => toast.success(`Campaign "${campaign.name}" resumed`))
      .catch((error: unknown) => toast.error(serverMessage(error, 'Failed to resume campaign')));

  const airDemoSpot = (campaign: Target) =>
    simulate
      .mutateAsync(campaign.campaign_id)
      .then(({ airing }) =>
        toast.success(
          `Impression recorded: ${formatCount(airing.impressions)} impressions, ${formatCurrency(airing.spend)}${airing.daypart_name ? ` (${airing.daypart_name})` : ''}`,
        ),
      )
      .catch((error: unknown) => toast.error(serverMessage(error, 'Failed to simulate impression')));

  return { pause, resume, airDemoSpot, pausing: status.isPending, simulating: simulate.isPending };
};
