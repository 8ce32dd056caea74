/** Starting and stopping the benchmark's servers as child processes (run through tsx). */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The JSON line a server prints once it listens (it names its port); other lines are the app's logs. */
const portLine = (line: string): Record<string, string | number> | undefined => {
  try {
    const info = JSON.parse(line) as Record<string, string | number>;
    return info && typeof info === 'object' && 'port' in info ? info : undefined;
  } catch {
    return undefined;
  }
};

/** Extra node flags for the server processes (e.g. `BENCH_NODE_FLAGS=--liftoff-only`), to compare V8 settings. */
const nodeFlags = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);

/** Starts a server script (a path from this folder); resolves with the JSON line it prints once it listens. */
export const startServer = (script: string, arg: string): Promise<{ child: ChildProcess; info: Record<string, string | number> }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', path.join(here, script), arg], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production', JWT_SECRET: randomBytes(32).toString('hex') },
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not start within 120 s`));
    }, 120_000);
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const info = portLine(line);
      if (!info) return;
      clearTimeout(timer);
      lines.removeAllListeners('line');
      child.stdout!.resume();
      resolve({ child, info });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });

export const stopServer = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });

/** Runs curl (`-w` prints the status and the total time); answers both. */
export const curl = (args: string[]): Promise<{ code: string; seconds: number }> =>
  new Promise((resolve, reject) => {
    const child = spawn('curl', ['-sS', '-o', '/dev/null', '-H', 'Expect:', '--max-time', '900', '-w', '%{http_code} %{time_total}', ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`curl exited with ${code}`));
      const [http, seconds] = out.trim().split(' ');
      resolve({ code: http!, seconds: Number(seconds) });
    });
  });
