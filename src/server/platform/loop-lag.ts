/**
 * How late the event loop runs, for refusing work while it cannot keep up: a timer every `intervalMs`
 * notes by how much it fired late. The lag read is the smaller of the last two ticks' lateness, the
 * last one counting the time since it was due when the loop has not come back to it yet, so a loop that
 * stays late reads late and one stall between punctual ticks (a long statement) does not. Started by
 * the first read; the timer never keeps the process alive.
 */
export const createLoopLag = (intervalMs = 100) => {
  let timer: NodeJS.Timeout | undefined;
  let due = 0;
  let last = 0;
  let before = 0;
  const start = () => {
    due = performance.now() + intervalMs;
    timer = setInterval(() => {
      const now = performance.now();
      before = last;
      last = Math.max(0, now - due);
      due = now + intervalMs;
    }, intervalMs);
    timer.unref();
  };
  return {
    lagMs: (): number => {
      if (!timer) start();
      return Math.min(before, Math.max(last, performance.now() - due));
    },
  };
};
