import { useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { countOf, formatCount } from '../../../domain/format';
import { serverMessage } from '../../api/client';
import { useEstimateStats } from '../../api/estimates';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { ClipboardIcon, SearchIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';
import { PageSpinner, Spinner } from '../../ui/spinner';
import { TabList, TabPanel } from '../../ui/tabs';
import { LoadError } from '../../ui/load-error';
import { ImportAgencyOrder } from './import-agency-order';
import { NewOrderButton } from './new-order-button';
import { EMPTY_TAB, ORDER_TABS, ORDER_TAB_LABELS, parseTab, tabCounts, tabFilter, type OrderTab } from './order-tabs';
import { OrdersTable } from './orders-table';
import { SearchBox } from '../../ui/search-box';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { ShowMoreOrders } from './show-more-orders';
import { useEstimateList } from './use-estimate-list';

const LOAD_FAILED = 'Failed to load orders';

/**
 * Orders in Progress (the default tab: neither approved, rejected nor completed) and the status
 * tabs that find every other order, each with its count (decision 018). The tab is in the URL.
 */
export const OrdersInProgress = () => {
  const tabsId = useId();
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const setTab = (next: OrderTab) => setParams(next === 'in-progress' ? {} : { tab: next }, { replace: true });
  const stats = useEstimateStats();
  const counts = stats.data ? tabCounts(stats.data) : null;
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim());
  const list = useEstimateList({ ...tabFilter(tab), search: query || undefined });
  const orders = list.query;
  const empty = EMPTY_TAB[tab];

  useEffect(() => {
    if (orders.isError) toast.error(serverMessage(orders.error, LOAD_FAILED), { id: 'orders-load' });
  }, [orders.isError, orders.error]);

  const searching = query !== '' || search.trim() !== '';
  const updating = orders.isFetching && !orders.isPending;

  return (
    <>
      <PageHeader
        title={tab === 'in-progress' ? 'Orders in Progress' : 'Orders'}
        description={tab === 'in-progress' ? 'Orders you are building or that await a decision.' : 'Every order you can see, by status.'}
        actions={<NewOrderButton />}
      />
      <ImportAgencyOrder />
      <Card>
        <TabList
          id={tabsId}
          label="Orders by status"
          active={tab}
          onChange={setTab}
          tabs={ORDER_TABS.map((key) => ({
            key,
            label: (
              <>
                {ORDER_TAB_LABELS[key]}{' '}
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 tabular-nums">
                  {counts ? formatCount(counts[key]) : '–'}
                </span>
              </>
            ),
          }))}
        />
        <TabPanel id={tabsId} active={tab}>
          <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between">
            <SearchBox label="Search orders" value={search} onChange={setSearch} placeholder="Search by order, brand, status or client" />
            <div className="flex items-center gap-2 whitespace-nowrap text-sm text-slate-500" aria-live="polite">
              {updating && <Spinner className="size-4" label="Updating orders" />}
              {orders.data && !orders.isPlaceholderData && <span>{countOf(orders.data.length, 'order')}</span>}
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
                title={empty.title}
                description={empty.description}
                action={tab === 'in-progress' || tab === 'all' ? <NewOrderButton label="Create your first order" /> : undefined}
              />
            )
          ) : (
            <>
              <OrdersTable orders={orders.data} />
              <ShowMoreOrders list={list} />
            </>
          )}
        </TabPanel>
      </Card>
    </>
  );
};
