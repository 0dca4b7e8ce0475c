/**
 * The voice routes' logic (routes.ts stays thin): listing and filtering the catalog, a voice's
 * details, previews behind signed URLs, the voices suited to a locale, the languages spoken.
 * Custom voices (cloning) are not in this build, so every voice listed is a STANDARD one.
 */
import type { z } from 'zod';
import { AppError } from '../../../errors.ts';
import type { UrlSigner } from '../../platform/index.ts';
import type { LocalVoiceCatalog } from './local-catalog.ts';
import type { SpeakableVoice } from './voice-catalog.ts';
import { catalogLanguages, type LanguageEntry } from './voice-languages.ts';
import type { VoicePreviews } from './voice-preview.ts';
import type { previewQuery, voiceListQuery } from './voice-schemas.ts';
import { VOICE_LIST_MAX } from './voice-schemas.ts';
import { suitedVoices, toVoiceEntry, voiceUuid, type VoiceEntry } from './voice-views.ts';

export type VoiceListQuery = z.output<typeof voiceListQuery>;
export type PreviewQuery = z.output<typeof previewQuery>;

const DEFAULT_LIMIT = VOICE_LIST_MAX;

/**
 * How often each voice has been used (the contract's usage_stats.total_generations). The areas
 * that speak with voices own that count (books counts its takes); they register here, so the
 * voices area depends on none of them.
 */
export interface VoiceUsageSource {
  generationsByVoice(): Map<number, number>;
}

export class VoicesService {
  private readonly usage: VoiceUsageSource[] = [];

  constructor(
    readonly catalog: LocalVoiceCatalog,
    private readonly previews: VoicePreviews,
    private readonly urls: UrlSigner,
  ) {}

  countUsageFrom(source: VoiceUsageSource): void {
    this.usage.push(source);
  }

  private generations(): Map<number, number> {
    const total = new Map<number, number>();
    for (const source of this.usage)
      for (const [voice, n] of source.generationsByVoice())
        total.set(voice, (total.get(voice) ?? 0) + n);
    return total;
  }

  private entries(voices: readonly SpeakableVoice[]): VoiceEntry[] {
    const used = this.generations();
    return voices.map((v) => toVoiceEntry(v, used.get(v.id) ?? 0));
  }

  list(query: VoiceListQuery) {
    // Every catalog voice is STANDARD and public; custom voices would be the caller's own.
    const includePublic = query.include_public ?? true;
    let voices = this.catalog.list();
    if (!query.include_variants) voices = voices.filter((v) => !v.variant);
    if (query.voice_type === 'CUSTOM' || query.is_public === false || !includePublic) voices = [];
    if (query.language) {
      voices = suitedVoices(voices, query.language);
    }
    if (query.engine) voices = voices.filter((v) => v.engine === query.engine);
    if (query.gender) voices = voices.filter((v) => (v.gender ?? 'unknown') === query.gender);
    if (query.search) {
      const needle = query.search.trim().toLowerCase();
      voices = voices.filter((v) =>
        [v.displayName, v.name, v.language].some((s) => s.toLowerCase().includes(needle)),
      );
    }
    const skip = query.skip ?? 0;
    const limit = query.limit ?? DEFAULT_LIMIT;
    const page = voices.slice(skip, skip + limit);
    const filters: Record<string, string | number | boolean> = {
      skip,
      limit,
      include_public: includePublic,
    };
    for (const key of [
      'voice_type',
      'is_public',
      'language',
      'search',
      'engine',
      'gender',
      'include_variants',
    ] as const) {
      const value = query[key];
      if (value !== undefined) filters[key] = value;
    }
    return {
      voices: this.entries(page),
      total: voices.length,
      hasMore: skip + page.length < voices.length,
      filters_applied: filters,
    };
  }

  publicSlugs() {
    const voices = this.catalog.list().map((v) => v.name);
    return { voices, total: voices.length };
  }

  require(id: number): SpeakableVoice {
    const voice = this.catalog.get('', id);
    if (!voice)
      throw new AppError('voice_not_found', `No voice with id ${id}.`, {
        details: { voice_id: id },
      });
    return voice;
  }

  /** A voice by integer id or UUID (the preview route takes either). */
  byIdentifier(identifier: string): SpeakableVoice {
    const voice = /^\d+$/.test(identifier)
      ? this.catalog.get('', Number(identifier))
      : (this.catalog.list().find((v) => voiceUuid(v) === identifier.toLowerCase()) ?? null);
    if (!voice)
      throw new AppError('voice_not_found', `No voice "${identifier}".`, {
        details: { voice_identifier: identifier },
      });
    return voice;
  }

  status(id: number) {
    const voice = this.require(id);
    const [entry] = this.entries([voice]);
    if (!entry) throw new AppError('internal_error', 'voice entry missing');
    return { ...entry, status: 'COMPLETED' as const, processed_at: null };
  }

  async preview(identifier: string, query: PreviewQuery, origin: string) {
    const voice = this.byIdentifier(identifier);
    const generate = query.generate_if_missing ?? true;
    const preview = generate ? await this.previews.get(voice) : this.previews.cached(voice);
    if (!preview)
      throw new AppError(
        'not_found',
        `Voice ${voice.id} has no preview yet; ask with generate_if_missing=true.`,
      );
    const signed = this.urls.sign({
      path: preview.path,
      filename: `${voice.name}-preview.mp3`,
      contentType: 'audio/mpeg',
    });
    return {
      audio_url: `${origin}${signed.url}`,
      duration: Math.round(preview.durationSeconds * 1000) / 1000,
      expires_at: signed.expiresAt,
      preview_text: preview.text,
      cached: preview.cached,
    };
  }

  /** Voices suited to a locale, best fit first (own locale, same language, supported). */
  available(language: string | undefined, includeVariants = false) {
    let voices = this.catalog.list();
    if (!includeVariants) voices = voices.filter((v) => !v.variant);
    if (language) voices = suitedVoices(voices, language);
    return { voices: this.entries(voices), total: voices.length, language: language ?? null };
  }

  languages(): { languages: LanguageEntry[]; total: number } {
    const languages = catalogLanguages(this.catalog.list());
    return { languages, total: languages.length };
  }
}
