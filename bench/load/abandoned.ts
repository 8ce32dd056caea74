/**
 * Abandoned requests on the embedded database: autocannon (CONNECTIONS connections) on a client's
 * order list for a few seconds; when it stops it closes its connections with requests still queued
 * on PGlite's one connection. The next call, made at once, waits behind that queue unless the
 * server drops the work of clients that have gone (decision 022). Prints that call's time per round.
 * Usage: npm run build && npx tsx bench/load/abandoned.ts [rounds=5] [connections=100]
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { call } from '../../test/support/real-server';
import { seedUsers } from '../support/accounts';
import { percentile } from '../support/orders';
import { startTarget } from '../support/target';

const rounds = Number(process.argv[2] ?? 5);
const connections = Number(process.argv[3] ?? 100);
const target = await startTarget('embedded', async (db) => (await seedUsers(db, 'traffic_admin', 2, 'admin')).map((a) => a.token));
const [loadToken, probeToken] = target.seeded as [string, string];
try {
  const times: number[] = [];
  for (let r = 0; r < rounds; r += 1) {
    await autocannon({
      url: `${target.server.url}/api/estimates/stats/dashboard`,
      headers: { authorization: `Bearer ${loadToken}` },
      connections,
      duration: 3,
    });
    const start = performance.now();
    const res = await call(target.server, 'GET', '/api/notifications', { token: probeToken });
    times.push(performance.now() - start);
    process.stderr.write(`round ${r + 1}: ${res.status} in ${times.at(-1)!.toFixed(0)} ms\n`);
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
  process.stdout.write(
    `embedded, ${connections} connections abandoned each round: next call p50 ${percentile(times, 50).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(', ')}); load ${loadavg()[0]!.toFixed(1)}\n`,
  );
} finally {
  await target.stop();
}
