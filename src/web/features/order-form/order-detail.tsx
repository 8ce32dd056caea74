import { Link, useSearchParams } from 'react-router';
import type { EstimateDetail } from '../../../domain/estimate-schemas';
import { STATUS_LABELS, canDeleteOrder, canEditOrder, canSubmitOrder, canWithdrawOrder, type OrderActor, type OrderStatus } from '../../../domain/orders';
import { isAdmin } from '../../../domain/roles';
import { isApiError, serverMessage } from '../../api/client';
import { useDayparts } from '../../api/dayparts';
import { useEstimate } from '../../api/estimates';
import { useMediaAsset } from '../../api/media';
import { paths } from '../../config/paths';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { buttonClasses } from '../../ui/button-styles';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { AlertIcon, ArrowLeftIcon, ClipboardIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';
import { PageSpinner } from '../../ui/spinner';
import { useAuth } from '../../shared/auth-context';
import { useEstimateRoom } from '../../shared/use-estimate-room';
import { DeleteOrder } from './delete-order';
import { STATUS_TONES, notesHeading, ownerLabel } from '../../ui/order-form-display';
import { isUntouchedDraft, useDiscardUntouchedDraft } from './discard-untouched-draft';
import { OrderEditor } from './order-editor';
import { mergeDayparts } from './order-draft';
import { OrderReadView } from './order-read-view';
import { OrderCreative } from './order-creative';
import { OrderAudience } from './order-audience';
import { OrderSchedule } from './order-schedule';
import { OrderRevisions } from './order-revisions';
import { NextStepAction } from './next-step-action';
import { ReviewActions } from './review-actions';
import { WithdrawOrder } from './withdraw-order';
import { OrderSpots } from '../traffic/order-spots';
import { DownloadAffidavit } from '../../ui/download-affidavit';
import { OrderMakegoods } from '../makegoods/order-makegoods';
import { OrderTimeline } from '../audit/order-timeline';
import { BillingModeControl } from '../billing/billing-mode-control';

/** Orders that can have airings to certify. */
const AFFIDAVIT_STATUSES: readonly OrderStatus[] = ['scheduled', 'active', 'completed'];

export const ESTIMATE_NOT_FOUND = 'Estimate not found';

const BackToOrders = () => (
  <Link to={paths.app.orders.href()} className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-blue-600 hover:underline">
    <ArrowLeftIcon className="size-4" />
    Back to orders
  </Link>
);

const NotFound = () => (
  <Card>
    <title>{`${ESTIMATE_NOT_FOUND} · Spotbook`}</title>
    <EmptyState
      icon={<ClipboardIcon />}
      title={ESTIMATE_NOT_FOUND}
      description="This order does not exist, was deleted, or is not yours to see."
      action={
        <Link to={paths.app.orders.href()} className={buttonClasses({ variant: 'secondary' })}>
          Back to Orders
        </Link>
      }
    />
  </Card>
);

/** The traffic desk's notes, shown prominently (changes requested, rejection reasons). */
const DeskNotes = ({ order }: { order: EstimateDetail }) => {
  if (!order.notes?.trim()) return null;
  const urgent = order.status === 'modified' || order.status === 'rejected';
  return (
    <section
      aria-label={notesHeading(order.status)}
      className={`mb-6 rounded-lg border px-4 py-3 ${urgent ? 'border-amber-300 bg-amber-50 text-amber-900' : 'border-blue-200 bg-blue-50 text-blue-900'}`}
    >
      <p className="flex items-center gap-2 text-sm font-semibold">
        <AlertIcon className="size-4" />
        {notesHeading(order.status)}
      </p>
      <p className="mt-1 whitespace-pre-line text-sm">{order.notes}</p>
    </section>
  );
};

/** /app/estimates/:id — the order in edit or read mode, with delete and the traffic desk's review. */
export const OrderDetail = ({ id }: { id: string }) => {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const estimate = useEstimate(id);
  // The order's channel's rate card (decision 053), asked once the order says which channel it buys.
  const dayparts = useDayparts(estimate.data?.channel_id, estimate.data !== undefined);
  // Admins see the order's spot before they decide (decision 018).
  const creative = useMediaAsset(isAdmin(user?.role) ? (estimate.data?.media_asset_id ?? null) : null);
  useEstimateRoom(id);
  const freshDraft = useDiscardUntouchedDraft(id);

  if (estimate.isPending) return <PageSpinner label="Loading order…" />;
  if (estimate.isError) {
    const missing = isApiError(estimate.error) && estimate.error.status >= 400 && estimate.error.status < 500;
    return (
      <>
        <BackToOrders />
        {missing ? (
          <NotFound />
        ) : (
          <Card>
            <EmptyState
              tone="error"
              icon={<AlertIcon />}
              title="Failed to load the order"
              description={serverMessage(estimate.error, 'Please check your connection and try again.')}
              action={
                <Button variant="secondary" onClick={() => estimate.refetch()} loading={estimate.isFetching}>
                  Try Again
                </Button>
              }
            />
          </Card>
        )}
      </>
    );
  }

  const order = estimate.data;
  const actor: OrderActor | null = user ? { id: user.id, role: user.role } : null;
  const rights = { ownerId: order.owner_id, status: order.status };
  const canEdit = actor !== null && canEditOrder(actor, rights);
  const readOnly = params.get('readOnly') === 'true';
  const editing = canEdit && !readOnly && (params.get('edit') === 'true' || order.status === 'draft');
  const admin = isAdmin(user?.role);

  const toRead = () => setParams(order.status === 'draft' ? { readOnly: 'true' } : {}, { replace: true });
  const toEdit = () => setParams({ edit: 'true' }, { replace: true });

  const headerActions = (
    <>
      {!editing && canEdit && (
        <Button variant="secondary" onClick={toEdit}>
          Edit Order
        </Button>
      )}
      {AFFIDAVIT_STATUSES.includes(order.status) && <DownloadAffidavit estimateId={order.id} />}
      {actor && canWithdrawOrder(actor, rights) && <WithdrawOrder orderId={order.id} onWithdrawn={() => setParams({}, { replace: true })} />}
      {admin && (
        <>
          <ReviewActions orderId={order.id} status={order.status} media={order.media_asset_id ? creative.data : null} />
          <NextStepAction orderId={order.id} status={order.status} />
        </>
      )}
      {actor && canDeleteOrder(actor, rights) && <DeleteOrder orderId={order.id} />}
    </>
  );

  return (
    <>
      <BackToOrders />
      <PageHeader
        title={order.estimate_name?.trim() || (order.status === 'draft' ? 'New Order' : 'Order Details')}
        description={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Badge tone={STATUS_TONES[order.status]}>{STATUS_LABELS[order.status]}</Badge>
            {freshDraft && isUntouchedDraft(order) ? (
              <span>Not saved yet</span>
            ) : (
              <span>
                {order.status === 'draft' ? 'Drafted by' : 'Submitted by'} {ownerLabel(order)}
                {ownerLabel(order) !== order.owner_email && <span className="text-slate-500"> ({order.owner_email})</span>}
              </span>
            )}
            {admin && order.status !== 'draft' && <BillingModeControl orderId={order.id} mode={order.billing_mode} status={order.status} />}
          </span>
        }
        actions={headerActions}
      />
      <DeskNotes order={order} />
      {editing ? (
        dayparts.isPending ? (
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
          <>
            <OrderEditor
              key={order.id}
              order={order}
              dayparts={mergeDayparts(dayparts.data, order.items)}
              canSubmit={actor !== null && canSubmitOrder(actor, rights)}
              onSubmitted={() => setParams({}, { replace: true })}
              onCancel={order.status === 'draft' ? undefined : toRead}
            />
            <OrderSchedule orderId={order.id} status={order.status} />
            <OrderRevisions orderId={order.id} admin={admin} />
          </>
        )
      ) : (
        <>
          {admin && order.media_asset_id && (
            <div className="mb-6">
              <OrderCreative asset={creative} />
            </div>
          )}
          <OrderReadView order={order} />
          <OrderMakegoods orderId={order.id} status={order.status} admin={admin} />
          <OrderSpots orderId={order.id} status={order.status} startDate={order.start_date} />
          {order.status !== 'draft' && <OrderTimeline orderId={order.id} />}
          <OrderSchedule orderId={order.id} status={order.status} />
          <OrderRevisions orderId={order.id} admin={admin} />
          <OrderAudience orderId={order.id} status={order.status} admin={admin} />
        </>
      )}
    </>
  );
};
