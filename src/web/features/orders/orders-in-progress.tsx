import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { IN_PROGRESS_EXCLUDED } from '../../../domain/orders';
import { serverMessage } from '../../api/client';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { ClipboardIcon, SearchIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';
import { PageSpinner, Spinner } from '../../ui/spinner';
import { LoadError } from './load-error';
import { NewOrderButton } from './new-order-button';
import { OrdersTable } from './orders-table';
import { SearchBox } from './search-box';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { ShowMoreOrders } from './show-more-orders';
import { useEstimateList } from './use-estimate-list';

const LOAD_FAILED = 'Failed to load orders';

/** Orders that are neither approved nor rejected: drafts, submitted, changes requested, scheduled, running. */
export const OrdersInProgress = () => {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim());
  const list = useEstimateList({ exclude_status: IN_PROGRESS_EXCLUDED, search: query || undefined });
  const orders = list.query;

  useEffect(() => {
    if (orders.isError) toast.error(serverMessage(orders.error, LOAD_FAILED), { id: 'orders-load' });
  }, [orders.isError, orders.error]);

  const searching = query !== '' || search.trim() !== '';
  const updating = orders.isFetching && !orders.isPending;

  return (
    <>
      <PageHeader title="Orders in Progress" description="Orders you are building or that await a decision." actions={<NewOrderButton />} />
      <Card>
        <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between">
          <SearchBox label="Search orders" value={search} onChange={setSearch} placeholder="Search by order, brand, status or client" />
          <div className="flex items-center gap-2 text-sm text-slate-500" aria-live="polite">
            {updating && <Spinner className="size-4" label="Updating orders" />}
            {orders.data && !orders.isPlaceholderData && (
              <span>
                {orders.data.length} {orders.data.length === 1 ? 'order' : 'orders'}
              </span>
            )}
          </div>
        </div>
        {orders.isPending ? (
          <PageSpinner label="Loading orders…" />
        ) : orders.isError && !orders.data ? (
          <LoadError title={LOAD_FAILED} error={orders.error} retrying={orders.isFetching} onRetry={() => orders.refetch()} />
        ) : orders.data.length === 0 ? (
          searching ? (
            <EmptyState icon={<SearchIcon />} title="No orders match your search" description="Try another order name, brand or e-mail." />
          ) : (
            <EmptyState
              icon={<ClipboardIcon />}
              title="No orders in progress"
              description="Create your first order: pick a brand, a start date, a budget and the time slots to air in."
              action={<NewOrderButton label="Create your first order" />}
            />
          )
        ) : (
          <>
            <OrdersTable orders={orders.data} />
            <ShowMoreOrders list={list} />
          </>
        )}
      </Card>
    </>
  );
};
