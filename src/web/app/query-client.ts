import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/client';

const MAX_RETRIES = 2;

/** A 4xx answer will not change by asking again; server and network failures get two more tries. */
export const shouldRetry = (failureCount: number, error: unknown): boolean => {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
};

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
