import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { Estimate } from '../../../domain/estimate-schemas';
import { ADMIN_SETTABLE_STATUSES, STATUS_LABELS, type OrderStatus } from '../../../domain/orders';
import { UNCONFIRMED_WARNING_START } from '../../../domain/traffic';
import { serverMessage } from '../../api/client';
import { useUpdateEstimate } from '../../api/estimates';
import { ErrorAlert, InfoNote } from '../../ui/alert';
import { Button } from '../../ui/button';
import { AlertIcon } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { SelectField, TextAreaField } from '../../ui/form-fields';
import { StatusBadge } from './status-badge';

const UPDATE_FAILED = 'Failed to update order status';

/** The status an admin most likely wants next; preselected in the dialog. */
const NEXT_STATUS: Partial<Record<OrderStatus, OrderStatus>> = {
  draft: 'ordered',
  pending_approval: 'approved',
  ordered: 'approved',
  modified: 'approved',
  approved: 'scheduled',
  scheduled: 'active',
  active: 'completed',
  rejected: 'modified',
};

export const statusChoices = (current: OrderStatus): OrderStatus[] => ADMIN_SETTABLE_STATUSES.filter((status) => status !== current);

const initialChoice = (current: OrderStatus): OrderStatus => {
  const choices = statusChoices(current);
  const next = NEXT_STATUS[current];
  return next && choices.includes(next) ? next : choices[0]!;
};

interface ChangeStatusDialogProps {
  order: Estimate | null;
  onClose: () => void;
}

/** A new dialog for each order, so the choice starts from that order's status. */
export const ChangeStatusDialog = ({ order, onClose }: ChangeStatusDialogProps) =>
  order ? <ChangeStatusModal key={order.id} order={order} onClose={onClose} /> : null;

const ChangeStatusModal = ({ order, onClose }: { order: Estimate; onClose: () => void }) => {
  const formId = useId();
  const update = useUpdateEstimate();
  const [status, setStatus] = useState<OrderStatus>(() => initialChoice(order.status));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Completing an order with unconfirmed spots: the server's warning, then "Complete anyway" (decision 031).
  const [warned, setWarned] = useState(false);
  const [anyway, setAnyway] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const notes = note.trim();
    update.mutate(
      // An empty note leaves the order's existing notes as they are.
      { id: order.id, body: { status, ...(notes ? { notes } : {}), ...(status === 'completed' && anyway ? { confirm_unconfirmed: true } : {}) } },
      {
        onSuccess: () => {
          toast.success(`Order status updated to ${STATUS_LABELS[status]}`);
          onClose();
        },
        onError: (failure) => {
          const message = serverMessage(failure, UPDATE_FAILED);
          if (message.startsWith(UNCONFIRMED_WARNING_START)) setWarned(true);
          setError(message);
          toast.error(message);
        },
      },
    );
  };

  return (
    <Modal
      open
      onClose={() => {
        if (!update.isPending) onClose();
      }}
      title="Change Order Status"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={update.isPending}>
            Update Status
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <div className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5">
          <p className="font-medium text-slate-900">{order.estimate_name || 'Untitled order'}</p>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-500">
            {order.brand_name ?? 'No brand'} · Current status <StatusBadge status={order.status} />
          </p>
        </div>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        {warned && status === 'completed' && (
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input type="checkbox" checked={anyway} onChange={(event) => setAnyway(event.target.checked)} />
            Complete anyway, with its unconfirmed spots
          </label>
        )}
        <SelectField label="New Status" value={status} onChange={(event) => setStatus(event.target.value as OrderStatus)} data-autofocus>
          {statusChoices(order.status).map((choice) => (
            <option key={choice} value={choice}>
              {STATUS_LABELS[choice]}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Note"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          maxLength={2000}
          placeholder="Optional: why the status changes, for the customer and other admins"
        />
        <InfoNote icon={<AlertIcon className="mt-0.5 size-4 shrink-0" />}>
          <p className={status === 'scheduled' ? 'font-semibold' : undefined}>Scheduling creates a campaign that waits for its start date.</p>
          <p className={`mt-1 ${status === 'active' ? 'font-semibold' : ''}`}>Activating starts the campaign and its impression tracking.</p>
        </InfoNote>
      </form>
    </Modal>
  );
};
