import { useState } from 'react';
import toast from 'react-hot-toast';
import { DESK_MESSAGES } from '../../../domain/traffic-desk';
import type { TrafficSpot } from '../../../domain/traffic-schemas';
import { serverMessage } from '../../api/client';
import { useSpotAction, type SpotAction } from '../../api/traffic-desk';
import { ErrorAlert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextAreaField } from '../../ui/form-fields';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { formatAirTime, formatBroadcastDay } from '../../ui/traffic-display';

type Kind = SpotAction['kind'];

const DIALOGS: Record<Kind, { label: string; title: string; prompt: string; confirm: string; variant: 'primary' | 'danger' }> = {
  preempt: {
    label: 'Preempt',
    title: 'Preempt spot',
    prompt: 'The spot will not air: it is missed, a makegood is offered, and the advertiser is told.',
    confirm: 'Preempt spot',
    variant: 'danger',
  },
  move: {
    label: 'Move',
    title: 'Move spot',
    prompt: "Choose another time or day inside the order's flight and the spot's daypart. The advertiser is told.",
    confirm: 'Move spot',
    variant: 'primary',
  },
  cancel: {
    label: 'Cancel',
    title: 'Cancel spot',
    prompt: 'The spot will not air and is not billed. The advertiser is told.',
    confirm: 'Cancel spot',
    variant: 'danger',
  },
};

/** Preempt, Move and Cancel on a log row (issue 44, decision 058): each opens a dialog that asks for the reason (Move: the day and time). */
export const SpotActions = ({ spot }: { spot: TrafficSpot }) => {
  const [open, setOpen] = useState<Kind | null>(null);
  if (spot.status !== 'scheduled') return null;
  const what = `${spot.brand_name ?? spot.house_code} at ${formatAirTime(spot.local_time)}`;
  return (
    <div className="flex flex-wrap gap-1">
      {(Object.keys(DIALOGS) as Kind[]).map((kind) => (
        <Button key={kind} size="sm" variant="ghost" onClick={() => setOpen(kind)} aria-label={`${DIALOGS[kind].label} ${what}`}>
          {DIALOGS[kind].label}
        </Button>
      ))}
      {open && <SpotActionDialog spot={spot} kind={open} what={what} onClose={() => setOpen(null)} />}
    </div>
  );
};

const SpotActionDialog = ({ spot, kind, what, onClose }: { spot: TrafficSpot; kind: Kind; what: string; onClose: () => void }) => {
  const action = useSpotAction();
  const [reason, setReason] = useState('');
  const [date, setDate] = useState(spot.air_date);
  const [time, setTime] = useState(spot.local_time.slice(0, 5));
  const [failure, setFailure] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const dialog = DIALOGS[kind];

  const close = () => {
    if (!action.isPending) onClose();
  };
  const confirm = () => {
    setFailure(null);
    if (kind !== 'move' && reason.trim() === '') {
      setMissing(true);
      return;
    }
    const chosen: SpotAction = kind === 'move' ? { kind, date, time, ...(reason.trim() ? { reason: reason.trim() } : {}) } : { kind, reason: reason.trim() };
    action.mutate(
      { id: spot.id, action: chosen },
      {
        onSuccess: (reply) => {
          toast.success(reply.message);
          onClose();
        },
        onError: (error) => {
          const message = serverMessage(error, `Could not ${dialog.label.toLowerCase()} the spot`);
          setFailure(message);
          toast.error(message);
        },
      },
    );
  };

  return (
    <Modal
      open
      onClose={close}
      title={dialog.title}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={action.isPending}>
            Keep spot
          </Button>
          <Button variant={dialog.variant} onClick={confirm} loading={action.isPending}>
            {dialog.confirm}
          </Button>
        </>
      }
    >
      {/* Enter in a field confirms, as the dialog's main button does (the footer is outside the form). */}
      <form
        className="space-y-3"
        onSubmit={(event) => event.preventDefault()}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
          event.preventDefault();
          confirm();
        }}
      >
        <p className="text-sm text-slate-700">
          <span className="font-medium text-slate-900">{what}</span> on {formatBroadcastDay(spot.air_date)}. {dialog.prompt}
        </p>
        {kind === 'move' && (
          <div className="grid grid-cols-2 gap-3">
            <TextField label="Broadcast day" type="date" value={date} onChange={(e) => setDate(e.target.value)} required data-autofocus />
            <TextField
              label="Time"
              type="time"
              step={1}
              value={time}
              onChange={(e) => setTime(e.target.value)}
              required
              hint="After midnight: the same broadcast day."
            />
          </div>
        )}
        <TextAreaField
          label={kind === 'move' ? 'Reason (optional)' : 'Reason'}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setMissing(false);
          }}
          maxLength={500}
          rows={2}
          error={missing ? DESK_MESSAGES.reasonRequired : null}
          {...(kind === 'move' ? {} : { 'data-autofocus': true })}
        />
        {failure && <ErrorAlert>{failure}</ErrorAlert>}
      </form>
    </Modal>
  );
};
