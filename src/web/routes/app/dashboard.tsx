import { useAuth } from '../../shared/auth-context';
import { AnalyticsDashboard } from '../../features/analytics/analytics-dashboard';
import { PageHeader } from '../../ui/page-header';

const firstName = (fullName: string | null | undefined): string | null => fullName?.trim().split(/\s+/)[0] || null;

export const DashboardRoute = () => {
  const { user } = useAuth();
  const greetingName = firstName(user?.full_name) ?? user?.email ?? '';
  return (
    <>
      <PageHeader title="Dashboard" description={`Welcome back, ${greetingName}.`} />
      <AnalyticsDashboard />
    </>
  );
};
