/**
 * Shutdown always finishes (finding 12): the real server, started and stopped with SIGTERM many
 * times (with sign-ins in flight), exits cleanly each time; and the watchdog ends a process whose
 * main thread is blocked, where no timer of its own could fire.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrlFor, withServer } from '../support/global-setup';

const ROOT = path.resolve(__dirname, '../..');
const RUNS = 5;
const ADMIN = { email: 'admin@shutdown.test', password: 'Shutdown-Passw0rd' };
let dataDir: string;
let databaseUrl: string | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'spotbook-shutdown-'));
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `spotbook_shutdown_${randomBytes(4).toString('hex')}`;
    await withServer(serverUrl, (c) => c.query(`create database ${name}`));
    databaseUrl = databaseUrlFor(serverUrl, name);
  }
}, 60_000);
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl && databaseUrl) await withServer(serverUrl, (c) => c.query(`drop database if exists ${new URL(databaseUrl!).pathname.slice(1)} with (force)`));
});

const exited = (child: ChildProcess) => new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

const startServer = async (port: number) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JWT_SECRET: 'shutdown-test-secret-of-at-least-32-characters',
      LOG_LEVEL: 'warn',
      SPOTBOOK_DEMO: '0',
      JOBS_ADAPTER: 'in-process',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited at start: ${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return { child, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

describe('shutdown', () => {
  it(`exits within 10 s of SIGTERM, ${RUNS} starts in a row, with requests in flight`, async () => {
    const port = 3900 + Math.floor(Math.random() * 90);
    for (let run = 1; run <= RUNS; run += 1) {
      const { child, output } = await startServer(port);
      const inFlight = Array.from({ length: 4 }, () =>
        fetch(`http://127.0.0.1:${port}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) }).catch(() => undefined),
      );
      const exit = exited(child);
      const sent = Date.now();
      child.kill('SIGTERM');
      const result = await Promise.race([exit, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 12_000))]);
      if (result === 'hung') child.kill('SIGKILL');
      expect(result, `run ${run}: ${output()}`).toEqual({ code: 0, signal: null });
      expect(Date.now() - sent).toBeLessThan(10_000);
      await Promise.all(inFlight);
    }
  }, 180_000);

  it('the watchdog ends a process whose main thread is blocked', async () => {
    const script = `
      import { startExitWatchdog } from ${JSON.stringify(path.join(ROOT, 'src/server/platform/exit-watchdog.ts'))};
      startExitWatchdog(300);
      const until = Date.now() + 20_000;
      while (Date.now() < until) {}
      console.log('survived');
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const started = Date.now();
    expect(await exited(child)).toEqual({ code: null, signal: 'SIGKILL' });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(output).toContain('Shutdown did not finish in 300 ms: killing the process');
    expect(output).not.toContain('survived');
  }, 30_000);
});
