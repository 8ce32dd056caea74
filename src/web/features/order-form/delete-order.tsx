import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { serverMessage } from '../../api/client';
import { useDeleteEstimate } from '../../api/estimates';
import { paths } from '../../config/paths';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';

export const DELETE_ORDER_CONFIRMATION = 'Are you sure you want to delete this order? This action cannot be undone.';

/** Delete for drafts: asks first, then returns to the orders list. */
export const DeleteOrder = ({ orderId }: { orderId: string }) => {
  const remove = useDeleteEstimate();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);

  const confirm = () =>
    remove.mutate(orderId, {
      onSuccess: () => {
        toast.success('Order deleted');
        navigate(paths.app.orders.href());
      },
      onError: (error) => toast.error(serverMessage(error, 'Failed to delete the order')),
      onSettled: () => setAsking(false),
    });

  return (
    <>
      <Button variant="ghost" className="text-red-600 hover:bg-red-50 hover:text-red-700" onClick={() => setAsking(true)}>
        Delete
      </Button>
      <ConfirmDialog
        open={asking}
        title="Delete Order"
        message={DELETE_ORDER_CONFIRMATION}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </>
  );
};
