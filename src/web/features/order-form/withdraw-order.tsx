import { useState } from 'react';
import toast from 'react-hot-toast';
import { WITHDRAW_MESSAGES } from '../../../domain/orders';
import { serverMessage } from '../../api/client';
import { useWithdrawEstimate } from '../../api/estimates';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';

export const WITHDRAW_CONFIRMATION = 'The order goes back to draft and leaves the review queue; a coupon it used is given back until you submit again.';

/** The owner's Withdraw to Draft for a submitted order not yet reviewed; asks first (decision 018). */
export const WithdrawOrder = ({ orderId, onWithdrawn }: { orderId: string; onWithdrawn: () => void }) => {
  const withdraw = useWithdrawEstimate();
  const [asking, setAsking] = useState(false);
  // The promise, not mutate's callbacks: the order read again as a draft unmounts this button (the owner can no
  // longer withdraw) before every query of the order is read again, and mutate's callbacks skip an unmounted caller.
  const confirm = () =>
    withdraw
      .mutateAsync(orderId)
      .then(
        () => {
          toast.success(WITHDRAW_MESSAGES.done);
          onWithdrawn();
        },
        (error: unknown) => toast.error(serverMessage(error, 'Failed to withdraw the order')),
      )
      .finally(() => setAsking(false));
  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        Withdraw to Draft
      </Button>
      <ConfirmDialog
        open={asking}
        title="Withdraw this order?"
        message={WITHDRAW_CONFIRMATION}
        confirmLabel="Withdraw to Draft"
        busy={withdraw.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      />
    </>
  );
};
