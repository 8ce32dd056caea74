/**
 * A full garbage collection now, where the process was started with `--expose-gc` (`npm start` is); a no-op
 * otherwise. For the few places that just dropped much memory at once (start-up, a bulk step of an as-run
 * import): V8 otherwise lets that garbage stand until its heap grows further, and a 100,000-line import's
 * steps then stack their garbage into one peak (decision 062, session 24). A collection of a heap that size
 * takes tens of milliseconds.
 */
export const collectGarbage = (): void => (globalThis as { gc?: () => void }).gc?.();
