/**
 * The STANDARD voices: one per eSpeak NG voice of the embedded engine (features/voices/engines), 140 voices
 * over 100+ languages, usable by every user (document 2, "Voices").
 *
 * Ids are integers (document 2, "Identifiers") derived from the eSpeak voice identifier alone —
 * FNV-1a 32-bit of `espeak:<identifier>`, top bit cleared — so they are the same on every start
 * and every machine, and adding or removing a voice never renumbers the others. The API name of a
 * voice is its identifier's last segment in lower case (`en-us`, `fr`, `cmn`), unique in the table.
 */
import { ESPEAK_VOICES, type EspeakVoiceEntry } from '../engines/espeak/espeak-voices.ts';
import type { CatalogVoice, VoiceCatalog } from './voice-catalog.ts';

export interface StandardVoice extends CatalogVoice {
  /** API name, e.g. `en-us`. */
  name: string;
  /** Human-readable name from eSpeak, e.g. `English (America)`. */
  displayName: string;
  /** The engine that speaks it and the engine's own voice name. */
  engine: 'espeak';
  engineVoice: string;
}

export function stableVoiceId(key: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(key, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  // Never 0, so an id is always truthy and positive.
  return hash & 0x7fffffff || 1;
}

/** `en-gb-x-rp` → `en-GB-x-rp`, `cmn` → `cmn`: BCP 47 casing for the region subtag. */
function localeForm(tag: string): string {
  const [lang = tag, region, ...rest] = tag.split('-');
  if (region === undefined) return lang;
  const fixed = /^[a-z]{2}$/.test(region) ? region.toUpperCase() : region;
  return [lang, fixed, ...rest].join('-');
}

function toVoice(entry: EspeakVoiceEntry): StandardVoice {
  const name = (entry.identifier.split('/').pop() ?? entry.identifier).toLowerCase();
  const languages = entry.languages.map(localeForm);
  const own = localeForm(name);
  return {
    id: stableVoiceId(`espeak:${entry.identifier}`),
    name,
    displayName: entry.name,
    language: own,
    supportedLanguages: languages.filter((l) => l !== own),
    gender: null,
    engine: 'espeak',
    engineVoice: entry.identifier,
  };
}

export class StandardVoices implements VoiceCatalog {
  readonly available = true;
  readonly voices: readonly StandardVoice[];
  private readonly byId = new Map<number, StandardVoice>();
  private readonly byName = new Map<string, StandardVoice>();

  constructor(entries: readonly EspeakVoiceEntry[] = ESPEAK_VOICES) {
    this.voices = entries.map(toVoice).sort((a, b) => a.name.localeCompare(b.name));
    for (const voice of this.voices) {
      if (this.byId.has(voice.id) || this.byName.has(voice.name))
        throw new Error(`standard voices: duplicate id or name for ${voice.engineVoice}`);
      this.byId.set(voice.id, voice);
      this.byName.set(voice.name, voice);
    }
  }

  list(): StandardVoice[] {
    return [...this.voices];
  }

  get(_ownerId: string, id: number): StandardVoice | null {
    return this.byId.get(id) ?? null;
  }

  /** A voice by integer id (number or digits), API name or eSpeak identifier, any case. */
  resolve(ref: string | number): StandardVoice | null {
    if (typeof ref === 'number') return this.byId.get(ref) ?? null;
    const text = ref.trim().toLowerCase();
    if (/^\d+$/.test(text)) return this.byId.get(Number(text)) ?? null;
    return (
      this.byName.get(text) ?? this.voices.find((v) => v.engineVoice.toLowerCase() === text) ?? null
    );
  }
}
