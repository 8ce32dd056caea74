import type { Coupon } from '../../../domain/coupon-schemas';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Table, Th } from '../../ui/table';
import { useSortedTable } from '../../ui/use-sorted-table';
import { formatDay } from '../../ui/order-display';
import { DISPLAY_STATUS_TONES, discountSummary, restrictionSummary, usageSummary } from './coupon-display';
import { compactCell, compactHeader } from '../../ui/table-styles';

const sortValues = {
  code: (c: Coupon) => c.code,
  name: (c: Coupon) => c.name,
  usage: (c: Coupon) => c.usage_count,
  valid: (c: Coupon) => c.valid_from,
  status: (c: Coupon) => c.display_status,
};

interface CouponsTableProps {
  coupons: readonly Coupon[];
  busyCouponId: string | null;
  onEdit: (coupon: Coupon) => void;
  onUsage: (coupon: Coupon) => void;
  onDelete: (coupon: Coupon) => void;
}

export const CouponsTable = ({ coupons, busyCouponId, onEdit, onUsage, onDelete }: CouponsTableProps) => {
  const { rows, header } = useSortedTable(coupons, sortValues, { key: 'code', direction: 'asc' }, `whitespace-nowrap ${compactHeader}`);

  return (
    <Table caption="Coupons">
      <thead className="bg-slate-50">
        <tr>
          {header('Code', 'code')}
          {header('Name', 'name')}
          <Th className={compactHeader}>Discount</Th>
          {header('Usage', 'usage')}
          {header('Valid', 'valid')}
          {header('Status', 'status')}
          <Th className={`relative text-right ${compactHeader}`}>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 bg-white">
        {rows.map((coupon) => {
          const busy = busyCouponId === coupon.id;
          const restriction = restrictionSummary(coupon);
          return (
            <tr key={coupon.id} className="hover:bg-slate-50">
              <td className={`${compactCell} whitespace-nowrap font-mono font-semibold text-slate-900`}>{coupon.code}</td>
              <td className={`${compactCell} max-w-64`}>
                <span className="block font-medium text-slate-900">{coupon.name}</span>
                {coupon.description && (
                  <span className="block truncate text-xs text-slate-500" title={coupon.description}>
                    {coupon.description}
                  </span>
                )}
              </td>
              <td className={`${compactCell} max-w-72`}>
                <span className="block min-w-28">{discountSummary(coupon)}</span>
                {restriction && (
                  <span className="block truncate text-xs text-slate-500" title={restriction}>
                    {restriction}
                  </span>
                )}
              </td>
              <td className={`${compactCell} whitespace-nowrap tabular-nums`}>
                <span className="block">{usageSummary(coupon)}</span>
                {coupon.per_user_limit != null && <span className="block text-xs text-slate-500">{coupon.per_user_limit} per user</span>}
              </td>
              <td className={compactCell}>
                <span className="whitespace-nowrap">{formatDay(coupon.valid_from)} –</span>{' '}
                <span className="whitespace-nowrap">{coupon.valid_until ? formatDay(coupon.valid_until) : 'No end date'}</span>
              </td>
              <td className={compactCell}>
                <Badge tone={DISPLAY_STATUS_TONES[coupon.display_status]}>{coupon.display_status}</Badge>
              </td>
              <td className={`${compactCell} text-right`}>
                {/* The actions wrap rather than push the table past the content area. */}
                <div className="ml-auto flex max-w-36 flex-wrap justify-end gap-1">
                  <Button variant="ghost" size="sm" aria-label={`Usage of ${coupon.code}`} className="px-2!" onClick={() => onUsage(coupon)}>
                    Usage
                  </Button>
                  <Button variant="secondary" size="sm" disabled={busy} aria-label={`Edit ${coupon.code}`} className="px-2.5!" onClick={() => onEdit(coupon)}>
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    loading={busy}
                    aria-label={`Delete ${coupon.code}`}
                    className="px-2! text-red-600 hover:bg-red-50 hover:text-red-700"
                    onClick={() => onDelete(coupon)}
                  >
                    Delete
                  </Button>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
};
