/** ffprobe: is a file a playable video, and what are its duration, size and codecs. */
import { runTool, ToolError } from './ffmpeg';

export interface VideoFacts {
  durationSeconds: number;
  width: number;
  height: number;
  videoCodec: string;
  audioCodec: string | null;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
}
interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { format_name?: string; duration?: string };
}

/** Still images are read by ffprobe as one-frame "videos": their demuxers are image2 and *_pipe. */
const IMAGE_FORMAT = /(^|,)(image2|[a-z0-9]+_pipe)(,|$)/;

const positive = (value: string | undefined): number | undefined => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : undefined;
};

/** The facts of ffprobe's JSON answer when it describes a playable video; undefined otherwise. */
export const videoFactsOf = (probe: ProbeOutput): VideoFacts | undefined => {
  const streams = probe.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1 && (s.width ?? 0) > 0 && (s.height ?? 0) > 0);
  if (!video?.codec_name || IMAGE_FORMAT.test(probe.format?.format_name ?? '')) return undefined;
  const durationSeconds = positive(probe.format?.duration) ?? positive(video.duration);
  if (!durationSeconds) return undefined;
  const audio = streams.find((s) => s.codec_type === 'audio');
  return { durationSeconds, width: video.width!, height: video.height!, videoCodec: video.codec_name, audioCodec: audio?.codec_name ?? null };
};

/** ffprobe's arguments: streams and container as JSON. */
export const probeArgs = (file: string) => ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file];

/** Probes a file; undefined when ffprobe cannot read it or it holds no playable video; throws when ffprobe cannot run. */
export const probeVideo = async (ffprobe: string, file: string, signal?: AbortSignal): Promise<VideoFacts | undefined> => {
  let output: string;
  try {
    output = await runTool(ffprobe, probeArgs(file), { signal });
  } catch (error) {
    // ffprobe ran and could not read the file; a missing ffprobe or an abort is not the file's fault.
    if (error instanceof ToolError) return undefined;
    throw error;
  }
  try {
    return videoFactsOf(JSON.parse(output) as ProbeOutput);
  } catch {
    return undefined;
  }
};
