import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorReplySchema, messageReplySchema } from '../../../domain/auth';
import { CURRENT_PASSWORD_INCORRECT, PASSWORD_CHANGED, changePasswordSchema, profileReplySchema, updateProfileSchema } from '../../../domain/profile-schemas';
import type { AppContext } from '../../context';
import { HttpError, tooManyRequests } from '../../platform/errors';
import { createAttemptLimiter } from '../../platform/rate-limit';
import { actorOf, type Guards } from '../auth/guard';
import { changePassword, readProfile, updateProfile } from './service';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const errors = { 400: errorReplySchema, 401: errorReplySchema, 404: errorReplySchema, 429: errorReplySchema };
const security = [{ bearerAuth: [] }];

/** The signed-in user's own account: name and password (decision 019). */
export const profileRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A stolen session must not become a way to guess the password: wrong current passwords are limited per user.
  // Counted before the password is checked (a burst cannot pass, issue 30), in the shared store (decision 030).
  const wrongCurrentPassword = createAttemptLimiter({ counter: ctx.rateCounter, name: 'password-change', max: 10, windowMs: FIFTEEN_MINUTES });

  r.get(
    '/auth/profile',
    { onRequest: guards.signedIn, schema: { tags: ['auth'], security, response: { 200: profileReplySchema, ...errors } } },
    async (request) => readProfile({ db: ctx.db, userId: actorOf(request).id }),
  );

  r.put(
    '/auth/profile',
    { onRequest: guards.signedIn, schema: { tags: ['auth'], security, body: updateProfileSchema, response: { 200: profileReplySchema, ...errors } } },
    async (request) => {
      const { id } = actorOf(request);
      const profile = await updateProfile({ db: ctx.db, userId: id, input: request.body });
      ctx.realtime.sessionsChanged({ userId: id });
      return profile;
    },
  );

  r.post(
    '/auth/change-password',
    { onRequest: guards.signedIn, schema: { tags: ['auth'], security, body: changePasswordSchema, response: { 200: messageReplySchema, ...errors } } },
    async (request) => {
      const actor = actorOf(request);
      if (!(await wrongCurrentPassword.attempt(actor.id))) throw tooManyRequests('Too many failed password changes. Please try again in 15 minutes.');
      let revoked: string[];
      try {
        revoked = await changePassword({ db: ctx.db, userId: actor.id, sessionId: actor.sessionId, ...request.body });
      } catch (error) {
        // Only a wrong current password stays counted.
        if (!(error instanceof HttpError && error.message === CURRENT_PASSWORD_INCORRECT)) await wrongCurrentPassword.undo(actor.id);
        throw error;
      }
      await wrongCurrentPassword.reset(actor.id);
      for (const sessionId of revoked) ctx.realtime.disconnect({ sessionId });
      return { message: PASSWORD_CHANGED };
    },
  );
};
