import { useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import type { Coupon } from '../../../domain/coupon-schemas';
import { serverMessage } from '../../api/client';
import { useCoupons, useDeleteCoupon } from '../../api/coupons';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { PlusIcon, SearchIcon, TicketIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';
import { PageSpinner, Spinner } from '../../ui/spinner';
import { LoadError } from '../../ui/load-error';
import { SearchBox } from '../../ui/search-box';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { deleteCouponConfirmation } from './coupon-display';
import { CouponFormModal } from './coupon-form-modal';
import { CouponUsageModal } from './coupon-usage-modal';
import { CouponsTable } from './coupons-table';

const LOAD_FAILED = 'Failed to load coupons';
const DELETE_FAILED = 'Failed to delete coupon';

export const CouponManagement = () => {
  const activeOnlyId = useId();
  const [search, setSearch] = useState('');
  const [activeOnly, setActiveOnly] = useState(false);
  const query = useDebouncedValue(search.trim());
  const coupons = useCoupons({ active_only: activeOnly || undefined, search: query || undefined });
  const remove = useDeleteCoupon();
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null);
  const [viewingUsage, setViewingUsage] = useState<Coupon | null>(null);
  const [pendingDelete, setPendingDelete] = useState<Coupon | null>(null);

  useEffect(() => {
    if (coupons.isError) toast.error(LOAD_FAILED, { id: 'coupons-load' });
  }, [coupons.isError]);

  const confirmDelete = () => {
    if (!pendingDelete) return;
    remove.mutate(pendingDelete.id, {
      onSuccess: () => toast.success('Coupon deleted successfully'),
      onError: (error) => toast.error(serverMessage(error, DELETE_FAILED)),
      onSettled: () => setPendingDelete(null),
    });
  };

  const filtered = activeOnly || query !== '' || search.trim() !== '';
  const updating = coupons.isFetching && !coupons.isPending;

  let content;
  if (coupons.isPending) content = <PageSpinner label="Loading coupons…" />;
  else if (coupons.isError && !coupons.data) {
    content = <LoadError title={LOAD_FAILED} error={coupons.error} retrying={coupons.isFetching} onRetry={() => coupons.refetch()} />;
  } else if (coupons.data.length === 0) {
    content = filtered ? (
      <EmptyState icon={<SearchIcon />} title="No coupons match these filters" description="Try another code or name, or include inactive coupons." />
    ) : (
      <EmptyState
        icon={<TicketIcon />}
        title="No coupons yet"
        description="Create a percentage or fixed-amount coupon that customers can apply to their orders."
        action={
          <Button onClick={() => setEditing('new')}>
            <PlusIcon className="size-4" />
            Create your first coupon
          </Button>
        }
      />
    );
  } else {
    content = (
      <CouponsTable
        coupons={coupons.data}
        busyCouponId={remove.isPending ? (remove.variables ?? null) : null}
        onEdit={setEditing}
        onUsage={setViewingUsage}
        onDelete={setPendingDelete}
      />
    );
  }

  return (
    <>
      <PageHeader
        title="Coupon Management"
        description="Discount coupons customers can apply to their orders."
        actions={
          <Button onClick={() => setEditing('new')}>
            <PlusIcon className="size-4" />
            Create Coupon
          </Button>
        }
      />
      <Card>
        <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-5">
            <SearchBox label="Search coupons" value={search} onChange={setSearch} placeholder="Search by code or name" className="w-full sm:w-72" />
            <div className="flex items-center gap-2">
              <input
                id={activeOnlyId}
                type="checkbox"
                checked={activeOnly}
                onChange={(event) => setActiveOnly(event.target.checked)}
                className="size-4 cursor-pointer accent-blue-600"
              />
              <label htmlFor={activeOnlyId} className="cursor-pointer text-sm font-medium text-slate-700">
                Active only
              </label>
            </div>
          </div>
          <div className="flex items-center gap-2 whitespace-nowrap text-sm text-slate-500" aria-live="polite">
            {updating && <Spinner className="size-4" label="Updating coupons" />}
            {coupons.data && !coupons.isPlaceholderData && (
              <span>
                {coupons.data.length} {coupons.data.length === 1 ? 'coupon' : 'coupons'}
              </span>
            )}
          </div>
        </div>
        {content}
      </Card>
      <CouponFormModal target={editing} onClose={() => setEditing(null)} />
      <CouponUsageModal coupon={viewingUsage} onClose={() => setViewingUsage(null)} />
      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete Coupon"
        message={pendingDelete ? deleteCouponConfirmation(pendingDelete.code) : ''}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setPendingDelete(null)}
      />
    </>
  );
};
