import { useId } from 'react';
import toast from 'react-hot-toast';
import { BILLING_MODES, type BillingMode } from '../../../domain/billing';
import { BILLING_MODE_LABELS } from '../../../domain/billing-delivery';
import type { OrderStatus } from '../../../domain/orders';
import { useCreateInvoice } from '../../api/billing';
import { useSetBillingMode } from '../../api/billing-delivery';
import { serverMessage } from '../../api/client';
import { Button } from '../../ui/button';

/**
 * The admin's choice per order (decision 014): "Bill: up front / monthly on delivery", refused by the
 * server while the order has a live invoice. A completed order billed monthly offers its final invoice.
 */
export const BillingModeControl = ({ orderId, mode, status }: { orderId: string; mode: BillingMode; status: OrderStatus }) => {
  const id = useId();
  const change = useSetBillingMode();
  const finalInvoice = useCreateInvoice();
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
            {
              onSuccess: (reply) => toast.success(reply.message),
              onError: (failure) => toast.error(serverMessage(failure, 'Failed to change the billing mode')),
            },
          )
        }
      >
        {BILLING_MODES.map((m) => (
          <option key={m} value={m}>
            {BILLING_MODE_LABELS[m]}
          </option>
        ))}
      </select>
      {mode === 'monthly' && status === 'completed' && (
        <Button
          variant="secondary"
          size="sm"
          loading={finalInvoice.isPending}
          onClick={() =>
            finalInvoice.mutate(
              { estimateId: orderId, body: {} },
              {
                onSuccess: () => toast.success('Invoice created successfully'),
                onError: (failure) => toast.error(serverMessage(failure, 'Failed to create invoice')),
              },
            )
          }
        >
          Final invoice
        </Button>
      )}
    </span>
  );
};
