/**
 * A draft order saves itself as it is typed (issue 29, item 13; decision 033): a second after the
 * last change, when leaving the page in the app, and as the tab closes or reloads (a keepalive
 * request, which outlives the page). A value the server would refuse is not sent: the form says
 * "Not saved" and the leave guard still asks.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { serverMessage } from '../../api/client';

export const AUTOSAVE_DELAY_MS = 1000;

export type AutosaveState = { kind: 'saved' } | { kind: 'saving' } | { kind: 'unsaved' } | { kind: 'failed'; message: string };

/** Saves still due per order, so that a page leaving the order (decision 018's discard) can wait for them. */
const dueSaves = new Map<string, () => Promise<void>>();

/** Waits for the order's pending autosave, sending it now if its delay has not run out. */
export const settleAutosave = (orderId: string): Promise<void> => dueSaves.get(orderId)?.() ?? Promise.resolve();

interface AutosaveOptions<T> {
  orderId: string;
  /** Only drafts save themselves; other orders keep Save Changes. */
  enabled: boolean;
  draft: T;
  saved: T;
  /** The draft can be stored as it is (Save Draft's own check finds nothing). */
  storable: boolean;
  /** Stores the draft; `keepalive` when the page is going away. */
  store: (draft: T, keepalive: boolean) => Promise<void>;
}

const keyOf = (value: unknown) => JSON.stringify(value);

export const useAutosave = <T>({ orderId, enabled, draft, saved, storable, store }: AutosaveOptions<T>) => {
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<{ key: string; message: string } | null>(null);
  const latest = useRef({ draft, saved, storable, store });
  useLayoutEffect(() => {
    latest.current = { draft, saved, storable, store };
  });
  const chain = useRef<Promise<void>>(Promise.resolve());
  const sentKey = useRef<string | null>(null);
  const failedKey = useRef<string | null>(null);

  /** Sends the current draft unless it is stored, already on its way, refused before, or not storable. */
  const flush = useCallback(
    (keepalive = false): Promise<void> => {
      const current = latest.current;
      const key = keyOf(current.draft);
      if (!enabled || !current.storable || key === keyOf(current.saved) || key === sentKey.current || key === failedKey.current) return chain.current;
      sentKey.current = key;
      setSaving(true);
      const draftNow = current.draft;
      chain.current = chain.current
        .then(() => current.store(draftNow, keepalive))
        .then(
          () => setFailure(null),
          (error: unknown) => {
            failedKey.current = key;
            setFailure({ key, message: serverMessage(error, 'Failed to save the order') });
          },
        )
        .finally(() => {
          if (sentKey.current === key) sentKey.current = null;
          setSaving(false);
        });
      return chain.current;
    },
    [enabled],
  );

  const draftKey = keyOf(draft);
  const dirty = draftKey !== keyOf(saved);

  // A second after the last change.
  useEffect(() => {
    if (!enabled || !dirty || !storable) return;
    const timer = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled, dirty, storable, draftKey, flush]);

  // Leaving the page in the app, or the tab closing or reloading.
  useEffect(() => {
    if (!enabled) return;
    dueSaves.set(orderId, () => flush());
    const onHide = () => void flush(true);
    window.addEventListener('pagehide', onHide);
    window.addEventListener('beforeunload', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('beforeunload', onHide);
      const last = flush();
      const settle = () => last;
      dueSaves.set(orderId, settle);
      void last.finally(() => {
        if (dueSaves.get(orderId) === settle) dueSaves.delete(orderId);
      });
    };
  }, [enabled, orderId, flush]);

  const state: AutosaveState =
    failure && failure.key === draftKey
      ? { kind: 'failed', message: failure.message }
      : saving || (dirty && storable)
        ? { kind: 'saving' }
        : dirty
          ? { kind: 'unsaved' }
          : { kind: 'saved' };

  return {
    state,
    /** Unsaved edits that autosave cannot keep: the leave guard asks about these only. */
    unsavedForGood: dirty && !(enabled && storable && failure?.key !== draftKey),
    /** Sends the draft now and waits for every save on its way (Save Draft, Submit Order). */
    flush,
  };
};
