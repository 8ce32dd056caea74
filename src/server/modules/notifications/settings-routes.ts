/** /api/notifications/types and /api/notifications/settings: e-mail recipients, admins only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplySchema, messageReplySchema } from '../../../domain/auth';
import {
  NOTIFICATION_MESSAGES as M,
  NOTIFICATION_TYPE_INFO,
  notificationSettingSchema,
  notificationSettingsReplySchema,
  notificationTypesReplySchema,
  settingCreateSchema,
  settingUpdateSchema,
} from '../../../domain/notification-schemas';
import { NOTIFICATION_TYPES } from '../../../domain/realtime';
import type { AppContext } from '../../context';
import type { Guards } from '../auth/guard';
import { createSetting, deleteSetting, listSettings, updateSetting } from './settings';

const idParams = z.object({ id: z.uuid({ error: M.settingNotFound }) });
const errors = { 400: errorReplySchema, 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema, 409: errorReplySchema };
const tags = { tags: ['notifications'], security: [{ bearerAuth: [] }] };

export const notificationSettingsRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: guards.adminOnly };

  r.get('/notifications/types', { ...admin, schema: { ...tags, response: { 200: notificationTypesReplySchema, ...errors } } }, () => ({
    types: NOTIFICATION_TYPES.map((type) => ({ type, ...NOTIFICATION_TYPE_INFO[type] })),
  }));

  r.get('/notifications/settings', { ...admin, schema: { ...tags, response: { 200: notificationSettingsReplySchema, ...errors } } }, () =>
    listSettings(ctx.db),
  );

  r.post(
    '/notifications/settings',
    { ...admin, schema: { ...tags, body: settingCreateSchema, response: { 201: notificationSettingSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await createSetting(ctx.db, request.body)),
  );

  r.put(
    '/notifications/settings/:id',
    { ...admin, schema: { ...tags, params: idParams, body: settingUpdateSchema, response: { 200: notificationSettingSchema, ...errors } } },
    (request) => updateSetting(ctx.db, request.params.id, request.body),
  );

  r.delete(
    '/notifications/settings/:id',
    { ...admin, schema: { ...tags, params: idParams, response: { 200: messageReplySchema, ...errors } } },
    async (request) => {
      await deleteSetting(ctx.db, request.params.id);
      return { message: M.settingDeleted };
    },
  );
};
