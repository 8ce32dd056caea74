/**
 * Live processing progress inside one process: the processing job publishes, the progress
 * stream subscribes. The latest state of each asset is kept while it is processed, and its
 * final state for a while after, so that a late joiner still learns how it ended (even when a
 * file that is not a video was removed). A multi-instance adapter (PostgreSQL LISTEN/NOTIFY or
 * Redis) can replace it behind the same interface.
 */
import { EventEmitter } from 'node:events';
import { isTerminalStage, type ProgressEvent } from '../../../domain/media-schemas';

export interface ProgressSnapshot {
  event: ProgressEvent;
  uploadedBy: string | null;
}

export interface ProgressHub {
  publish(assetId: string, event: ProgressEvent, uploadedBy: string | null): void;
  /** The latest state this process knows of; undefined when it has none. */
  current(assetId: string): ProgressSnapshot | undefined;
  subscribe(assetId: string, listener: (event: ProgressEvent) => void): () => void;
  /** Subscribers to every asset: told when the server shuts down. */
  onShutdown(listener: () => void): () => void;
  shutdown(): void;
}

/** How long a final state stays known after processing ended. */
export const FINAL_STATE_TTL_MS = 15 * 60 * 1000;

export const createProgressHub = (): ProgressHub => {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const states = new Map<string, ProgressSnapshot>();
  const expiries = new Map<string, NodeJS.Timeout>();

  return {
    publish(assetId, event, uploadedBy) {
      states.set(assetId, { event, uploadedBy });
      clearTimeout(expiries.get(assetId));
      if (isTerminalStage(event.stage)) {
        const timer = setTimeout(() => {
          states.delete(assetId);
          expiries.delete(assetId);
        }, FINAL_STATE_TTL_MS);
        timer.unref();
        expiries.set(assetId, timer);
      }
      events.emit(assetId, event);
    },
    current: (assetId) => states.get(assetId),
    subscribe(assetId, listener) {
      events.on(assetId, listener);
      return () => events.off(assetId, listener);
    },
    onShutdown(listener) {
      events.on('shutdown', listener);
      return () => events.off('shutdown', listener);
    },
    shutdown() {
      events.emit('shutdown');
      for (const timer of expiries.values()) clearTimeout(timer);
      expiries.clear();
      states.clear();
    },
  };
};
