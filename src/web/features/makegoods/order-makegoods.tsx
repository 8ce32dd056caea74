import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { formatCurrency } from '../../../domain/format';
import { MAKEGOOD_STATUS_LABELS, type Makegood, type MakegoodStatus } from '../../../domain/makegoods';
import { SOLD_STATUSES, type OrderStatus } from '../../../domain/orders';
import { serverMessage } from '../../api/client';
import { useMakegoodStep, useOrderMakegoods } from '../../api/makegoods';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DateShown, shownDate } from '../../ui/date-shown';
import { formatTimestamp } from '../../ui/campaign-display';
import { formatAirTime, formatBroadcastDay } from '../../ui/traffic-display';

/** Orders that can have missed spots. */
const WITH_AIRINGS: readonly OrderStatus[] = SOLD_STATUSES;

const TONES: Record<MakegoodStatus, 'amber' | 'green' | 'slate' | 'red'> = {
  offered: 'amber',
  accepted: 'green',
  declined: 'slate',
  expired: 'slate',
  unavailable: 'red',
  withdrawn: 'slate',
};

const ACTION_LABELS: Record<Makegood['events'][number]['action'], string> = {
  offered: 'Offered',
  changed: 'Day changed',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  unavailable: 'No free slot: credited',
  withdrawn: 'Withdrawn: the spot aired',
};

/** An order's makegoods: missed spots, the day offered for each, and the answer (accept or decline; admins also move the day). */
export const OrderMakegoods = ({ orderId, status, admin }: { orderId: string; status: OrderStatus; admin: boolean }) => {
  const relevant = WITH_AIRINGS.includes(status);
  const makegoods = useOrderMakegoods(orderId, relevant);
  if (!relevant || makegoods.isPending) return null;
  if (makegoods.isError) return <p className="mt-6 text-sm text-red-600">{makegoods.error.message}</p>;
  const { data } = makegoods;
  if (data.makegoods.length === 0) return null;
  const hasAdus = data.makegoods.some((offer) => offer.kind === 'adu');
  const hasMakegoods = data.makegoods.some((offer) => offer.kind === 'makegood');
  return (
    <Card className="mt-6">
      <section aria-labelledby="makegoods-heading" className="p-4 sm:p-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="makegoods-heading" className="text-lg font-semibold text-slate-900">
            {hasAdus ? (hasMakegoods ? 'Makegoods and ADUs' : 'ADUs') : 'Makegoods'}
          </h2>
          <p className="text-sm text-slate-600">
            Credits <span className="font-medium tabular-nums text-slate-900">{formatCurrency(data.credits)}</span> · Billable amount{' '}
            <span className="font-medium tabular-nums text-slate-900">{formatCurrency(data.billable_amount)}</span>
          </p>
        </div>
        {hasMakegoods && (
          <p className="mt-1 text-sm text-slate-500">
            Spots that did not air. Accept to air the spot again on the offered day, or decline to be credited its cost.
          </p>
        )}
        {hasAdus && (
          <p className="mt-1 text-sm text-slate-500">
            ADUs (audience deficiency units) are spots at no charge that make up the audience your order was guaranteed. Accept to air one on the offered day;
            it is never billed.
          </p>
        )}
        <ul className="mt-4 divide-y divide-slate-100">
          {data.makegoods.map((offer) => (
            <MakegoodRow key={offer.id} offer={offer} admin={admin} />
          ))}
        </ul>
      </section>
    </Card>
  );
};

const MakegoodRow = ({ offer, admin }: { offer: Makegood; admin: boolean }) => {
  const step = useMakegoodStep();
  const [declining, setDeclining] = useState(false);
  const [accepting, setAccepting] = useState(false);
  const adu = offer.kind === 'adu';
  const what = adu ? `ADU on ${offer.air_date ?? ''}` : `makegood for ${offer.missed_date ?? ''}`;
  const [airDate, setAirDate] = useState(offer.air_date ?? '');
  const airDateId = useId();
  const airDateShown = shownDate('date', airDate);
  const open = offer.status === 'offered';
  const run = (input: Parameters<typeof step.mutate>[0], after?: () => void) =>
    step.mutate(input, {
      onSuccess: (reply) => {
        toast.success(reply.message);
        after?.();
      },
      onError: (error) => toast.error(serverMessage(error, 'The makegood could not be changed')),
    });

  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-900">
            {adu || !offer.missed_date || !offer.missed_time ? (
              <>ADU · no charge · {offer.daypart_name}</>
            ) : (
              <>
                Missed {formatBroadcastDay(offer.missed_date)} at <span className="font-mono">{formatAirTime(offer.missed_time)}</span> · {offer.daypart_name}
              </>
            )}
          </p>
          <p className="text-sm text-slate-600">
            {adu && offer.air_date ? (
              <>
                Airs on <span className="font-medium">{formatBroadcastDay(offer.air_date)}</span> · not billed
              </>
            ) : offer.air_date ? (
              <>
                Makegood on <span className="font-medium">{formatBroadcastDay(offer.air_date)}</span>
              </>
            ) : (
              'No free slot within the flight or 14 days after it'
            )}
            {!adu && <> · spot cost {formatCurrency(offer.spot_cost)}</>}
            {offer.credit > 0 && <> · credited {formatCurrency(offer.credit)}</>}
            {open && offer.expires_at && <> · answer by {formatTimestamp(offer.expires_at)}</>}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={TONES[offer.status]}>{MAKEGOOD_STATUS_LABELS[offer.status]}</Badge>
          {open && (
            <>
              <Button
                size="sm"
                loading={step.isPending}
                onClick={() => (adu ? setAccepting(true) : run({ id: offer.id, action: 'accept' }))}
                aria-label={`Accept ${what}`}
              >
                Accept
              </Button>
              <Button size="sm" variant="secondary" disabled={step.isPending} onClick={() => setDeclining(true)} aria-label={`Decline ${what}`}>
                Decline
              </Button>
            </>
          )}
        </div>
      </div>
      {admin && open && (
        <form
          className="mt-2 flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            run({ id: offer.id, action: 'change', airDate });
          }}
        >
          <div>
            <label className="text-xs text-slate-600">
              Offer another day
              <input
                type="date"
                className="mt-1 block rounded-md border border-slate-300 px-2 py-1 text-sm"
                min={offer.earliest_date}
                max={offer.latest_date}
                value={airDate}
                aria-describedby={airDateShown ? airDateId : undefined}
                onChange={(e) => setAirDate(e.target.value)}
              />
            </label>
            <DateShown id={airDateId} text={airDateShown} />
          </div>
          <Button size="sm" variant="secondary" type="submit" disabled={step.isPending || !airDate || airDate === offer.air_date}>
            Change day
          </Button>
        </form>
      )}
      <details className="mt-1 text-xs text-slate-500">
        <summary className="cursor-pointer">History</summary>
        <ol className="mt-1 space-y-0.5">
          {offer.events.map((event, index) => (
            <li key={index}>
              {formatTimestamp(event.at)} · {ACTION_LABELS[event.action]}
              {event.air_date && event.action !== 'declined' && event.action !== 'expired' ? ` (${formatBroadcastDay(event.air_date)})` : ''} · by {event.by}
            </li>
          ))}
        </ol>
      </details>
      <ConfirmDialog
        open={accepting}
        title="Accept ADU"
        message={`A spot at no charge airs in ${offer.daypart_name} on ${offer.air_date ? formatBroadcastDay(offer.air_date) : 'the offered day'}. It is not billed.`}
        confirmLabel="Accept ADU"
        busy={step.isPending}
        onCancel={() => setAccepting(false)}
        onConfirm={() => run({ id: offer.id, action: 'accept' }, () => setAccepting(false))}
      />
      <ConfirmDialog
        open={declining}
        title={adu ? 'Decline ADU' : 'Decline makegood'}
        message={
          adu
            ? 'This no-charge spot will not air. Nothing is credited or billed; the station may offer the audience it owes again.'
            : `The missed spot will not air again; its cost of ${formatCurrency(offer.spot_cost)} is credited and leaves the amount billed.`
        }
        confirmLabel={adu ? 'Decline ADU' : 'Decline and credit'}
        busy={step.isPending}
        onCancel={() => setDeclining(false)}
        onConfirm={() => run({ id: offer.id, action: 'decline' }, () => setDeclining(false))}
      />
    </li>
  );
};
