import { stationToday } from '../../shared/station-time';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { INVOICE_DEFAULTS } from '../../../domain/billing';
import { broadcastMonth, isBroadcastMonthKey, lastFinishedBroadcastMonth } from '../../../domain/broadcast-calendar';
import { useBillBroadcastMonth } from '../../api/billing-delivery';
import { serverMessage } from '../../api/client';
import { ErrorAlert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { formatDay } from '../../ui/order-display';

const BILL_FAILED = 'Failed to bill the broadcast month';

/** Bill broadcast month: one invoice per monthly-billed order of what aired in the month (decision 014). */
export const BillMonthModal = ({ open, onClose }: { open: boolean; onClose: () => void }) => (open ? <BillMonthForm onClose={onClose} /> : null);

const BillMonthForm = ({ onClose }: { onClose: () => void }) => {
  const formId = useId();
  const bill = useBillBroadcastMonth();
  const [month, setMonth] = useState(() => lastFinishedBroadcastMonth(stationToday()).month);
  const [dueDays, setDueDays] = useState(String(INVOICE_DEFAULTS.due_days));
  const [taxPercent, setTaxPercent] = useState('0');
  const [error, setError] = useState<string | null>(null);
  const period = isBroadcastMonthKey(month) ? broadcastMonth(month) : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const tax = Number(taxPercent);
    bill.mutate(
      { month, due_days: dueDays, tax_rate: Number.isFinite(tax) ? Math.round(tax * 10_000) / 1_000_000 : taxPercent },
      {
        onSuccess: (reply) => {
          if (reply.invoices.length > 0) toast.success(reply.message);
          else toast(reply.message);
          onClose();
        },
        onError: (failure) => {
          const text = serverMessage(failure, BILL_FAILED);
          setError(text);
          toast.error(text);
        },
      },
    );
  };

  return (
    <Modal
      open
      onClose={() => {
        if (!bill.isPending) onClose();
      }}
      title="Bill Broadcast Month"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={bill.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={bill.isPending} disabled={!period}>
            Bill Month
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <p>Each order billed monthly on delivery gets one invoice of the spots that aired in the month and are not billed yet, one line per daypart.</p>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <TextField
          label="Broadcast month"
          type="month"
          value={month}
          onChange={(e) => setMonth(e.target.value)}
          hint={period ? `${period.label}: ${formatDay(period.start)} – ${formatDay(period.end)} (Monday to Sunday)` : 'Choose a month'}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField label="Due days" type="number" min={1} max={365} value={dueDays} onChange={(e) => setDueDays(e.target.value)} />
          <TextField label="Tax rate (%)" type="number" min={0} max={100} step={0.01} value={taxPercent} onChange={(e) => setTaxPercent(e.target.value)} />
        </div>
      </form>
    </Modal>
  );
};
