/**
 * POST /api/media/upload: the multipart body streams straight into storage (no buffering) under
 * a generated key. Fields may come before or after the file; when the brand comes after, it is
 * checked once the file is stored, and the file is removed if the upload is refused. Any
 * failure (refusal, size limit, client gone) leaves no file behind.
 */
import { randomUUID } from 'node:crypto';
import { pipeline, Transform } from 'node:stream';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AD_ID_MESSAGES } from '../../../domain/ad-id';
import { MEDIA_MESSAGES, mediaIdentityUpdateSchema, mediaTypeOf, type MediaAsset } from '../../../domain/media-schemas';
import { cleanFileName, firstIssueField, firstIssueMessage } from '../../../domain/validation';
import { mediaAssets } from '../../db/schema';
import { isUniqueViolation, type Db } from '../../platform/db';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors';
import { actorOf } from '../auth/guard';
import type { Actor } from '../auth/service';
import { assertBrandAccess } from '../brands/service';
import { readableOrder } from '../orders/public';
import { getMedia } from './queries';
import { PROCESS_MEDIA_JOB, stageMessage } from './processing';
import type { MediaRuntime } from './runtime';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Room for the multipart framing and the small fields around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;
const tooLarge = () => new HttpError(413, MEDIA_MESSAGES.tooLarge);

/** Counts the bytes going through and fails as soon as they reach the limit. */
const byteLimit = (maxBytes: number) => {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen >= maxBytes ? tooLarge() : null, chunk);
    },
  });
};

/** A file name fit for display: its last path segment, without control characters, at most 255 characters. */
const displayName = (name: string) => cleanFileName(name, 'upload');

interface UploadFields {
  brandId?: string;
  estimateId?: string;
  /** The commercial's identity (issue 27): raw text, validated once the body is read. */
  adId?: string;
  spotLength?: string;
  title?: string;
}

/** The Ad-ID, length and title sent with an upload, validated as PATCH /api/media/:id does. */
const identityOf = (fields: UploadFields) => {
  const parsed = mediaIdentityUpdateSchema.safeParse({
    ...(fields.adId !== undefined ? { ad_id: fields.adId } : {}),
    ...(fields.spotLength !== undefined ? { spot_length: Number(fields.spotLength) } : {}),
    ...(fields.title !== undefined ? { title: fields.title } : {}),
  });
  if (!parsed.success) throw badRequest(firstIssueMessage(parsed.error), firstIssueField(parsed.error));
  return { adId: parsed.data.ad_id ?? null, spotLength: parsed.data.spot_length ?? null, title: parsed.data.title ?? null };
};

const checkBrand = async (db: Db, actor: Actor, brandId: string) => {
  if (!UUID.test(brandId)) throw notFound(MEDIA_MESSAGES.brandNotFound);
  await assertBrandAccess({ db, actor, id: brandId });
};

const checkOrder = async (db: Db, actor: Actor, estimateId: string, brandId: string) => {
  if (!UUID.test(estimateId)) throw notFound(MEDIA_MESSAGES.orderNotFound);
  const order = await readableOrder(db, actor, estimateId);
  if (order.brandId !== brandId) throw badRequest(MEDIA_MESSAGES.orderOtherBrand);
};

/** Parser failures as answers: limits and malformed bodies are the client's; disk errors stay server faults. */
const multipartError = (error: unknown) => {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT') return badRequest(MEDIA_MESSAGES.oneFile);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest(MEDIA_MESSAGES.tooManyFields);
  if ((error as NodeJS.ErrnoException).syscall) return error;
  return badRequest(MEDIA_MESSAGES.malformed);
};

const fieldValue = (part: Multipart): string | undefined =>
  part.type === 'field' && typeof part.value === 'string' && part.value.trim() ? part.value.trim() : undefined;

export const uploadMedia = async ({
  db,
  media,
  request,
  reply,
  onStored,
}: {
  db: Db;
  media: MediaRuntime;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Called once the asset is stored and queued (the new-upload notification). */
  onStored?: (asset: MediaAsset) => Promise<void>;
}) => {
  const actor = actorOf(request);
  if (!request.isMultipart()) throw badRequest(MEDIA_MESSAGES.required);
  const declaredLength = Number(request.headers['content-length']);
  // Refused before reading: the connection closes so the rest of the body is not waited for.
  reply.header('connection', 'close');
  if (declaredLength >= media.maxBytes + MULTIPART_OVERHEAD) throw tooLarge();

  const assetId = randomUUID();
  const fields: UploadFields = {};
  const checked = { brand: false, order: false };
  let stored: { key: string; filename: string; mimeType: string; size: number } | undefined;
  try {
    const parts = request.parts({ limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12, fileSize: media.maxBytes, headerPairs: 50 } });
    for (;;) {
      const next = await parts.next().catch((error: unknown) => Promise.reject(multipartError(error)));
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        if (part.fieldname === 'brand_id') fields.brandId ??= fieldValue(part);
        if (part.fieldname === 'estimate_id') fields.estimateId ??= fieldValue(part);
        if (part.fieldname === 'ad_id') fields.adId ??= fieldValue(part);
        if (part.fieldname === 'spot_length') fields.spotLength ??= fieldValue(part);
        if (part.fieldname === 'title') fields.title ??= fieldValue(part);
        if (part.fieldname === 'ad_id' || part.fieldname === 'spot_length' || part.fieldname === 'title') identityOf(fields);
        continue;
      }
      if (part.fieldname !== 'file' || stored) {
        part.file.resume();
        continue;
      }
      checked.brand = fields.brandId !== undefined;
      checked.order = checked.brand && fields.estimateId !== undefined;
      stored = await storeFile({ db, actor, media, part, assetId, fields });
    }
    if (!stored || stored.size === 0 || !fields.brandId) throw badRequest(MEDIA_MESSAGES.required);
    if (!checked.brand) await checkBrand(db, actor, fields.brandId);
    if (fields.estimateId && !checked.order) await checkOrder(db, actor, fields.estimateId, fields.brandId);
    const identity = identityOf(fields);

    const row = {
      id: assetId,
      brandId: fields.brandId,
      uploadedBy: actor.id,
      estimateId: fields.estimateId ?? null,
      filename: stored.filename,
      mimeType: stored.mimeType,
      fileSize: stored.size,
      storageKey: stored.key,
      processingStage: 'uploaded',
      processingProgress: 0,
      processingMessage: stageMessage('uploaded'),
      ...identity,
    };
    // In a transaction so that the audit trail records the uploader.
    await db
      .transaction((tx) => tx.insert(mediaAssets).values(row))
      .catch((error: unknown) => Promise.reject(isUniqueViolation(error) ? conflict(AD_ID_MESSAGES.taken) : error));
  } catch (error) {
    if (stored) await media.storage.delete(stored.key);
    throw error;
  }
  reply.removeHeader('connection');
  media.hub.publish(assetId, { stage: 'uploaded', progress: 0, message: stageMessage('uploaded') }, actor.id);
  await media.jobs.enqueue(PROCESS_MEDIA_JOB, { assetId });
  const mediaAsset = await getMedia({ db, actor, id: assetId });
  await onStored?.(mediaAsset);
  return reply.code(201).send({ data: { uploadId: assetId, ...mediaAsset, mediaAsset } });
};

/** Checks what can be checked before the bytes arrive, then streams the file into storage. */
const storeFile = async ({
  db,
  actor,
  media,
  part,
  assetId,
  fields,
}: {
  db: Db;
  actor: Actor;
  media: MediaRuntime;
  part: MultipartFile;
  assetId: string;
  fields: UploadFields;
}) => {
  const filename = displayName(part.filename ?? '');
  const mimeType = mediaTypeOf(filename, part.mimetype);
  if (!mimeType) throw badRequest(MEDIA_MESSAGES.unsupportedType);
  if (fields.brandId) {
    await checkBrand(db, actor, fields.brandId);
    if (fields.estimateId) await checkOrder(db, actor, fields.estimateId, fields.brandId);
  }
  const ext = filename.split('.').pop()!.toLowerCase();
  const key = `${assetId}.original.${ext}`;
  // pipeline() carries failures both ways: a client gone fails the write, a refused size stops the parser.
  const size = await media.storage
    .put(
      key,
      pipeline(part.file, byteLimit(media.maxBytes), () => undefined),
    )
    .catch((error: unknown) => Promise.reject(multipartError(error)));
  // busboy's own limit (a safety net: ours fires first) truncates instead of failing.
  if (part.file.truncated) {
    await media.storage.delete(key);
    throw tooLarge();
  }
  return { key, filename, mimeType, size };
};
