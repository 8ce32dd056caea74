/**
 * GET /media/upload-progress/:uploadId?token=… — server-sent events `data: {stage, progress,
 * message}`. An EventSource cannot send headers, so the session token comes in the query string
 * and is verified like a bearer token. The first event is the current state; the stream ends
 * after `complete` or `error`. Only the uploader and admins may follow an upload. Live events come
 * from this process's progress hub; a slow poll of the row covers processing done elsewhere.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema } from '../../../domain/auth';
import { isTerminalStage, MEDIA_MESSAGES, MEDIA_STAGES, toStreamEvent, type MediaStage, type ProgressEvent } from '../../../domain/media-schemas';
import { isAdmin } from '../../../domain/roles';
import type { AppContext } from '../../context';
import { notFound, unauthorized } from '../../platform/errors';
import { actorFromToken } from '../auth/service';
import { stageMessage } from './processing';
import { mediaRow, type MediaRow } from './queries';
import type { MediaRuntime } from './runtime';

const params = z.object({ uploadId: z.uuid({ error: MEDIA_MESSAGES.notFound }) });
const query = z.object({ token: z.string().max(4096).optional() });
const HEARTBEAT_MS = 15_000;
const POLL_MS = 2_000;

const rowEvent = (row: MediaRow): ProgressEvent => {
  const stage = row.processingStage as MediaStage;
  return { stage, progress: row.processingProgress, message: row.processingMessage ?? stageMessage(stage) };
};
/** Orders states: a later stage, or more progress in the same stage. */
const rank = (event: ProgressEvent) => MEDIA_STAGES.indexOf(event.stage) * 101 + event.progress;

export const progressStreamRoutes = (app: FastifyInstance, ctx: AppContext, media: MediaRuntime) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/media/upload-progress/:uploadId',
    {
      schema: {
        tags: ['media'],
        description:
          'Server-sent events of an upload\'s processing: `data: {"stage","progress","message"}`; stages thumbnail (waiting and checking the video included), preview, complete, error. The session token goes in `?token=`.',
        params,
        querystring: query,
        response: { 401: errorReplySchema, 404: errorReplySchema },
      },
    },
    async (request, reply) => {
      const token = request.query.token;
      if (!token) throw unauthorized();
      const actor = await actorFromToken({ db: ctx.db, tokens: ctx.tokens, token });
      if (!actor) throw unauthorized('Invalid or expired session');
      const id = request.params.uploadId;

      // Listen first, so that nothing published while the row is read is missed.
      const pending: ProgressEvent[] = [];
      let forward: (event: ProgressEvent) => void = (event) => void pending.push(event);
      const unsubscribe = media.hub.subscribe(id, (event) => forward(event));
      let first: ProgressEvent;
      let owner: string | null;
      try {
        const live = media.hub.current(id);
        if (live) {
          ({ event: first, uploadedBy: owner } = live);
        } else {
          const row = await mediaRow(ctx.db, id);
          if (!row) throw notFound(MEDIA_MESSAGES.notFound);
          owner = row.uploadedBy;
          first = rowEvent(row);
        }
        if (!isAdmin(actor.role) && owner !== actor.id) throw notFound(MEDIA_MESSAGES.notFound);
      } catch (error) {
        unsubscribe();
        throw error;
      }

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        'x-request-id': request.id,
      });
      let open = true;
      let lastRank = -1;
      let missing = false;
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
      // Processing in another instance publishes nothing here: the row tells how it goes.
      const poll = setInterval(async () => {
        let row: MediaRow | undefined;
        try {
          row = await mediaRow(ctx.db, id);
        } catch {
          return;
        }
        if (!open) return;
        // A removed row: give the job's own final word one more round to arrive.
        if (!row) {
          if (missing) send({ stage: 'error', progress: 100, message: MEDIA_MESSAGES.gone });
          missing = true;
          return;
        }
        missing = false;
        const event = rowEvent(row);
        if (rank(event) > lastRank) send(event);
      }, POLL_MS);
      const stopOnShutdown = media.hub.onShutdown(() => end());
      function end() {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        clearInterval(poll);
        unsubscribe();
        stopOnShutdown();
        res.end();
      }
      function send(event: ProgressEvent) {
        if (!open) return;
        res.write(`data: ${JSON.stringify(toStreamEvent(event))}\n\n`);
        lastRank = rank(event);
        if (isTerminalStage(event.stage)) end();
      }
      res.on('close', end);
      // Events that arrived while the row was read are newer than it.
      for (const event of pending.length > 0 ? pending : [first]) send(event);
      forward = send;
    },
  );
};
