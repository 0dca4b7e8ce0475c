/**
 * Every voice the caller may use, for pickers (the reader, voice conversion): the catalog read
 * page by page (the engine answers at most 50 a page) into one cached list. It lives under the
 * `/voice` route family, so a clone, a design or a model install refreshes it
 * (data/job-invalidation.ts).
 */
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ApiError } from '../../api/errors.ts';
import { contractKey } from '../../data/contract-keys.ts';
import { useContractApi } from '../../data/contract-query.ts';
import { VOICE_PAGE_SIZE, type Voice, type VoiceListQuery } from './voice-types.ts';

/** No catalog is larger than this many pages; a stop against a runaway loop. */
const MAX_PAGES = 40;

export function useAllVoices(
  filters: Pick<VoiceListQuery, 'language'> & { include_variants?: boolean } = {},
): UseQueryResult<Voice[], ApiError> {
  const api = useContractApi();
  return useQuery<Voice[], ApiError>({
    queryKey: contractKey('/voice/voice-profiles', 'studio', { query: { ...filters, all: true } }),
    enabled: api !== null,
    queryFn: async ({ signal }) => {
      const voices: Voice[] = [];
      for (let page = 0; page < MAX_PAGES; page++) {
        const answer = await api!.get('/voice/voice-profiles', {
          query: { ...filters, skip: voices.length, limit: VOICE_PAGE_SIZE },
          signal,
        });
        voices.push(...answer.voices);
        if (!answer.hasMore || answer.voices.length === 0) break;
      }
      return voices;
    },
  });
}
