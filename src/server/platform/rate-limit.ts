/**
 * A fixed-window attempt counter kept in memory. It guards sign-in, forgot-password and
 * reset-password against guessing and flooding; one instance per process is enough for
 * the embedded mode (behind a load balancer each instance limits its own share).
 */
export interface AttemptLimiter {
  /** Counts one attempt for `key`; false when the key is over its limit. */
  hit(key: string): boolean;
  /** True when the key is already over its limit, without counting. */
  blocked(key: string): boolean;
  reset(key: string): void;
}

export const createAttemptLimiter = ({ max, windowMs }: { max: number; windowMs: number }): AttemptLimiter => {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const current = (key: string, now: number) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt > now) return entry;
    if (windows.size > 50_000) {
      for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
    }
    return undefined;
  };
  return {
    hit(key) {
      const now = Date.now();
      const entry = current(key, now) ?? { count: 0, resetAt: now + windowMs };
      entry.count += 1;
      windows.set(key, entry);
      return entry.count <= max;
    },
    blocked(key) {
      const entry = current(key, Date.now());
      return entry !== undefined && entry.count >= max;
    },
    reset(key) {
      windows.delete(key);
    },
  };
};
