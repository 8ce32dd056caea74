import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { serverMessage } from '../../api/client';
import { useCreateEstimate } from '../../api/estimates';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/auth-context';
import { Button } from '../../ui/button';
import { ComingSoon } from '../../ui/coming-soon';
import { PlusIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';

const firstName = (fullName: string | null | undefined): string | null => fullName?.trim().split(/\s+/)[0] || null;

/** New Order: creates a draft and opens it in edit mode. */
const NewOrderButton = () => {
  const create = useCreateEstimate();
  const navigate = useNavigate();
  const start = () =>
    create.mutate(
      {},
      {
        onSuccess: (order) => navigate(`${paths.app.estimate.href(order.id)}?edit=true`),
        onError: (error) => toast.error(serverMessage(error, 'Failed to create the order')),
      },
    );
  return (
    <Button onClick={start} loading={create.isPending}>
      {!create.isPending && <PlusIcon className="size-4" />}
      New Order
    </Button>
  );
};

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
