import { clipLengthWarning } from '../../../domain/clip-length';
import { Link } from 'react-router';
import type { MediaAsset, MediaStatus } from '../../../domain/media-schemas';
import { formatBytes } from '../../../domain/format';
import { serverMessage } from '../../api/client';
import { useBrandMedia } from '../../api/media';
import { paths } from '../../config/paths';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';

export const NO_MEDIA_MESSAGE = 'No media for this brand yet — upload one on the Media page';

const STATUS_TONE: Record<MediaStatus, 'amber' | 'green' | 'red'> = { pending: 'amber', approved: 'green', rejected: 'red' };
const STATUS_TEXT: Record<MediaStatus, string> = { pending: 'Pending review', approved: 'Approved', rejected: 'Rejected' };

interface MediaPickerProps {
  brandId: string | null;
  value: string | null;
  onChange: (mediaAssetId: string | null) => void;
}

/** The selected brand's assets as a radio list (filename, size, review status); rejected spots cannot be chosen. */
export const MediaPicker = ({ brandId, value, onChange }: MediaPickerProps) => {
  const media = useBrandMedia(brandId);

  if (!brandId) return <p className="text-sm text-slate-500">Select a brand to choose its media.</p>;
  if (media.isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-slate-500">
        <Spinner className="size-4" /> Loading media…
      </p>
    );
  if (media.isError)
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm text-red-600">
        {serverMessage(media.error, 'Failed to load media')}
        <Button variant="secondary" size="sm" onClick={() => media.refetch()} loading={media.isFetching}>
          Try Again
        </Button>
      </div>
    );
  const assets: MediaAsset[] = media.data;
  if (assets.length === 0)
    return (
      <p className="text-sm text-slate-600">
        {NO_MEDIA_MESSAGE}{' '}
        <Link to={paths.app.media.href()} className="font-medium text-blue-600 hover:underline">
          Go to Media
        </Link>
      </p>
    );

  return (
    <fieldset>
      <legend className="sr-only">Media</legend>
      <ul className="space-y-2">
        {assets.map((asset) => {
          const disabled = asset.status === 'rejected' && asset.id !== value;
          // A clip that runs otherwise than its name says is most likely the wrong file (issue 29, item 22).
          const lengthWarning = clipLengthWarning(asset.filename, asset.duration_seconds);
          return (
            <li key={asset.id}>
              <label
                className={`flex items-center gap-3 rounded-lg border p-3 ${value === asset.id ? 'border-blue-300 bg-blue-50/40' : 'border-slate-200'} ${disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:border-slate-300'}`}
              >
                <input
                  type="radio"
                  name="order-media"
                  value={asset.id}
                  checked={value === asset.id}
                  disabled={disabled}
                  onChange={() => onChange(asset.id)}
                  className="size-4 text-blue-600 focus:ring-blue-500"
                />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium text-slate-900">{asset.filename}</span>
                  <span className="block text-xs text-slate-500">{formatBytes(asset.file_size)}</span>
                  {lengthWarning && value === asset.id && <span className="mt-1 block text-xs text-amber-800">{lengthWarning}</span>}
                </span>
                <Badge tone={STATUS_TONE[asset.status]}>{STATUS_TEXT[asset.status]}</Badge>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
};
