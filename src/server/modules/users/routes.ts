import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema, messageReplySchema } from '../../../domain/auth';
import { userUpdateSchema, usersReplySchema } from '../../../domain/users';
import type { AppContext } from '../../context';
import { actorOf, type Guards } from '../auth/guard';
import { changeUserRole, countUsers, deleteUser, listUsers, setUserChannels } from './service';
import { keysetPage, keysetPageQuerySchema } from '../../../domain/list-page';
import { agencyBodySchema, agencyMessage } from '../../../domain/billing-delivery';
import { setAgency } from './agency';

const idParams = z.object({ id: z.uuid({ error: 'User not found' }) });
const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema };
const secured = { tags: ['users'], security: [{ bearerAuth: [] }] };

export const userRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.adminOnly };

  r.get(
    '/users',
    {
      ...admin,
      schema: {
        ...secured,
        description:
          'Every user, newest first. With `limit`, `after` (the X-Next-Cursor of the previous page) or `search` (every word in a name, e-mail, company or role): one page of at most `limit` (default 50), X-Next-Cursor when it is full, and `counts` of everyone by role.',
        querystring: keysetPageQuerySchema,
        response: { 200: usersReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const page = keysetPage(request.query);
      if (!page) return { users: (await listUsers({ db: ctx.db })).users };
      const [list, counts] = await Promise.all([listUsers({ db: ctx.db, page }), countUsers({ db: ctx.db })]);
      if (list.nextCursor) void reply.header('x-next-cursor', list.nextCursor);
      return { users: list.users, counts };
    },
  );

  r.patch(
    '/users/:id',
    {
      ...admin,
      schema: {
        ...secured,
        description: 'Limits a traffic admin to some channels (`channel_ids`; empty: every channel). Only an admin of every channel may (decision 053).',
        params: idParams,
        body: userUpdateSchema,
        response: { 200: z.object({ message: z.string(), channel_ids: z.array(z.uuid()) }), ...errors },
      },
    },
    (request) => setUserChannels({ db: ctx.db, actor: actorOf(request), userId: request.params.id, channelIds: request.body.channel_ids }),
  );

  r.patch('/users/:id/promote', { ...admin, schema: { ...secured, params: idParams, response: { 200: messageReplySchema, ...errors } } }, async (request) => {
    await changeUserRole({ db: ctx.db, actorId: actorOf(request).id, userId: request.params.id, role: 'traffic_admin' });
    // Open sockets sign in again with the new role (admins' room or not).
    ctx.realtime.disconnect({ userId: request.params.id });
    return { message: 'User promoted to admin successfully' };
  });

  r.patch('/users/:id/demote', { ...admin, schema: { ...secured, params: idParams, response: { 200: messageReplySchema, ...errors } } }, async (request) => {
    await changeUserRole({ db: ctx.db, actorId: actorOf(request).id, userId: request.params.id, role: 'client' });
    // Open sockets sign in again with the new role (admins' room or not).
    ctx.realtime.disconnect({ userId: request.params.id });
    return { message: 'User demoted to client successfully' };
  });

  r.put(
    '/users/:id/agency',
    {
      ...admin,
      schema: {
        ...secured,
        description:
          'Marks the account as an agency with a commission rate (a fraction, default 0.15, 0 ≤ rate < 1), or not (is_agency false). New invoices of its orders copy the rate.',
        params: idParams,
        body: agencyBodySchema,
        response: { 200: z.object({ message: z.string(), agency_commission_rate: z.number().nullable() }), ...errors },
      },
    },
    async (request) => {
      await setAgency({ db: ctx.db, userId: request.params.id, rate: request.body.rate });
      return { message: agencyMessage(request.body.rate), agency_commission_rate: request.body.rate };
    },
  );

  r.delete('/users/:id', { ...admin, schema: { ...secured, params: idParams, response: { 200: messageReplySchema, ...errors } } }, async (request) => {
    await deleteUser({ db: ctx.db, actorId: actorOf(request).id, userId: request.params.id });
    ctx.realtime.disconnect({ userId: request.params.id });
    return { message: 'User deleted successfully' };
  });
};
