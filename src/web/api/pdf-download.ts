import { API_BASE } from '../../domain/constants';
import { readToken } from './token-storage';

/** Fetches a file with the bearer token and saves it as `filename`; fails with 'HTTP {status}' (or 'Network error'). */
export const downloadFile = async (path: string, filename: string): Promise<void> => {
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new Error('Network error');
  }
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
