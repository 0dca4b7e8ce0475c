/**
 * Typed calls for the voice routes the studio uses: the catalog with its filters, a voice's
 * preview (generated on first request, then cached by the engine), the voices suited to a
 * book's locale and the catalog's languages. Studio token, like the audiobook screens (the
 * machine's owner); every non-2xx answer becomes an ApiError with the engine's detail.
 */
import {
  fetchOrDefault,
  queryString,
  requestJson,
  type FetchLike,
  type Query,
} from '../../api/request.ts';
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
  private readonly baseUrl: () => Promise<string>;
  private readonly getToken: () => Promise<string>;
  private readonly fetchImpl: FetchLike;

  constructor(options: VoicesClientOptions) {
    this.baseUrl = options.baseUrl;
    this.getToken = options.getToken;
    this.fetchImpl = fetchOrDefault(options.fetch);
  }

  list(query: VoiceListQuery, signal?: AbortSignal): Promise<VoiceList> {
    return this.get('/voice/voice-profiles', { ...query }, signal);
  }

  /** The preview's `audio_url` is absolute and signed: an <audio> element plays it as is. */
  preview(voiceId: number, signal?: AbortSignal): Promise<VoicePreview> {
    return this.get(`/voice/voice-profiles/${voiceId}/preview`, {}, signal);
  }

  /** Voices suited to a locale, best fit first (the narrator picker's list). */
  available(language: string | null, signal?: AbortSignal): Promise<AvailableVoices> {
    return this.get('/audiobook/voices/available', { language: language ?? undefined }, signal);
  }

  languages(signal?: AbortSignal): Promise<VoiceLanguages> {
    return this.get('/audiobook/voices/languages', {}, signal);
  }

  private async get<T>(path: string, query: Query, signal?: AbortSignal): Promise<T> {
    const token = await this.getToken();
    const url = `${(await this.baseUrl()).replace(/\/+$/, '')}/api/v1${path}${queryString(query)}`;
    return requestJson<T>(this.fetchImpl, url, { token, signal }, `GET ${path}`);
  }
}
