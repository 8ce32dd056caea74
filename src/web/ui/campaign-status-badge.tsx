import type { DisplayStatus } from '../../domain/campaigns';
import { Badge } from './badge';
import { DISPLAY_STATUS_TONES, displayStatusLabel } from './campaign-display';

export const CampaignStatusBadge = ({ status }: { status: DisplayStatus }) => (
  <Badge tone={DISPLAY_STATUS_TONES[status] ?? 'slate'}>{displayStatusLabel(status)}</Badge>
);
