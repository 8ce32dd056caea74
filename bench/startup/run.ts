/**
 * Start-up of the embedded default: time from process start to `/api/health` 200 and resting
 * memory (RSS, 5 s after health), on a fresh data folder and on a restart, for the compiled server
 * (`node dist/server/main.js`, what `npm start` runs) beside the previous way (`tsx
 * src/server/main.ts`). Baseline in the same run: bare `node -e` start-up. Build first (`npm run build`).
 *
 *   npx tsx bench/startup/run.ts
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const PORT = 3577;
const tsx = path.resolve('node_modules/.bin/tsx');
const modes = { compiled: [process.execPath, '--enable-source-maps', '--expose-gc', 'dist/server/main.js'], tsx: [tsx, 'src/server/main.ts'] } as const;

const rssMiB = (pid: number): number => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
};

/** tsx runs the server in a child node process: measure the process that listens. */
const serverPid = (pid: number): number => {
  const children = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean).map(Number);
  return children.length ? serverPid(children.at(-1)!) : pid;
};

const startOnce = async (mode: keyof typeof modes, dataDir: string) => {
  const [command, ...args] = modes[mode];
  const started = performance.now();
  const child = spawn(command, args, {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: 'Bench-Passw0rd-1', LOG_LEVEL: 'warn', SPOTBOOK_DEMO: '0' },
    stdio: 'ignore',
    detached: true,
  });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${PORT}/api/health`).then((r) => r.ok, () => false);
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

const main = async () => {
  process.stdout.write(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; bare node start ${bare()} s\n`);
  for (const mode of ['compiled', 'tsx'] as const) {
    const dir = await mkdtemp(path.join(os.tmpdir(), `spotbook-start-${mode}-`));
    try {
      const first = await startOnce(mode, dir);
      const restart = await startOnce(mode, dir);
      process.stdout.write(`${mode}: first start ${first.seconds} s (RSS ${first.rss} MiB), restart ${restart.seconds} s (RSS ${restart.rss} MiB)\n`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  process.stdout.write(`load average after ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);
};

await main();
