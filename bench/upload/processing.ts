/**
 * Processing benchmark: a 30 s 1080p clip (made here with ffmpeg's test pattern) is uploaded to
 * Spotbook and followed until its preview is ready, next to the same ffprobe and ffmpeg commands
 * run bare, one after the other. Every step has a time limit; temporary files are removed.
 * Usage: npx tsx bench/upload/processing.ts [seconds=30]
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { runFfmpegWithProgress } from '../../src/server/modules/media/ffmpeg';
import { probeArgs } from '../../src/server/modules/media/probe';
import { previewArgs, thumbnailArgs, thumbnailTime } from '../../src/server/modules/media/renditions';
import { mediaTools } from '../../src/server/platform/media-tools';
import { curl, startServer, stopServer } from './servers';

const run = promisify(execFile);
const seconds = Number(process.argv[2] ?? 30);
const tools = mediaTools();
const timed = async (work: () => Promise<unknown>) => {
  const start = performance.now();
  await work();
  return Math.round(performance.now() - start) / 1000;
};
const limit = { timeout: 600_000 };

const work = mkdtempSync(path.join(os.tmpdir(), 'spotbook-bench-'));
try {
  const clip = path.join(work, 'spot.mp4');
  const made = await timed(() =>
    run(
      tools.ffmpeg,
      [
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        `testsrc2=duration=${seconds}:size=1920x1080:rate=25`,
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=1000:duration=${seconds}`,
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-b:v',
        '15M',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-shortest',
        clip,
      ],
      limit,
    ),
  );
  const mib = Math.round(statSync(clip).size / 1024 / 1024);

  // The same commands as the processing job, without the app; run before and after it (shared CPUs are noisy).
  const bareRun = async () => {
    const probe = await timed(() => run(tools.ffprobe, probeArgs(clip), limit));
    const thumbnail = await timed(() => run(tools.ffmpeg, thumbnailArgs(clip, path.join(work, 'thumb.jpg'), thumbnailTime(seconds)), limit));
    const preview = await timed(() =>
      runFfmpegWithProgress(tools.ffmpeg, previewArgs(clip, path.join(work, 'preview.mp4')), {
        durationSeconds: seconds,
        signal: AbortSignal.timeout(600_000),
        onProgress: () => undefined,
      }),
    );
    return { probe, thumbnail, preview, total: Math.round((probe + thumbnail + preview) * 1000) / 1000 };
  };
  const before = await bareRun();

  const app = await startServer('app-server.ts', path.join(work, 'app'));
  let upload = 0;
  let processing = 0;
  try {
    const { port, token, brandId } = app.info;
    const base = `http://127.0.0.1:${port}`;
    const sent = await curl([
      '-H',
      `Authorization: Bearer ${token}`,
      '-F',
      `brand_id=${brandId}`,
      '-F',
      `file=@${clip};type=video/mp4`,
      `${base}/api/media/upload`,
    ]);
    upload = sent.seconds;
    const list = await (await fetch(`${base}/api/media`, { headers: { authorization: `Bearer ${token}` } })).json();
    const id = list[0].id as string;
    // Follows the progress stream to its end (the first event may already be the last).
    processing = await timed(async () => {
      const res = await fetch(`${base}/api/media/upload-progress/${id}?token=${encodeURIComponent(String(token))}`, { signal: AbortSignal.timeout(600_000) });
      const text = await res.text();
      if (!text.includes('"stage":"complete"')) throw new Error(`processing did not complete: ${text.slice(-300)}`);
    });
  } finally {
    await stopServer(app.child);
  }

  const after = await bareRun();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  process.stdout.write(
    `\nProcessing of a ${seconds} s 1920x1080 H.264 clip (${mib} MiB, made in ${made} s), ${os.cpus().length} CPUs (load ${load}), ffmpeg ${tools.ffmpeg}\n\n`,
  );
  process.stdout.write('| step | bare, before the app (s) | bare, after the app (s) |\n|---|---|---|\n');
  for (const step of ['probe', 'thumbnail', 'preview', 'total'] as const) process.stdout.write(`| ${step} | ${before[step]} | ${after[step]} |\n`);
  process.stdout.write(
    `\nSpotbook: upload ${upload} s; from the upload's answer to stage complete (queue, probe, thumbnail, preview, storing): ${processing} s.\n`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
