import { and, eq, gt, isNull } from 'drizzle-orm';
import { RESET_LINK_TTL_MS, type RegisterInput, type SessionUser } from '../../../domain/auth';
import { fullName } from '../../../domain/users';
import { passwordResetTokens, sessions, users } from '../../db/schema';
import { isUniqueViolation, type Db } from '../../platform/db';
import { conflict } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';
import type { Actor } from './actor';
import type { SessionCache } from './session-cache';
import { hashResetToken, newResetToken, type TokenSigner } from './tokens';

type UserRow = typeof users.$inferSelect;

export const toSessionUser = (row: Pick<UserRow, 'id' | 'email' | 'role' | 'firstName' | 'lastName'>): SessionUser => ({
  id: row.id,
  email: row.email,
  role: row.role,
  full_name: fullName(row.firstName, row.lastName),
});

export const registerUser = async ({ db, input }: { db: Db; input: RegisterInput }): Promise<SessionUser> => {
  const passwordHash = await hashPassword(input.password);
  try {
    // In a transaction so that the audit trail records the sign-up as anonymous, not as the system (decision 012).
    const [row] = await db.transaction((tx) =>
      tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          role: 'client',
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          address: input.address,
          company: input.company,
          jobTitle: input.jobTitle,
        })
        .returning(),
    );
    return toSessionUser(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('An account with this email already exists');
    throw error;
  }
};

/** The user whose e-mail and password match; undefined for an unknown e-mail or a wrong password alike. */
export const checkCredentials = async ({ db, email, password }: { db: Db; email: string; password: string }) => {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!row) {
    await verifyPassword(await decoyPasswordHash(), password);
    return undefined;
  }
  return (await verifyPassword(row.passwordHash, password)) ? toSessionUser(row) : undefined;
};

export const startSession = async ({ db, tokens, userId, ttlMs }: { db: Db; tokens: TokenSigner; userId: string; ttlMs: number }) => {
  const expiresAt = new Date(Date.now() + ttlMs);
  const [session] = await db.insert(sessions).values({ userId, expiresAt }).returning({ id: sessions.id });
  return tokens.sign({ userId, sessionId: session!.id }, expiresAt);
};

export type { Actor } from './actor';

/**
 * The signed-in user behind a bearer token, when the token is genuine and its session is live. With a
 * cache, a session looked up a moment ago is not queried again (session-cache.ts says how revocation
 * still reaches it).
 */
export const actorFromToken = async ({
  db,
  tokens,
  token,
  cache,
}: {
  db: Db;
  tokens: TokenSigner;
  token: string;
  cache?: SessionCache;
}): Promise<Actor | undefined> => {
  const claims = await tokens.verify(token);
  if (!claims) return undefined;
  const cached = cache?.get(claims.sessionId, claims.userId);
  if (cached) return cached;
  const generation = cache?.generation();
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      channelIds: users.channelIds,
      sessionExpiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, claims.sessionId), eq(sessions.userId, claims.userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row) return undefined;
  const actor = { ...toSessionUser(row), channelIds: row.channelIds, sessionId: claims.sessionId };
  if (cache && generation !== undefined) cache.remember(generation, actor, row.sessionExpiresAt);
  return actor;
};

export const revokeSession = async ({ db, sessionId }: { db: Db; sessionId: string }) => {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
};

/** Sends a reset link when the address belongs to an account; says nothing either way. */
export const requestPasswordReset = async ({ db, mailer, appUrl, email }: { db: Db; mailer: Mailer; appUrl: string; email: string }) => {
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) return;
  const { token, tokenHash } = newResetToken();
  await db.insert(passwordResetTokens).values({ userId: user.id, tokenHash, expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS) });
  const link = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await mailer.send({
    to: user.email,
    subject: 'Reset your Spotbook password',
    text: `Someone asked to reset the password of your Spotbook account.\n\nTo choose a new password, open this link within 1 hour:\n${link}\n\nIf you did not ask for this, ignore this message; your password stays as it is.`,
    html: `<p>Someone asked to reset the password of your Spotbook account.</p><p><a href="${link}">Choose a new password</a> (the link works for 1 hour).</p><p>If you did not ask for this, ignore this message; your password stays as it is.</p>`,
  });
};

const liveResetToken = async (db: Db, token: string) => {
  const [row] = await db
    .select({ id: passwordResetTokens.id, userId: users.id, email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(and(eq(passwordResetTokens.tokenHash, hashResetToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())))
    .limit(1);
  return row;
};

/** The e-mail a reset link belongs to, when the link is still usable. */
export const resetLinkEmail = async ({ db, token }: { db: Db; token: string }): Promise<string | undefined> => (await liveResetToken(db, token))?.email;

/**
 * Sets a new password through a reset link. The link is spent atomically (a second use fails),
 * and every session of the account is signed out. Answers the account's id, or undefined for a bad link.
 */
export const resetPassword = async ({ db, token, newPassword }: { db: Db; token: string; newPassword: string }): Promise<string | undefined> => {
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.tokenHash, hashResetToken(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())))
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) return undefined;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, spent.userId));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, spent.userId), isNull(sessions.revokedAt)));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, spent.userId), isNull(passwordResetTokens.usedAt)));
    return spent.userId;
  });
};
