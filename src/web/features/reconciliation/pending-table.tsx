import { formatCount, formatCurrency } from '../../../domain/format';
import type { PendingCampaign, PendingReply } from '../../../domain/reconciliation';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { CheckCircleIcon } from '../../ui/icons';
import { Spinner } from '../../ui/spinner';
import { Table, Th, cellClasses } from '../../ui/table';
import { Pagination } from '../../ui/pagination';
import { formatDay, formatTimestampDay } from '../../ui/order-display';

interface Props {
  reply: PendingReply;
  /** A new page or filter is loading while the previous rows stay on screen. */
  updating: boolean;
  onPage: (page: number) => void;
  onReconcile: (campaign: PendingCampaign) => void;
}

/** Booked campaigns awaiting their actual figures, oldest first, each with Reconcile. */
export const PendingTable = ({ reply, updating, onPage, onReconcile }: Props) => {
  const { campaigns, pagination } = reply;
  return (
    <Card>
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Pending Reconciliation</h2>
          <p className="text-sm text-slate-500">Approved campaigns awaiting their actual spend and impressions</p>
        </div>
        <div className="flex items-center gap-2 text-sm text-slate-500">
          {updating && <Spinner className="size-4" label="Updating pending campaigns" />}
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 font-medium tabular-nums text-slate-700" aria-label={`${pagination.total} pending`}>
            {formatCount(pagination.total)}
          </span>
        </div>
      </div>
      {campaigns.length === 0 ? (
        <EmptyState icon={<CheckCircleIcon className="size-6" />} title="All Caught Up!" description="Every approved campaign has been reconciled." />
      ) : (
        <>
          <Table caption="Campaigns pending reconciliation">
            <thead className="bg-slate-50">
              <tr>
                <Th>Campaign</Th>
                <Th>Brand</Th>
                <Th>Flight</Th>
                <Th className="text-right">Projected Spend</Th>
                <Th className="text-right">Projected Impressions</Th>
                <Th>Ordered</Th>
                {/* relative: keeps the sr-only label inside the table's scroll box on narrow screens. */}
                <Th className="relative text-right">
                  <span className="sr-only">Actions</span>
                </Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 bg-white">
              {campaigns.map((c) => (
                <tr key={c.id} className="hover:bg-slate-50">
                  <td className={cellClasses}>
                    <p className="font-medium text-slate-900">{c.estimate_name}</p>
                    <p className="text-xs text-slate-500">
                      {c.item_count} {c.item_count === 1 ? 'daypart' : 'dayparts'} · {c.status} · {c.aired_spots} aired
                    </p>
                  </td>
                  <td className={cellClasses}>{c.brand_name ?? '—'}</td>
                  <td className={cellClasses}>
                    {/* Start and end on a line each when space is short, never a date cut in two. */}
                    <span className="whitespace-nowrap">{formatDay(c.start_date)}</span>
                    {c.end_date && <span className="whitespace-nowrap">{` – ${formatDay(c.end_date)}`}</span>}
                    {c.not_started && (
                      <span className="ml-2">
                        <Badge tone="amber">Not started</Badge>
                      </span>
                    )}
                  </td>
                  <td className={`${cellClasses} text-right tabular-nums`}>{formatCurrency(c.projected_spend)}</td>
                  <td className={`${cellClasses} text-right tabular-nums`}>{formatCount(c.projected_impressions)}</td>
                  <td className={`${cellClasses} whitespace-nowrap`}>{formatTimestampDay(c.created_at)}</td>
                  <td className={`${cellClasses} text-right`}>
                    <Button size="sm" onClick={() => onReconcile(c)} aria-label={`Reconcile ${c.estimate_name}`}>
                      Reconcile
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          {pagination.totalPages > 1 && (
            <Pagination
              label="Pending campaign pages"
              page={pagination.page}
              totalPages={pagination.totalPages}
              total={pagination.total}
              limit={pagination.limit}
              onPage={onPage}
            />
          )}
        </>
      )}
    </Card>
  );
};
