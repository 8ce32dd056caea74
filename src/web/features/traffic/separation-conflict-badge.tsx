import { productCategoryLabel } from '../../../domain/product-categories';
import type { SeparationConflict } from '../../../domain/traffic-schemas';
import { Badge } from '../../ui/badge';

/** What a conflict names: the other brand, and the category they share (decision 059). */
export const separationConflictText = (conflict: SeparationConflict): string => {
  const category = productCategoryLabel(conflict.product_category);
  return `${conflict.brand_name ?? 'another brand'}${category ? ` (${category})` : ''}`;
};

/** "Separation conflict" on a log row: placed too close to another brand of its product category (decision 059). */
export const SeparationConflictBadge = ({ conflict }: { conflict: SeparationConflict }) => (
  <span className="mt-1 block">
    <Badge tone="red">Separation conflict</Badge>
    <span className="ml-2 text-xs text-red-700">with {separationConflictText(conflict)}</span>
  </span>
);
