import { formatBytes, mediaCode } from '../../../domain/format';
import type { MediaAsset } from '../../../domain/media-schemas';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { shownFrom, Table, Th } from '../../ui/table';
import { useSortedTable } from '../../ui/use-sorted-table';
import { UnavailableAction } from '../../ui/unavailable-action';
import { compactCell, compactHeader } from '../../ui/table-styles';
import { formatDuration, formatUploadDate, isProcessing, processingLabel, STATUS_LABEL, STATUS_TONE, timeOf } from '../../ui/media-display';
import { MediaThumbnail } from '../../ui/media-thumbnail';

/**
 * Column priority: code and size have their own columns on wide screens and sit under the filename
 * below that; duration from a tablet, brand and date from a laptop on.
 */
const WIDE = shownFrom('2xl', false);
const FROM_TABLET = shownFrom('md');
const FROM_LAPTOP = shownFrom('lg');

const sortValues = {
  code: (a: MediaAsset) => mediaCode(a.id),
  filename: (a: MediaAsset) => a.filename,
  brand: (a: MediaAsset) => a.brand_name,
  size: (a: MediaAsset) => a.file_size,
  duration: (a: MediaAsset) => a.duration_seconds,
  status: (a: MediaAsset) => a.status,
  uploaded: (a: MediaAsset) => timeOf(a.created_at),
};

export const DELETE_ONLY_PENDING = 'Only pending media can be deleted';
const dangerGhost = 'text-red-600 hover:bg-red-50 hover:text-red-700';

interface MediaLibraryTableProps {
  assets: readonly MediaAsset[];
  admin: boolean;
  busyIds: ReadonlySet<string>;
  onPreview: (asset: MediaAsset) => void;
  onApprove: (asset: MediaAsset) => void;
  onReject: (asset: MediaAsset) => void;
  onDelete: (asset: MediaAsset) => void;
}

export const MediaLibraryTable = ({ assets, admin, busyIds, onPreview, onApprove, onReject, onDelete }: MediaLibraryTableProps) => {
  const { rows, header } = useSortedTable(assets, sortValues, { key: 'uploaded', direction: 'desc' }, `whitespace-nowrap ${compactHeader}`);

  return (
    <Table caption="Media assets">
      <thead className="bg-slate-50">
        <tr>
          <Th className={`relative ${compactHeader}`}>
            <span className="sr-only">Thumbnail</span>
          </Th>
          {header('Code', 'code', WIDE)}
          {header('Filename', 'filename')}
          {header('Brand', 'brand', FROM_LAPTOP)}
          {header('Size', 'size', `text-right ${WIDE}`)}
          {header('Duration', 'duration', `text-right ${FROM_TABLET}`)}
          {header('Status', 'status')}
          {header('Date', 'uploaded', FROM_LAPTOP)}
          <Th className={`relative text-right ${compactHeader}`}>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 bg-white">
        {rows.map((asset) => {
          const busy = busyIds.has(asset.id);
          const pending = asset.status === 'pending';
          const processing = isProcessing(asset);
          return (
            <tr key={asset.id} className="hover:bg-slate-50">
              <td className={compactCell}>
                <MediaThumbnail asset={asset} />
              </td>
              <td className={`${compactCell} ${WIDE} whitespace-nowrap font-mono text-xs`}>{mediaCode(asset.id)}</td>
              <td className={`${compactCell} max-w-32 sm:max-w-48`} title={asset.filename}>
                <span className="block truncate font-medium text-slate-900">{asset.filename}</span>
                {(asset.title || asset.ad_id) && (
                  <span className="block truncate text-xs text-slate-600">
                    {asset.title}
                    {asset.title && asset.ad_id && ' · '}
                    {asset.ad_id && <span className="font-mono">Ad-ID {asset.ad_id}</span>}
                  </span>
                )}
                <span className="block truncate text-xs text-slate-500 2xl:hidden">
                  <span className="font-mono">{mediaCode(asset.id)}</span> · {formatBytes(asset.file_size)}
                </span>
              </td>
              <td className={`${compactCell} ${FROM_LAPTOP}`}>{asset.brand_name}</td>
              <td className={`${compactCell} ${WIDE} whitespace-nowrap text-right tabular-nums`}>{formatBytes(asset.file_size)}</td>
              <td className={`${compactCell} ${FROM_TABLET} text-right tabular-nums`}>{formatDuration(asset.duration_seconds)}</td>
              <td className={compactCell}>
                <div className="flex flex-col items-start gap-1">
                  <Badge tone={STATUS_TONE[asset.status]}>{STATUS_LABEL[asset.status]}</Badge>
                  <span
                    className={`flex items-center gap-1 text-xs ${asset.processing_stage === 'error' ? 'text-red-600' : 'text-slate-500'}`}
                    title={asset.processing_message ?? undefined}
                  >
                    {processing && <Spinner className="size-3" />}
                    {processingLabel(asset)}
                  </span>
                </div>
              </td>
              <td className={`${compactCell} ${FROM_LAPTOP} whitespace-nowrap`}>{formatUploadDate(asset.created_at)}</td>
              <td className={`${compactCell} text-right`}>
                <div className="ml-auto flex max-w-44 flex-wrap justify-end gap-1">
                  <Button variant="secondary" size="sm" className="px-2.5!" aria-label={`Preview ${asset.filename}`} onClick={() => onPreview(asset)}>
                    Preview
                  </Button>
                  {admin && pending && (
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
                  {admin || pending ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      loading={busy}
                      aria-label={`Delete ${asset.filename}`}
                      className={`px-2.5! ${dangerGhost}`}
                      onClick={() => onDelete(asset)}
                    >
                      Delete
                    </Button>
                  ) : (
                    <UnavailableAction label={`Delete ${asset.filename}`} reason={DELETE_ONLY_PENDING} className={dangerGhost}>
                      Delete
                    </UnavailableAction>
                  )}
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
};
