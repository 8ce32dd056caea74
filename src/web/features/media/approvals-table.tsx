import { useEffect, useRef } from 'react';
import { formatBytes } from '../../../domain/format';
import type { MediaAsset } from '../../../domain/media-schemas';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { shownFrom, Table, Th } from '../../ui/table';
import { useSortedTable } from '../../ui/use-sorted-table';
import { compactCell, compactHeader } from '../../ui/table-styles';
import { formatUploadDate, identityLine, STATUS_LABEL, STATUS_TONE, timeOf, uploaderLabel } from '../../ui/media-display';

const sortValues = {
  filename: (a: MediaAsset) => a.filename,
  type: (a: MediaAsset) => a.mime_type,
  size: (a: MediaAsset) => a.file_size,
  brand: (a: MediaAsset) => a.brand_name,
  status: (a: MediaAsset) => a.status,
  uploader: (a: MediaAsset) => a.uploaded_by_email,
  date: (a: MediaAsset) => timeOf(a.created_at),
};

const checkboxClasses = 'size-4 cursor-pointer rounded border-slate-300 text-blue-600 accent-blue-600 focus-visible:outline-2 focus-visible:outline-blue-600';
const dangerGhost = 'text-red-600 hover:bg-red-50 hover:text-red-700';
/**
 * Column priority: type and size have their own columns on wide screens and sit under the filename
 * below that; brand, uploader and date from a laptop on (a phone keeps filename, status and actions).
 */
const wide = shownFrom('2xl', false);
const fromLaptop = shownFrom('lg');

interface ApprovalsTableProps {
  assets: readonly MediaAsset[];
  caption: string;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  /** Selects or clears every pending row shown. */
  onToggleAll: (select: boolean) => void;
  busyIds: ReadonlySet<string>;
  onPreview: (asset: MediaAsset) => void;
  onApprove: (asset: MediaAsset) => void;
  onReject: (asset: MediaAsset) => void;
  onDelete: (asset: MediaAsset) => void;
}

export const ApprovalsTable = ({
  assets,
  caption,
  selected,
  onToggle,
  onToggleAll,
  busyIds,
  onPreview,
  onApprove,
  onReject,
  onDelete,
}: ApprovalsTableProps) => {
  const { rows, header } = useSortedTable(assets, sortValues, { key: 'date', direction: 'desc' }, `whitespace-nowrap ${compactHeader}`);
  const pendingRows = assets.filter((asset) => asset.status === 'pending');
  const selectedCount = pendingRows.filter((asset) => selected.has(asset.id)).length;
  const allSelected = pendingRows.length > 0 && selectedCount === pendingRows.length;
  const someSelected = selectedCount > 0 && !allSelected;
  const selectAllRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = someSelected;
  }, [someSelected]);

  return (
    <Table caption={caption}>
      <thead className="bg-slate-50">
        <tr>
          <Th className={`relative w-10 ${compactHeader}`}>
            {pendingRows.length > 0 ? (
              <input
                ref={selectAllRef}
                type="checkbox"
                aria-label="Select all pending media"
                className={checkboxClasses}
                checked={allSelected}
                onChange={(event) => onToggleAll(event.target.checked)}
              />
            ) : (
              <span className="sr-only">Selection</span>
            )}
          </Th>
          {header('Filename', 'filename')}
          {header('Type', 'type', wide)}
          {header('Size', 'size', `text-right ${wide}`)}
          {header('Brand', 'brand', fromLaptop)}
          {header('Status', 'status')}
          {header('Uploaded By', 'uploader', fromLaptop)}
          {header('Date', 'date', fromLaptop)}
          <Th className={`relative text-right ${compactHeader}`}>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 bg-white">
        {rows.map((asset) => {
          const pending = asset.status === 'pending';
          const isSelected = pending && selected.has(asset.id);
          const busy = busyIds.has(asset.id);
          return (
            <tr key={asset.id} className={isSelected ? 'bg-blue-50/60' : 'hover:bg-slate-50'}>
              <td className={compactCell}>
                {pending && (
                  <input
                    type="checkbox"
                    aria-label={`Select ${asset.filename}`}
                    className={checkboxClasses}
                    checked={isSelected}
                    disabled={busy}
                    onChange={() => onToggle(asset.id)}
                  />
                )}
              </td>
              <td className={`${compactCell} max-w-32 sm:max-w-48`} title={asset.filename}>
                <span className="block truncate font-medium text-slate-900">{asset.filename}</span>
                <span className="block truncate text-xs text-slate-500 2xl:hidden">
                  {asset.mime_type} · {formatBytes(asset.file_size)}
                </span>
                <span className="block truncate text-xs text-slate-600">{identityLine(asset)}</span>
                {asset.spot_length_warning && (
                  <span className="block text-xs whitespace-normal text-amber-700" role="note">
                    {asset.spot_length_warning}
                  </span>
                )}
              </td>
              <td className={`${compactCell} ${wide} whitespace-nowrap text-xs`}>{asset.mime_type}</td>
              <td className={`${compactCell} ${wide} whitespace-nowrap text-right tabular-nums`}>{formatBytes(asset.file_size)}</td>
              <td className={`${compactCell} ${fromLaptop}`}>{asset.brand_name}</td>
              <td className={compactCell}>
                <Badge tone={STATUS_TONE[asset.status]}>{STATUS_LABEL[asset.status]}</Badge>
              </td>
              <td className={`${compactCell} ${fromLaptop} max-w-40 truncate`} title={asset.uploaded_by_email ?? undefined}>
                {uploaderLabel(asset)}
              </td>
              <td className={`${compactCell} ${fromLaptop} whitespace-nowrap`}>{formatUploadDate(asset.created_at)}</td>
              <td className={`${compactCell} text-right`}>
                <div className="ml-auto flex max-w-44 flex-wrap justify-end gap-1">
                  <Button variant="secondary" size="sm" className="px-2.5!" aria-label={`Preview ${asset.filename}`} onClick={() => onPreview(asset)}>
                    Preview
                  </Button>
                  {pending && (
                    <>
                      <Button size="sm" className="px-2.5!" disabled={busy} aria-label={`Approve ${asset.filename}`} onClick={() => onApprove(asset)}>
                        Approve
                      </Button>
                      <Button
                        variant="danger"
                        size="sm"
                        className="px-2.5!"
                        disabled={busy}
                        aria-label={`Reject ${asset.filename}`}
                        onClick={() => onReject(asset)}
                      >
                        Reject
                      </Button>
                    </>
                  )}
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={busy}
                    aria-label={`Delete ${asset.filename}`}
                    className={`px-2.5! ${dangerGhost}`}
                    onClick={() => onDelete(asset)}
                  >
                    Delete
                  </Button>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
};
