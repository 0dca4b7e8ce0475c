/**
 * The engine's voice catalog: the embedded eSpeak NG voices (always there) plus the voices of
 * installed neural packs, all STANDARD voices every local user may use. Ids are stable integers
 * (FNV-1a of `<engine>:<engine voice key>`, standard-voices.ts), so installing or removing a pack
 * never renumbers another voice and a voice keeps its id across restarts and machines.
 *
 * Neural voices are read through a `VoiceSource` (the tts feature lists installed packs); the list
 * is cached briefly so a catalog page does not walk the models folder for every voice lookup,
 * and refreshed on demand after a pack is installed.
 */
import { StandardVoices, stableVoiceId } from './standard-voices.ts';
import type { SpeakableVoice, VoiceCatalog, VoiceEngineName } from './voice-catalog.ts';

/** A neural voice as an installed pack describes it (features/voices/engines/neural-voices.ts). */
export interface NeuralVoiceInfo {
  engine: Exclude<VoiceEngineName, 'espeak'>;
  engineVoice: string;
  displayName: string;
  language: string;
  gender: 'male' | 'female' | 'neutral' | null;
  packId: string;
}

export type VoiceSource = () => readonly NeuralVoiceInfo[];

const CACHE_MS = 2000;

function apiName(info: NeuralVoiceInfo): string {
  const key = info.engineVoice.replace(/^[a-z]+:/, '');
  return `${info.engine}-${key}`.toLowerCase().replace(/[^a-z0-9_#.-]+/g, '-');
}

export function neuralVoice(info: NeuralVoiceInfo): SpeakableVoice {
  return {
    id: stableVoiceId(`${info.engine}:${info.engineVoice}`),
    name: apiName(info),
    displayName: info.displayName,
    language: info.language,
    supportedLanguages: [],
    gender: info.gender,
    engine: info.engine,
    engineVoice: info.engineVoice,
    tier: 'neural',
    packId: info.packId,
  };
}

export class LocalVoiceCatalog implements VoiceCatalog {
  readonly available = true;
  private cached: {
    at: number;
    voices: SpeakableVoice[];
    byId: Map<number, SpeakableVoice>;
  } | null = null;

  constructor(
    private readonly standard: StandardVoices = new StandardVoices(),
    private readonly neural: VoiceSource = () => [],
    private readonly now: () => number = Date.now,
  ) {}

  /** Every voice, neural ones first within a language (they sound better), then by name. */
  list(_ownerId?: string): SpeakableVoice[] {
    return [...this.load().voices];
  }

  get(_ownerId: string, id: number): SpeakableVoice | null {
    return this.load().byId.get(id) ?? null;
  }

  /** A voice by integer id (number or digits), API name or engine voice key, any case. */
  resolve(ref: string | number): SpeakableVoice | null {
    const { voices, byId } = this.load();
    if (typeof ref === 'number') return byId.get(ref) ?? null;
    const text = ref.trim().toLowerCase();
    if (/^\d+$/.test(text)) return byId.get(Number(text)) ?? null;
    return (
      voices.find((v) => v.name === text) ??
      voices.find((v) => v.engineVoice.toLowerCase() === text) ??
      null
    );
  }

  /** Forget the cached neural list (after `models install/remove`). */
  refresh(): void {
    this.cached = null;
  }

  private load(): { voices: SpeakableVoice[]; byId: Map<number, SpeakableVoice> } {
    const at = this.now();
    if (this.cached && at - this.cached.at < CACHE_MS) return this.cached;
    const standard: SpeakableVoice[] = this.standard
      .list()
      .map((v) => ({ ...v, tier: 'embedded' as const, packId: null }));
    const byId = new Map<number, SpeakableVoice>(standard.map((v) => [v.id, v]));
    const neural: SpeakableVoice[] = [];
    for (const info of this.neural()) {
      const voice = neuralVoice(info);
      if (byId.has(voice.id)) continue; // the same voice listed by two packs: first wins
      byId.set(voice.id, voice);
      neural.push(voice);
    }
    neural.sort((a, b) => a.name.localeCompare(b.name));
    const voices = [...neural, ...standard];
    this.cached = { at, voices, byId };
    return this.cached;
  }
}
