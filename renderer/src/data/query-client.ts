/**
 * The studio's one query cache. Answers stay fresh for 30 s (the engine is local and the job
 * event stream invalidates what jobs change, ./job-invalidation.ts), so moving between pages
 * shows the last answer at once and refreshes it quietly. A refusal (4xx) is never retried; an
 * engine that could not be reached is tried once more.
 */
import { QueryClient } from '@tanstack/query-core';
import { ApiError, CLIENT_ERROR_CODES } from '../api/errors.ts';

export function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof ApiError) {
    if (error.code === CLIENT_ERROR_CODES.network) return failures < 1;
    return error.status >= 500 && failures < 1;
  }
  return false;
}

export function createStudioQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
