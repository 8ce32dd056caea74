import { formatInstantDate, formatInstantDateTime } from '../shared/station-time';
import type { MediaAsset, MediaStage, MediaStatus } from '../../domain/media-schemas';

/** Every toast and failure text of the spec's 'Media approvals' list. */
export const MEDIA_TEXT = {
  loadFailed: 'Failed to load media assets',
  approved: 'Media asset approved',
  rejected: 'Media asset rejected',
  deleted: 'Media asset deleted',
  approveFailed: 'Failed to approve media asset',
  rejectFailed: 'Failed to reject media asset',
  deleteFailed: 'Failed to delete media asset',
  bulkApproved: (n: number) => `${n} media assets approved`,
  bulkRejected: (n: number) => `${n} media assets rejected`,
  bulkApproveFailed: 'Failed to approve selected media assets',
  bulkRejectFailed: 'Failed to reject selected media assets',
  loadError: (message: string) => `Error loading media: ${message}`,
  imageFailed: 'Failed to load image',
  videoFailed: 'Failed to load video',
  notPreviewable: 'Preview not available for this file type',
} as const;

export const UNKNOWN_UPLOADER = 'Unknown';
export const uploaderLabel = (asset: Pick<MediaAsset, 'uploaded_by_email'>): string => asset.uploaded_by_email?.trim() || UNKNOWN_UPLOADER;

export const STATUS_TONE: Record<MediaStatus, 'amber' | 'green' | 'red'> = { pending: 'amber', approved: 'green', rejected: 'red' };
export const STATUS_LABEL: Record<MediaStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

/** What the progress bar says for each server stage (the transfer itself is 'Uploading…'). */
export const UPLOADING_LABEL = 'Uploading…';
export const STAGE_LABEL: Record<MediaStage, string> = {
  uploaded: 'Waiting to be processed…',
  probing: 'Checking the video…',
  thumbnail: 'Creating thumbnail…',
  preview: 'Creating preview…',
  complete: 'Complete',
  error: 'Processing failed',
};

/** How far processing has come, for the library's "processing state" column. */
export const processingLabel = (asset: Pick<MediaAsset, 'processing_stage' | 'processing_progress'>): string => {
  const stage = asset.processing_stage as MediaStage;
  if (stage === 'complete') return 'Ready';
  if (stage === 'error') return 'Failed';
  const label = (STAGE_LABEL[stage] ?? 'Processing…').replace(/…$/, '');
  return `${label} (${Math.round(asset.processing_progress)}%)`;
};

export const isProcessing = (asset: Pick<MediaAsset, 'processing_stage'>): boolean =>
  asset.processing_stage !== 'complete' && asset.processing_stage !== 'error';

/** Seconds as m:ss (or h:mm:ss); '—' when unknown. */
export const formatDuration = (seconds: number | null | undefined): string => {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return '—';
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
};

/** The upload's day (and clock) at the station, in the app's one format (decision 017). */
export const formatUploadDate = (timestamp: string, withTime = false): string => (withTime ? formatInstantDateTime(timestamp) : formatInstantDate(timestamp));

export const timeOf = (timestamp: string): number => new Date(timestamp).getTime() || 0;

/** A spot's identity on review screens: its Ad-ID (or "No Ad-ID"), its booked length and how long the file runs. */
export const identityLine = (asset: Pick<MediaAsset, 'ad_id' | 'spot_length' | 'duration_seconds'>): string =>
  [
    asset.ad_id ? `Ad-ID ${asset.ad_id}` : 'No Ad-ID',
    asset.spot_length ? `booked ${asset.spot_length}s` : 'no booked length',
    asset.duration_seconds != null ? `runs ${formatDuration(asset.duration_seconds)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
