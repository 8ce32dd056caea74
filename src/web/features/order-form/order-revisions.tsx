/**
 * The order page's schedule revisions (issue 42, decision 064): each revision, the latest first, with its
 * version, when and by whom it was proposed and decided, its spots and gross before and after, and its
 * differences line by line (a field, or a week's spots, before and after). The desk approves or rejects a
 * pending one here, with optional notes. Shown only for an order that has revisions.
 */
import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatCurrency } from '../../../domain/format';
import { REVISION_FIELD_LABELS } from '../../../domain/schedule-revision-details';
import { serverMessage } from '../../api/client';
import { useDecideRevision, useScheduleRevisions, type ScheduleRevision } from '../../api/proposals';
import { ErrorAlert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { formatTimestamp } from '../../ui/campaign-display';
import { Card } from '../../ui/card';
import { formatDay } from '../../ui/order-display';
import { Table, Th } from '../../ui/table';
import { compactCell, compactHeader } from '../../ui/table-styles';
import { inputClasses } from '../../ui/text-field';

type Detail = ScheduleRevision['details'][number];

const STATUS = {
  pending: { label: 'Waiting for approval', tone: 'amber' },
  approved: { label: 'Approved', tone: 'green' },
  rejected: { label: 'Rejected', tone: 'red' },
} as const;

const CHANGE_LABELS: Record<Detail['change'], string> = { added: 'Added', removed: 'Removed', changed: 'Changed' };

/** A value as the page shows it: money for a rate, seconds for a length, dates for the flight. */
const shown = (d: Detail, value: string | null) => {
  if (value === null) return '—';
  if (d.field === 'rate') return formatCurrency(Number(value));
  if (d.field === 'spot_length') return `:${value}`;
  if (d.field === 'start_date' || d.field === 'end_date') return formatDay(value);
  return value;
};

const what = (d: Detail) => (d.week ? `${REVISION_FIELD_LABELS[d.field]}, week of ${formatDay(d.week)}` : REVISION_FIELD_LABELS[d.field]);

const Decide = ({ orderId, revision }: { orderId: string; revision: ScheduleRevision }) => {
  const decide = useDecideRevision(orderId);
  const [notes, setNotes] = useState('');
  const run = (approve: boolean) =>
    decide.mutate(
      { revisionId: revision.id, approve, notes },
      {
        onSuccess: (message) => {
          setNotes('');
          toast.success(message);
        },
      },
    );
  const notesId = `revision-${revision.id}-notes`;
  return (
    <div className="mt-3 space-y-2">
      <label htmlFor={notesId} className="block text-sm font-medium text-slate-700">
        Notes for revision {revision.version} (optional)
      </label>
      <textarea id={notesId} rows={2} maxLength={2000} value={notes} onChange={(e) => setNotes(e.target.value)} className={inputClasses(false)} />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => run(true)} loading={decide.isPending && decide.variables?.approve === true} disabled={decide.isPending}>
          Approve revision {revision.version}
        </Button>
        <Button
          size="sm"
          variant="danger"
          onClick={() => run(false)}
          loading={decide.isPending && decide.variables?.approve === false}
          disabled={decide.isPending}
        >
          Reject revision {revision.version}
        </Button>
      </div>
      {decide.error && <ErrorAlert>{serverMessage(decide.error, 'The revision could not be decided')}</ErrorAlert>}
    </div>
  );
};

const Revision = ({ orderId, revision, admin }: { orderId: string; revision: ScheduleRevision; admin: boolean }) => {
  const status = STATUS[revision.status];
  const heading = `Revision ${revision.version}`;
  return (
    <li className="py-4 first:pt-0 last:pb-0">
      <article aria-label={heading}>
        <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
          {heading} <Badge tone={status.tone}>{status.label}</Badge>
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          Proposed {formatTimestamp(revision.proposed_at)}
          {revision.proposed_by && ` by ${revision.proposed_by}`}
          {revision.decided_at && ` · ${status.label.toLowerCase()} ${formatTimestamp(revision.decided_at)}`}
          {revision.decided_at && revision.decided_by && ` by ${revision.decided_by}`}
        </p>
        <p className="mt-1 text-sm text-slate-700">
          {revision.before
            ? `${revision.before.spots} → ${revision.spots} spots · ${formatCurrency(revision.before.gross)} → ${formatCurrency(revision.gross)}`
            : `${revision.spots} spots · ${formatCurrency(revision.gross)}`}
        </p>
        {revision.notes && <p className="mt-1 whitespace-pre-line text-sm text-slate-700">Desk’s notes: {revision.notes}</p>}
        {revision.details.length > 0 ? (
          <div className="mt-2">
            <Table caption={`Changes in revision ${revision.version}`}>
              <thead className="bg-slate-50">
                <tr>
                  <Th className={compactHeader}>Line</Th>
                  <Th className={compactHeader}>Change</Th>
                  <Th className={`${compactHeader} text-right`}>Before</Th>
                  <Th className={`${compactHeader} text-right`}>After</Th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 bg-white">
                {revision.details.map((d, i) => (
                  <tr key={i}>
                    <td className={compactCell}>{d.line}</td>
                    <td className={compactCell}>
                      {CHANGE_LABELS[d.change]}: {what(d)}
                    </td>
                    <td className={`${compactCell} text-right tabular-nums`}>{shown(d, d.before)}</td>
                    <td className={`${compactCell} text-right tabular-nums`}>{shown(d, d.after)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        ) : (
          <ul className="mt-2 list-disc pl-5 text-sm text-slate-700">
            {revision.changes.map((c, i) => (
              <li key={i}>
                {c.line}: {c.change}
                {c.fields.length > 0 && ` (${c.fields.join(', ')})`}
              </li>
            ))}
          </ul>
        )}
        {admin && revision.status === 'pending' && <Decide orderId={orderId} revision={revision} />}
      </article>
    </li>
  );
};

export const OrderRevisions = ({ orderId, admin }: { orderId: string; admin: boolean }) => {
  const revisions = useScheduleRevisions(orderId).data?.revisions;
  if (!revisions || revisions.length === 0) return null;
  return (
    <Card className="mt-6">
      <section aria-labelledby="order-revisions-heading" className="p-4 sm:p-6">
        <h2 id="order-revisions-heading" className="text-lg font-semibold text-slate-900">
          Schedule revisions
        </h2>
        <ol className="mt-3 divide-y divide-slate-100">
          {revisions.map((revision) => (
            <Revision key={revision.id} orderId={orderId} revision={revision} admin={admin} />
          ))}
        </ol>
      </section>
    </Card>
  );
};
