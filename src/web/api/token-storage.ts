import { AUTH_TOKEN_STORAGE_KEY } from '../../domain/constants';

/** The session token lives in localStorage under the spec's key; storage failures (private mode) are ignored. */
export const readToken = (): string | null => {
  try {
    return window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
};

export const storeToken = (token: string): void => {
  try {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, token);
  } catch {
    // Without storage the session lasts until the page is reloaded.
  }
};

export const clearToken = (): void => {
  try {
    window.localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
};

type Listener = () => void;
const sessionEndedListeners = new Set<Listener>();

/** Called when the server rejects the stored token (HTTP 401), so the app can sign the user out. */
export const onSessionEnded = (listener: Listener): (() => void) => {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
};

export const notifySessionEnded = (): void => {
  sessionEndedListeners.forEach((listener) => listener());
};
