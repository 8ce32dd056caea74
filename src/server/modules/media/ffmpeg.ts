/** Runs ffmpeg and ffprobe as child processes with argument arrays (never a shell). */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export class ToolError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
  }
}

interface RunOptions {
  signal?: AbortSignal;
  /** Called with each line of standard output. */
  onLine?: (line: string) => void;
}

const STDERR_TAIL = 4000;

/** Runs a tool to its end; resolves with its standard output when it exits with 0. */
export const runTool = (command: string, args: string[], { signal, onLine }: RunOptions = {}): Promise<string> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    let stdout = '';
    let stderr = '';
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (onLine) onLine(line);
      else stdout += `${line}\n`;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    const onAbort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (code, killedBy) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) return reject(signal.reason);
      if (code === 0) return resolve(stdout);
      reject(new ToolError(`${command} exited with ${code ?? killedBy}`, stderr.trim()));
    });
  });

/** Seconds from an ffmpeg `-progress` value: out_time_us / out_time_ms (both microseconds) or out_time (HH:MM:SS.micro). */
export const progressSeconds = (key: string, value: string): number | undefined => {
  if (key === 'out_time_us' || key === 'out_time_ms') {
    const micro = Number(value);
    return Number.isFinite(micro) && micro >= 0 ? micro / 1e6 : undefined;
  }
  if (key === 'out_time') {
    const m = /^(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(value.trim());
    return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : undefined;
  }
  return undefined;
};

/**
 * Runs ffmpeg with `-progress pipe:1` and reports its progress as a whole percentage of the
 * expected duration (0 when that is unknown), only when the percentage changes.
 */
export const runFfmpegWithProgress = async (
  ffmpeg: string,
  args: string[],
  { durationSeconds, signal, onProgress }: { durationSeconds: number | null; signal?: AbortSignal; onProgress: (percent: number) => void },
) => {
  let last = -1;
  await runTool(ffmpeg, ['-hide_banner', '-nostdin', '-nostats', '-progress', 'pipe:1', ...args], {
    signal,
    onLine: (line) => {
      const at = line.indexOf('=');
      if (at < 0) return;
      const key = line.slice(0, at);
      const value = line.slice(at + 1);
      let percent: number | undefined;
      if (key === 'progress' && value === 'end') percent = 100;
      else if (durationSeconds && durationSeconds > 0) {
        const seconds = progressSeconds(key, value);
        if (seconds !== undefined) percent = Math.min(99, Math.floor((seconds / durationSeconds) * 100));
      }
      if (percent !== undefined && percent > last) {
        last = percent;
        onProgress(percent);
      }
    },
  });
};
