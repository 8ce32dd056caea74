import type { SeparationConflict } from '../../../domain/traffic-schemas';
import { Badge } from '../../ui/badge';
import { separationConflictText } from '../../ui/traffic-display';

/** "Separation conflict" on a log row: placed too close to another brand of its product category (decision 059). */
export const SeparationConflictBadge = ({ conflict }: { conflict: SeparationConflict }) => (
  <span className="mt-1 block">
    <Badge tone="red">Separation conflict</Badge>
    <span className="ml-2 text-xs text-red-700">with {separationConflictText(conflict)}</span>
  </span>
);
