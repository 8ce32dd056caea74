/** Connects the realtime port to sessions and order access. */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'node:http';
import { isAdmin } from '../../../domain/roles';
import { ordersView } from '../orders/views';
import type { Database } from '../../platform/db';
import { createRealtime, type RealtimeUser } from '../../platform/realtime';
import { actorFromToken } from '../auth/service';
import type { TokenSigner } from '../auth/tokens';

export const createAppRealtime = async ({
  server,
  database,
  tokens,
  log,
  allowedOrigins,
  authGraceMs,
}: {
  server: Server;
  database: Database;
  tokens: TokenSigner;
  log: FastifyBaseLogger;
  allowedOrigins: readonly string[];
  authGraceMs?: number;
}) =>
  await createRealtime({
    server,
    allowedOrigins,
    authGraceMs,
    database,
    log,
    authenticate: async (token) => {
      const actor = await actorFromToken({ db: database.db, tokens, token });
      return actor ? { id: actor.id, role: actor.role, sessionId: actor.sessionId } : undefined;
    },
    canReadEstimate: async (user: RealtimeUser, estimateId: string) => {
      if (isAdmin(user.role)) return true;
      const [row] = await database.db.select({ ownerId: ordersView.ownerId }).from(ordersView).where(eq(ordersView.id, estimateId)).limit(1);
      return row?.ownerId === user.id;
    },
  });
