/**
 * Typed calls for the voice routes the studio uses: the catalog with its filters, a voice's
 * preview (generated on first request, then cached by the engine), the voices suited to a
 * book's locale and the catalog's languages. Studio token, like the audiobook screens (the
 * machine's owner); every non-2xx answer becomes an ApiError with the engine's detail.
 */
import { contractApi, type ContractApi } from '../../api/contract.ts';
import type { FetchLike } from '../../api/request.ts';
import { tokenTransport } from '../../api/transports.ts';
import type {
  AvailableVoices,
  VoiceLanguages,
  VoiceList,
  VoiceListQuery,
  VoicePreview,
} from './voice-types.ts';

export interface VoicesClientOptions {
  /** The engine origin ('' = the page's own): the studio passes api/bridge.ts's engineBaseUrl. */
  baseUrl: () => Promise<string>;
  /** The studio passes api/bridge.ts's studioToken. */
  getToken: () => Promise<string>;
  fetch?: FetchLike;
}

export class VoicesClient {
  private readonly api: ContractApi;

  constructor(options: VoicesClientOptions) {
    this.api = contractApi(tokenTransport(options));
  }

  list(query: VoiceListQuery, signal?: AbortSignal): Promise<VoiceList> {
    return this.api.get('/voice/voice-profiles', { query, signal });
  }

  /** The preview's `audio_url` is absolute and signed: an <audio> element plays it as is. */
  preview(voiceId: number, signal?: AbortSignal): Promise<VoicePreview> {
    return this.api.get('/voice/voice-profiles/{voice_identifier}/preview', {
      params: { voice_identifier: String(voiceId) },
      signal,
    });
  }

  /**
   * Voices suited to a locale, best fit first (the narrator picker's list). `includeVariants`
   * adds the embedded voices' character presets (what the cast's distinct voices are made of).
   */
  available(
    language: string | null,
    signal?: AbortSignal,
    includeVariants = false,
  ): Promise<AvailableVoices> {
    return this.api.get('/audiobook/voices/available', {
      query: { language: language ?? undefined, include_variants: includeVariants || undefined },
      signal,
    });
  }

  languages(signal?: AbortSignal): Promise<VoiceLanguages> {
    return this.api.get('/audiobook/voices/languages', { signal });
  }
}
