import { useState } from 'react';
import { actorLabel } from '../../../domain/audit';
import { useOrderTimeline } from '../../api/audit';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { formatTimestamp } from '../../ui/campaign-display';
import { actionLabel, changesOf, entityLabel } from './audit-display';
import { AuditChanges } from './audit-changes';

/** The order's history (owner and admins): who changed what, oldest first. Loaded when opened. */
export const OrderTimeline = ({ orderId }: { orderId: string }) => {
  const [open, setOpen] = useState(false);
  return (
    <Card className="mt-6">
      <details className="group p-4 sm:p-6" onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className="cursor-pointer rounded text-lg font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600">
          History
        </summary>
        {open && <TimelineEvents orderId={orderId} />}
      </details>
    </Card>
  );
};

const TimelineEvents = ({ orderId }: { orderId: string }) => {
  const timeline = useOrderTimeline(orderId);
  if (timeline.isPending)
    return (
      <p className="mt-4 flex items-center gap-2 text-sm text-slate-500">
        <Spinner className="size-4" /> Loading the history…
      </p>
    );
  if (timeline.isError) return <p className="mt-4 text-sm text-red-600">{timeline.error.message}</p>;
  const { events, truncated } = timeline.data;
  if (events.length === 0) return <p className="mt-4 text-sm text-slate-500">No changes recorded yet.</p>;
  return (
    <>
      <ol className="mt-4 space-y-4 border-l border-slate-200 pl-4" aria-label="Order history, oldest first">
        {events.map((event) => (
          <li key={event.id} className="relative">
            <span className="absolute -left-[1.3rem] top-1.5 size-2 rounded-full bg-blue-600" aria-hidden="true" />
            <p className="text-sm text-slate-900">
              <span className="font-medium">
                {entityLabel(event.entity)} · {actionLabel(event.action)}
              </span>{' '}
              <span className="text-slate-500">
                by {actorLabel(event)} · {formatTimestamp(event.occurred_at)}
              </span>
            </p>
            <div className="mt-1">
              <AuditChanges changes={changesOf(event)} limit={6} />
            </div>
          </li>
        ))}
      </ol>
      {truncated && <p className="mt-4 text-sm text-slate-500">Showing the first {events.length} changes.</p>}
    </>
  );
};
