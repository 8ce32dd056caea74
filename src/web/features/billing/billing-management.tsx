import { useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { BILLING_ANALYTICS_DAYS } from '../../../domain/billing';
import { useBillingAnalytics } from '../../api/billing';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { PlusIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';
import { TabList, TabPanel } from '../../ui/tabs';
import { AgeingTab } from './ageing-tab';
import { BillingAnalyticsTab } from './billing-analytics-tab';
import { BillMonthModal } from './bill-month-modal';
import { LOAD_FAILED } from './billing-messages';
import { BillingOverview } from './billing-overview';
import { CreateInvoiceModal } from './create-invoice-modal';
import { InvoicesTab } from './invoices-tab';

const TABS = [
  { key: 'overview', label: 'Overview' },
  { key: 'invoices', label: 'Invoices' },
  { key: 'analytics', label: 'Analytics' },
  // Beyond the spec's three tabs (decision 013).
  { key: 'ageing', label: 'Ageing' },
] as const;
type Tab = (typeof TABS)[number]['key'];

/** Billing & Invoicing: Overview, Invoices and Analytics tabs (and Ageing), and Create Invoice. */
export const BillingManagement = () => {
  const tabsId = useId();
  const [tab, setTab] = useState<Tab>('overview');
  const [creating, setCreating] = useState(false);
  const [billingMonth, setBillingMonth] = useState(false);
  const analytics = useBillingAnalytics(BILLING_ANALYTICS_DAYS);

  useEffect(() => {
    if (analytics.isError) toast.error(LOAD_FAILED, { id: 'billing-load' });
  }, [analytics.isError]);

  return (
    <>
      <PageHeader
        title="Billing & Invoicing"
        description="Invoices, payments and billing analytics."
        actions={
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setBillingMonth(true)}>
              Bill broadcast month
            </Button>
            <Button onClick={() => setCreating(true)}>
              <PlusIcon className="size-4" />
              Create Invoice
            </Button>
          </div>
        }
      />
      <Card>
        <TabList id={tabsId} label="Billing" tabs={TABS} active={tab} onChange={setTab} />
        <TabPanel id={tabsId} active={tab}>
          {tab === 'overview' && <BillingOverview analytics={analytics} />}
          {tab === 'invoices' && <InvoicesTab />}
          {tab === 'analytics' && <BillingAnalyticsTab analytics={analytics} />}
          {tab === 'ageing' && <AgeingTab />}
        </TabPanel>
      </Card>
      <CreateInvoiceModal open={creating} onClose={() => setCreating(false)} />
      <BillMonthModal open={billingMonth} onClose={() => setBillingMonth(false)} />
    </>
  );
};
