/**
 * Spotbook ÷ a bare Fastify + pg server on Order Management's first page: both answer the same SQL
 * with the same bytes (checked before measuring), on the generated PostgreSQL database
 * (bench/generate-1m). autocannon runs against them in turn, A B A B, so that the shared machine's
 * load falls on both alike; each run is followed by a pause that lets abandoned requests drain.
 * Both are warmed up first (3 s each, not recorded). Each run also prints the server process's CPU time per request (from /proc), which the machine's other work moves less.
 * Usage: npx tsx bench/bare-server/run.ts [orders, default 1000000] [seconds per run, default 10] [rounds, default 2]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { BENCH_SERVER } from '../support/postgres';
import { generatedDatabase } from '../generate-1m/names';
import { startServer, stopServer } from '../upload/servers';

const orders = Number(process.argv[2] ?? 1_000_000);
const seconds = Number(process.argv[3] ?? 10);
const rounds = Number(process.argv[4] ?? 2);
const connections = 10;
const url = `${BENCH_SERVER}/${generatedDatabase(orders)}`;
const query = { exclude_status: ['approved', 'rejected'], limit: '50' };
const pathOf = '/api/estimates?exclude_status=approved&exclude_status=rejected&limit=50';
const dataDir = mkdtempSync(path.join(tmpdir(), 'spotbook-bench-bare-'));
const out = (line: string) => process.stdout.write(`${line}\n`);
/** A process's CPU time so far (user + system, ms), from /proc: what a request costs, whatever else runs on the machine. */
const cpuMs = (pid: number | undefined) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};

const spotbook = await startServer('../bare-server/app-server.ts', JSON.stringify({ url, dataDir, query }));
const bare = await startServer('../bare-server/bare-server.ts', JSON.stringify({ url, text: spotbook.info.text, params: spotbook.info.params }));
try {
  const headers = { authorization: `Bearer ${String(spotbook.info.token)}` };
  const targets = [
    { name: 'Spotbook', url: `http://127.0.0.1:${spotbook.info.port}${pathOf}`, headers, pid: spotbook.child.pid },
    { name: 'bare Fastify + pg', url: `http://127.0.0.1:${bare.info.port}${pathOf}`, headers: {}, pid: bare.child.pid },
  ];
  const [a = '', b = ''] = await Promise.all(targets.map(async (t) => (await fetch(t.url, { headers: t.headers })).text()));
  if (a !== b) throw new Error(`the replies differ:\n${a.slice(0, 400)}\n${b.slice(0, 400)}`);
  out(`same bytes: ${Buffer.byteLength(a)} bytes, ${JSON.parse(a).length} orders`);
  // Not recorded: a few seconds of each first, so that the first round does not time the JIT's warm-up.
  for (const target of targets) {
    await autocannon({ url: target.url, headers: target.headers, connections, duration: 3 });
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  const results: Record<string, number[]> = { Spotbook: [], 'bare Fastify + pg': [] };
  const cpu: Record<string, number[]> = { Spotbook: [], 'bare Fastify + pg': [] };
  for (let round = 0; round < rounds; round += 1)
    for (const target of targets) {
      const before = cpuMs(target.pid);
      const result = await autocannon({ url: target.url, headers: target.headers, connections, duration: seconds });
      const perRequest = ((cpuMs(target.pid) - before) * 1000) / result.requests.total;
      results[target.name]!.push(result.requests.average);
      cpu[target.name]!.push(perRequest);
      out(
        `round ${round + 1} ${target.name}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, CPU ${Math.round(perRequest)} µs/request, load ${loadavg()[0]!.toFixed(2)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  const ratios = results.Spotbook!.map((s, i) => s / results['bare Fastify + pg']![i]!);
  out(
    `Spotbook ÷ bare per round: ${ratios.map((r) => r.toFixed(2)).join(', ')}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')}`,
  );
  const cpuRatios = cpu['bare Fastify + pg']!.map((b, i) => b / cpu.Spotbook![i]!);
  out(`bare's CPU per request ÷ Spotbook's per round: ${cpuRatios.map((r) => r.toFixed(2)).join(', ')}`);
} finally {
  await stopServer(bare.child);
  await stopServer(spotbook.child);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
