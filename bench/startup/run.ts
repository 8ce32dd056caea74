/**
 * Start-up of the embedded default: time from process start to `/api/health` 200 and resting
 * memory (RSS, 5 s after health), on a fresh data folder and on a restart, for the compiled server
 * with the node flags of `npm start` (read from package.json) beside the same build with the
 * previous flags (`--enable-source-maps --expose-gc`), and optionally the previous way (`tsx
 * src/server/main.ts`). Each variant starts on STARTS fresh folders (first start, then a restart of
 * the same folder), in turns so that the machine's load falls on all of them alike; the table gives
 * each start and the median. Baseline in the same run: bare `node -e` start-up. Build first (`npm run build`).
 *
 *   npx tsx bench/startup/run.ts [starts per variant, default 3] [--tsx]
 *   STARTUP_MAIN=path/to/other/dist/server/main.js npx tsx bench/startup/run.ts   # another build
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const PORT = 3577;
const STARTS = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 3);
const tsx = path.resolve('node_modules/.bin/tsx');
const script = process.env.STARTUP_MAIN ?? 'dist/server/main.js';
/** The node flags `npm start` passes (everything between `node` and the script). */
const startFlags = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));
const variants: Record<string, string[]> = {
  [`npm start (${startFlags.join(' ')})`]: [process.execPath, ...startFlags, script],
  'previous flags (--enable-source-maps --expose-gc)': [process.execPath, '--enable-source-maps', '--expose-gc', script],
  ...(process.argv.includes('--tsx') && { 'tsx (previous way)': [tsx, 'src/server/main.ts'] }),
};

const rssMiB = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
};

/** tsx runs the server in a child node process: measure the process that listens. */
const serverPid = (pid: number): number => {
  const children = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
    .stdout.trim()
    .split('\n')
    .filter(Boolean)
    .map(Number);
  return children.length ? serverPid(children.at(-1)!) : pid;
};

const startOnce = async (command: string[], dataDir: string) => {
  const [file, ...args] = command;
  const started = performance.now();
  const child = spawn(file!, args, {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Bench-Passw0rd-1',
      LOG_LEVEL: 'warn',
      SPOTBOOK_DEMO: '0',
    },
    stdio: 'ignore',
    detached: true,
  });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  const seconds = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 5000));
  const rss = rssMiB(serverPid(child.pid!));
  process.kill(-child.pid!, 'SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return { seconds: Math.round(seconds * 100) / 100, rss };
};

const bare = () => {
  const started = performance.now();
  spawnSync(process.execPath, ['-e', '0']);
  return Math.round(performance.now() - started) / 1000;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : Math.round(((sorted[middle - 1]! + sorted[middle]!) / 2) * 100) / 100;
};

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

const run = async () => {
  process.stdout.write(`load average ${load()}; bare node start ${bare()} s; ${STARTS} starts per variant; build ${script}\n`);
  const results = new Map(
    Object.keys(variants).map((name) => [name, [] as { first: { seconds: number; rss: number }; restart: { seconds: number; rss: number } }[]]),
  );
  for (let round = 0; round < STARTS; round += 1) {
    for (const [name, command] of Object.entries(variants)) {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'spotbook-start-'));
      try {
        const first = await startOnce(command, dir);
        const restart = await startOnce(command, dir);
        results.get(name)!.push({ first, restart });
        process.stderr.write(`${name}: first start ${first.seconds} s (RSS ${first.rss} MiB), restart ${restart.seconds} s (RSS ${restart.rss} MiB)\n`);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
  }
  const rows = [...results].map(([name, runs]) => {
    const cell = (pick: (r: (typeof runs)[number]) => number) => `${median(runs.map(pick))} (${runs.map(pick).join(', ')})`;
    return `| ${name} | ${cell((r) => r.first.seconds)} | ${cell((r) => r.first.rss)} | ${cell((r) => r.restart.seconds)} | ${cell((r) => r.restart.rss)} |`;
  });
  process.stdout.write(
    [
      '',
      '| variant: median (each start) | first start (s) | RSS after first start (MiB) | restart (s) | RSS after restart (MiB) |',
      '|---|---|---|---|---|',
      ...rows,
      '',
      `load average after ${load()}`,
      '',
    ].join('\n'),
  );
};

await run();
