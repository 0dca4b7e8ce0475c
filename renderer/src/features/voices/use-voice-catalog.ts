/**
 * The voice library's list: the first page for the current filters, then "load more" pages of
 * 50 appended (the engine's `skip`/`limit`). A filter change starts over and drops any answer
 * still on its way for the old filters.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { audiobookErrorText } from '../audiobooks/audiobook-format.ts';
import type { VoicesClient } from './voices-client.ts';
import { VOICE_PAGE_SIZE, type Voice, type VoiceListQuery } from './voice-types.ts';

export type VoiceFilters = Pick<VoiceListQuery, 'search' | 'language' | 'engine'>;

export interface VoiceCatalog {
  voices: Voice[];
  total: number | null;
  hasMore: boolean;
  loading: boolean;
  error: string | null;
  loadMore: () => void;
}

export function useVoiceCatalog(client: VoicesClient, filters: VoiceFilters): VoiceCatalog {
  const [voices, setVoices] = useState<Voice[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const generation = useRef<AbortController | null>(null);
  const { search, language, engine } = filters;

  const fetchPage = useCallback(
    (skip: number, controller: AbortController) => {
      setLoading(true);
      client
        .list({ search, language, engine, skip, limit: VOICE_PAGE_SIZE }, controller.signal)
        .then((page) => {
          if (controller.signal.aborted) return;
          setVoices((current) => (skip === 0 ? page.voices : [...current, ...page.voices]));
          setTotal(page.total);
          setHasMore(page.hasMore);
          setError(null);
        })
        .catch((caught: unknown) => {
          if (!controller.signal.aborted) setError(audiobookErrorText(caught));
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    },
    [client, search, language, engine],
  );

  useEffect(() => {
    const controller = new AbortController();
    generation.current = controller;
    setVoices([]);
    setTotal(null);
    fetchPage(0, controller);
    return () => controller.abort();
  }, [fetchPage]);

  const loadMore = useCallback(() => {
    const controller = generation.current;
    if (controller) fetchPage(voices.length, controller);
  }, [fetchPage, voices.length]);

  return { voices, total, hasMore, loading, error, loadMore };
}
