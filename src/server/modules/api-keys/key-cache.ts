/**
 * A short-lived memory of resolved API keys (secret hash → actor), so that a key's calls cost no
 * lookup each time, reached by revocation like the session cache (decision 024): a revocation, a role
 * change or a deletion forgets the key or its owner on every instance through the realtime adapter,
 * and a lookup that began before a forget is not remembered.
 */
import type { Actor } from '../auth/service';
import type { SessionTarget } from '../auth/session-cache';

export interface ApiKeyCache {
  get(secretHash: string): Actor | undefined;
  generation(): number;
  remember(generation: number, secretHash: string, actor: Actor): void;
  forget(target: SessionTarget): void;
}

const MAX_ENTRIES = 10_000;

export const createApiKeyCache = ({ ttlMs, now = Date.now }: { ttlMs: number; now?: () => number }): ApiKeyCache => {
  const entries = new Map<string, { actor: Actor; until: number }>();
  let generation = 0;
  return {
    get(secretHash) {
      const entry = entries.get(secretHash);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        entries.delete(secretHash);
        return undefined;
      }
      return entry.actor;
    },
    generation: () => generation,
    remember(seen, secretHash, actor) {
      if (ttlMs <= 0 || seen !== generation) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(secretHash, { actor, until: now() + ttlMs });
    },
    forget(target) {
      generation += 1;
      if (target === 'all') return entries.clear();
      for (const [hash, { actor }] of entries) {
        if ('sessionId' in target ? actor.sessionId === target.sessionId : actor.id === target.userId) entries.delete(hash);
      }
    },
  };
};
