import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MediaStage } from '../../../domain/media-schemas';
import { mediaKeys, parseProgressEvent, uploadMedia, uploadProgressUrl } from '../../api/media';

/** How long the success message stays after processing completed. */
export const SUCCESS_CLEAR_MS = 2000;
export const PROGRESS_LOST_MESSAGE = 'Lost track of the processing; the library shows how it goes';

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; progress: number }
  | { phase: 'processing'; stage: MediaStage; progress: number; message: string }
  | { phase: 'complete'; message: string }
  | { phase: 'error'; message: string };

const errorMessage = (error: unknown): string => (error instanceof Error && error.message ? error.message : 'Upload failed');

/**
 * One upload at a time: the transfer (XMLHttpRequest progress), then the server's processing
 * stages over server-sent events. The library is refreshed when the file is stored and when
 * processing ends; the success state clears itself 2 seconds after completion.
 */
export const useMediaUpload = () => {
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const abortRef = useRef<AbortController | null>(null);
  const sourceRef = useRef<EventSource | null>(null);
  const timerRef = useRef<number | null>(null);

  const stopFollowing = () => {
    sourceRef.current?.close();
    sourceRef.current = null;
  };
  const clearTimer = () => {
    if (timerRef.current !== null) window.clearTimeout(timerRef.current);
    timerRef.current = null;
  };

  useEffect(
    () => () => {
      abortRef.current?.abort();
      sourceRef.current?.close();
      if (timerRef.current !== null) window.clearTimeout(timerRef.current);
    },
    [],
  );

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: mediaKeys.all }), [queryClient]);

  const follow = useCallback(
    (uploadId: string) => {
      const source = new EventSource(uploadProgressUrl(uploadId));
      sourceRef.current = source;
      let lastStage: MediaStage | null = null;
      source.onmessage = (message) => {
        const event = parseProgressEvent(message.data);
        if (!event) return;
        if (event.stage === 'complete') {
          stopFollowing();
          setState({ phase: 'complete', message: event.message || 'Complete' });
          void refresh();
          clearTimer();
          timerRef.current = window.setTimeout(() => {
            timerRef.current = null;
            setState((current) => (current.phase === 'complete' ? { phase: 'idle' } : current));
          }, SUCCESS_CLEAR_MS);
          return;
        }
        if (event.stage === 'error') {
          stopFollowing();
          setState({ phase: 'error', message: event.message || 'Processing failed' });
          void refresh();
          return;
        }
        // A new stage: the library's processing column follows too.
        if (event.stage !== lastStage) {
          lastStage = event.stage;
          void refresh();
        }
        setState({ phase: 'processing', stage: event.stage, progress: event.progress, message: event.message });
      };
      source.onerror = () => {
        // The browser reconnects by itself unless the server refused the stream.
        if (source.readyState !== EventSource.CLOSED) return;
        stopFollowing();
        setState((current) => (current.phase === 'processing' ? { phase: 'error', message: PROGRESS_LOST_MESSAGE } : current));
        void refresh();
      };
    },
    [refresh],
  );

  const start = useCallback(
    async ({
      file,
      brandId,
      estimateId,
      adId,
      spotLength,
      title,
    }: {
      file: File;
      brandId: string;
      estimateId?: string;
      adId?: string;
      spotLength?: string;
      title?: string;
    }): Promise<boolean> => {
      abortRef.current?.abort();
      stopFollowing();
      clearTimer();
      const controller = new AbortController();
      abortRef.current = controller;
      setState({ phase: 'uploading', progress: 0 });
      try {
        const result = await uploadMedia({
          file,
          brandId,
          estimateId,
          adId,
          spotLength,
          title,
          signal: controller.signal,
          onProgress: (loaded, total) => setState({ phase: 'uploading', progress: total > 0 ? (loaded / total) * 100 : 0 }),
        });
        if (controller.signal.aborted) return false;
        setState({ phase: 'processing', stage: 'uploaded', progress: 0, message: '' });
        void refresh();
        follow(result.uploadId);
        return true;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') {
          setState({ phase: 'idle' });
          return false;
        }
        setState({ phase: 'error', message: errorMessage(error) });
        return false;
      } finally {
        if (abortRef.current === controller) abortRef.current = null;
      }
    },
    [follow, refresh],
  );

  const cancel = useCallback(() => abortRef.current?.abort(), []);
  const reset = useCallback(() => {
    stopFollowing();
    clearTimer();
    setState({ phase: 'idle' });
  }, []);

  return { state, start, cancel, reset, busy: state.phase === 'uploading' || state.phase === 'processing' };
};
