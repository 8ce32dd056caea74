/**
 * Where a start's time goes (bench/README.md, start-up): with SPOTBOOK_STARTUP_TIMINGS=1, each step of the
 * start and the milliseconds since the step before go to standard error. The first step counts from the
 * process's start (node itself and loading the modules).
 */
const enabled = process.env.SPOTBOOK_STARTUP_TIMINGS === '1';
let last = 0;

export const startupStep = (name: string): void => {
  if (!enabled) return;
  const now = performance.now();
  process.stderr.write(`start-up: ${name} ${Math.round(now - last)} ms\n`);
  last = now;
};
