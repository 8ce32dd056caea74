/**
 * Where the server's log lines go when no test stream is given: standard output, never blocking
 * (issue 30, finding 14). pino's own destination writes synchronously and, on a pipe that is full
 * because no one reads it, retries in a sleeping loop that holds the main thread for good (it then
 * answers nothing and ignores SIGTERM). Node's process.stdout writes to a pipe asynchronously; this
 * stream drops lines while more than `limit` bytes wait, and drops every line once the output is
 * broken (a closed pipe), so a log line can never stop the server or its shutdown.
 */
import type { Writable } from 'node:stream';

export interface NonBlockingLogStream {
  write(line: string): void;
  /** Lines not written since start (output full or broken). */
  dropped(): number;
}

export const nonBlockingLogStream = (out: Writable = process.stdout, limit = 4 * 1024 * 1024): NonBlockingLogStream => {
  let broken = false;
  let dropped = 0;
  out.on('error', () => {
    broken = true;
  });
  return {
    write(line: string) {
      if (broken || out.destroyed || out.writableLength > limit) {
        dropped += 1;
        return;
      }
      out.write(line);
    },
    dropped: () => dropped,
  };
};
