import { Link } from 'react-router';
import type { EstimateDetail } from '../../../domain/estimate-schemas';
import { STATUS_LABELS } from '../../../domain/orders';
import { serverMessage } from '../../api/client';
import { useDayparts } from '../../api/dayparts';
import { paths } from '../../config/paths';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { AlertIcon, ArrowLeftIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';
import { PageSpinner } from '../../ui/spinner';
import { useAuth } from '../auth/auth-context';
import { STATUS_TONES } from './display';
import { OrderEditor } from './order-editor';

/** An order not stored yet: the form's starting point, owned by the signed-in user. */
const blankOrder = (owner: { id: string; email: string }): EstimateDetail => ({
  id: '',
  estimate_name: '',
  status: 'draft',
  brand_id: null,
  brand_name: null,
  start_date: null,
  end_date: null,
  total_spend: 0,
  total_estimated_cost: 0,
  total_amount: 0,
  discount_amount: 0,
  coupon_code: null,
  owner_id: owner.id,
  owner_name: null,
  owner_first_name: null,
  owner_last_name: null,
  owner_email: owner.email,
  media_asset_id: null,
  media_filename: null,
  payment_method_id: null,
  payment_last4: null,
  payment_brand: null,
  notes: null,
  media_asset_count: 0,
  weekly_reach: 0,
  billing_mode: 'up_front',
  created_at: '',
  updated_at: '',
  items: [],
});

/**
 * /app/estimates/new — the order form before anything is stored (decision 018): the draft is
 * created on its first Save Draft or Submit Order, and an untouched form leaves nothing behind.
 */
export const NewOrder = () => {
  const { user } = useAuth();
  const dayparts = useDayparts();
  if (!user) return null;
  return (
    <>
      <Link to={paths.app.orders.href()} className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-blue-600 hover:underline">
        <ArrowLeftIcon className="size-4" />
        Back to orders
      </Link>
      <PageHeader
        title="New Order"
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Badge tone={STATUS_TONES.draft}>{STATUS_LABELS.draft}</Badge>
            <span>Not saved yet</span>
          </span>
        }
      />
      {dayparts.isPending ? (
        <PageSpinner label="Loading time slots…" />
      ) : dayparts.isError ? (
        <Card>
          <EmptyState
            tone="error"
            icon={<AlertIcon />}
            title="Failed to load the time slots"
            description={serverMessage(dayparts.error, 'Please check your connection and try again.')}
            action={
              <Button variant="secondary" onClick={() => dayparts.refetch()} loading={dayparts.isFetching}>
                Try Again
              </Button>
            }
          />
        </Card>
      ) : (
        <OrderEditor order={blankOrder(user)} dayparts={dayparts.data} canSubmit onSubmitted={() => undefined} />
      )}
    </>
  );
};
