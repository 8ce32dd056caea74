/**
 * The scale-out adapter of the jobs port: pg-boss on the app's PostgreSQL (schema `pgboss`).
 * Jobs survive a restart and any instance may run a job another one queued. Handlers keep the
 * in-process semantics: a job runs once (no pg-boss retries; handlers that retry, like mail,
 * queue a new job), and a shutdown aborts running handlers through their signal.
 */
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { JobQueue } from './jobs';

interface Registration {
  queue: string;
  parse: (payload: unknown) => unknown;
}

/** pg-boss queue names are word characters: `media.process` becomes `media_process`. */
const queueName = (name: string) => name.replace(/\W/g, '_');

export const createPgBossJobs = ({
  connectionString,
  log,
  pollingIntervalSeconds = 0.5,
}: {
  connectionString: string;
  log: FastifyBaseLogger;
  pollingIntervalSeconds?: number;
}): JobQueue => {
  const boss = new PgBoss({ connectionString, schema: 'pgboss', max: 4, application_name: 'spotbook-jobs' });
  boss.on('error', (error) => log.error({ err: error }, 'pg-boss error'));
  const abort = new AbortController();
  const registrations = new Map<string, Registration>();
  const started = boss.start();
  // Queues and workers are set up in registration order, after the start.
  let setup: Promise<unknown> = started;
  const running = new Set<Promise<void>>();

  /** Instances starting together may race to create a queue (PostgreSQL reports a deadlock): try again. */
  const ensureQueue = async (queue: string) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        if (!(await boss.getQueue(queue))) await boss.createQueue(queue, { name: queue, retryLimit: 0 });
        return;
      } catch (error) {
        if (attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
      }
    }
  };

  return {
    register(name, schema, handler, options = {}) {
      if (registrations.has(name)) throw new Error(`Job ${name} is already registered`);
      const queue = queueName(name);
      registrations.set(name, { queue, parse: (payload) => schema.parse(payload) });
      const work = async (jobs: PgBoss.Job<object>[]) => {
        for (const job of jobs) {
          if (abort.signal.aborted) return;
          const run = (async () => {
            try {
              await handler(schema.parse(job.data), { jobId: job.id, signal: abort.signal });
            } catch (error) {
              if (!abort.signal.aborted) log.error({ err: error, job: name, jobId: job.id }, 'job failed');
            }
          })();
          running.add(run);
          await run.finally(() => running.delete(run));
        }
      };
      setup = setup.then(async () => {
        await ensureQueue(queue);
        const workers = Math.max(1, options.concurrency ?? 1);
        for (let i = 0; i < workers; i += 1) await boss.work(queue, { batchSize: 1, pollingIntervalSeconds }, work);
      });
      setup.catch((error: unknown) => log.error({ err: error, job: name }, 'could not start the job worker'));
    },
    async enqueue(name, payload) {
      const registration = registrations.get(name);
      if (!registration) throw new Error(`Unknown job ${name}`);
      if (abort.signal.aborted) throw new Error('The job queue is closed');
      const data = registration.parse(payload) as object;
      await setup;
      const id = await boss.send(registration.queue, data);
      if (!id) throw new Error(`Job ${name} was not queued`);
      return id;
    },
    every(name, seconds) {
      const registration = registrations.get(name);
      if (!registration) throw new Error(`Unknown job ${name}`);
      // pg-boss's cron runs each scheduled minute on one instance; a first run goes out at start.
      const minutes = Math.min(59, Math.max(1, Math.round(seconds / 60)));
      setup = setup.then(async () => {
        await boss.schedule(registration.queue, minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`, {});
        await boss.send(registration.queue, {}, { singletonKey: 'start', singletonSeconds: 30 });
      });
      setup.catch((error: unknown) => log.error({ err: error, job: name }, 'could not schedule the job'));
    },
    async depth() {
      await setup;
      // Created, retrying and active jobs of every instance: the queue is shared.
      const sizes = await Promise.all(
        [...registrations].map(async ([name, { queue }]) => [name, await boss.getQueueSize(queue, { before: 'completed' })] as const),
      );
      return Object.fromEntries(sizes);
    },
    ready: () =>
      started.then(
        () => !abort.signal.aborted,
        () => false,
      ),
    async close() {
      abort.abort();
      await setup.catch(() => undefined);
      await Promise.allSettled([...running]);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000, close: true }).catch((error: unknown) => log.warn({ err: error }, 'pg-boss stop failed'));
    },
  };
};
