import type { UseQueryResult } from '@tanstack/react-query';
import { BILLING_ANALYTICS_DAYS } from '../../../domain/billing';
import type { BillingAnalytics } from '../../../domain/billing-schemas';
import { countOf, formatCount, formatCurrency } from '../../../domain/format';
import { Card, StatCard } from '../../ui/card';
import { ChartIcon, CheckCircleIcon, ClockIcon, ReceiptIcon } from '../../ui/icons';
import { PageSpinner } from '../../ui/spinner';
import { LoadError } from '../../ui/load-error';
import { LOAD_FAILED } from './billing-messages';
import { PaymentTrendsChart } from './payment-trends-chart';

export const BillingOverview = ({ analytics }: { analytics: UseQueryResult<BillingAnalytics> }) => {
  if (analytics.isPending) return <PageSpinner label="Loading billing overview…" />;
  if (analytics.isError) return <LoadError title={LOAD_FAILED} error={analytics.error} retrying={analytics.isFetching} onRetry={() => analytics.refetch()} />;
  const { overview, payment_trends } = analytics.data;
  return (
    <div className="space-y-6 p-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          label="Total Billed"
          value={formatCurrency(overview.total_billed)}
          icon={<ReceiptIcon />}
          note={`Issued in the last ${BILLING_ANALYTICS_DAYS} days`}
        />
        <StatCard
          label="Total Collected"
          value={formatCurrency(overview.total_collected)}
          icon={<CheckCircleIcon />}
          note={`On invoices of the last ${BILLING_ANALYTICS_DAYS} days`}
        />
        <StatCard label="Outstanding" value={formatCurrency(overview.total_outstanding)} icon={<ClockIcon />} note="All open invoices, as in Ageing" />
        <StatCard label="Avg Invoice" value={formatCurrency(overview.avg_invoice_amount)} icon={<ChartIcon />} note={`Last ${BILLING_ANALYTICS_DAYS} days`} />
      </div>
      <p className="text-sm text-slate-500">
        Last {BILLING_ANALYTICS_DAYS} days: {countOf(overview.total_invoices, 'invoice')} issued, {formatCount(overview.sent_invoices)} sent and awaiting
        payment, {formatCount(overview.paid_invoices)} paid.
      </p>
      <Card className="p-4">
        <h2 className="mb-4 text-sm font-semibold text-slate-900">Payment Trends · last {BILLING_ANALYTICS_DAYS} days</h2>
        <PaymentTrendsChart trends={payment_trends} />
      </Card>
    </div>
  );
};
