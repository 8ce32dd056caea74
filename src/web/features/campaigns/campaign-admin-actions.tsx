import { useState } from 'react';
import type { Campaign } from '../../../domain/campaign-schemas';
import { useStationClock } from '../../api/station';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useCampaignActions } from './use-campaign-actions';

export const SIMULATE_CONFIRMATION =
  "This records one simulated airing on this campaign: its impressions and spend go up at the campaign's CPM (never past the budget). It is shown as Simulated, airs no spot on the traffic log, and is never certified or billed.";

interface CampaignAdminActionsProps {
  campaign: Pick<Campaign, 'campaign_id' | 'name' | 'display_status'>;
  size?: 'sm' | 'md';
}

/**
 * Admins only: Pause (active) or Resume (paused), and Demo, which records one simulated airing
 * (decision 052). With demo data it airs at once; on a production station it asks first.
 */
export const CampaignAdminActions = ({ campaign, size = 'sm' }: CampaignAdminActionsProps) => {
  const { pause, resume, airDemoSpot, pausing, simulating } = useCampaignActions();
  const active = campaign.display_status === 'active';
  const clock = useStationClock().data;
  const demo = clock?.demo === true;
  const [asking, setAsking] = useState(false);
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
      <Button
        variant="ghost"
        size={size}
        loading={simulating}
        disabled={!active || !clock}
        title={active ? 'Record one simulated airing' : 'Only active campaigns can record impressions'}
        aria-label={`Demo: simulate an impression for ${campaign.name}`}
        onClick={() => (demo ? void airDemoSpot(campaign) : setAsking(true))}
      >
        Demo
      </Button>
      <ConfirmDialog
        open={asking}
        title="Record a simulated airing?"
        message={SIMULATE_CONFIRMATION}
        confirmLabel="Record simulated airing"
        busy={simulating}
        onConfirm={() => void airDemoSpot(campaign).finally(() => setAsking(false))}
        onCancel={() => setAsking(false)}
      />
    </>
  );
};
