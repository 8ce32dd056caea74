/**
 * The media module: uploads, processing, the library and approvals, and the files. Multipart
 * parsing, the jobs queue and storage live in an encapsulated scope of their own; the queue
 * stops (aborting ffmpeg) when the app closes, and unfinished processing resumes at start.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema, messageReplySchema } from '../../../domain/auth';
import {
  MEDIA_MESSAGES,
  mediaAssetSchema,
  mediaIdentityUpdateSchema,
  mediaListQuerySchema,
  mediaStatusUpdateSchema,
  uploadReplySchema,
} from '../../../domain/media-schemas';
import type { AppContext } from '../../context';
import { badRequest } from '../../platform/errors';
import { actorOf, type Guards } from '../auth/guard';
import { createMediaProcessor, PROCESS_MEDIA_JOB, processMediaPayload, resumeUnfinished, startLeaseSweeps, type ProcessingEvents } from './processing';
import { progressStreamRoutes } from './progress-stream';
import { startOrphanSweeps } from './orphans';
import { getMedia, listMedia, mediaAssetById } from './queries';
import { createMediaRuntime, type MediaRuntime } from './runtime';
import { deleteMedia, reviewMedia, updateMediaIdentity } from './service';
import { servingRoutes } from './serving';
import { uploadMedia } from './upload';
import { notifyMediaStatusChange, notifyNewMediaUpload, notifySystemMessage } from '../notifications';

const idParams = z.object({ id: z.uuid({ error: MEDIA_MESSAGES.notFound }) });
const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };
const tags = { tags: ['media'], security: [{ bearerAuth: [] }] };

const libraryRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards, media: MediaRuntime) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: guards.signedIn };
  /** A notification is a side effect: its failure is logged, never the request's failure. */
  const quietly = (work: Promise<void>) => work.catch((error: unknown) => ctx.log.error({ err: error }, 'media notification failed'));

  r.post(
    '/media/upload',
    {
      ...signedIn,
      schema: {
        ...tags,
        description:
          'Multipart form: `file` (MP4, MXF, MOV or MPG, under 2 GB), `brand_id`, optional `estimate_id`, `ad_id` (Ad-ID or legacy ISCI), `spot_length` (15, 30 or 60) and `title`, in any order. Processing follows in the background; follow it at /api/media/upload-progress/{uploadId}.',
        consumes: ['multipart/form-data'],
        response: { 201: uploadReplySchema, ...errors, 413: errorReplySchema },
      },
    },
    (request, reply) =>
      uploadMedia({
        db: ctx.db,
        media,
        request,
        reply,
        onStored: (asset) => {
          ctx.metrics.uploadBytes.inc(asset.file_size);
          return Promise.resolve();
        },
      }),
  );

  r.post(
    '/media',
    { ...signedIn, schema: { ...tags, description: MEDIA_MESSAGES.useUpload, response: { 400: errorReplySchema, 401: errorReplySchema } } },
    async () => {
      throw badRequest(MEDIA_MESSAGES.useUpload);
    },
  );

  r.get('/media', { ...signedIn, schema: { ...tags, querystring: mediaListQuerySchema, response: { 200: z.array(mediaAssetSchema), ...errors } } }, (request) =>
    listMedia({ db: ctx.db, actor: actorOf(request), brandId: request.query.brand_id, status: request.query.status }),
  );

  r.get('/media/:id', { ...signedIn, schema: { ...tags, params: idParams, response: { 200: mediaAssetSchema, ...errors } } }, (request) =>
    getMedia({ db: ctx.db, actor: actorOf(request), id: request.params.id }),
  );

  r.put(
    '/media/:id',
    {
      onRequest: guards.adminOnly,
      schema: {
        ...tags,
        description: 'Approve or reject a pending asset (admins).',
        params: idParams,
        body: mediaStatusUpdateSchema,
        response: { 200: mediaAssetSchema, ...errors },
      },
    },
    async (request) => {
      const asset = await reviewMedia({ db: ctx.db, actor: actorOf(request), id: request.params.id, status: request.body.status });
      await quietly(notifyMediaStatusChange(ctx, { media: asset, status: request.body.status, uploaderId: asset.uploaded_by }));
      return asset;
    },
  );

  r.patch(
    '/media/:id',
    {
      ...signedIn,
      schema: {
        ...tags,
        description:
          "The commercial's Ad-ID (or legacy ISCI), booked length (15, 30 or 60 s) and title, by its brand's owner or an admin until a spot of it has aired; `house_number` (the station's own code) by admins. `null` or a blank clears a field.",
        params: idParams,
        body: mediaIdentityUpdateSchema,
        response: { 200: mediaAssetSchema, ...errors },
      },
    },
    (request) => updateMediaIdentity({ db: ctx.db, actor: actorOf(request), id: request.params.id, input: request.body }),
  );

  r.delete('/media/:id', { ...signedIn, schema: { ...tags, params: idParams, response: { 200: messageReplySchema, ...errors } } }, async (request) => {
    await deleteMedia({ db: ctx.db, media, actor: actorOf(request), id: request.params.id });
    return { message: 'Media asset deleted successfully' };
  });
};

/**
 * What processing tells the uploader: that the file is ready, or why it was refused (system_message).
 * The admins hear of an upload (new_media_upload, "needs approval") once it has passed the check and
 * can be approved, never of a file the check refused (issue 29, item 18).
 */
const processingNotices = (ctx: AppContext): ProcessingEvents => ({
  async onFinished({ assetId, filename, uploaderId, ok, message }) {
    if (ok) {
      const asset = await mediaAssetById(ctx.db, assetId);
      if (asset?.status === 'pending') await notifyNewMediaUpload(ctx, { media: asset, uploaderEmail: asset.uploaded_by_email });
    }
    if (!uploaderId) return;
    await notifySystemMessage(ctx, {
      to: { userIds: [uploaderId] },
      subType: ok ? 'success' : 'error',
      message: ok ? `Your media file "${filename}" is ready and waiting for approval` : `Your media file "${filename}" was not accepted: ${message}`,
    });
  },
});

export const mediaRoutes = async (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  await app.register(async (scope) => {
    // Limits are set per request by the upload; this scope alone parses multipart bodies.
    await scope.register(multipart);
    const media = await createMediaRuntime(ctx);
    media.jobs.register(PROCESS_MEDIA_JOB, processMediaPayload, createMediaProcessor({ db: ctx.db, media, log: ctx.log, events: processingNotices(ctx) }), {
      concurrency: 1,
    });

    libraryRoutes(scope, ctx, guards, media);
    progressStreamRoutes(scope, ctx, media);
    servingRoutes(scope, ctx, guards, media);

    let stopSweeps = () => {};
    scope.addHook('onReady', async () => {
      const resumed = await resumeUnfinished({ db: ctx.db, media });
      if (resumed > 0) ctx.log.info({ resumed }, 'media processing resumed');
      const stopOrphanSweeps = startOrphanSweeps({ db: ctx.db, storage: media.storage, log: ctx.log });
      const stopLeaseSweeps = startLeaseSweeps({ db: ctx.db, media, log: ctx.log });
      stopSweeps = () => {
        stopOrphanSweeps();
        stopLeaseSweeps();
      };
    });
    scope.addHook('onClose', async () => stopSweeps());
    // Open progress streams end first, or closing the server would wait for them.
    scope.addHook('preClose', async () => media.hub.shutdown());
  });
};
