import { useQuery } from '@tanstack/react-query';
import { API_BASE } from '../../domain/constants';
import type { MediaAsset, MediaStatus, ProgressEvent } from '../../domain/media-schemas';
import { ApiError, isApiError, parseJson, sendForm } from './client';
import { api, type BodyOf } from './typed';
import { readToken } from './token-storage';

export interface MediaFilter {
  brand_id?: string;
  status?: MediaStatus;
}

export const mediaKeys = {
  all: ['media'] as const,
  list: (filter: MediaFilter = {}) => ['media', 'list', filter] as const,
  link: (id: string, kind: 'original' | 'preview' | 'thumbnail') => ['media', 'link', id, kind] as const,
};

/** The media library; a server without the media endpoint (404) answers as an empty library. */
export const fetchMedia = async (filter: MediaFilter = {}, signal?: AbortSignal): Promise<MediaAsset[]> => {
  try {
    return (await api.get('/api/media', { query: { brand_id: filter.brand_id || undefined, status: filter.status || undefined }, signal })) ?? [];
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
};

/** The assets of one brand; nothing is asked until a brand is chosen. */
export const useBrandMedia = (brandId: string | null) =>
  useQuery({
    queryKey: mediaKeys.list({ brand_id: brandId ?? '' }),
    queryFn: ({ signal }) => fetchMedia({ brand_id: brandId ?? undefined }, signal),
    enabled: Boolean(brandId),
  });

const PROCESSING_POLL_MS = 3000;
const stillProcessing = (assets: readonly MediaAsset[] | undefined): boolean =>
  Boolean(assets?.some((asset) => asset.processing_stage !== 'complete' && asset.processing_stage !== 'error'));

/** The whole library (optionally one brand or one status); asked again every few seconds while an asset is being processed. */
export const useMediaList = (filter: MediaFilter = {}) =>
  useQuery({
    queryKey: mediaKeys.list(filter),
    queryFn: ({ signal }) => fetchMedia(filter, signal),
    refetchInterval: (query) => (stillProcessing(query.state.data) ? PROCESSING_POLL_MS : false),
  });

export const fetchMediaAsset = (id: string, signal?: AbortSignal) => api.get('/api/media/{id}', { path: { id }, signal });

/** One asset (an order's spot); nothing is asked without an id. Refreshed with every media list. */
export const useMediaAsset = (id: string | null) =>
  useQuery({ queryKey: [...mediaKeys.all, 'asset', id ?? ''], queryFn: ({ signal }) => fetchMediaAsset(id ?? '', signal), enabled: Boolean(id) });

/** pending → approved or rejected (admins). */
export const updateMediaStatus = (id: string, status: 'approved' | 'rejected') => api.put('/api/media/{id}', { path: { id }, body: { status } });

/** The commercial's Ad-ID, booked length and title (owner, until it airs); house number (admins). */
export const updateMediaIdentity = (id: string, body: BodyOf<'/api/media/{id}', 'patch'>) => api.patch('/api/media/{id}', { path: { id }, body });

export const deleteMedia = (id: string) => api.delete('/api/media/{id}', { path: { id } });

/** A short-lived signed link to the original file (usable in <video src> and as a download link). */
export const fetchMediaUrl = async (id: string, signal?: AbortSignal): Promise<string> => (await api.get('/api/media/{id}/url', { path: { id }, signal })).url;

/** A signed link to the low-resolution preview (the original while there is none) or to the thumbnail. */
export const fetchPreviewUrl = async (id: string, type: 'preview' | 'thumbnail', signal?: AbortSignal): Promise<string> =>
  (await api.get('/api/media/{id}/preview-url', { path: { id }, query: { type }, signal })).url;

/** The signed thumbnail link of an asset that has one; links live an hour, so they are reused for a while. */
export const useThumbnailUrl = (asset: Pick<MediaAsset, 'id' | 'has_thumbnail'>) =>
  useQuery({
    queryKey: mediaKeys.link(asset.id, 'thumbnail'),
    queryFn: ({ signal }) => fetchPreviewUrl(asset.id, 'thumbnail', signal),
    enabled: asset.has_thumbnail,
    staleTime: 30 * 60 * 1000,
    retry: false,
  });

export interface UploadInput {
  file: File;
  brandId: string;
  estimateId?: string;
  /** The commercial's Ad-ID (or ISCI), booked length and title, when given. */
  adId?: string;
  spotLength?: string;
  title?: string;
  /** Bytes sent so far out of the total, as the browser reports them. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

export interface UploadResult {
  uploadId: string;
  mediaAsset: MediaAsset;
}

/**
 * POST /api/media/upload as multipart (brand_id first, then estimate_id, then the file), sent
 * with progress (sendForm). Failures are ApiErrors with the spec's message mapping; an aborted
 * upload rejects with an AbortError.
 */
export const uploadMedia = async ({ file, brandId, estimateId, adId, spotLength, title, onProgress, signal }: UploadInput): Promise<UploadResult> => {
  const form = new FormData();
  form.append('brand_id', brandId);
  if (estimateId) form.append('estimate_id', estimateId);
  if (adId?.trim()) form.append('ad_id', adId.trim());
  if (spotLength) form.append('spot_length', spotLength);
  if (title?.trim()) form.append('title', title.trim());
  form.append('file', file, file.name);
  const body = await sendForm<{ data?: UploadResult } | null>('/media/upload', form, { onProgress, signal });
  if (!body?.data?.uploadId) throw new ApiError('Unexpected reply from the server', 200, body);
  return body.data;
};

/** The address of an upload's server-sent progress events; EventSource sends no headers, so the token goes in the query. */
export const uploadProgressUrl = (uploadId: string): string => {
  const token = readToken();
  return `${API_BASE}/media/upload-progress/${encodeURIComponent(uploadId)}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
};

/** One progress event's JSON, or null when it cannot be read. */
export const parseProgressEvent = (data: unknown): ProgressEvent | null => {
  if (typeof data !== 'string') return null;
  const value = parseJson(data);
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  if (typeof record.stage !== 'string') return null;
  return {
    stage: record.stage as ProgressEvent['stage'],
    progress: typeof record.progress === 'number' ? record.progress : 0,
    message: typeof record.message === 'string' ? record.message : '',
  };
};
