import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import type { Estimate } from '../../../domain/estimate-schemas';
import { countOf, formatCurrency } from '../../../domain/format';
import { serverMessage } from '../../api/client';
import { useDeleteEstimate } from '../../api/estimates';
import { Button } from '../../ui/button';
import { Card, StatCard } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { ClipboardIcon, FileIcon, SearchIcon, UsersIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';
import { PageSpinner } from '../../ui/spinner';
import { DraftsTable } from './drafts-table';
import { LoadError } from '../../ui/load-error';
import { ownerLabel } from '../../ui/order-display';
import { SearchBox } from '../../ui/search-box';
import { useDeleteDrafts } from './use-delete-drafts';
import { ShowMoreOrders } from './show-more-orders';
import { useEstimateList } from './use-estimate-list';

const LOAD_FAILED = 'Failed to load drafts';
const DELETE_FAILED = 'Failed to delete draft';
const NO_SELECTION = 'Please select drafts to delete';

type PendingDelete = { kind: 'one'; draft: Estimate } | { kind: 'many'; ids: string[] };

const matches = (draft: Estimate, query: string): boolean => {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [draft.estimate_name, draft.brand_name, ownerLabel(draft), draft.owner_email].filter(Boolean).join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
};

export const DraftManagement = () => {
  const list = useEstimateList({ status: 'draft' });
  const drafts = list.query;
  const deleteOne = useDeleteEstimate();
  const deleteMany = useDeleteDrafts();
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const [search, setSearch] = useState('');

  useEffect(() => {
    if (drafts.isError) toast.error(serverMessage(drafts.error, LOAD_FAILED), { id: 'drafts-load' });
  }, [drafts.isError, drafts.error]);

  const all = drafts.data ?? [];
  const visible = all.filter((draft) => matches(draft, search));
  // Only drafts still on the list count as selected (another admin may have removed some).
  const selectedIds = visible.filter((draft) => selection.has(draft.id)).map((draft) => draft.id);
  const busyIds = new Set<string>([
    ...(deleteOne.isPending && deleteOne.variables ? [deleteOne.variables] : []),
    ...(deleteMany.isPending && deleteMany.variables ? deleteMany.variables : []),
  ]);
  const deleting = deleteOne.isPending || deleteMany.isPending;

  const toggle = (id: string) =>
    setSelection((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = (select: boolean) => setSelection(select ? new Set(visible.map((draft) => draft.id)) : new Set());

  const askBulkDelete = () => {
    if (selectedIds.length === 0) {
      toast.error(NO_SELECTION, { id: 'drafts-no-selection' });
      return;
    }
    setPending({ kind: 'many', ids: selectedIds });
  };

  const confirm = () => {
    if (!pending) return;
    if (pending.kind === 'one') {
      const id = pending.draft.id;
      deleteOne.mutate(id, {
        onSuccess: () => {
          toast.success('Draft deleted');
          setSelection((previous) => new Set([...previous].filter((selected) => selected !== id)));
        },
        onError: (error) => toast.error(serverMessage(error, DELETE_FAILED)),
        onSettled: () => setPending(null),
      });
      return;
    }
    deleteMany.mutate(pending.ids, {
      onSuccess: ({ deleted, failed }) => {
        if (deleted.length > 0) toast.success(`${countOf(deleted.length, 'draft')} deleted`);
        if (failed.length > 0) {
          const reason = serverMessage(failed[0]!.error, 'Failed to delete drafts');
          toast.error(`${countOf(failed.length, 'draft')} could not be deleted: ${reason}`);
        }
        const gone = new Set(deleted);
        setSelection((previous) => new Set([...previous].filter((id) => !gone.has(id))));
      },
      onError: (error) => toast.error(serverMessage(error, 'Failed to delete drafts')),
      onSettled: () => setPending(null),
    });
  };

  const totalBudget = all.reduce((sum, draft) => sum + draft.total_spend, 0);
  const clients = new Set(all.map((draft) => draft.owner_id)).size;

  const bulkButton = (
    <Button variant="danger" onClick={askBulkDelete} disabled={deleting} loading={deleteMany.isPending}>
      Delete Selected
    </Button>
  );

  let content;
  if (drafts.isPending) content = <PageSpinner label="Loading drafts…" />;
  else if (drafts.isError && !drafts.data) {
    content = <LoadError title={LOAD_FAILED} error={drafts.error} retrying={drafts.isFetching} onRetry={() => drafts.refetch()} />;
  } else if (all.length === 0) {
    content = (
      <EmptyState icon={<ClipboardIcon />} title="No drafts" description="Draft orders of every customer appear here until they are submitted or deleted." />
    );
  } else if (visible.length === 0) {
    content = <EmptyState icon={<SearchIcon />} title="No drafts match your search" description="Try another order name, brand or customer." />;
  } else {
    content = (
      <>
        <DraftsTable
          drafts={visible}
          selected={selection}
          onToggle={toggle}
          onToggleAll={toggleAll}
          busyIds={busyIds}
          onDelete={(draft) => setPending({ kind: 'one', draft })}
        />
        <ShowMoreOrders list={list} />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Draft Management" description="Draft orders across all customers." actions={bulkButton} />
      {drafts.data && (
        <div className="mb-6 grid grid-cols-3 gap-3 sm:gap-4">
          <StatCard label="Drafts" value={all.length} icon={<FileIcon />} />
          <StatCard label="Customers" value={clients} icon={<UsersIcon />} />
          <StatCard label="Draft Budget" value={formatCurrency(totalBudget)} icon={<ClipboardIcon />} />
        </div>
      )}
      <Card>
        <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between">
          <SearchBox label="Search drafts" value={search} onChange={setSearch} placeholder="Search by order, brand or customer" />
          <p className="shrink-0 whitespace-nowrap text-sm text-slate-500" aria-live="polite">
            {selectedIds.length > 0 ? `${selectedIds.length} of ${visible.length} selected` : countOf(visible.length, 'draft')}
          </p>
        </div>
        {content}
      </Card>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'many' ? 'Delete Drafts' : 'Delete Draft'}
        message={
          pending?.kind === 'many'
            ? `Delete ${countOf(pending.ids.length, 'draft')}? This action cannot be undone.`
            : pending?.kind === 'one'
              ? `Delete draft ${pending.draft.estimate_name || 'Untitled order'}? This action cannot be undone.`
              : ''
        }
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </>
  );
};
