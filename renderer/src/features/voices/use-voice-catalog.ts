/**
 * The voice library's list for the current filters: pages of 50 (the engine's `skip`/`limit`)
 * appended by "load more", from the query cache (a filter change is another key, so an answer
 * for old filters never lands in the new list).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { errorMessage, type ApiError } from '../../api/errors.ts';
import { contractKey } from '../../data/contract-keys.ts';
import { useContractApi } from '../../data/contract-query.ts';
import { VOICE_PAGE_SIZE, type Voice, type VoiceList, type VoiceListQuery } from './voice-types.ts';

export type VoiceFilters = Pick<VoiceListQuery, 'search' | 'language' | 'engine'>;

export interface VoiceCatalog {
  voices: Voice[];
  total: number | null;
  hasMore: boolean;
  loading: boolean;
  error: string | null;
  loadMore: () => void;
}

export function useVoiceCatalog(filters: VoiceFilters): VoiceCatalog {
  const api = useContractApi();
  const pages = useInfiniteQuery<VoiceList, ApiError>({
    queryKey: contractKey('/voice/voice-profiles', 'studio', {
      query: { ...filters, paged: true },
    }),
    enabled: api !== null,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api!.get('/voice/voice-profiles', {
        query: { ...filters, skip: pageParam as number, limit: VOICE_PAGE_SIZE },
        signal,
      }),
    getNextPageParam: (last, all) =>
      last.hasMore ? all.reduce((n, page) => n + page.voices.length, 0) : undefined,
  });
  const voices = pages.data?.pages.flatMap((page) => page.voices) ?? [];
  return {
    voices,
    total: pages.data?.pages[0]?.total ?? null,
    hasMore: pages.hasNextPage,
    loading: pages.isFetching,
    error: pages.error ? errorMessage(pages.error) : null,
    loadMore: () => void pages.fetchNextPage(),
  };
}
