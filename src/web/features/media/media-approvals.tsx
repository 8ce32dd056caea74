import { useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import type { MediaAsset, MediaStatus } from '../../../domain/media-schemas';
import { useMediaList } from '../../api/media';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { CheckCircleIcon, FilmIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';
import { TabList, TabPanel } from '../../ui/tabs';
import { PageSpinner } from '../../ui/spinner';
import { LoadError } from '../../ui/load-error';
import { ApprovalsTable } from './approvals-table';
import { DeleteMediaDialog } from './delete-media-dialog';
import { MEDIA_TEXT } from '../../ui/media-display';
import { MediaPreviewModal } from './media-preview-modal';
import { useMediaActions } from './use-media-actions';

type Tab = MediaStatus | 'all';
const TABS: readonly { key: Tab; label: string; empty: string; description: string }[] = [
  { key: 'pending', label: 'Pending', empty: 'No pending media', description: 'Every uploaded spot has been reviewed.' },
  { key: 'approved', label: 'Approved', empty: 'No approved media', description: 'Approved spots appear here.' },
  { key: 'rejected', label: 'Rejected', empty: 'No rejected media', description: 'Rejected spots appear here.' },
  { key: 'all', label: 'All', empty: 'No media', description: 'Nothing has been uploaded yet.' },
];

const inTab = (tab: Tab) => (asset: MediaAsset) => tab === 'all' || asset.status === tab;

/** The traffic desk's review screen: tabs by status, bulk approve/reject of pending spots, preview and delete. */
export const MediaApprovals = () => {
  const media = useMediaList();
  const { review, remove, bulk, busyIds } = useMediaActions();
  const [tab, setTab] = useState<Tab>('pending');
  const [selection, setSelection] = useState<ReadonlySet<string>>(new Set());
  const [previewing, setPreviewing] = useState<MediaAsset | null>(null);
  const [deleting, setDeleting] = useState<MediaAsset | null>(null);
  const tabsId = useId();

  useEffect(() => {
    if (media.isError) toast.error(MEDIA_TEXT.loadFailed, { id: 'media-approvals-load' });
  }, [media.isError]);

  const all = media.data ?? [];
  const counts: Record<Tab, number> = {
    pending: all.filter(inTab('pending')).length,
    approved: all.filter(inTab('approved')).length,
    rejected: all.filter(inTab('rejected')).length,
    all: all.length,
  };
  const visible = all.filter(inTab(tab));
  // The open preview follows the list as it refreshes.
  const previewAsset = previewing ? (all.find((asset) => asset.id === previewing.id) ?? previewing) : null;
  const visiblePending = visible.filter((asset) => asset.status === 'pending');
  // Only pending rows still shown count as selected (another admin may have reviewed some).
  const selectedIds = visiblePending.filter((asset) => selection.has(asset.id)).map((asset) => asset.id);

  const toggle = (id: string) =>
    setSelection((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = (select: boolean) => setSelection(select ? new Set(visiblePending.map((asset) => asset.id)) : new Set());
  const clearSelection = () => setSelection(new Set());

  const reviewOne = (asset: MediaAsset, status: 'approved' | 'rejected') =>
    review.mutate(
      { asset, status },
      {
        onSuccess: () => {
          setPreviewing(null);
          setSelection((previous) => new Set([...previous].filter((id) => id !== asset.id)));
        },
      },
    );
  // A spot whose file does not run its booked length is approved only after the desk confirms it (issue 44).
  const [mismatched, setMismatched] = useState<MediaAsset | null>(null);
  const approveOne = (asset: MediaAsset) => (asset.spot_length_warning ? setMismatched(asset) : reviewOne(asset, 'approved'));
  const reviewSelected = (status: 'approved' | 'rejected') => {
    if (selectedIds.length === 0) return;
    bulk.mutate({ ids: selectedIds, status }, { onSettled: clearSelection });
  };
  const confirmDelete = (asset: MediaAsset) =>
    remove.mutate(asset, {
      onSettled: () => {
        setDeleting(null);
        setSelection((previous) => new Set([...previous].filter((id) => id !== asset.id)));
      },
    });

  const current = TABS.find((entry) => entry.key === tab)!;
  let content;
  if (media.isPending) content = <PageSpinner label="Loading media…" />;
  else if (media.isError) content = <LoadError title={MEDIA_TEXT.loadFailed} error={media.error} retrying={media.isFetching} onRetry={() => media.refetch()} />;
  else if (visible.length === 0)
    content = <EmptyState icon={tab === 'pending' ? <CheckCircleIcon /> : <FilmIcon />} title={current.empty} description={current.description} />;
  else
    content = (
      <ApprovalsTable
        assets={visible}
        caption={`${current.label} media`}
        selected={selection}
        onToggle={toggle}
        onToggleAll={toggleAll}
        busyIds={busyIds}
        onPreview={setPreviewing}
        onApprove={approveOne}
        onReject={(asset) => reviewOne(asset, 'rejected')}
        onDelete={setDeleting}
      />
    );

  return (
    <>
      <PageHeader
        title="Media Approvals"
        description="Review uploaded media before it goes on air."
        actions={media.data ? <Badge tone={counts.pending > 0 ? 'amber' : 'slate'}>{counts.pending} pending</Badge> : undefined}
      />
      <Card>
        <TabList
          id={tabsId}
          label="Media status"
          tabs={TABS.map((entry) => ({
            key: entry.key,
            label: (
              <>
                {entry.label}
                <span
                  className={`rounded-full px-2 py-0.5 text-xs tabular-nums ${entry.key === tab ? 'bg-blue-100 text-blue-700' : 'bg-slate-100 text-slate-600'}`}
                >
                  {counts[entry.key]}
                </span>
              </>
            ),
          }))}
          active={tab}
          onChange={setTab}
        />
        <TabPanel id={tabsId} active={tab}>
          {/* The bulk actions appear with a selection (checkboxes are on pending rows only). */}
          {selectedIds.length > 0 && (
            <div className="flex flex-col gap-3 border-b border-slate-200 bg-slate-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-600" aria-live="polite">
                {selectedIds.length} selected
              </p>
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  disabled={bulk.isPending}
                  loading={bulk.isPending && bulk.variables?.status === 'approved'}
                  onClick={() => reviewSelected('approved')}
                >
                  Approve All
                </Button>
                <Button
                  variant="danger"
                  size="sm"
                  disabled={bulk.isPending}
                  loading={bulk.isPending && bulk.variables?.status === 'rejected'}
                  onClick={() => reviewSelected('rejected')}
                >
                  Reject All
                </Button>
                <Button variant="secondary" size="sm" disabled={bulk.isPending} onClick={clearSelection}>
                  Clear Selection
                </Button>
              </div>
            </div>
          )}
          {content}
        </TabPanel>
      </Card>
      <MediaPreviewModal
        asset={previewAsset}
        onClose={() => setPreviewing(null)}
        actionsEnabled
        onApprove={approveOne}
        onReject={(asset) => reviewOne(asset, 'rejected')}
        busy={review.isPending}
      />
      <ConfirmDialog
        open={mismatched !== null}
        title="Approve a spot of the wrong length?"
        message={`${mismatched?.filename ?? ''}: ${mismatched?.spot_length_warning ?? ''}`}
        confirmLabel="Approve Anyway"
        busy={review.isPending}
        onConfirm={() => {
          if (mismatched) reviewOne(mismatched, 'approved');
          setMismatched(null);
        }}
        onCancel={() => setMismatched(null)}
      />
      <DeleteMediaDialog asset={deleting} busy={remove.isPending} onConfirm={confirmDelete} onCancel={() => setDeleting(null)} />
    </>
  );
};
