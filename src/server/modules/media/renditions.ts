/** The two renditions made from an upload: a JPEG thumbnail and a 480p H.264 preview with fast start. */
import { stat } from 'node:fs/promises';
import { runFfmpegWithProgress, runTool } from './ffmpeg';

/** Height at most `max`, never enlarged, even (H.264 needs even sizes), width following the aspect. */
const scaleTo = (max: number) => `scale=w=-2:h=trunc(min(${max}\\,ih)/2)*2`;

const nonEmpty = async (file: string) => ((await stat(file).catch(() => undefined))?.size ?? 0) > 0;

/** ffmpeg's arguments for one JPEG frame at `at` seconds, at most 360 pixels high. */
export const thumbnailArgs = (input: string, output: string, at: number) => [
  '-hide_banner',
  '-nostdin',
  '-v',
  'error',
  '-y',
  ...(at > 0 ? ['-ss', at.toFixed(3)] : []),
  '-i',
  input,
  '-map',
  '0:v:0',
  '-frames:v',
  '1',
  '-vf',
  scaleTo(360),
  '-q:v',
  '3',
  '-f',
  'image2',
  output,
];

/** Where the thumbnail is taken: the middle of the first seconds, past any slate or black. */
export const thumbnailTime = (durationSeconds: number) => Math.min(durationSeconds / 2, 5);

/** ffmpeg's arguments for the preview (runFfmpegWithProgress adds the progress options). */
export const previewArgs = (input: string, output: string) => [
  '-v',
  'error',
  '-y',
  '-i',
  input,
  '-map',
  '0:v:0',
  '-map',
  '0:a:0?',
  // Broadcast masters are often interlaced: deinterlace the frames marked so.
  '-vf',
  `yadif=deint=1,${scaleTo(480)}`,
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '26',
  '-pix_fmt',
  'yuv420p',
  '-profile:v',
  'main',
  '-c:a',
  'aac',
  '-b:a',
  '96k',
  '-ac',
  '2',
  '-movflags',
  '+faststart',
  '-f',
  'mp4',
  output,
];

export const makeThumbnail = async ({
  ffmpeg,
  input,
  output,
  durationSeconds,
  signal,
}: {
  ffmpeg: string;
  input: string;
  output: string;
  durationSeconds: number;
  signal: AbortSignal;
}) => {
  const grab = (at: number) => runTool(ffmpeg, thumbnailArgs(input, output, at), { signal });
  await grab(thumbnailTime(durationSeconds));
  // Some files cannot seek; their first frame will do.
  if (!(await nonEmpty(output))) await grab(0);
  if (!(await nonEmpty(output))) throw new Error('ffmpeg made no thumbnail');
};

/** A small H.264/AAC MP4 that starts playing before it is fully loaded (+faststart). */
export const makePreview = async ({
  ffmpeg,
  input,
  output,
  durationSeconds,
  signal,
  onProgress,
}: {
  ffmpeg: string;
  input: string;
  output: string;
  durationSeconds: number;
  signal: AbortSignal;
  onProgress: (percent: number) => void;
}) => {
  await runFfmpegWithProgress(ffmpeg, previewArgs(input, output), { durationSeconds, signal, onProgress });
  if (!(await nonEmpty(output))) throw new Error('ffmpeg made no preview');
};
