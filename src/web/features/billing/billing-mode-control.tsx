import { useId } from 'react';
import toast from 'react-hot-toast';
import { BILLING_MODES, type BillingMode } from '../../../domain/billing';
import { BILLING_MODE_LABELS } from '../../../domain/billing-delivery';
import { useSetBillingMode } from '../../api/billing-delivery';
import { serverMessage } from '../../api/client';

/** The admin's choice per order (decision 014): "Bill: up front / monthly on delivery". Refused by the server while the order has a live invoice. */
export const BillingModeControl = ({ orderId, mode }: { orderId: string; mode: BillingMode }) => {
  const id = useId();
  const change = useSetBillingMode();
  return (
    <span className="flex items-center gap-2 text-sm text-slate-600">
      <label htmlFor={id}>Bill:</label>
      <select
        id={id}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 disabled:bg-slate-100"
        value={mode}
        disabled={change.isPending}
        onChange={(event) =>
          change.mutate(
            { estimateId: orderId, mode: event.target.value as BillingMode },
            { onSuccess: (reply) => toast.success(reply.message), onError: (failure) => toast.error(serverMessage(failure, 'Failed to change the billing mode')) },
          )
        }
      >
        {BILLING_MODES.map((m) => (
          <option key={m} value={m}>
            {BILLING_MODE_LABELS[m]}
          </option>
        ))}
      </select>
    </span>
  );
};
