/** An order's schedule (issue 42, decision 056): read and replace it. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema } from '../../../domain/auth';
import { ESTIMATE_MESSAGES } from '../../../domain/estimate-schemas';
import { scheduleInputSchema, scheduleReplySchema } from '../../../domain/schedule-schemas';
import type { AppContext } from '../../context';
import { actorOf, type Guards } from '../auth/guard';
import { getOrderSchedule, putOrderSchedule } from './schedule-service';

const idParams = z.object({ id: z.uuid({ error: ESTIMATE_MESSAGES.notFound }) });
const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };
const tags = { tags: ['estimates'], security: [{ bearerAuth: [] }] };

export const scheduleRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: guards.signedIn };

  r.get(
    '/estimates/:id/schedule',
    {
      ...signedIn,
      schema: {
        ...tags,
        description:
          "The order's weekly schedule (its owner or admins): lines with spots per week and rates per spot, totals per line, per week and in all; `schedule: null` when the order has none.",
        params: idParams,
        response: { 200: scheduleReplySchema, ...errors },
      },
    },
    (request) => getOrderSchedule({ db: ctx.db, actor: actorOf(request), id: request.params.id }),
  );

  r.put(
    '/estimates/:id/schedule',
    {
      ...signedIn,
      schema: {
        ...tags,
        description:
          "Replaces a draft order's schedule whole (its owner or admins). Each line names a daypart of the order's channel holding its days and broadcast-day times (05:00–29:59), a spot length (15, 30, 60), a rate per spot and one number of spots per week of the flight (weeks cut by week_start_day). The order's budget and dates then come from the schedule. No lines removes it. 409 on an order that is not a draft or holds daypart items.",
        params: idParams,
        body: scheduleInputSchema,
        response: { 200: scheduleReplySchema, ...errors },
      },
    },
    (request) => putOrderSchedule({ db: ctx.db, actor: actorOf(request), id: request.params.id, input: request.body }),
  );
};
