/**
 * The engine's voice catalog: the embedded eSpeak NG voices (always there) and their character
 * presets (variant-voices.ts), the voices of installed neural packs, and the users' custom
 * voices. Ids are stable integers (FNV-1a of each voice's key, standard-voices.ts), so
 * installing or removing a pack never renumbers another voice and a voice keeps its id across
 * restarts and machines.
 *
 * Neural voices are read through a `VoiceSource` (the engines list installed packs) and cached
 * briefly so a catalog page does not walk the models folder for every lookup; custom voices
 * come from a `CustomVoiceSource` and are re-read after `refresh()` (the custom-voice service
 * calls it on every change).
 */
import { StandardVoices, stableVoiceId } from './standard-voices.ts';
import { variantVoices } from './variant-voices.ts';
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

/** Every custom voice of every user, with `owner` set (features/voices/custom). */
export type CustomVoiceSource = () => readonly SpeakableVoice[];

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

interface Loaded {
  at: number;
  voices: SpeakableVoice[];
  byId: Map<number, SpeakableVoice>;
  /** Lower-case slug, engine key and display name → first voice in catalog order. */
  byText: Map<string, SpeakableVoice>;
}

/** May `ownerId` use this voice? Library voices always; custom ones when theirs or public. */
export function usableBy(voice: SpeakableVoice, ownerId: string | undefined): boolean {
  if (!voice.owner) return true;
  return voice.owner.isPublic || (ownerId !== undefined && voice.owner.userId === ownerId);
}

export class LocalVoiceCatalog implements VoiceCatalog {
  readonly available = true;
  private cached: Loaded | null = null;
  private readonly embedded: SpeakableVoice[];
  private readonly variants: SpeakableVoice[];
  private custom: CustomVoiceSource = () => [];

  constructor(
    standard: StandardVoices = new StandardVoices(),
    private readonly neural: VoiceSource = () => [],
    private readonly now: () => number = Date.now,
  ) {
    this.embedded = standard.list().map((v) => ({ ...v, tier: 'embedded' as const, packId: null }));
    this.variants = variantVoices(standard.list());
  }

  /** Where custom voices come from (set once by the custom-voice service). */
  useCustomVoices(source: CustomVoiceSource): void {
    this.custom = source;
    this.refresh();
  }

  /**
   * Every voice `ownerId` may use: neural ones first (they sound better), then the embedded
   * voices, then custom voices (the caller's own and public ones), then the embedded character
   * presets. Without an owner, custom voices are the public ones only.
   */
  list(ownerId?: string): SpeakableVoice[] {
    const { voices } = this.load();
    return voices.filter((v) => usableBy(v, ownerId));
  }

  /** A voice by id; `ownerId` '' finds any voice (see VoiceCatalog.get). */
  get(ownerId: string, id: number): SpeakableVoice | null {
    const voice = this.load().byId.get(id) ?? null;
    if (!voice || ownerId === '') return voice;
    return usableBy(voice, ownerId) ? voice : null;
  }

  /**
   * A voice by integer id (number or digits), slug, engine voice key or display name, any
   * case, among the voices `ownerId` may use (public ones only without an owner).
   */
  resolve(ref: string | number, ownerId?: string): SpeakableVoice | null {
    const { byId, byText, voices } = this.load();
    const text = typeof ref === 'number' ? String(ref) : ref.trim().toLowerCase();
    const found = /^\d+$/.test(text) ? byId.get(Number(text)) : byText.get(text);
    if (found && usableBy(found, ownerId)) return found;
    if (/^\d+$/.test(text)) return null;
    // Custom voices by slug, name or UUID: the caller's own first (two users may pick the
    // same name), then public ones.
    const matches = (v: SpeakableVoice) =>
      v.name === text || v.displayName.toLowerCase() === text || v.owner?.uuid === text;
    const custom = voices.filter((v) => v.owner && usableBy(v, ownerId) && matches(v));
    return custom.find((v) => v.owner?.userId === ownerId) ?? custom[0] ?? null;
  }

  /** Forget cached voices (after `models install/remove` or a custom voice changed). */
  refresh(): void {
    this.cached = null;
  }

  private load(): Loaded {
    const at = this.now();
    if (this.cached && at - this.cached.at < CACHE_MS) return this.cached;
    const byId = new Map<number, SpeakableVoice>(this.embedded.map((v) => [v.id, v]));
    const neural: SpeakableVoice[] = [];
    for (const info of this.neural()) {
      const voice = neuralVoice(info);
      if (byId.has(voice.id)) continue; // the same voice listed by two packs: first wins
      byId.set(voice.id, voice);
      neural.push(voice);
    }
    neural.sort((a, b) => a.name.localeCompare(b.name));
    const custom = this.custom().filter((v) => !byId.has(v.id));
    for (const voice of [...custom, ...this.variants]) byId.set(voice.id, voice);
    const voices = [...neural, ...this.embedded, ...custom, ...this.variants];
    const byText = new Map<string, SpeakableVoice>();
    for (const voice of voices) {
      if (voice.owner) continue; // custom names are per owner (resolve)
      for (const text of [
        voice.name,
        voice.engineVoice.toLowerCase(),
        voice.displayName.toLowerCase(),
      ])
        if (!byText.has(text)) byText.set(text, voice);
    }
    this.cached = { at, voices, byId, byText };
    return this.cached;
  }
}
