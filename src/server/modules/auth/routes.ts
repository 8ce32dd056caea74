import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FORGOT_PASSWORD_REPLY,
  INVALID_CREDENTIALS,
  INVALID_RESET_LINK,
  authReplySchema,
  errorReplySchema,
  forgotPasswordSchema,
  loginSchema,
  messageReplySchema,
  registerSchema,
  resetPasswordSchema,
  sessionUserSchema,
  verifyResetReplySchema,
} from '../../../domain/auth';
import type { AppContext } from '../../context';
import { HttpError, tooManyRequests, unauthorized } from '../../platform/errors';
import { attemptAll, createAttemptLimiter, undoAll, type AttemptLimiter } from '../../platform/rate-limit';
import { BusyError } from '../../platform/work-gate';
import { actorOf, type Guards } from './guard';
import { signingIn } from './passwords';
import { checkCredentials, registerUser, requestPasswordReset, resetLinkEmail, resetPassword, revokeSession, startSession } from './service';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
/** Longer than any token we issue (43 characters); longer ones are not even looked up. */
const MAX_RESET_TOKEN = 200;
const errors = { 400: errorReplySchema, 401: errorReplySchema, 409: errorReplySchema, 429: errorReplySchema };

export const authRoutes = (app: FastifyInstance, ctx: AppContext, guards: Guards) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Only failures count towards the sign-in limits, so a busy desk signing in often is never locked out.
  // Failures count per account from one address (10), per account from anywhere (100: distributed
  // guessing) and per address (1,000: spraying many accounts). The address ceiling is high so that
  // people behind one proxy or NAT are not locked out by someone else's failures.
  // The counts live in the database every instance shares (decision 030), and an attempt is counted
  // before its password is checked, then taken back if it succeeded (issue 30: bursts walked through).
  const limiter = (name: string, max: number) => createAttemptLimiter({ counter: ctx.rateCounter, name, max, windowMs: FIFTEEN_MINUTES });
  const loginFailuresPerAccount = limiter('login-account', 10);
  const loginFailuresPerEmail = limiter('login-email', 100);
  const loginFailuresPerAddress = limiter('login-address', 1_000);
  const forgotPerAccount = limiter('forgot-account', 5);
  const forgotPerAddress = limiter('forgot-address', 50);
  const resetFailuresPerAddress = limiter('reset-address', 30);

  const newSession = (userId: string) => startSession({ db: ctx.db, tokens: ctx.tokens, userId, ttlMs: ctx.config.sessionTtlMs });

  r.post('/auth/register', { schema: { tags: ['auth'], body: registerSchema, response: { 201: authReplySchema, ...errors } } }, async (request, reply) => {
    const user = await registerUser({ db: ctx.db, input: request.body });
    return reply.code(201).send({ token: await newSession(user.id), user });
  });

  // The whole sign-in waits its turn at a bounded gate, refused at once (503, Retry-After) past it:
  // already on arrival, before its body is read or the call counted, when the gate would refuse it.
  const refuseWhenFull = async () => {
    const refusal = signingIn.refusal();
    if (refusal) throw refusal;
  };
  r.post(
    '/auth/login',
    { onRequest: refuseWhenFull, schema: { tags: ['auth'], body: loginSchema, response: { 200: authReplySchema, ...errors } } },
    (request) =>
      signingIn(async () => {
        const { email, password } = request.body;
        const accountKey = `${request.ip}|${email}`;
        const limits: [AttemptLimiter, string][] = [
          [loginFailuresPerAccount, accountKey],
          [loginFailuresPerEmail, email],
          [loginFailuresPerAddress, request.ip],
        ];
        if (!(await attemptAll(limits))) throw tooManyRequests('Too many failed sign-in attempts. Please try again in 15 minutes.');
        let user: Awaited<ReturnType<typeof checkCredentials>>;
        try {
          user = await checkCredentials({ db: ctx.db, email, password });
        } catch (error) {
          // Too busy to check the password (503, retry): no failed attempt, or a person's retries would lock them out.
          if (error instanceof BusyError) await undoAll(limits);
          throw error;
        }
        // A failure stays counted; a success takes its attempt back (and clears the account's failures from this address).
        if (!user) throw unauthorized(INVALID_CREDENTIALS);
        await Promise.all([loginFailuresPerAccount.reset(accountKey), loginFailuresPerEmail.undo(email), loginFailuresPerAddress.undo(request.ip)]);
        return { token: await newSession(user.id), user };
      }),
  );

  r.get(
    '/auth/me',
    {
      onRequest: guards.signedIn,
      schema: {
        tags: ['auth'],
        security: [{ bearerAuth: [] }],
        response: { 200: sessionUserSchema.extend({ user: sessionUserSchema }), 401: errorReplySchema },
      },
    },
    async (request) => {
      // The user both flat and under `user`, so either reading of "current user" works.
      const { sessionId: _sessionId, channelIds: _channelIds, ...user } = actorOf(request);
      return { ...user, user };
    },
  );

  r.post(
    '/auth/logout',
    { onRequest: guards.signedIn, schema: { tags: ['auth'], security: [{ bearerAuth: [] }], response: { 200: messageReplySchema, 401: errorReplySchema } } },
    async (request) => {
      const { sessionId } = actorOf(request);
      await revokeSession({ db: ctx.db, sessionId });
      ctx.realtime.disconnect({ sessionId });
      return { message: 'Logged out successfully' };
    },
  );

  r.post(
    '/auth/forgot-password',
    { schema: { tags: ['auth'], body: forgotPasswordSchema, response: { 200: messageReplySchema, ...errors } } },
    async (request) => {
      const { email } = request.body;
      const accountKey = `${request.ip}|${email}`;
      // Refused requests are not counted, so a flood for one address never locks out the others.
      if (
        !(await attemptAll([
          [forgotPerAccount, accountKey],
          [forgotPerAddress, request.ip],
        ]))
      ) {
        throw tooManyRequests('Too many password reset requests. Please try again in 15 minutes.');
      }
      await requestPasswordReset({ db: ctx.db, mailer: ctx.mailer, appUrl: ctx.config.appUrl, email });
      return { message: FORGOT_PASSWORD_REPLY };
    },
  );

  // Reset tokens are 256-bit random, so the limit is against floods of bad links: a genuine,
  // live link is always honoured, and only failures count and are refused once over the limit.
  const refuseFailedResetAttempt = async (ip: string): Promise<never> => {
    if (await resetFailuresPerAddress.blocked(ip)) throw tooManyRequests('Too many password reset attempts. Please try again in 15 minutes.');
    await resetFailuresPerAddress.hit(ip);
    throw new HttpError(400, INVALID_RESET_LINK);
  };

  r.get(
    '/auth/reset-password/:token',
    {
      schema: {
        tags: ['auth'],
        params: z.object({ token: z.string() }),
        response: { 200: verifyResetReplySchema, 400: z.union([verifyResetReplySchema, errorReplySchema]), 429: errorReplySchema },
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const email = token.length <= MAX_RESET_TOKEN ? await resetLinkEmail({ db: ctx.db, token }) : undefined;
      if (email) return { valid: true, email, error: null };
      if (await resetFailuresPerAddress.blocked(request.ip)) {
        throw tooManyRequests('Too many password reset attempts. Please try again in 15 minutes.');
      }
      await resetFailuresPerAddress.hit(request.ip);
      return reply.code(400).send({ valid: false, email: null, error: INVALID_RESET_LINK });
    },
  );

  r.post(
    '/auth/reset-password',
    { schema: { tags: ['auth'], body: resetPasswordSchema, response: { 200: messageReplySchema, ...errors } } },
    async (request) => {
      const { token, newPassword } = request.body;
      // Over the limit, a dead link is refused before any password is hashed.
      if ((await resetFailuresPerAddress.blocked(request.ip)) && !(await resetLinkEmail({ db: ctx.db, token }))) await refuseFailedResetAttempt(request.ip);
      const userId = await resetPassword({ db: ctx.db, token, newPassword });
      if (!userId) await refuseFailedResetAttempt(request.ip);
      // Every session of the user was revoked with the reset: their live sockets go too.
      else ctx.realtime.disconnect({ userId });
      return { message: 'Password has been reset successfully' };
    },
  );
};
