import { ComingSoon } from '../../../ui/coming-soon';
import { PageHeader } from '../../../ui/page-header';

export const AdminReconciliationRoute = () => (
  <>
    <PageHeader title="Reconciliation" description="Compare actual against projected spend and impressions." />
    <ComingSoon
      features={[
        'Choose a period (7, 30, 90 or 365 days) and a brand',
        'Read variance KPIs, a daily trend chart and a brand chart',
        'Enter actual spend and impressions for approved campaigns, and export a CSV report',
      ]}
    />
  </>
);
