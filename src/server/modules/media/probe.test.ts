import { describe, expect, it } from 'vitest';
import { progressSeconds } from './ffmpeg';
import { videoFactsOf } from './probe';
import { maxUploadBytes } from './runtime';

const video = { codec_type: 'video', codec_name: 'h264', width: 1920, height: 1080 };

describe('videoFactsOf', () => {
  it('reads duration, size and codecs of a video', () => {
    expect(
      videoFactsOf({ streams: [video, { codec_type: 'audio', codec_name: 'aac' }], format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '30.03' } }),
    ).toEqual({
      durationSeconds: 30.03,
      width: 1920,
      height: 1080,
      videoCodec: 'h264',
      audioCodec: 'aac',
    });
    expect(videoFactsOf({ streams: [video], format: { format_name: 'mxf', duration: 'N/A' } })).toBeUndefined();
    expect(videoFactsOf({ streams: [{ ...video, duration: '15' }], format: { format_name: 'mxf' } })?.durationSeconds).toBe(15);
  });

  it('refuses audio with cover art, still images and files without video', () => {
    expect(
      videoFactsOf({
        streams: [
          { codec_type: 'audio', codec_name: 'mp3' },
          { ...video, codec_name: 'mjpeg', disposition: { attached_pic: 1 } },
        ],
        format: { format_name: 'mp3', duration: '200' },
      }),
    ).toBeUndefined();
    expect(videoFactsOf({ streams: [{ ...video, codec_name: 'mjpeg' }], format: { format_name: 'image2', duration: '0.04' } })).toBeUndefined();
    expect(videoFactsOf({ streams: [{ ...video, codec_name: 'png' }], format: { format_name: 'png_pipe', duration: '1' } })).toBeUndefined();
    expect(videoFactsOf({ streams: [{ codec_type: 'audio', codec_name: 'aac' }], format: { format_name: 'mov,mp4', duration: '3' } })).toBeUndefined();
    expect(videoFactsOf({})).toBeUndefined();
  });
});

describe('ffmpeg progress', () => {
  it('reads out_time_us, out_time_ms (microseconds) and out_time', () => {
    expect(progressSeconds('out_time_us', '2500000')).toBe(2.5);
    expect(progressSeconds('out_time_ms', '1000000')).toBe(1);
    expect(progressSeconds('out_time', '00:01:02.500000')).toBe(62.5);
    expect(progressSeconds('out_time', 'N/A')).toBeUndefined();
    expect(progressSeconds('out_time_us', '-9223372036854775807')).toBeUndefined();
    expect(progressSeconds('frame', '12')).toBeUndefined();
  });
});

describe('upload limit', () => {
  it('is 2 GB unless MEDIA_MAX_BYTES lowers it', () => {
    expect(maxUploadBytes({})).toBe(2 * 1024 ** 3);
    expect(maxUploadBytes({ MEDIA_MAX_BYTES: '1000' })).toBe(1000);
    expect(maxUploadBytes({ MEDIA_MAX_BYTES: String(10 * 1024 ** 3) })).toBe(2 * 1024 ** 3);
    expect(maxUploadBytes({ MEDIA_MAX_BYTES: 'lots' })).toBe(2 * 1024 ** 3);
  });
});
