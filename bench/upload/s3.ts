/**
 * Upload memory on S3: the same 1 GiB file sent with curl to Spotbook's POST /api/media/upload,
 * once with media on disk (the default) and once with STORAGE_URL on an S3-compatible server
 * (s3rver, run in this process on a loopback port, so its memory is not the app's). Reports the
 * app's resident memory before and its peak during each upload, and the load average.
 * Usage: npx tsx bench/upload/s3.ts [sizeMiB=1024]
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startS3 } from '../../test/support/s3-server';
import { curl, startServer, stopServer } from './servers';

const sizeMiB = Number(process.argv[2] ?? 1024);
const MiB = 1024 * 1024;
const status = (pid: number, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024;
const round = (n: number) => Math.round(n * 10) / 10;

const makeFile = async (file: string) => {
  const block = randomBytes(MiB);
  const out = createWriteStream(file);
  for (let i = 0; i < sizeMiB; i += 1) if (!out.write(block)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  await new Promise<void>((resolve) => out.end(() => resolve()));
};

const work = mkdtempSync(path.join(os.tmpdir(), 'spotbook-bench-s3-'));
const rows: string[] = [];
const s3 = await startS3();
try {
  const file = path.join(work, 'spot.mp4');
  await makeFile(file);
  for (const [label, env] of [
    ['disk (DATA_DIR/media)', {}],
    ['S3 (STORAGE_URL=s3://…, s3rver)', s3.env],
  ] as const) {
    Object.assign(process.env, { STORAGE_URL: '', ...env });
    const app = await startServer('app-server.ts', path.join(work, label.startsWith('disk') ? 'disk' : 's3'));
    try {
      const pid = app.child.pid!;
      try {
        writeFileSync(`/proc/${pid}/clear_refs`, '5');
      } catch {
        /* older kernels: the sampled peak still holds */
      }
      const before = status(pid, 'VmRSS');
      let sampled = before;
      const sampler = setInterval(() => (sampled = Math.max(sampled, status(pid, 'VmRSS'))), 20);
      const { port, token, brandId } = app.info;
      const result = await curl([
        '-H',
        `Authorization: Bearer ${token}`,
        '-F',
        `brand_id=${brandId}`,
        '-F',
        `file=@${file};type=video/mp4;filename=spot.mp4`,
        `http://127.0.0.1:${port}/api/media/upload`,
      ]);
      clearInterval(sampler);
      const peak = Math.max(sampled, status(pid, 'VmHWM'));
      rows.push(
        `| ${label} | ${result.code} | ${round(result.seconds)} | ${round(sizeMiB / result.seconds)} | ${round(before / MiB)} | ${round(peak / MiB)} | ${round((peak - before) / MiB)} | ${os.loadavg()[0]!.toFixed(1)} |`,
      );
    } finally {
      await stopServer(app.child);
    }
  }
} finally {
  await s3.close();
  rmSync(work, { recursive: true, force: true });
}
process.stdout.write(`\nUpload of ${sizeMiB} MiB over loopback (curl), ${os.cpus().length} CPUs, Node ${process.version}\n\n`);
process.stdout.write(
  '| media storage | HTTP | seconds | MiB/s | RSS before (MiB) | peak RSS during upload (MiB) | growth (MiB) | load (1 min) |\n|---|---|---|---|---|---|---|---|\n',
);
for (const row of rows) process.stdout.write(`${row}\n`);
