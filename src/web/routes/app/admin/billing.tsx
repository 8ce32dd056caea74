import { ComingSoon } from '../../../ui/coming-soon';
import { PageHeader } from '../../../ui/page-header';

export const AdminBillingRoute = () => (
  <>
    <PageHeader title="Billing & Invoicing" description="Invoices, payments and billing analytics." />
    <ComingSoon
      features={[
        'See totals billed, collected and outstanding, and payment trends',
        'Search and filter invoices, download PDFs, send invoices and record payments',
        'Create an invoice from an approved order',
      ]}
    />
  </>
);
