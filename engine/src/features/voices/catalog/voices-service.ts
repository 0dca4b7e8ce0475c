/**
 * The voice routes' logic (routes.ts stays thin): listing and filtering the catalog and the
 * caller's custom voices, a voice's details, previews behind signed URLs, the voices suited to
 * a locale, the languages spoken. Custom voices come from the custom-voice service through
 * `CustomLibrary` (features/voices/custom), so this file knows nothing of their table.
 */
import type { z } from 'zod';
import { AppError } from '../../../errors.ts';
import type { UrlSigner } from '../../platform/index.ts';
import { usableBy, type LocalVoiceCatalog } from './local-catalog.ts';
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

/** A custom voice as the library lists it, whatever its status. */
export interface CustomListing {
  voice: SpeakableVoice;
  status: 'PROCESSING' | 'COMPLETED' | 'FAILED';
  processedAt: string | null;
  entry(generations: number): VoiceEntry;
}

/** The custom voices a caller sees (their own, any status; others' public and completed). */
export interface CustomLibrary {
  visibleTo(ownerId: string, includePublic: boolean): CustomListing[];
}

interface Listed {
  voice: SpeakableVoice;
  entry(generations: number): VoiceEntry;
  status: 'PROCESSING' | 'COMPLETED' | 'FAILED';
  processedAt: string | null;
}

function standard(voice: SpeakableVoice): Listed {
  return {
    voice,
    entry: (n) => toVoiceEntry(voice, n),
    status: 'COMPLETED',
    processedAt: null,
  };
}

export class VoicesService {
  private readonly usage: VoiceUsageSource[] = [];
  private custom: CustomLibrary = { visibleTo: () => [] };

  constructor(
    readonly catalog: LocalVoiceCatalog,
    private readonly previews: VoicePreviews,
    private readonly urls: UrlSigner,
  ) {}

  countUsageFrom(source: VoiceUsageSource): void {
    this.usage.push(source);
  }

  useCustomLibrary(library: CustomLibrary): void {
    this.custom = library;
  }

  private generations(): Map<number, number> {
    const total = new Map<number, number>();
    for (const source of this.usage)
      for (const [voice, n] of source.generationsByVoice())
        total.set(voice, (total.get(voice) ?? 0) + n);
    return total;
  }

  private entries(items: readonly Listed[]): VoiceEntry[] {
    const used = this.generations();
    return items.map((item) => item.entry(used.get(item.voice.id) ?? 0));
  }

  /**
   * The caller's custom voices first (any status), then the catalog: neural voices, the
   * embedded ones, and with include_variants their character presets.
   */
  list(query: VoiceListQuery, ownerId = '') {
    const includePublic = query.include_public ?? true;
    let custom: Listed[] =
      query.voice_type === 'STANDARD' || ownerId === ''
        ? []
        : this.custom.visibleTo(ownerId, includePublic);
    if (query.is_public !== undefined)
      custom = custom.filter((c) => (c.voice.owner?.isPublic ?? false) === query.is_public);
    const library: Listed[] =
      query.voice_type === 'CUSTOM' || query.is_public === false || !includePublic
        ? []
        : this.catalog
            .list()
            .filter((v) => !v.owner && (query.include_variants || !v.variant))
            .map(standard);
    let items = [...custom, ...library];
    if (query.language) {
      const order = suitedVoices(
        items.map((i) => i.voice),
        query.language,
      );
      const byId = new Map(items.map((i) => [i.voice.id, i]));
      items = order.flatMap((v) => byId.get(v.id) ?? []);
    }
    if (query.engine) items = items.filter((i) => i.voice.engine === query.engine);
    if (query.gender) items = items.filter((i) => (i.voice.gender ?? 'unknown') === query.gender);
    if (query.search) {
      const needle = query.search.trim().toLowerCase();
      items = items.filter((i) =>
        [i.voice.displayName, i.voice.name, i.voice.language].some((s) =>
          s.toLowerCase().includes(needle),
        ),
      );
    }
    const skip = query.skip ?? 0;
    const limit = query.limit ?? DEFAULT_LIMIT;
    const page = items.slice(skip, skip + limit);
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
      total: items.length,
      hasMore: skip + page.length < items.length,
      filters_applied: filters,
    };
  }

  /** Every slug the caller may pass as `voice` (custom voices by their `custom-<id>` slug). */
  publicSlugs(ownerId = '') {
    const voices = this.catalog.list(ownerId).map((v) => v.name);
    return { voices, total: voices.length };
  }

  private listedById(id: number, ownerId: string): Listed {
    const custom = this.custom.visibleTo(ownerId, true).find((c) => c.voice.id === id);
    if (custom) return custom;
    const voice = this.catalog.get('', id);
    if (!voice || voice.owner)
      throw new AppError('voice_not_found', `No voice with id ${id}.`, {
        details: { voice_id: id },
      });
    return standard(voice);
  }

  /** A voice by integer id or UUID (the preview route takes either), if the caller may use it. */
  byIdentifier(identifier: string, ownerId = ''): SpeakableVoice {
    const text = identifier.toLowerCase();
    const voice = /^\d+$/.test(text)
      ? this.catalog.get('', Number(text))
      : (this.catalog.resolve(text, ownerId) ??
        this.catalog.list(ownerId).find((v) => voiceUuid(v) === text) ??
        null);
    if (!voice || !usableBy(voice, ownerId || undefined))
      throw new AppError('voice_not_found', `No voice "${identifier}".`, {
        details: { voice_identifier: identifier },
      });
    return voice;
  }

  status(id: number, ownerId = '') {
    const listed = this.listedById(id, ownerId);
    const [entry] = this.entries([listed]);
    if (!entry) throw new AppError('internal_error', 'voice entry missing');
    return { ...entry, status: listed.status, processed_at: listed.processedAt };
  }

  async preview(identifier: string, query: PreviewQuery, origin: string, ownerId = '') {
    const voice = this.byIdentifier(identifier, ownerId);
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
  available(language: string | undefined, includeVariants = false, ownerId = '') {
    let voices = this.catalog.list(ownerId || undefined);
    if (!includeVariants) voices = voices.filter((v) => !v.variant);
    if (language) voices = suitedVoices(voices, language);
    return {
      voices: this.entries(voices.map((v) => this.listedFor(v, ownerId))),
      total: voices.length,
      language: language ?? null,
    };
  }

  private listedFor(voice: SpeakableVoice, ownerId: string): Listed {
    if (!voice.owner) return standard(voice);
    return (
      this.custom.visibleTo(ownerId, true).find((c) => c.voice.id === voice.id) ?? standard(voice)
    );
  }

  languages(): { languages: LanguageEntry[]; total: number } {
    const languages = catalogLanguages(this.catalog.list());
    return { languages, total: languages.length };
  }
}
