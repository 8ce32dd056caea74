import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema } from '../../../domain/auth';
import { CHANNEL_MESSAGES, channelInputSchema, channelSchema, channelUpdateSchema } from '../../../domain/channel-schemas';
import type { AppContext } from '../../context';
import { actorOf, type Guards } from '../auth/guard';
import { createChannel, listChannels, updateChannel } from './service';

const idParams = z.object({ id: z.uuid({ error: CHANNEL_MESSAGES.notFound }) });
const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };
const tags = { tags: ['channels'], security: [{ bearerAuth: [] }] };

/** The station's channels (decision 053): everyone signed in lists them (the order form's picker); admins add and change them. */
export const channelsRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const zone = () => ctx.time.timeZone;

  r.get(
    '/channels',
    {
      onRequest: guards.signedIn,
      schema: { ...tags, description: 'Every channel, the default first.', response: { 200: z.array(channelSchema), ...errors } },
    },
    () => listChannels(ctx.db, zone()),
  );

  r.post(
    '/channels',
    {
      onRequest: guards.adminOnly,
      schema: { ...tags, description: 'Adds a channel (admins).', body: channelInputSchema, response: { 201: channelSchema, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await createChannel({ db: ctx.db, actor: actorOf(request), input: request.body, stationZone: zone() })),
  );

  r.patch(
    '/channels/:id',
    {
      onRequest: guards.adminOnly,
      schema: {
        ...tags,
        description: 'Changes a channel (admins); `is_default: true` makes it the channel the calls that name none act on.',
        params: idParams,
        body: channelUpdateSchema,
        response: { 200: channelSchema, ...errors },
      },
    },
    (request) => updateChannel({ db: ctx.db, actor: actorOf(request), id: request.params.id, input: request.body, stationZone: zone() }),
  );
};
