import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import toast from 'react-hot-toast';
import { BILLING_ANALYTICS_DAYS } from '../../../domain/billing';
import { useBillingAnalytics } from '../../api/billing';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { PlusIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';
import { BillingAnalyticsTab } from './billing-analytics-tab';
import { LOAD_FAILED } from './billing-messages';
import { BillingOverview } from './billing-overview';
import { CreateInvoiceModal } from './create-invoice-modal';
import { InvoicesTab } from './invoices-tab';

const TABS = [
  { key: 'overview', label: 'Overview' },
  { key: 'invoices', label: 'Invoices' },
  { key: 'analytics', label: 'Analytics' },
] as const;
type Tab = (typeof TABS)[number]['key'];

/** Billing & Invoicing: Overview, Invoices and Analytics tabs, and Create Invoice. */
export const BillingManagement = () => {
  const tabsId = useId();
  const [tab, setTab] = useState<Tab>('overview');
  const [creating, setCreating] = useState(false);
  const analytics = useBillingAnalytics(BILLING_ANALYTICS_DAYS);
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});

  useEffect(() => {
    if (analytics.isError) toast.error(LOAD_FAILED, { id: 'billing-load' });
  }, [analytics.isError]);

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = TABS[(index + step + TABS.length) % TABS.length]!.key;
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <>
      <PageHeader
        title="Billing & Invoicing"
        description="Invoices, payments and billing analytics."
        actions={
          <Button onClick={() => setCreating(true)}>
            <PlusIcon className="size-4" />
            Create Invoice
          </Button>
        }
      />
      <Card>
        <div role="tablist" aria-label="Billing" className="flex gap-1 overflow-x-auto border-b border-slate-200 px-2 sm:px-4">
          {TABS.map((entry, index) => {
            const active = entry.key === tab;
            return (
              <button
                key={entry.key}
                ref={(node) => {
                  tabRefs.current[entry.key] = node;
                }}
                type="button"
                role="tab"
                id={`${tabsId}-tab-${entry.key}`}
                aria-selected={active}
                aria-controls={`${tabsId}-panel`}
                tabIndex={active ? 0 : -1}
                onClick={() => setTab(entry.key)}
                onKeyDown={(event) => onTabKey(event, index)}
                className={`-mb-px border-b-2 px-3 py-3 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-blue-600 ${
                  active ? 'border-blue-600 text-blue-700' : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-700'
                }`}
              >
                {entry.label}
              </button>
            );
          })}
        </div>
        <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-tab-${tab}`}>
          {tab === 'overview' && <BillingOverview analytics={analytics} />}
          {tab === 'invoices' && <InvoicesTab />}
          {tab === 'analytics' && <BillingAnalyticsTab analytics={analytics} />}
        </div>
      </Card>
      <CreateInvoiceModal open={creating} onClose={() => setCreating(false)} />
    </>
  );
};
