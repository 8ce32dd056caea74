import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createInProcessJobs } from './jobs';

const log = { error: () => undefined } as unknown as FastifyBaseLogger;
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('in-process jobs: the recurring jobs’ start-up run (decision 062)', () => {
  it('waits for `recurringAfter` (main.ts: after listening), then runs once', async () => {
    let listening: () => void = () => undefined;
    const recurringAfter = new Promise<void>((resolve) => {
      listening = resolve;
    });
    const jobs = createInProcessJobs({ log, recurringAfter });
    const runs: string[] = [];
    jobs.register('tick', z.object({}), async () => {
      runs.push('tick');
    });
    jobs.every('tick', 3600);
    await settle();
    expect(runs).toEqual([]);
    listening();
    await settle();
    expect(runs).toEqual(['tick']);
    await jobs.close();
  });

  it('runs at once without it, as tests and scripts build the app', async () => {
    const jobs = createInProcessJobs({ log });
    const runs: string[] = [];
    jobs.register('tick', z.object({}), async () => {
      runs.push('tick');
    });
    jobs.every('tick', 3600);
    await settle();
    expect(runs).toEqual(['tick']);
    await jobs.close();
  });
});
