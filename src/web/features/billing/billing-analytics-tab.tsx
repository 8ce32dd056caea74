import type { UseQueryResult } from '@tanstack/react-query';
import { BILLING_ANALYTICS_DAYS, TOP_CUSTOMERS } from '../../../domain/billing';
import type { BillingAnalytics } from '../../../domain/billing-schemas';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { UsersIcon } from '../../ui/icons';
import { PageSpinner } from '../../ui/spinner';
import { LoadError } from '../../ui/load-error';
import { LOAD_FAILED } from './billing-messages';
import { TopCustomersChart } from './top-customers-chart';

export const BillingAnalyticsTab = ({ analytics }: { analytics: UseQueryResult<BillingAnalytics> }) => {
  if (analytics.isPending) return <PageSpinner label="Loading billing analytics…" />;
  if (analytics.isError) return <LoadError title={LOAD_FAILED} error={analytics.error} retrying={analytics.isFetching} onRetry={() => analytics.refetch()} />;
  const customers = analytics.data.top_customers;
  return (
    <div className="p-4">
      <Card className="p-4">
        <h2 className="mb-4 text-sm font-semibold text-slate-900">
          Top {TOP_CUSTOMERS} Customers · billed vs paid, last {BILLING_ANALYTICS_DAYS} days
        </h2>
        {customers.length === 0 ? (
          <EmptyState icon={<UsersIcon />} title="No invoices in this period" description="Customers appear here once they are invoiced." />
        ) : (
          <TopCustomersChart customers={customers} />
        )}
      </Card>
    </div>
  );
};
