import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { DEFAULT_AGENCY_COMMISSION_RATE } from '../../../domain/billing';
import type { UserListItem } from '../../../domain/users';
import { useSetAgency } from '../../api/billing-delivery';
import { serverMessage } from '../../api/client';
import { ErrorAlert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';

const percent = (fraction: number) => Number((fraction * 100).toFixed(4));

/** The "Agency" control of a client's row: its commission rate, or not an agency (decision 014). */
export const AgencyControl = ({ user }: { user: UserListItem }) => {
  const [open, setOpen] = useState(false);
  const rate = user.agency_commission_rate;
  return (
    <>
      <Button variant="ghost" size="sm" aria-label={`Agency settings of ${user.email}`} onClick={() => setOpen(true)}>
        {rate === null ? 'Agency' : <Badge tone="blue">Agency {percent(rate)}%</Badge>}
      </Button>
      {open && <AgencyModal user={user} onClose={() => setOpen(false)} />}
    </>
  );
};

const AgencyModal = ({ user, onClose }: { user: UserListItem; onClose: () => void }) => {
  const formId = useId();
  const save = useSetAgency();
  const [isAgency, setIsAgency] = useState(user.agency_commission_rate !== null);
  const [ratePercent, setRatePercent] = useState(String(percent(user.agency_commission_rate ?? DEFAULT_AGENCY_COMMISSION_RATE)));
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const value = Number(ratePercent);
    save.mutate(
      {
        userId: user.id,
        body: {
          is_agency: isAgency,
          ...(isAgency && { commission_rate: Number.isFinite(value) && ratePercent.trim() !== '' ? Math.round(value * 10_000) / 1_000_000 : ratePercent }),
        },
      },
      {
        onSuccess: (reply) => {
          toast.success(reply.message);
          onClose();
        },
        onError: (failure) => {
          const text = serverMessage(failure, 'Failed to save the agency settings');
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
        if (!save.isPending) onClose();
      }}
      title={`Agency: ${user.email}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={save.isPending}>
            Save
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <p>
          An agency keeps a commission of each invoice's gross: its invoices show Gross, Agency commission and Net due, and payments apply to the net. Invoices
          already made keep their rate.
        </p>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <input type="checkbox" checked={isAgency} onChange={(e) => setIsAgency(e.target.checked)} />
          This account is an advertising agency
        </label>
        {isAgency && (
          <TextField
            label="Commission rate (%)"
            type="number"
            min={0}
            max={99.9999}
            step={0.01}
            value={ratePercent}
            onChange={(e) => setRatePercent(e.target.value)}
          />
        )}
      </form>
    </Modal>
  );
};
