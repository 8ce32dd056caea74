/** Starts this folder's servers as child processes (bench/upload's helper, pointed here). */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export { stopServer } from '../upload/servers';

const here = path.dirname(fileURLToPath(import.meta.url));

export const startServer = (script: string, arg: string): Promise<{ child: ChildProcess; info: Record<string, unknown> }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, script), arg], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_ENV: 'production', JWT_SECRET: randomBytes(32).toString('hex') } });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not start within 120 s`));
    }, 120_000);
    // The app may log to stdout first: the server's line is the one with a port.
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const info = (() => {
        try {
          return JSON.parse(line) as Record<string, unknown>;
        } catch {
          return undefined;
        }
      })();
      if (!info || !('port' in info)) return;
      clearTimeout(timer);
      lines.removeAllListeners('line');
      child.stdout!.resume();
      resolve({ child, info });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
