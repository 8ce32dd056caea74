import { describe, expect, it } from 'vitest';
import { BusyError, createWorkGate } from './work-gate';

describe('work gate (audit finding 11)', () => {
  it('runs at most `concurrency` at once, queues a few, and refuses the rest at once with 503 and Retry-After', async () => {
    const gate = createWorkGate({ concurrency: 2, queue: 1, message: 'busy', retryAfterSeconds: 3 });
    let running = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    const work = () =>
      gate(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return 'done';
      });
    const accepted = [work(), work(), work()];
    const refused = work();
    await expect(refused).rejects.toBeInstanceOf(BusyError);
    await expect(refused).rejects.toMatchObject({ statusCode: 503, retryAfterSeconds: 3, message: 'busy' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(releases).toHaveLength(2);
    while (releases.length > 0 || running > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await Promise.all(accepted)).toEqual(['done', 'done', 'done']);
    expect(peak).toBe(2);
  });
});
