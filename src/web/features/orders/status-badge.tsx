import type { OrderStatus } from '../../../domain/orders';
import { Badge } from '../../ui/badge';
import { STATUS_TONES, statusLabel } from '../../ui/order-display';

export const StatusBadge = ({ status }: { status: OrderStatus }) => <Badge tone={STATUS_TONES[status] ?? 'slate'}>{statusLabel(status)}</Badge>;
