/**
 * The background jobs port. A job is a name, a zod schema for its payload and a handler. The
 * in-process adapter runs each job name in its own small queue (video work: one at a time);
 * a pg-boss adapter can replace it behind the same interface (register → boss.work,
 * enqueue → boss.send, close → boss.stop).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { asSystem } from './audit-context';

export interface JobContext {
  jobId: string;
  /** Aborted when the queue closes (shutdown): stop, leave the work for the next start. */
  signal: AbortSignal;
}

export interface JobOptions {
  /** How many jobs of this name run at once; 1 by default. */
  concurrency?: number;
}

export interface JobQueue {
  register<S extends z.ZodType>(name: string, schema: S, handler: (payload: z.output<S>, context: JobContext) => Promise<void>, options?: JobOptions): void;
  /** Validates the payload and queues it; answers the job id. */
  enqueue(name: string, payload: unknown): Promise<string>;
  /**
   * Queues the (registered, payload-less) job now and then every `seconds`; with several instances
   * each run happens on one of them (pg-boss: a cron schedule, at most once a minute).
   */
  every(name: string, seconds: number): void;
  /** Stops taking work, aborts running jobs and waits for their handlers to return. */
  close(): Promise<void>;
  /** True while the queue takes work (started, not closed): the readiness check. */
  ready(): Promise<boolean>;
  /** Jobs waiting or running, by name (for metrics): on this instance in process, in the shared queue on pg-boss. */
  depth?(): Record<string, number> | Promise<Record<string, number>>;
}

interface Worker {
  schema: z.ZodType;
  handler: (payload: unknown, context: JobContext) => Promise<void>;
  concurrency: number;
  waiting: { id: string; payload: unknown }[];
  running: Set<Promise<void>>;
}

export const createInProcessJobs = ({
  log,
  recurringAfter,
}: {
  log: FastifyBaseLogger;
  /**
   * When given, the first run of each recurring job waits for it (main.ts: a moment after listening, so that a
   * restart's first requests are not queued behind the start-up runs on PGlite's one connection; decision 062).
   */
  recurringAfter?: Promise<unknown>;
}): JobQueue => {
  const workers = new Map<string, Worker>();
  const abort = new AbortController();
  const timers: NodeJS.Timeout[] = [];

  const pump = (name: string, worker: Worker) => {
    while (!abort.signal.aborted && worker.running.size < worker.concurrency && worker.waiting.length > 0) {
      const job = worker.waiting.shift()!;
      const run = (async () => {
        try {
          // A job is the system's work, even when a request queued it.
          await asSystem(() => worker.handler(job.payload, { jobId: job.id, signal: abort.signal }));
        } catch (error) {
          if (!abort.signal.aborted) log.error({ err: error, job: name, jobId: job.id }, 'job failed');
        }
      })();
      worker.running.add(run);
      void run.finally(() => {
        worker.running.delete(run);
        pump(name, worker);
      });
    }
  };

  const api: JobQueue = {
    register(name, schema, handler, options = {}) {
      if (workers.has(name)) throw new Error(`Job ${name} is already registered`);
      workers.set(name, { schema, handler: handler as Worker['handler'], concurrency: Math.max(1, options.concurrency ?? 1), waiting: [], running: new Set() });
    },
    async enqueue(name, payload) {
      const worker = workers.get(name);
      if (!worker) throw new Error(`Unknown job ${name}`);
      if (abort.signal.aborted) throw new Error('The job queue is closed');
      const id = randomUUID();
      worker.waiting.push({ id, payload: worker.schema.parse(payload) });
      // Start on the next tick: the caller finishes its own work (e.g. answering) first.
      setImmediate(() => pump(name, worker));
      return id;
    },
    every(name, seconds) {
      const queue = () => {
        const worker = workers.get(name);
        // A run still waiting covers this one.
        if (!worker || abort.signal.aborted || worker.waiting.length > 0) return;
        void api.enqueue(name, {}).catch((error: unknown) => log.error({ err: error, job: name }, 'could not queue a recurring job'));
      };
      if (recurringAfter) void recurringAfter.then(queue);
      else queue();
      timers.push(setInterval(queue, seconds * 1000).unref());
    },
    ready: async () => !abort.signal.aborted,
    depth: () => Object.fromEntries([...workers.entries()].map(([name, w]) => [name, w.waiting.length + w.running.size])),
    async close() {
      for (const timer of timers) clearInterval(timer);
      abort.abort();
      const running = [...workers.values()].flatMap((w) => [...w.running]);
      for (const worker of workers.values()) worker.waiting.length = 0;
      await Promise.allSettled(running);
    },
  };
  return api;
};
