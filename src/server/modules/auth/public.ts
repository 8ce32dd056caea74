/**
 * What the auth module offers the other modules about sessions (issue 39): the sessions table is auth's,
 * and another module changes one only through these functions.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import type { Tx } from '../../platform/db';

/** Signs out every session of the user but `keepSessionId` (in the caller's transaction); answers their ids. */
export const revokeOtherSessions = async (tx: Tx, userId: string, keepSessionId: string): Promise<string[]> => {
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.map((session) => session.id);
};
