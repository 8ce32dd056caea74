/** The real server as a child process, compiled as `npm start` runs it (`node <flags> dist/server/main.js`; `npm test` builds it first). */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// import.meta.url rather than __dirname: the benchmarks (bench/fanout, bench/load) start the server through tsx as ES modules.
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const REAL_ADMIN = { email: 'admin@real-server.test', password: 'RealServer-Passw0rd' };

/**
 * A port free on 127.0.0.1 right now (the system's pick), for a real server to listen on: process
 * tests run two at a time, so fixed or random ranges could collide.
 */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

/** The node flags of a checkout's `npm start` (memory and source-map settings), so that tests run the server as users do. */
const startFlags = (root: string): string[] =>
  (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start
    .split(/\s+/)
    .filter((word) => word.startsWith('--'));

export const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

export interface RealServer {
  child: ChildProcess;
  url: string;
  output(): string;
}

/** Starts the server on `port` with its data in `dataDir` (or on `databaseUrl`) and waits for /api/health; `env` adds or overrides variables; `root` is another checkout's build (benchmarks compare with main). */
export const startRealServer = async ({
  port,
  dataDir,
  databaseUrl,
  env = {},
  root = ROOT,
}: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  root?: string;
}): Promise<RealServer> => {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...startFlags(root), ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean), 'dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SPOTBOOK_TEST_PASSWORD_COST: '', // a real server hashes at its real cost
      SPOTBOOK_TEST_SINGLE_CONNECTION: '', // and lends a pool's connections as a server does
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      ADMIN_EMAIL: REAL_ADMIN.email,
      ADMIN_PASSWORD: REAL_ADMIN.password,
      JWT_SECRET: 'real-server-test-secret-of-at-least-32-characters',
      LOG_LEVEL: 'warn',
      SPOTBOOK_DEMO: '0',
      JOBS_ADAPTER: 'in-process',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started = performance.now();
  // Each chunk carries the time it came, so that a slow start shows where it waited.
  let output = '';
  const record = (chunk: Buffer) => (output += `[+${Math.round(performance.now() - started)} ms] ${chunk.toString()}`);
  child.stdout!.on('data', record);
  child.stderr!.on('data', record);
  // Generous: one CI run saw a first start on PostgreSQL take about a minute (the output now carries times to say why).
  const deadline = started + 90_000;
  let lastHealth = 'not asked yet';
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited at start: ${output}`);
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within ${Math.round(performance.now() - started)} ms (last /api/health: ${lastHealth}): ${output}`);
    }
    // A request the server accepted but never answered must not outlast the deadline.
    const healthy = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
      async (res) => {
        lastHealth = `${res.status} ${await res.text()}`;
        return res.ok;
      },
      (error: Error & { cause?: { code?: string } }) => {
        lastHealth = `${error.name}: ${error.cause?.code ?? error.message}`;
        return false;
      },
    );
    if (healthy) return { child, url, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/** A JSON call to the real server; answers the status and body (status 0 and {} when the connection failed). */
export const call = async (server: RealServer, method: string, url: string, { token, body }: { token?: string; body?: unknown } = {}) => {
  try {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> & { error?: string } };
  } catch {
    return { status: 0, body: {} as Record<string, unknown> & { error?: string } };
  }
};
