import { useAuth } from '../../features/auth/auth-context';
import { NewOrderButton } from '../../features/orders/new-order-button';
import { ComingSoon } from '../../ui/coming-soon';
import { PageHeader } from '../../ui/page-header';

const firstName = (fullName: string | null | undefined): string | null => fullName?.trim().split(/\s+/)[0] || null;

export const DashboardRoute = () => {
  const { user } = useAuth();
  const greetingName = firstName(user?.full_name) ?? user?.email ?? '';
  return (
    <>
      <PageHeader title="Dashboard" description={`Welcome back, ${greetingName}.`} actions={<NewOrderButton />} />
      <ComingSoon
        features={[
          'Pick a period (7, 30, 90 or 365 days) and a granularity (daily, weekly or monthly)',
          'See summary cards for campaigns, impressions, spend and average CPM',
          'Follow revenue trends, the order conversion funnel and daypart performance',
          'Compare your top 5 brands, budget by daypart and monthly budget trends',
          'Read a revenue forecast for the coming weeks',
        ]}
      />
    </>
  );
};
