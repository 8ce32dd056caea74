/** /api/notifications: the signed-in user's own bell history. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema, messageReplySchema } from '../../../domain/auth';
import { NOTIFICATION_MESSAGES as M, notificationListSchema } from '../../../domain/notification-schemas';
import type { AppContext } from '../../context';
import { notFound } from '../../platform/errors';
import { actorOf, type Guards } from '../auth/guard';
import { notificationSettingsRoutes } from './settings-routes';
import { clearAll, listNotifications, markAllRead, markRead } from './store';

const idParams = z.object({ id: z.uuid({ error: M.notFound }) });
const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema };
const tags = { tags: ['notifications'], security: [{ bearerAuth: [] }] };

export const notificationsRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: guards.signedIn };

  r.get('/notifications', { ...signedIn, schema: { ...tags, response: { 200: notificationListSchema, ...errors } } }, (request) =>
    listNotifications(ctx.db, actorOf(request).id),
  );

  r.patch('/notifications/read-all', { ...signedIn, schema: { ...tags, response: { 200: messageReplySchema, ...errors } } }, async (request) => {
    await markAllRead(ctx.db, actorOf(request).id);
    return { message: M.allRead };
  });

  r.patch(
    '/notifications/:id/read',
    { ...signedIn, schema: { ...tags, params: idParams, response: { 200: messageReplySchema, ...errors } } },
    async (request) => {
      if (!(await markRead(ctx.db, actorOf(request).id, request.params.id))) throw notFound(M.notFound);
      return { message: M.markedRead };
    },
  );

  r.delete('/notifications', { ...signedIn, schema: { ...tags, response: { 200: messageReplySchema, ...errors } } }, async (request) => {
    await clearAll(ctx.db, actorOf(request).id);
    return { message: M.cleared };
  });

  notificationSettingsRoutes(app, ctx, guards);
};
