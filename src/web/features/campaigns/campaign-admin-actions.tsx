import type { Campaign } from '../../../domain/campaign-schemas';
import { useStationClock } from '../../api/station';
import { Button } from '../../ui/button';
import { useCampaignActions } from './use-campaign-actions';

interface CampaignAdminActionsProps {
  campaign: Pick<Campaign, 'campaign_id' | 'name' | 'display_status'>;
  size?: 'sm' | 'md';
}

/** Admins only: Pause (active) or Resume (paused), and, with demo data only (decision 031), Demo, which simulates the airing of a spot whose time has passed. */
export const CampaignAdminActions = ({ campaign, size = 'sm' }: CampaignAdminActionsProps) => {
  const { pause, resume, airDemoSpot, pausing, simulating } = useCampaignActions();
  const active = campaign.display_status === 'active';
  const demo = useStationClock().data?.demo === true;
  return (
    <>
      {active && (
        <Button variant="secondary" size={size} loading={pausing} aria-label={`Pause ${campaign.name}`} onClick={() => pause(campaign)}>
          Pause
        </Button>
      )}
      {campaign.display_status === 'paused' && (
        <Button variant="secondary" size={size} loading={pausing} aria-label={`Resume ${campaign.name}`} onClick={() => resume(campaign)}>
          Resume
        </Button>
      )}
      {demo && (
        <Button
          variant="ghost"
          size={size}
          loading={simulating}
          disabled={!active}
          title={active ? 'Record one simulated airing of one spot' : 'Only active campaigns can record impressions'}
          aria-label={`Demo: simulate an impression for ${campaign.name}`}
          onClick={() => airDemoSpot(campaign)}
        >
          Demo
        </Button>
      )}
    </>
  );
};
