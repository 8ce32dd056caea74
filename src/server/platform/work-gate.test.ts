import { afterEach, describe, expect, it, vi } from 'vitest';
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

describe('work gate with a longest wait (issue 40)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  /** Work that runs until the test ends it. */
  const held = () => {
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    return { ended, end };
  };

  it('refuses a caller still waiting when it has waited the longest wait, with 503 and Retry-After', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const gate = createWorkGate({ concurrency: 1, queue: 10, maxWaitMs: 5_000, message: 'busy' });
    const first = held();
    const running = gate(() => first.ended);
    const waiter = gate(async () => 'ran');
    const outcome = waiter.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(4_999);
    expect(await Promise.race([outcome, Promise.resolve('still waiting')])).toBe('still waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ statusCode: 503, message: 'busy', retryAfterSeconds: 2 });
    expect(await outcome).toBeInstanceOf(BusyError);
    // The refused waiter left the queue: the next caller runs as soon as the held work ends.
    first.end();
    await running;
    expect(await gate(async () => 'next')).toBe('next');
  });

  it('refuses at once a caller whose expected wait is longer, with that wait as Retry-After', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const gate = createWorkGate({ concurrency: 1, queue: 10, maxWaitMs: 5_000, message: 'busy' });
    // One piece of work that took 2 s: the expected wait is 2 s a place in the queue.
    const timed = held();
    const done = gate(() => timed.ended);
    await vi.advanceTimersByTimeAsync(2_000);
    timed.end();
    await done;

    const first = held();
    const running = gate(() => first.ended);
    expect(gate.refusal()).toBeUndefined();
    const second = gate(async () => 'second');
    const third = gate(async () => 'third');
    // A fourth would wait 6 s, more than 5 s: refused at once, told to retry in 6 s.
    expect(gate.refusal()).toMatchObject({ statusCode: 503, retryAfterSeconds: 6 });
    await expect(gate(async () => 'fourth')).rejects.toMatchObject({ statusCode: 503, message: 'busy', retryAfterSeconds: 6 });
    first.end();
    await running;
    expect(await Promise.all([second, third])).toEqual(['second', 'third']);
    expect(gate.refusal()).toBeUndefined();
  });

  it('refuses every newcomer at once while overloaded, free slots or not, and admits again after', async () => {
    let overloaded = true;
    const gate = createWorkGate({ concurrency: 2, queue: 10, maxWaitMs: 5_000, message: 'busy', overloaded: () => overloaded });
    expect(gate.refusal()).toMatchObject({ statusCode: 503, retryAfterSeconds: 2 });
    await expect(gate(async () => 'ran')).rejects.toMatchObject({ statusCode: 503, message: 'busy', retryAfterSeconds: 2 });
    overloaded = false;
    expect(await gate(async () => 'ran')).toBe('ran');
  });
});
