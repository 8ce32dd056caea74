/** API keys (decision 030): made, listed and revoked by their owner; resolved to an actor on each call. */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { API_KEY_SCOPES, API_KEY_SECRET_PREFIX, type ApiKey, type ApiKeyScope, type CreateApiKeyInput } from '../../../domain/api-keys';
import { isAdmin } from '../../../domain/roles';
import { apiKeys } from '../../db/schema';
import { userSummary } from '../users/public';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { toSessionUser, type Actor } from '../auth/service';
import type { ApiKeyCache } from './key-cache';

type Row = typeof apiKeys.$inferSelect;

export const hashApiKeySecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The id an API key's actor carries as its "session": sockets and caches tell keys from sessions by it. */
export const apiKeySessionId = (keyId: string) => `key:${keyId}`;

const toApiKey = (row: Row): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes as ApiKeyScope[],
  station: row.station,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  revoked_at: row.revokedAt?.toISOString() ?? null,
});

export const createApiKey = async ({ db, actor, input }: { db: Db; actor: Actor; input: CreateApiKeyInput }) => {
  const secret = `${API_KEY_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [row] = await db
    .insert(apiKeys)
    .values({
      userId: actor.id,
      station: isAdmin(actor.role),
      name: input.name,
      prefix: secret.slice(0, API_KEY_SECRET_PREFIX.length + 6),
      secretHash: hashApiKeySecret(secret),
      scopes: input.scopes ?? [...API_KEY_SCOPES],
    })
    .returning();
  return { api_key: toApiKey(row!), secret };
};

/** Whose keys an actor manages: their own, and for administrators every station service key. */
const manageable = (actor: Actor) => (isAdmin(actor.role) ? or(eq(apiKeys.userId, actor.id), eq(apiKeys.station, true)) : eq(apiKeys.userId, actor.id));

export const listApiKeys = async ({ db, actor }: { db: Db; actor: Actor }) => {
  const rows = await db.select().from(apiKeys).where(manageable(actor)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)).limit(500);
  return rows.map(toApiKey);
};

/** Revokes a key the actor manages (again: no change); 404 for anyone else's. */
export const revokeApiKey = async ({ db, actor, id }: { db: Db; actor: Actor; id: string }) => {
  const [revoked] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(and(eq(apiKeys.id, id), manageable(actor)))
    .returning();
  if (!revoked) throw notFound('API key not found');
  return toApiKey(revoked);
};

/** How often a key's last use is written (at most once a minute per key and instance). */
const LAST_USED_EVERY_MS = 60_000;
const lastWritten = new Map<string, number>();

/** The actor a live key's secret stands for (its owner, narrowed to its scopes), or undefined. */
export const actorFromApiKey = async ({ db, secret, cache }: { db: Db; secret: string; cache?: ApiKeyCache }): Promise<Actor | undefined> => {
  const secretHash = hashApiKeySecret(secret);
  let actor = cache?.get(secretHash);
  if (!actor) {
    const generation = cache?.generation();
    const [key] = await db
      .select({ keyId: apiKeys.id, keyName: apiKeys.name, scopes: apiKeys.scopes, userId: apiKeys.userId })
      .from(apiKeys)
      .where(and(eq(apiKeys.secretHash, secretHash), isNull(apiKeys.revokedAt)))
      .limit(1);
    const user = key && (await userSummary(db, key.userId));
    const row = key && user && { ...key, ...user };
    if (!row) return undefined;
    actor = {
      ...toSessionUser(row),
      channelIds: row.channelIds,
      sessionId: apiKeySessionId(row.keyId),
      apiKey: { id: row.keyId, name: row.keyName, scopes: row.scopes as ApiKeyScope[] },
    };
    if (cache && generation !== undefined) cache.remember(generation, secretHash, actor);
  }
  const keyId = actor.apiKey!.id;
  const now = Date.now();
  if ((lastWritten.get(keyId) ?? 0) + LAST_USED_EVERY_MS <= now) {
    if (lastWritten.size > 10_000) lastWritten.clear();
    lastWritten.set(keyId, now);
    await db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(now) })
      .where(and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now - LAST_USED_EVERY_MS / 2)))));
  }
  return actor;
};
