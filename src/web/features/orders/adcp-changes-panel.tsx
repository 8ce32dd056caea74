import toast from 'react-hot-toast';
import type { PendingChangeView } from '../../api/adcp-changes';
import { formatCurrency } from '../../../domain/format';
import { useAdcpChanges, useDecideAdcpChange } from '../../api/adcp-changes';
import { serverMessage } from '../../api/client';
import { Button } from '../../ui/button';

const flight = (start: string, end: string) => `${start} to ${end}`;

/** What the buyer asks, beside what is booked. */
const describe = (c: PendingChangeView) =>
  [
    c.total_budget !== c.previous.total_budget && `Budget ${formatCurrency(c.previous.total_budget)} → ${formatCurrency(c.total_budget)}`,
    (c.start_date !== c.previous.start_date || c.end_date !== c.previous.end_date) &&
      `Flight ${flight(c.previous.start_date, c.previous.end_date)} → ${flight(c.start_date, c.end_date)}`,
  ]
    .filter(Boolean)
    .join(' · ') || 'Spots re-spread over the same budget and flight';

/** Order Management: budget and flight changes AdCP buyers ask of approved buys, for the desk to approve or reject (decision 035). */
export const AdcpChangesPanel = () => {
  const changes = useAdcpChanges();
  const decide = useDecideAdcpChange();
  if (!changes.data || changes.data.length === 0) return null;
  const run = (c: PendingChangeView, approve: boolean) =>
    decide.mutate(
      { id: c.media_buy_id, approve },
      {
        onSuccess: () => toast.success(approve ? `Change to ${c.order_name} approved` : `Change to ${c.order_name} rejected`),
        onError: (error) => toast.error(serverMessage(error, 'The change could not be decided')),
      },
    );
  return (
    <section aria-label="Changes asked via AdCP" className="mb-4 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950">
      <h2 className="mb-2 font-semibold">Changes asked via AdCP of approved orders</h2>
      <ul className="space-y-2">
        {changes.data.map((c) => (
          <li key={c.task_id} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="min-w-0">
              <span className="font-medium">{c.order_name}</span>
              {c.buyer ? ` · ${c.buyer}` : ''}: {describe(c)}
            </p>
            <div className="flex shrink-0 gap-2">
              <Button size="sm" onClick={() => run(c, true)} disabled={decide.isPending} aria-label={`Approve change to ${c.order_name}`}>
                Approve change
              </Button>
              <Button size="sm" variant="secondary" onClick={() => run(c, false)} disabled={decide.isPending} aria-label={`Reject change to ${c.order_name}`}>
                Reject change
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
};
