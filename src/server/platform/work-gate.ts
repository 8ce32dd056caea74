/**
 * Bounded concurrency for CPU-heavy work (password hashing, sign-ins): at most `concurrency` run at
 * once and at most `queue` wait; past that the caller is refused at once with 503 and Retry-After,
 * instead of joining a queue no one would see the end of (under a flood, every request is answered).
 * With `maxWaitMs`, no caller waits longer than that: one whose expected wait (its place in the queue
 * times the recent duration of the work) is longer is refused at once, with that wait as Retry-After,
 * and one still waiting when it has waited `maxWaitMs` is refused then (decision 046, issue 40). While
 * `overloaded()` says so (the event loop runs late), every newcomer is refused at once, free slots or not.
 */
import { HttpError } from './errors';

export class BusyError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(503, message);
  }
}

/** How much one finished piece of work moves the recent duration (an exponentially weighted mean). */
const WEIGHT = 0.2;

export const createWorkGate = ({
  concurrency,
  queue,
  message,
  retryAfterSeconds = 2,
  maxWaitMs,
  overloaded = () => false,
}: {
  concurrency: number;
  queue: number;
  message: string;
  retryAfterSeconds?: number;
  maxWaitMs?: number;
  overloaded?: () => boolean;
}) => {
  let running = 0;
  /** The recent duration of one piece of work, once one has finished. */
  let recentMs: number | undefined;
  const waiting: { resume: () => void; timer?: NodeJS.Timeout }[] = [];
  const expectedWaitMs = (place: number) => Math.ceil(place / concurrency) * (recentMs ?? 0);
  const busy = (waitMs = 0) => new BusyError(message, Math.max(retryAfterSeconds, Math.ceil(waitMs / 1000)));
  const next = () => {
    running -= 1;
    const waiter = waiting.shift();
    if (waiter) {
      clearTimeout(waiter.timer);
      running += 1;
      waiter.resume();
    }
  };
  /** The refusal a caller arriving now would meet at once, if any. */
  const refusal = (): BusyError | undefined => {
    if (overloaded()) return busy();
    if (running < concurrency) return undefined;
    if (waiting.length >= queue) return busy();
    const expected = expectedWaitMs(waiting.length + 1);
    return maxWaitMs !== undefined && expected > maxWaitMs ? busy(expected) : undefined;
  };
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    const refused = refusal();
    if (refused) throw refused;
    if (running >= concurrency) {
      await new Promise<void>((resolve, reject) => {
        const waiter: (typeof waiting)[number] = { resume: resolve };
        if (maxWaitMs !== undefined) {
          waiter.timer = setTimeout(() => {
            waiting.splice(waiting.indexOf(waiter), 1);
            reject(busy(expectedWaitMs(waiting.length)));
          }, maxWaitMs);
        }
        waiting.push(waiter);
      });
    } else {
      running += 1;
    }
    const started = performance.now();
    try {
      return await work();
    } finally {
      const tookMs = performance.now() - started;
      recentMs = recentMs === undefined ? tookMs : recentMs + WEIGHT * (tookMs - recentMs);
      next();
    }
  };
  return Object.assign(run, { refusal });
};
