/**
 * Media files: signed links (GET /media/:id/url, /media/:id/preview-url) and the file behind
 * them (GET /media/:id/file/:variant?expires&sig), with byte ranges for seeking.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema } from '../../../domain/auth';
import { MEDIA_MESSAGES, MEDIA_VARIANTS, previewUrlQuerySchema, urlReplySchema, type MediaVariant } from '../../../domain/media-schemas';
import type { AppContext } from '../../context';
import { forbidden, HttpError, notFound } from '../../platform/errors';
import { actorOf, type Guards } from '../auth/guard';
import { createLinkSigner, LINK_TTL_SECONDS } from './links';
import { findVisibleMedia, mediaRow, type MediaRow } from './queries';
import { parseRange } from './range';
import type { MediaRuntime } from './runtime';

const idParams = z.object({ id: z.uuid({ error: MEDIA_MESSAGES.notFound }) });
const fileParams = idParams.extend({ variant: z.enum(MEDIA_VARIANTS, { error: MEDIA_MESSAGES.notFound }) });
const fileQuery = z.object({ expires: z.string().optional(), sig: z.string().optional() });
const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema };
const tags = { tags: ['media'], security: [{ bearerAuth: [] }] };

/** The storage key and content type of one variant of an asset, when it exists. */
const fileOf = (row: MediaRow, variant: MediaVariant): { key: string; type: string } | undefined => {
  if (variant === 'original') return { key: row.storageKey, type: row.mimeType };
  if (variant === 'preview') return row.previewKey ? { key: row.previewKey, type: 'video/mp4' } : undefined;
  return row.thumbnailKey ? { key: row.thumbnailKey, type: 'image/jpeg' } : undefined;
};

const contentDisposition = (filename: string) =>
  `inline; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;

/**
 * A signed link as an absolute address on the origin the request came to, so that it works as
 * it is in a <video> or <img> tag and for any HTTP client.
 */
const absolute = (request: FastifyRequest, path: string) => `${request.protocol}://${request.host}${path}`;

export const servingRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards, media: MediaRuntime) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signer = createLinkSigner(ctx.config.jwtSecret);
  const links = {
    sign: (request: FastifyRequest, assetId: string, variant: MediaVariant) => absolute(request, signer.sign(assetId, variant)),
    verify: signer.verify,
  };
  const signedIn = { onRequest: guards.signedIn };

  r.get(
    '/media/:id/url',
    {
      ...signedIn,
      schema: {
        ...tags,
        description: `A signed link to the original file, valid ${LINK_TTL_SECONDS / 60} minutes.`,
        params: idParams,
        response: { 200: urlReplySchema, ...errors },
      },
    },
    async (request) => {
      const { asset } = await findVisibleMedia(ctx.db, actorOf(request), request.params.id);
      return { url: links.sign(request, asset.id, 'original') };
    },
  );

  r.get(
    '/media/:id/preview-url',
    {
      ...signedIn,
      schema: {
        ...tags,
        description: 'A signed link to the low-resolution preview (the original while there is none) or the thumbnail.',
        params: idParams,
        querystring: previewUrlQuerySchema,
        response: { 200: urlReplySchema, ...errors },
      },
    },
    async (request) => {
      const { asset } = await findVisibleMedia(ctx.db, actorOf(request), request.params.id);
      if (request.query.type === 'thumbnail') {
        if (!asset.thumbnailKey) throw notFound(MEDIA_MESSAGES.thumbnailMissing);
        return { url: links.sign(request, asset.id, 'thumbnail') };
      }
      return { url: links.sign(request, asset.id, asset.previewKey ? 'preview' : 'original') };
    },
  );

  r.get(
    '/media/:id/file/:variant',
    { schema: { tags: ['media'], description: 'The file behind a signed link; supports Range requests.', params: fileParams, querystring: fileQuery } },
    async (request, reply) => {
      const { id, variant } = request.params;
      const verdict = links.verify(id, variant, request.query.expires, request.query.sig);
      if (verdict !== 'ok') throw forbidden(verdict === 'expired' ? MEDIA_MESSAGES.linkExpired : MEDIA_MESSAGES.linkInvalid);
      const row = await mediaRow(ctx.db, id);
      const file = row && fileOf(row, variant);
      const stored = file && (await media.storage.stat(file.key));
      if (!row || !file || !stored) throw notFound(MEDIA_MESSAGES.notFound);

      const range = parseRange(request.headers.range, stored.size);
      if (range.kind === 'unsatisfiable') {
        reply.header('content-range', `bytes */${stored.size}`);
        throw new HttpError(416, MEDIA_MESSAGES.rangeInvalid);
      }
      reply
        .header('content-type', file.type)
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, max-age=3600')
        .header('last-modified', stored.modifiedAt.toUTCString());
      if (variant === 'original') reply.header('content-disposition', contentDisposition(row.filename));
      if (range.kind === 'full') {
        return reply.header('content-length', stored.size).send(media.storage.createReadStream(file.key));
      }
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${stored.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(media.storage.createReadStream(file.key, range));
    },
  );
};
