/**
 * Fan-out benchmark: the real server (dist) on PostgreSQL, ADMINS administrators each with a live
 * socket.io connection (signed in, so in the admins room; in a child process, see sockets.ts), and a client submitting SUBMITS orders one
 * after the other. For each submit: the time to the HTTP reply, and for every admin socket the time
 * from the request's start to its `notification` of the new order. Prints p50/p99/max and the load.
 * Usage: npm run build && npx tsx bench/fanout/run.ts [admins=1000] [submits=10] [postgres|embedded]
 * FANOUT_HISTORY=50: every admin starts with that many stored notifications (a full history: each
 * fan-out then also trims 1,000 of them, after its commit).
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { equipClients, firstDaypartId, seedUsers } from '../support/accounts';
import { percentile, readyDraft, submitDraft } from '../support/orders';
import { startTarget, type TargetKind } from '../support/target';

const admins = Number(process.argv[2] ?? 1000);
const submits = Number(process.argv[3] ?? 10);
const kind = (process.argv[4] ?? 'postgres') as TargetKind;

const history = Number(process.env.FANOUT_HISTORY ?? 0);

const target = await startTarget(kind, async (db) => {
  const seededAdmins = await seedUsers(db, 'traffic_admin', admins, 'admin');
  if (history > 0)
    await db.execute(sql`insert into notifications (user_id, type, sub_type, message, created_at)
      select u.id, 'system_message', 'info', 'Old ' || k, now() - make_interval(mins => k)
      from users u cross join generate_series(1, ${history}) k where u.role = 'traffic_admin'`);
  return {
    admins: seededAdmins,
    client: (await equipClients(db, await seedUsers(db, 'client', 1, 'client')))[0]!,
    daypartId: await firstDaypartId(db),
  };
});
const { server, seeded } = target;
let worker: ChildProcess | undefined;
/** The sockets' process's next message (it fails if that process exits first). */
const next = () =>
  new Promise<Record<string, unknown>>((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`the sockets' process exited with ${code}`));
    worker!.once('exit', exited);
    worker!.once('message', (message: Record<string, unknown>) => {
      worker!.off('exit', exited);
      resolve(message);
    });
  });
try {
  worker = fork(fileURLToPath(new URL('./sockets.ts', import.meta.url)), { execArgv: ['--import', 'tsx'] });
  worker.send({ url: server.url, tokens: seeded.admins.map((a) => a.token) });
  process.stderr.write(`${String((await next()).ready)} admin sockets signed in (child process)\n`);
  const replies: number[] = [];
  const deliveries: number[] = [];
  let missing = 0;
  for (let n = 0; n < submits; n += 1) {
    const id = await readyDraft(server, seeded.client, seeded.daypartId, `Fan-out ${n}`);
    const start = performance.timeOrigin + performance.now();
    const res = await submitDraft(server, seeded.client, id);
    replies.push(performance.timeOrigin + performance.now() - start);
    if (res.status !== 200) throw new Error(`submit: ${res.status} ${JSON.stringify(res.body)}`);
    const answer = next();
    worker.send({ estimateId: id });
    const arrived = ((await answer).times as number[]).map((t) => t - start);
    deliveries.push(...arrived);
    missing += seeded.admins.length - arrived.length;
    process.stderr.write(`submit ${n + 1}: reply ${replies.at(-1)!.toFixed(0)} ms, ${arrived.length} sockets, last at ${Math.max(...arrived).toFixed(0)} ms\n`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  const ms = (v: number) => v.toFixed(0);
  process.stdout.write(
    [
      `\n${kind}, ${admins} admin sockets (${history} notifications stored each at the start), ${submits} submits; load average at the end ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')}`,
      '| measure | p50 ms | p99 ms | max ms | count |',
      '|---|---|---|---|---|',
      `| submit reply (PUT status ordered) | ${ms(percentile(replies, 50))} | ${ms(percentile(replies, 99))} | ${ms(Math.max(...replies))} | ${replies.length} |`,
      `| socket \`notification\` after the submit started | ${ms(percentile(deliveries, 50))} | ${ms(percentile(deliveries, 99))} | ${ms(Math.max(...deliveries))} | ${deliveries.length} (${missing} missing) |`,
      '',
    ].join('\n'),
  );
} finally {
  if (worker?.connected) worker.send({ close: true });
  await new Promise((resolve) => setTimeout(resolve, 500));
  worker?.kill();
  await target.stop();
}
