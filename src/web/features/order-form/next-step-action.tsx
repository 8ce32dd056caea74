import { useState } from 'react';
import toast from 'react-hot-toast';
import { NEXT_ADMIN_STEP, STATUS_LABELS, type OrderStatus } from '../../../domain/orders';
import { serverMessage } from '../../api/client';
import { useUpdateEstimate } from '../../api/estimates';
import { ErrorAlert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';

const UPDATE_FAILED = 'Failed to update order status';

/**
 * The admin's next step on a reviewed order's page (issue 29, item 14): Schedule on an approved
 * order, asked first. Order Management's Change Status stays for every other change.
 */
export const NextStepAction = ({ orderId, status }: { orderId: string; status: OrderStatus }) => {
  const update = useUpdateEstimate();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const step = NEXT_ADMIN_STEP[status];
  if (!step) return null;

  const close = () => {
    if (update.isPending) return;
    setOpen(false);
    setFailure(null);
  };
  const confirm = () => {
    setFailure(null);
    update.mutate(
      { id: orderId, body: { status: step.to } },
      {
        onSuccess: () => {
          toast.success(`Order status updated to ${STATUS_LABELS[step.to]}`);
          setOpen(false);
        },
        onError: (error) => {
          const message = serverMessage(error, UPDATE_FAILED);
          setFailure(message);
          toast.error(message);
        },
      },
    );
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>{step.label}</Button>
      <Modal
        open={open}
        onClose={close}
        title={`${step.label} Order`}
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={update.isPending} data-autofocus>
              Cancel
            </Button>
            <Button onClick={confirm} loading={update.isPending}>
              {step.label}
            </Button>
          </>
        }
      >
        <div className="space-y-3">
          <p>{step.prompt}</p>
          {failure && <ErrorAlert>{failure}</ErrorAlert>}
        </div>
      </Modal>
    </>
  );
};
