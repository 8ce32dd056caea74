import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Estimate } from '../../../domain/estimate-schemas';
import { formatCurrency } from '../../../domain/format';
import { paths } from '../../config/paths';
import { Button } from '../../ui/button';
import { Table, Th } from '../../ui/table';
import { useSortedTable } from '../../ui/use-sorted-table';
import { formatDay, formatTimestampDay, ownerLabel, timeOf } from '../../ui/order-display';
import { compactCell, compactHeader } from '../../ui/table-styles';

const sortValues = {
  name: (o: Estimate) => o.estimate_name,
  brand: (o: Estimate) => o.brand_name,
  owner: (o: Estimate) => ownerLabel(o),
  budget: (o: Estimate) => o.total_spend,
  start: (o: Estimate) => o.start_date,
  created: (o: Estimate) => timeOf(o.created_at),
  updated: (o: Estimate) => timeOf(o.updated_at),
};

const checkboxClasses = 'size-4 cursor-pointer rounded border-slate-300 text-blue-600 accent-blue-600 focus-visible:outline-2 focus-visible:outline-blue-600';

interface DraftsTableProps {
  drafts: readonly Estimate[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (select: boolean) => void;
  /** Drafts whose deletion is under way. */
  busyIds: ReadonlySet<string>;
  onDelete: (draft: Estimate) => void;
}

export const DraftsTable = ({ drafts, selected, onToggle, onToggleAll, busyIds, onDelete }: DraftsTableProps) => {
  const { rows, header } = useSortedTable(drafts, sortValues, { key: 'updated', direction: 'desc' }, `whitespace-nowrap ${compactHeader}`);
  const selectedCount = drafts.filter((d) => selected.has(d.id)).length;
  const allSelected = drafts.length > 0 && selectedCount === drafts.length;
  const someSelected = selectedCount > 0 && !allSelected;
  const selectAllRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = someSelected;
  }, [someSelected]);

  return (
    <Table caption="Draft orders">
      <thead className="bg-slate-50">
        <tr>
          <Th className={`w-10 ${compactHeader}`}>
            <input
              ref={selectAllRef}
              type="checkbox"
              aria-label="Select all drafts"
              className={checkboxClasses}
              checked={allSelected}
              onChange={(event) => onToggleAll(event.target.checked)}
            />
          </Th>
          {header('Order Name', 'name')}
          {header('Brand', 'brand')}
          {header('Client', 'owner')}
          {header('Budget', 'budget', 'text-right')}
          {header('Start Date', 'start')}
          {header('Created', 'created')}
          {header('Updated', 'updated')}
          <Th className={`relative text-right ${compactHeader}`}>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 bg-white">
        {rows.map((draft) => {
          const name = draft.estimate_name || 'Untitled order';
          const isSelected = selected.has(draft.id);
          const busy = busyIds.has(draft.id);
          return (
            <tr key={draft.id} className={isSelected ? 'bg-blue-50/60' : 'hover:bg-slate-50'}>
              <td className={compactCell}>
                <input
                  type="checkbox"
                  aria-label={`Select ${name}`}
                  className={checkboxClasses}
                  checked={isSelected}
                  disabled={busy}
                  onChange={() => onToggle(draft.id)}
                />
              </td>
              <td className={`${compactCell} font-medium`}>
                <Link
                  to={paths.app.estimate.href(draft.id)}
                  className="rounded text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
                >
                  {name}
                </Link>
              </td>
              <td className={compactCell}>{draft.brand_name ?? '—'}</td>
              <td className={`${compactCell} max-w-56 truncate`} title={draft.owner_email}>
                {ownerLabel(draft)}
              </td>
              <td className={`${compactCell} whitespace-nowrap text-right tabular-nums`}>{formatCurrency(draft.total_spend)}</td>
              <td className={`${compactCell} whitespace-nowrap`}>{formatDay(draft.start_date)}</td>
              <td className={`${compactCell} whitespace-nowrap`}>{formatTimestampDay(draft.created_at)}</td>
              <td className={`${compactCell} whitespace-nowrap`}>{formatTimestampDay(draft.updated_at)}</td>
              <td className={`${compactCell} text-right`}>
                <Button
                  variant="ghost"
                  size="sm"
                  loading={busy}
                  aria-label={`Delete ${name}`}
                  className="text-red-600 hover:bg-red-50 hover:text-red-700"
                  onClick={() => onDelete(draft)}
                >
                  Delete
                </Button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
};
