import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import type { Estimate } from '../../../domain/estimate-schemas';
import { countOf, formatCurrency } from '../../../domain/format';
import { ORDER_STATUSES, STATUS_LABELS, type OrderStatus } from '../../../domain/orders';
import { serverMessage } from '../../api/client';
import { useEstimateStats } from '../../api/estimates';
import { Button } from '../../ui/button';
import { Card, StatCard } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { ChartIcon, CheckCircleIcon, ClipboardIcon, ClockIcon, SearchIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';
import { PageSpinner, Spinner } from '../../ui/spinner';
import { AdcpChangesPanel } from './adcp-changes-panel';
import { ChangeStatusDialog } from './change-status-dialog';
import { SelectField } from '../../ui/form-fields';
import { LoadError } from '../../ui/load-error';
import { OrderManagementTable } from './order-management-table';
import { SearchBox } from '../../ui/search-box';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { ShowMoreOrders } from './show-more-orders';
import { useEstimateList } from './use-estimate-list';

const LOAD_FAILED = 'Failed to load orders';

export const OrderManagement = () => {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [changing, setChanging] = useState<Estimate | null>(null);
  const query = useDebouncedValue(search.trim());
  const list = useEstimateList({ status: status || undefined, search: query || undefined });
  const orders = list.query;
  const stats = useEstimateStats();

  useEffect(() => {
    if (orders.isError) toast.error(serverMessage(orders.error, LOAD_FAILED), { id: 'approvals-load' });
  }, [orders.isError, orders.error]);

  const awaiting = stats.data?.pending_count ?? 0;
  const filtered = status !== '' || query !== '' || search.trim() !== '';
  const updating = orders.isFetching && !orders.isPending;

  let content;
  if (orders.isPending) content = <PageSpinner label="Loading orders…" />;
  else if (orders.isError && !orders.data) {
    content = <LoadError title={LOAD_FAILED} error={orders.error} retrying={orders.isFetching} onRetry={() => orders.refetch()} />;
  } else if (orders.data.length === 0) {
    content = filtered ? (
      <EmptyState
        icon={<SearchIcon />}
        title="No orders match these filters"
        action={
          <Button
            variant="secondary"
            onClick={() => {
              setSearch('');
              setStatus('');
            }}
          >
            Clear Filters
          </Button>
        }
      />
    ) : (
      <EmptyState icon={<ClipboardIcon />} title="No orders yet" description="Orders appear here as soon as customers start building them." />
    );
  } else {
    content = (
      <>
        <OrderManagementTable orders={orders.data} onChangeStatus={setChanging} />
        <ShowMoreOrders list={list} />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Order Management" description="Review orders and move them through their lifecycle." />
      <div className="mb-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Awaiting Review" value={stats.data ? awaiting : '—'} icon={<ClockIcon />} />
        <StatCard label="Total Orders" value={stats.data ? stats.data.total_estimates : '—'} icon={<ClipboardIcon />} />
        <StatCard label="Active Campaigns" value={stats.data ? stats.data.active_count : '—'} icon={<CheckCircleIcon />} />
        <StatCard label="Approved Budget" value={stats.data ? formatCurrency(stats.data.approved_budget) : '—'} icon={<ChartIcon />} />
      </div>
      <AdcpChangesPanel />
      {awaiting > 0 && status !== 'ordered' && (
        <div className="mb-4 flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between">
          <p>
            <span className="font-semibold">
              {awaiting} {awaiting === 1 ? 'order is' : 'orders are'} awaiting review.
            </span>{' '}
            Approve, reject or request changes from the order page, or change the status here.
          </p>
          <Button variant="secondary" size="sm" onClick={() => setStatus('ordered')} className="shrink-0">
            Show Orders Awaiting Review
          </Button>
        </div>
      )}
      <Card>
        {/* Wrapping rather than a row from a breakpoint: beside the sidebar a tablet's content is narrower than a phone turned sideways. */}
        <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 p-4">
          <div className="flex min-w-0 flex-wrap items-end gap-3">
            <SearchBox
              label="Search orders"
              value={search}
              onChange={setSearch}
              placeholder="Search by order, brand, status or client"
              className="w-full sm:w-72"
            />
            <SelectField label="Status" value={status} onChange={(event) => setStatus(event.target.value as OrderStatus | '')} className="w-full sm:w-52">
              <option value="">All statuses</option>
              {ORDER_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {STATUS_LABELS[value]}
                </option>
              ))}
            </SelectField>
          </div>
          <div className="flex items-center gap-2 whitespace-nowrap text-sm text-slate-500" aria-live="polite">
            {updating && <Spinner className="size-4" label="Updating orders" />}
            {orders.data && !orders.isPlaceholderData && <span>{countOf(orders.data.length, 'order')}</span>}
          </div>
        </div>
        {content}
      </Card>
      <ChangeStatusDialog order={changing} onClose={() => setChanging(null)} />
    </>
  );
};
