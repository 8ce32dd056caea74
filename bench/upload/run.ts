/**
 * Upload benchmark: one file (1 GB by default) sent with curl over loopback to Spotbook's
 * POST /api/media/upload, and to a bare Node server that pipes the request to disk (baseline).
 * Records throughput, the server's resident memory before and its peak during the upload, and
 * its CPU time. Every step has a time limit; servers and temporary files are removed at the end.
 * Usage: npx tsx bench/upload/run.ts [sizeMiB=1024]
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { curl, startServer, stopServer } from './servers';

const sizeMiB = Number(process.argv[2] ?? 1024);
const MiB = 1024 * 1024;

const status = (pid: number, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024;
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime + stime, in clock ticks of 1/100 s (Linux USER_HZ).
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

const makeFile = async (file: string) => {
  const block = randomBytes(MiB);
  const out = createWriteStream(file);
  for (let i = 0; i < sizeMiB; i += 1) if (!out.write(block)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  await new Promise<void>((resolve) => out.end(() => resolve()));
};

interface Result {
  target: string;
  status: string;
  seconds: number;
  mibPerSecond: number;
  rssBeforeMiB: number;
  peakRssMiB: number;
  cpuSeconds: number;
}

const measure = async (target: string, pid: number, upload: () => Promise<{ code: string; seconds: number }>): Promise<Result> => {
  // Resets the kernel's peak-RSS counter (VmHWM) so that it covers the upload only.
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    /* older kernels: the sampled peak below still holds */
  }
  const before = status(pid, 'VmRSS');
  let sampled = before;
  const sampler = setInterval(() => (sampled = Math.max(sampled, status(pid, 'VmRSS'))), 20);
  const cpuBefore = cpuSeconds(pid);
  const { code, seconds } = await upload();
  clearInterval(sampler);
  const peak = Math.max(sampled, status(pid, 'VmHWM'));
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    target,
    status: code,
    seconds: round(seconds),
    mibPerSecond: round(sizeMiB / seconds),
    rssBeforeMiB: round(before / MiB),
    peakRssMiB: round(peak / MiB),
    cpuSeconds: round(cpuSeconds(pid) - cpuBefore),
  };
};

const work = mkdtempSync(path.join(os.tmpdir(), 'spotbook-bench-'));
const results: Result[] = [];
try {
  const file = path.join(work, 'spot.mp4');
  await makeFile(file);

  const baselineDir = path.join(work, 'baseline');
  mkdirSync(baselineDir);
  const baseline = await startServer('baseline-server.ts', baselineDir);
  try {
    results.push(
      await measure('bare Node http → disk (baseline)', baseline.child.pid!, () => curl(['-T', file, `http://127.0.0.1:${baseline.info.port}/upload`])),
    );
  } finally {
    await stopServer(baseline.child);
  }
  rmSync(baselineDir, { recursive: true, force: true });

  const app = await startServer('app-server.ts', path.join(work, 'app'));
  try {
    const { port, token, brandId } = app.info;
    results.push(
      await measure('Spotbook POST /api/media/upload', app.child.pid!, () =>
        curl([
          '-H',
          `Authorization: Bearer ${token}`,
          '-F',
          `brand_id=${brandId}`,
          '-F',
          `file=@${file};type=video/mp4;filename=spot.mp4`,
          `http://127.0.0.1:${port}/api/media/upload`,
        ]),
      ),
    );
  } finally {
    await stopServer(app.child);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

process.stdout.write(
  `\nUpload of ${sizeMiB} MiB over loopback (curl), ${os.cpus().length} CPUs (load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}), Node ${process.version}\n\n`,
);
process.stdout.write('| server | HTTP | seconds | MiB/s | RSS before (MiB) | peak RSS during upload (MiB) | server CPU (s) |\n|---|---|---|---|---|---|---|\n');
for (const r of results)
  process.stdout.write(`| ${r.target} | ${r.status} | ${r.seconds} | ${r.mibPerSecond} | ${r.rssBeforeMiB} | ${r.peakRssMiB} | ${r.cpuSeconds} |\n`);
