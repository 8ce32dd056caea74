/**
 * Bounded concurrency for CPU-heavy work (password hashing): at most `concurrency` run at once and
 * at most `queue` wait; past that the caller is refused at once with 503 and Retry-After, instead of
 * joining a queue no one would see the end of (under a flood, every request is answered).
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

export const createWorkGate = ({
  concurrency,
  queue,
  message,
  retryAfterSeconds = 2,
}: {
  concurrency: number;
  queue: number;
  message: string;
  retryAfterSeconds?: number;
}) => {
  let running = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    running -= 1;
    const resume = waiting.shift();
    if (resume) {
      running += 1;
      resume();
    }
  };
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= concurrency) {
      if (waiting.length >= queue) throw new BusyError(message, retryAfterSeconds);
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await work();
    } finally {
      next();
    }
  };
};
