/** Media assets: the upload rules, the processing stages and the API's shapes, shared by server and browser. */
import { z } from 'zod';
import { checkSpotLength, parseAdId, SPOT_LENGTHS } from './ad-id';

export const MEDIA_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/**
 * Where an upload is in its processing. `uploaded` waits in the queue, `probing` checks that the
 * file is a playable video, then `thumbnail`, `preview`, and one of the two terminal stages.
 */
export const MEDIA_STAGES = ['uploaded', 'probing', 'thumbnail', 'preview', 'complete', 'error'] as const;
export type MediaStage = (typeof MEDIA_STAGES)[number];
export const isTerminalStage = (stage: string): boolean => stage === 'complete' || stage === 'error';

/** Uploads must be smaller than this: 2 GB (base 1024, as sizes are shown). */
export const MEDIA_MAX_BYTES = 2 * 1024 ** 3;

/** Accepted extensions and the content type each one is stored and served with. */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mxf: 'application/mxf',
  mpg: 'video/mpeg',
  mpeg: 'video/mpeg',
};
/** Content types a browser or tool may declare for those files; anything else is refused. */
const DECLARED_TYPES = new Set([
  ...Object.values(MEDIA_TYPES),
  'video/mpg',
  'video/x-mpeg',
  'video/mp2p',
  'video/mp2t',
  'video/x-m4v',
  'video/mxf',
  'application/octet-stream',
  '',
]);

/** The stored content type of an upload, or undefined when its name or declared type is not allowed. */
export const mediaTypeOf = (filename: string, declaredType: string | undefined): string | undefined => {
  const ext = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase();
  const type = ext ? MEDIA_TYPES[ext] : undefined;
  if (!type) return undefined;
  const declared = (declaredType ?? '').split(';')[0]!.trim().toLowerCase();
  return DECLARED_TYPES.has(declared) ? type : undefined;
};

export const MEDIA_MESSAGES = {
  required: 'File and brand are required',
  unsupportedType: 'Unsupported file type. Allowed types: MP4, MXF, MOV, MPG',
  tooLarge: 'File too large. Maximum size is 2GB',
  brandNotFound: 'Brand not found',
  oneFile: 'Upload one file at a time',
  tooManyFields: 'Too many form fields',
  malformed: 'Malformed multipart body',
  orderNotFound: 'Estimate not found',
  orderOtherBrand: 'The order belongs to another brand',
  notFound: 'Media asset not found',
  deleteRefused: 'Only pending media can be deleted',
  reviewRefused: 'Only pending media can be approved or rejected',
  notChecked: 'This media cannot be approved until its video check has passed',
  statusInvalid: 'Status must be approved or rejected',
  useUpload: 'Media assets are created by uploading a file: POST /api/media/upload (multipart: file, brand_id, optional estimate_id)',
  notAVideo: 'This file is not a playable video',
  fileMissing: 'The uploaded file could not be found',
  processingFailed: 'The video is fine but its preview could not be made; the original will be shown instead',
  checkFailed: 'The file could not be checked; please upload it again',
  deleted: 'This media asset was deleted',
  gone: 'This media asset is no longer available',
  thumbnailMissing: 'No thumbnail is available for this media asset',
  linkInvalid: 'Invalid link',
  linkExpired: 'This link has expired',
  rangeInvalid: 'Requested range not satisfiable',
} as const;

export const mediaAssetSchema = z.object({
  id: z.uuid(),
  filename: z.string(),
  mime_type: z.string(),
  file_size: z.number().int(),
  status: z.enum(MEDIA_STATUSES),
  brand_id: z.uuid(),
  brand_name: z.string(),
  uploaded_by: z.uuid().nullable(),
  uploaded_by_email: z.string().nullable(),
  estimate_id: z.uuid().nullable(),
  duration_seconds: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  video_codec: z.string().nullable(),
  audio_codec: z.string().nullable(),
  processing_stage: z.string(),
  processing_progress: z.number().int(),
  processing_message: z.string().nullable(),
  has_preview: z.boolean(),
  has_thumbnail: z.boolean(),
  /** The commercial's Ad-ID or legacy ISCI code (upper-cased), its booked length and title. */
  ad_id: z.string().nullable(),
  spot_length: z.number().int().nullable(),
  title: z.string().nullable(),
  /** The station's own code for the commercial; the log's house code is the Ad-ID when set, else this. */
  house_number: z.string(),
  house_code: z.string(),
  /** Set when the probed video does not fit the booked length (within a second). */
  spot_length_warning: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MediaAsset = z.infer<typeof mediaAssetSchema>;

export const mediaListQuerySchema = z.object({
  brand_id: z.uuid({ error: 'brand_id must be a brand id' }).optional(),
  status: z.enum(MEDIA_STATUSES, { error: 'status must be pending, approved or rejected' }).optional(),
});

export const MEDIA_TITLE_MAX = 120;
export const HOUSE_NUMBER_MAX = 20;
export const MEDIA_IDENTITY_MESSAGES = {
  spotLength: 'Spot length must be 15, 30 or 60 seconds',
  title: `Title must be at most ${MEDIA_TITLE_MAX} characters`,
  houseNumber: `House number must be 1 to ${HOUSE_NUMBER_MAX} letters, digits or dashes`,
  houseNumberTaken: 'This house number is already used by another commercial',
  houseNumberAdmins: 'Only the station can change a house number',
  aired: 'This commercial has aired: its Ad-ID, length and title can no longer change',
  nothing: 'Nothing to change: send ad_id, spot_length, title or house_number',
} as const;

/** An Ad-ID field: blank means none; otherwise validated and upper-cased (src/domain/ad-id.ts). */
export const adIdField = z
  .string({ error: 'Ad-ID must be text' })
  .max(40, 'Ad-ID must be at most 12 characters')
  .transform((raw, ctx) => {
    if (!raw.trim()) return null;
    const parsed = parseAdId(raw);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    return parsed.value;
  });
export const spotLengthField = z.union([z.literal(SPOT_LENGTHS[0]), z.literal(SPOT_LENGTHS[1]), z.literal(SPOT_LENGTHS[2])], {
  error: MEDIA_IDENTITY_MESSAGES.spotLength,
});
export const mediaTitleField = z
  .string({ error: MEDIA_IDENTITY_MESSAGES.title })
  .trim()
  .max(MEDIA_TITLE_MAX, MEDIA_IDENTITY_MESSAGES.title)
  .transform((v) => v || null);

/** PATCH /api/media/:id: the commercial's identity, by its owner until it airs (house number: admins). */
export const mediaIdentityUpdateSchema = z.object({
  ad_id: adIdField.nullable().optional(),
  spot_length: spotLengthField.nullable().optional(),
  title: mediaTitleField.nullable().optional(),
  house_number: z
    .string({ error: MEDIA_IDENTITY_MESSAGES.houseNumber })
    .trim()
    .toUpperCase()
    .regex(new RegExp(`^[A-Z0-9-]{1,${HOUSE_NUMBER_MAX}}$`), MEDIA_IDENTITY_MESSAGES.houseNumber)
    .optional(),
});
export type MediaIdentityUpdate = z.infer<typeof mediaIdentityUpdateSchema>;

/** The warning shown when the probed video does not fit the booked length; null when it fits or is unknown. */
export const spotLengthWarning = (spotLength: number | null, probedSeconds: number | null): string | null => {
  if (spotLength === null) return null;
  const check = checkSpotLength(spotLength, probedSeconds);
  return check.ok ? null : check.error;
};

export const mediaStatusUpdateSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: MEDIA_MESSAGES.statusInvalid }),
});

/** The upload's answer: `data.uploadId` (the asset's id, to follow its processing), the asset's fields, and the asset again as `data.mediaAsset`. */
export const uploadReplySchema = z.object({ data: mediaAssetSchema.extend({ uploadId: z.uuid(), mediaAsset: mediaAssetSchema }) });

export const MEDIA_VARIANTS = ['original', 'preview', 'thumbnail'] as const;
export type MediaVariant = (typeof MEDIA_VARIANTS)[number];
export const previewUrlQuerySchema = z.object({
  type: z.enum(['preview', 'thumbnail'], { error: 'type must be preview or thumbnail' }).default('preview'),
});
export const urlReplySchema = z.object({ url: z.string() });

/** One server-sent event of GET /api/media/upload-progress/:uploadId. */
export const progressEventSchema = z.object({
  stage: z.enum(MEDIA_STAGES),
  progress: z.number().int().min(0).max(100),
  message: z.string(),
});
export type ProgressEvent = z.infer<typeof progressEventSchema>;
/**
 * An event as the progress stream sends it: the steps before the thumbnail (waiting in the queue,
 * checking the video) are the start of the thumbnail stage, their message saying which.
 */
export const toStreamEvent = (event: ProgressEvent): ProgressEvent =>
  event.stage === 'uploaded' || event.stage === 'probing' ? { stage: 'thumbnail', progress: 0, message: event.message } : event;
