/**
 * A short-lived memory of live sessions, so that a signed-in request costs no session query when the
 * same session asked a moment ago (decision 024). Revocation reaches it three ways:
 * - every request that may write (not GET, HEAD or OPTIONS) forgets everything on this instance
 *   before its reply is sent, so no client can see a change and then be served from before it;
 * - a sign-out, password reset, role change or deletion forgets the session or user on every
 *   instance (through the realtime adapter, as the sockets are disconnected);
 * - an entry lives `ttlMs` at most, and never past its session's own expiry.
 * A lookup that began before a forget is not remembered (the generation moved on meanwhile).
 */
import type { Actor } from './actor';

export type SessionTarget = { sessionId: string } | { userId: string } | 'all';

interface Entry {
  actor: Actor;
  sessionExpiresAt: number;
  cachedUntil: number;
}

export interface SessionCache {
  /** The cached actor of this session, if fresh. */
  get(sessionId: string, userId: string): Actor | undefined;
  /** The generation to hand back to `remember` after the lookup. */
  generation(): number;
  remember(generation: number, actor: Actor, sessionExpiresAt: Date): void;
  forget(target: SessionTarget): void;
}

const MAX_ENTRIES = 10_000;

export const createSessionCache = ({ ttlMs, now = Date.now }: { ttlMs: number; now?: () => number }): SessionCache => {
  const entries = new Map<string, Entry>();
  let generation = 0;
  return {
    get(sessionId, userId) {
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      const at = now();
      if (entry.actor.id !== userId || entry.cachedUntil <= at || entry.sessionExpiresAt <= at) {
        entries.delete(sessionId);
        return undefined;
      }
      return entry.actor;
    },
    generation: () => generation,
    remember(seen, actor, sessionExpiresAt) {
      if (ttlMs <= 0 || seen !== generation) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(actor.sessionId, { actor, sessionExpiresAt: sessionExpiresAt.getTime(), cachedUntil: now() + ttlMs });
    },
    forget(target) {
      generation += 1;
      if (target === 'all') entries.clear();
      else if ('sessionId' in target) entries.delete(target.sessionId);
      else for (const [sessionId, entry] of entries) if (entry.actor.id === target.userId) entries.delete(sessionId);
    },
  };
};
