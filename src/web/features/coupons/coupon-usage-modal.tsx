import { formatInstantDateTime } from '../../shared/station-time';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import type { Coupon } from '../../../domain/coupon-schemas';
import { formatCount, formatCurrency } from '../../../domain/format';
import { useCouponUsage } from '../../api/coupons';
import { Button } from '../../ui/button';
import { StatCard } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { InboxIcon } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { Table, Th, cellClasses } from '../../ui/table';
import { LoadError } from '../../ui/load-error';
import { discountSummary, usageSummary } from './coupon-display';

const LOAD_FAILED = 'Failed to load usage statistics';

const formatUsedAt = (timestamp: string) => formatInstantDateTime(timestamp);

export const CouponUsageModal = ({ coupon, onClose }: { coupon: Coupon | null; onClose: () => void }) =>
  coupon ? <CouponUsage key={coupon.id} coupon={coupon} onClose={onClose} /> : null;

const CouponUsage = ({ coupon, onClose }: { coupon: Coupon; onClose: () => void }) => {
  const usage = useCouponUsage(coupon.id);

  useEffect(() => {
    if (usage.isError) toast.error(LOAD_FAILED, { id: 'coupon-usage-load' });
  }, [usage.isError]);

  return (
    <Modal
      open
      onClose={onClose}
      title={`Usage of ${coupon.code}`}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <p className="mb-4">
        <span className="font-medium text-slate-900">{coupon.name}</span> · {discountSummary(coupon)} · used {usageSummary(coupon)}
      </p>
      {usage.isPending ? (
        <div className="flex justify-center py-10 text-blue-600">
          <Spinner className="size-6" label="Loading usage statistics…" />
        </div>
      ) : usage.isError ? (
        <LoadError title={LOAD_FAILED} error={usage.error} retrying={usage.isFetching} onRetry={() => usage.refetch()} />
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3">
            <StatCard label="Total Uses" value={formatCount(usage.data.stats.total_uses)} />
            <StatCard label="Unique Users" value={formatCount(usage.data.stats.unique_users)} />
            <StatCard label="Total Discount Given" value={formatCurrency(usage.data.stats.total_discount_given)} />
            <StatCard label="Total Final Amount" value={formatCurrency(usage.data.stats.total_final_amount)} />
          </div>
          <h3 className="mb-2 mt-6 text-sm font-semibold text-slate-900">Recent Usages</h3>
          {usage.data.recent_usages.length === 0 ? (
            <div className="rounded-lg border border-slate-200">
              <EmptyState icon={<InboxIcon />} title="Not used yet" description="Uses appear here once an order with this coupon is submitted." />
            </div>
          ) : (
            <div className="rounded-lg border border-slate-200">
              <Table caption={`Recent usages of ${coupon.code}`}>
                <thead className="bg-slate-50">
                  <tr>
                    <Th>User</Th>
                    <Th>Order</Th>
                    <Th className="text-right">Original</Th>
                    <Th className="text-right">Discount</Th>
                    <Th className="text-right">Final</Th>
                    <Th>Used</Th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 bg-white">
                  {usage.data.recent_usages.map((use) => (
                    <tr key={use.id}>
                      <td className={cellClasses}>
                        <span className="block font-medium text-slate-900">{use.user_name || use.user_email || 'Unknown'}</span>
                        {use.user_name && use.user_email && <span className="block text-xs text-slate-500">{use.user_email}</span>}
                      </td>
                      <td className={cellClasses}>{use.estimate_name ?? '—'}</td>
                      <td className={`${cellClasses} whitespace-nowrap text-right tabular-nums`}>{formatCurrency(use.original_amount)}</td>
                      <td className={`${cellClasses} whitespace-nowrap text-right tabular-nums text-green-700`}>−{formatCurrency(use.discount_amount)}</td>
                      <td className={`${cellClasses} whitespace-nowrap text-right tabular-nums`}>{formatCurrency(use.final_amount)}</td>
                      <td className={`${cellClasses} whitespace-nowrap`}>{formatUsedAt(use.used_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          )}
        </>
      )}
    </Modal>
  );
};
