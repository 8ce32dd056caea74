import { API_BASE } from '../../domain/constants';
import { clearToken, notifySessionEnded, readToken } from './token-storage';

export const NETWORK_ERROR_MESSAGE = 'Network error';

/**
 * A failed call: `status` is the HTTP status, 0 when the server could not be reached; `field` the
 * input the server's refusal is about, as the request named it (`start_date`,
 * `selectedDayparts[2].user_defined_cpm`; decision 043), null when it names none.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly isNetworkError: boolean;
  readonly body: unknown;
  readonly field: string | null;

  constructor(message: string, status: number, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.isNetworkError = status === 0;
    this.body = body;
    const field = body && typeof body === 'object' ? (body as Record<string, unknown>).field : undefined;
    this.field = typeof field === 'string' && field !== '' ? field : null;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The input a failed call's refusal is about (decision 043), or null (none named, network failure, another error). */
export const serverField = (error: unknown): string | null => (isApiError(error) ? error.field : null);
export const isNetworkError = (error: unknown): boolean => isApiError(error) && error.isNetworkError;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** The request outlives the page (a save sent as the tab closes). */
  keepalive?: boolean;
}

export const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

const nonEmptyString = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The spec's mapping: the body's `error`, else its `message`, else the raw text, else 'HTTP {status}'. */
export const errorMessageFrom = (status: number, text: string): string => {
  const body = parseJson(text);
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const fromBody = nonEmptyString(record.error) ?? nonEmptyString(record.message);
    if (fromBody) return fromBody;
  }
  return nonEmptyString(text) ?? `HTTP ${status}`;
};

/** Calls the JSON API under /api with the stored bearer token. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  return (await apiRequestWithHeaders<T>(path, options)).body;
}

/** A keyset page of a list (src/domain/list-page.ts): its rows' reply and the cursor of the next page, if any. */
export async function apiPage<T>(path: string, options: ApiRequestOptions = {}): Promise<{ body: T; nextCursor: string | null }> {
  const { body, headers } = await apiRequestWithHeaders<T>(path, options);
  return { body, nextCursor: headers.get('x-next-cursor') };
}

async function apiRequestWithHeaders<T>(path: string, options: ApiRequestOptions): Promise<{ body: T; headers: Headers }> {
  const { method = 'GET', body, signal, keepalive } = options;
  const token = readToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      keepalive,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }

  const text = await response.text();
  if (!response.ok) {
    if (response.status === 401 && token) {
      clearToken();
      notifySessionEnded();
    }
    throw new ApiError(errorMessageFrom(response.status, text), response.status, parseJson(text));
  }
  return { body: (text ? parseJson(text) : undefined) as T, headers: response.headers };
}

/** The server's message for a failed call, or `fallback` when there is none (network failure, unknown error). */
export const serverMessage = (error: unknown, fallback: string): string =>
  isApiError(error) && !error.isNetworkError && error.message ? error.message : fallback;

const fileNameFrom = (disposition: string | null, fallback: string): string => {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? fallback;
};

/**
 * Fetches a file under /api with the bearer token and saves it (named by the server's
 * content-disposition, else `fallbackName`). A failure carries the server's message, or 'Network error'.
 */
export const downloadFile = async (path: string, { accept, fallbackName }: { accept: string; fallbackName: string }): Promise<void> => {
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { headers: { Accept: accept, ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  } catch {
    throw new Error(NETWORK_ERROR_MESSAGE);
  }
  const blob = await response.blob();
  if (!response.ok) throw new Error(errorMessageFrom(response.status, await blob.text()));
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameFrom(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/**
 * POSTs a multipart form under /api with XMLHttpRequest, so that the transfer reports its progress
 * (fetch cannot). Resolves with the parsed JSON of a 200/201; failures are ApiErrors with the
 * spec's message mapping; an aborted send rejects with an AbortError.
 */
export const sendForm = <T>(
  path: string,
  form: FormData,
  { onProgress, signal }: { onProgress?: (loaded: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const token = readToken();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    const onAbort = () => xhr.abort();
    const cleanup = () => signal?.removeEventListener('abort', onAbort);
    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', onAbort);
    }

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      cleanup();
      const text = xhr.responseText ?? '';
      if (xhr.status === 200 || xhr.status === 201) {
        resolve(parseJson(text) as T);
        return;
      }
      if (xhr.status === 401 && token) {
        clearToken();
        notifySessionEnded();
      }
      reject(new ApiError(errorMessageFrom(xhr.status, text), xhr.status, parseJson(text)));
    };
    xhr.onerror = () => {
      cleanup();
      reject(new ApiError(NETWORK_ERROR_MESSAGE, 0));
    };
    xhr.onabort = () => {
      cleanup();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    xhr.send(form);
  });
