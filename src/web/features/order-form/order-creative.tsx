import { useState, type ReactNode } from 'react';
import { clipLengthWarning } from '../../../domain/clip-length';
import type { MediaAsset } from '../../../domain/media-schemas';
import { serverMessage } from '../../api/client';
import { MediaPreviewModal } from '../media/media-preview-modal';
import { formatDuration, identityLine, STATUS_LABEL, STATUS_TONE } from '../../ui/media-display';
import { MediaThumbnail } from '../../ui/media-thumbnail';
import { useMediaActions } from '../media/use-media-actions';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { Section } from './section';

interface OrderCreativeProps {
  asset: { data: MediaAsset | undefined; isPending: boolean; error: unknown };
}

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <div>
    <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
    <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
  </div>
);

/**
 * The spot the order airs, for the traffic desk before it decides (decision 018): thumbnail, Play
 * (the preview with Approve and Reject while it is pending), duration, resolution and status, and its
 * Ad-ID, booked length and running time as Media Approvals shows them (issue 44).
 */
export const OrderCreative = ({ asset }: OrderCreativeProps) => {
  const [playing, setPlaying] = useState(false);
  const { review, busyIds } = useMediaActions();
  const media = asset.data;
  const lengthWarning = media ? (media.spot_length_warning ?? clipLengthWarning(media.filename, media.duration_seconds)) : null;
  return (
    <>
      <Section title="Creative" description="The spot this order airs.">
        {asset.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-500">
            <Spinner className="size-4" /> Loading media…
          </p>
        ) : !media ? (
          <p className="text-sm text-red-600">{serverMessage(asset.error, 'Failed to load media')}</p>
        ) : (
          // Laid out by the section's own width (a container query): beside the sidebar a tablet's is narrow.
          <div className="@container">
            <div className="flex flex-col gap-4 @2xl:flex-row @2xl:items-center">
              <div className="flex items-center gap-3">
                <MediaThumbnail asset={media} />
                <Button variant="secondary" onClick={() => setPlaying(true)} aria-label={`Play ${media.filename}`}>
                  Play
                </Button>
              </div>
              <dl className="grid min-w-0 flex-1 grid-cols-2 gap-3 @xl:grid-cols-4">
                <Fact label="File">
                  <span className="block truncate" title={media.filename}>
                    {media.filename}
                  </span>
                </Fact>
                <Fact label="Duration">{media.duration_seconds != null ? formatDuration(media.duration_seconds) : '—'}</Fact>
                <Fact label="Resolution">{media.width != null && media.height != null ? `${media.width}×${media.height}` : '—'}</Fact>
                <Fact label="Media status">
                  <Badge tone={STATUS_TONE[media.status]}>{STATUS_LABEL[media.status]}</Badge>
                </Fact>
              </dl>
            </div>
            <p className="mt-3 text-sm text-slate-700">{identityLine(media)}</p>
            {lengthWarning && (
              <p role="status" className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
                {lengthWarning}
              </p>
            )}
          </div>
        )}
      </Section>
      {playing && media && (
        <MediaPreviewModal
          asset={media}
          onClose={() => setPlaying(false)}
          actionsEnabled
          busy={busyIds.has(media.id)}
          onApprove={(chosen) => review.mutate({ asset: chosen, status: 'approved' }, { onSuccess: () => setPlaying(false) })}
          onReject={(chosen) => review.mutate({ asset: chosen, status: 'rejected' }, { onSuccess: () => setPlaying(false) })}
        />
      )}
    </>
  );
};
