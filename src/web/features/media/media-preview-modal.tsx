import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { formatBytes, mediaCode } from '../../../domain/format';
import type { MediaAsset } from '../../../domain/media-schemas';
import { fetchMediaUrl, fetchPreviewUrl, mediaKeys, useThumbnailUrl } from '../../api/media';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { buttonClasses } from '../../ui/button-styles';
import { AlertIcon } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { MediaIdentityForm } from './media-identity-form';
import { Spinner } from '../../ui/spinner';
import { formatDuration, formatUploadDate, MEDIA_TEXT, STATUS_LABEL, STATUS_TONE, uploaderLabel } from '../../ui/media-display';

const LINK_STALE_MS = 5 * 60 * 1000;

type Kind = 'video' | 'image' | 'none';

/** The low-res preview (or, while there is none, the original) for videos; else the thumbnail; else nothing. */
const kindOf = (asset: MediaAsset): Kind => {
  if (asset.has_preview || asset.mime_type.startsWith('video/')) return 'video';
  if (asset.has_thumbnail) return 'image';
  return 'none';
};

const messageOf = (error: unknown): string => (error instanceof Error && error.message ? error.message : 'Unknown error');

const Failure = ({ children }: { children: string }) => (
  <div
    role="alert"
    className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-lg bg-slate-900 px-4 text-center text-sm text-slate-200"
  >
    <AlertIcon className="size-6 text-red-400" />
    {children}
  </div>
);

const MediaView = ({ asset }: { asset: MediaAsset }) => {
  const kind = kindOf(asset);
  const [failed, setFailed] = useState(false);
  const source = useQuery({
    queryKey: mediaKeys.link(asset.id, kind === 'image' ? 'thumbnail' : 'preview'),
    queryFn: ({ signal }) => fetchPreviewUrl(asset.id, kind === 'image' ? 'thumbnail' : 'preview', signal),
    enabled: kind !== 'none',
    staleTime: LINK_STALE_MS,
    retry: false,
  });
  const poster = useThumbnailUrl(asset);

  if (kind === 'none') return <Failure>{MEDIA_TEXT.notPreviewable}</Failure>;
  if (source.isPending)
    return (
      <div className="flex aspect-video w-full items-center justify-center rounded-lg bg-slate-900 text-slate-200">
        <Spinner className="size-8" label="Loading preview…" />
      </div>
    );
  if (source.isError) return <Failure>{MEDIA_TEXT.loadError(messageOf(source.error))}</Failure>;
  if (failed) return <Failure>{kind === 'video' ? MEDIA_TEXT.videoFailed : MEDIA_TEXT.imageFailed}</Failure>;
  if (kind === 'video')
    return (
      <video
        key={source.data}
        src={source.data}
        poster={poster.data}
        controls
        preload="metadata"
        playsInline
        aria-label={`Preview of ${asset.filename}`}
        onError={() => setFailed(true)}
        className="aspect-video w-full rounded-lg bg-black"
      />
    );
  return (
    <img
      src={source.data}
      alt={`Thumbnail of ${asset.filename}`}
      onError={() => setFailed(true)}
      className="aspect-video w-full rounded-lg bg-black object-contain"
    />
  );
};

const Detail = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="min-w-0">
    <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
    <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
  </div>
);

const DownloadLink = ({ asset }: { asset: MediaAsset }) => {
  const link = useQuery({
    queryKey: mediaKeys.link(asset.id, 'original'),
    queryFn: ({ signal }) => fetchMediaUrl(asset.id, signal),
    staleTime: LINK_STALE_MS,
    retry: false,
  });
  if (!link.data)
    return (
      <Button variant="secondary" disabled loading={link.isPending} title={link.isError ? MEDIA_TEXT.loadError(messageOf(link.error)) : undefined}>
        Download
      </Button>
    );
  return (
    <a href={link.data} download={asset.filename} className={buttonClasses({ variant: 'secondary' })}>
      Download
    </a>
  );
};

interface MediaPreviewModalProps {
  asset: MediaAsset | null;
  onClose: () => void;
  /** Shows Approve and Reject for a pending asset (administrators). */
  actionsEnabled?: boolean;
  onApprove?: (asset: MediaAsset) => void;
  onReject?: (asset: MediaAsset) => void;
  busy?: boolean;
}

/** The preview shared by the Media page and Media Approvals: the video or image, its details, Download and review. */
export const MediaPreviewModal = ({ asset, onClose, actionsEnabled = false, onApprove, onReject, busy = false }: MediaPreviewModalProps) => {
  if (!asset) return null;
  const reviewable = actionsEnabled && asset.status === 'pending';
  return (
    <Modal
      open
      onClose={onClose}
      title={asset.filename}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} data-autofocus>
            Close
          </Button>
          <DownloadLink asset={asset} />
          {reviewable && (
            <>
              <Button variant="danger" disabled={busy} onClick={() => onReject?.(asset)}>
                Reject
              </Button>
              <Button disabled={busy} onClick={() => onApprove?.(asset)}>
                Approve
              </Button>
            </>
          )}
        </>
      }
    >
      <MediaView key={asset.id} asset={asset} />
      <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Detail label="Filename">{asset.filename}</Detail>
        <Detail label="Media code">
          <span className="font-mono">{mediaCode(asset.id)}</span>
        </Detail>
        <Detail label="House code">
          <span className="font-mono">{asset.house_code}</span>
        </Detail>
        <Detail label="Ad-ID">{asset.ad_id ? <span className="font-mono">{asset.ad_id}</span> : 'No Ad-ID'}</Detail>
        <Detail label="Title">{asset.title ?? '—'}</Detail>
        <Detail label="Spot length">{asset.spot_length ? `:${asset.spot_length}` : '—'}</Detail>
        <Detail label="Type">{asset.mime_type}</Detail>
        <Detail label="Size">{formatBytes(asset.file_size)}</Detail>
        <Detail label="Brand">{asset.brand_name}</Detail>
        <Detail label="Uploader">{uploaderLabel(asset)}</Detail>
        <Detail label="Upload date">{formatUploadDate(asset.created_at, true)}</Detail>
        <Detail label="Status">
          <Badge tone={STATUS_TONE[asset.status]}>{STATUS_LABEL[asset.status]}</Badge>
        </Detail>
        {asset.duration_seconds != null && <Detail label="Duration">{formatDuration(asset.duration_seconds)}</Detail>}
        {asset.width != null && asset.height != null && (
          <Detail label="Resolution">
            {asset.width}×{asset.height}
          </Detail>
        )}
      </dl>
      <MediaIdentityForm key={`${asset.id}|${asset.updated_at}`} asset={asset} />
    </Modal>
  );
};
