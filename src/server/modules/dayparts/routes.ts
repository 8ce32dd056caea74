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
import type { AppContext } from '../../context';
import { badRequest } from '../../platform/errors';
import type { Guards } from '../auth/guard';
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
      const start = request.query.start_date ?? ctx.time.today();
      const end = request.query.end_date ?? start;
      if (end < start) throw badRequest('end_date cannot be before start_date', 'end_date');
      if (rangeLength(start, end) > MAX_AVAILABILITY_DAYS) throw badRequest(`The date range can cover at most ${MAX_AVAILABILITY_DAYS} days`);
      return daypartAvailability({ db: ctx.db, id: request.params.id, start, end });
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
