import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema, messageReplySchema } from '../../../domain/auth';
import {
  MAX_AVAILABILITY_DAYS,
  availabilityQuerySchema,
  availabilitySchema,
  daypartInputSchema,
  daypartSchema,
  daypartUpdateSchema,
} from '../../../domain/daypart-schemas';
import { channelFilterSchema } from '../../../domain/channel-schemas';
import { channelClock, channelClockOf, channelToActOn } from '../channels/public';
import type { AppContext } from '../../context';
import { badRequest } from '../../platform/errors';
import type { Guards } from '../auth/guard';
import { AVAILS_MAX_DAYS, availsQuerySchema, availsRange } from '../../../domain/avails';
import { availsProposal } from './avails-proposal';
import { createDaypart, daypartAvailability, deleteDaypart, getDaypart, listDayparts, rangeLength, toDaypart, updateDaypart } from './service';

const idParams = z.object({ id: z.uuid({ error: 'Daypart not found' }) });
const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };
const tags = { tags: ['dayparts'], security: [{ bearerAuth: [] }] };

export const daypartsRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: guards.signedIn };
  const admin = { onRequest: guards.adminOnly };

  r.get(
    '/dayparts',
    {
      ...signedIn,
      schema: {
        ...tags,
        description: "One channel's dayparts (`channel_id`; left out, the default channel's).",
        querystring: channelFilterSchema,
        response: { 200: z.array(daypartSchema), ...errors },
      },
    },
    (request) => listDayparts({ db: ctx.db, channelId: request.query.channel_id }),
  );

  r.get(
    '/dayparts/availability/:id',
    { ...signedIn, schema: { ...tags, params: idParams, querystring: availabilityQuerySchema, response: { 200: availabilitySchema, ...errors } } },
    async (request) => {
      // Left out, the start is today on the daypart's channel (decision 053, "Time zones").
      const start =
        request.query.start_date ?? (await channelClockOf(ctx.db, ctx.time, (await getDaypart({ db: ctx.db, id: request.params.id })).channelId)).today();
      const end = request.query.end_date ?? start;
      if (end < start) throw badRequest('end_date cannot be before start_date', 'end_date');
      if (rangeLength(start, end) > MAX_AVAILABILITY_DAYS) throw badRequest(`The date range can cover at most ${MAX_AVAILABILITY_DAYS} days`);
      return daypartAvailability({ db: ctx.db, id: request.params.id, start, end });
    },
  );

  r.get(
    '/avails/proposal.xml',
    {
      ...signedIn,
      schema: {
        ...tags,
        description:
          "A channel's rate card as avails in AAAA/TVB Spot TV Proposal XML 0.3.0.5A (`channel_id`; left out, the default channel's): one line per daypart at the rate of one spot of `length` (15, 30 or 60 s; the flat rate where set, else the length's CPM on a spot's impressions), with the spots still free in each Monday week of `from`–`to` (default: today and four weeks).",
        querystring: availsQuerySchema,
      },
    },
    async (request, reply) => {
      const { from, to } = availsRange(request.query, channelClock(ctx.time, await channelToActOn(ctx.db, request.query.channel_id)).today());
      if (to < from) throw badRequest('to cannot be before from', 'to');
      if (rangeLength(from, to) > AVAILS_MAX_DAYS) throw badRequest(`The date range can cover at most ${AVAILS_MAX_DAYS} days`, 'to');
      const { xml, fileName } = await availsProposal({
        db: ctx.db,
        channelId: request.query.channel_id,
        from,
        to,
        length: request.query.length,
        now: ctx.time.now(),
      });
      return reply.type('application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(xml);
    },
  );

  r.get('/dayparts/:id', { ...signedIn, schema: { ...tags, params: idParams, response: { 200: daypartSchema, ...errors } } }, async (request) =>
    toDaypart(await getDaypart({ db: ctx.db, id: request.params.id })),
  );

  r.post('/dayparts', { ...admin, schema: { ...tags, body: daypartInputSchema, response: { 201: daypartSchema, ...errors } } }, async (request, reply) =>
    reply.code(201).send(await createDaypart({ db: ctx.db, input: request.body })),
  );

  r.put(
    '/dayparts/:id',
    { ...admin, schema: { ...tags, params: idParams, body: daypartUpdateSchema, response: { 200: daypartSchema, ...errors } } },
    (request) => updateDaypart({ db: ctx.db, id: request.params.id, input: request.body }),
  );

  r.delete('/dayparts/:id', { ...admin, schema: { ...tags, params: idParams, response: { 200: messageReplySchema, ...errors } } }, async (request) => {
    await deleteDaypart({ db: ctx.db, id: request.params.id });
    return { message: 'Daypart deleted successfully' };
  });
};
