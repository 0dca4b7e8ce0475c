/**
 * The one capability status (docs/api/models.md, "Capabilities"): per thing a user can do, is
 * it ready on this machine, which pack it needs, or what must be configured. `/health`, the
 * studio's Home, Engine and Models pages and every tool page read this one answer, so they can
 * never disagree.
 *
 * A capability's *main* packs are the packs stating it that no other pack requires and that are
 * not helper models (a Whisper pack is main for transcription; silero-vad, which Whisper packs
 * require, is not; nor is the DNSMOS scorer that checks voice samples). It is ready
 * when one main pack is ready together with everything that pack requires. Some work without any
 * pack (built-in eSpeak voices, the DSP stem separator): they report `built_in` and the pack that
 * would do better. Everything that decodes audio needs ffmpeg: without it the capability needs
 * configuration, whatever is installed.
 */
import { CAPABILITIES, type Capability } from './model-capabilities.ts';
import { capabilityOf, packBytes, type ModelManifest } from './model-manifest.ts';
import { recommendPack, type Machine } from './pack-recommendations.ts';

export interface CapabilityInfo {
  title: string;
  /** Works with no pack at all, and how (plain language); null when a pack is required. */
  builtIn: string | null;
  /** Decodes or writes audio, so needs ffmpeg. */
  usesAudio: boolean;
}

/** Plain-language names: what the studio shows (never pack ids, files or folders). */
export const CAPABILITY_INFO: Record<Capability, CapabilityInfo> = {
  transcription: { title: 'Transcribe speech', builtIn: null, usesAudio: true },
  diarization: { title: 'Tell speakers apart', builtIn: null, usesAudio: true },
  'natural-voices': {
    title: 'Natural narration voices',
    builtIn: 'The built-in voices (eSpeak NG) speak over 100 languages without a download.',
    usesAudio: true,
  },
  'voice-cloning': { title: 'Clone a voice', builtIn: null, usesAudio: true },
  'voice-conversion': { title: 'Convert a voice', builtIn: null, usesAudio: true },
  stems: {
    title: 'Split stems',
    builtIn: 'The built-in separator splits vocals and accompaniment without a download.',
    usesAudio: true,
  },
  midi: { title: 'Turn audio into MIDI', builtIn: null, usesAudio: true },
  'noise-reduction': { title: 'Clean up recordings', builtIn: null, usesAudio: true },
  translation: { title: 'Translate text', builtIn: null, usesAudio: false },
  music: { title: 'Generate music', builtIn: null, usesAudio: true },
  'language-model': {
    title: 'Read and write books with a language model',
    builtIn: null,
    usesAudio: false,
  },
};

export type CapabilityState = 'ready' | 'needs_pack' | 'needs_configuration';

export interface PackRef {
  id: string;
  title: string;
  bytes: number;
  non_commercial: boolean;
}

export interface CapabilityStatus {
  id: Capability;
  title: string;
  status: CapabilityState;
  /**
   * `pack`: a main pack is ready; `configuration`: the owner pointed the engine at something of
   * their own (a model file, a chat server); `built_in`: works without one; null: not ready.
   */
  ready_with: 'pack' | 'configuration' | 'built_in' | null;
  /** Main packs that are ready now. */
  ready_packs: string[];
  /** The pack to install for this machine (when not ready, or to do better than built-in). */
  recommended: PackRef | null;
  /** What one Install click installs: the recommended pack and what it requires, not yet ready. */
  install: string[];
  /** One plain-language sentence for the studio. */
  message: string;
}

/** What the status reads about packs: the manifests and which packs are ready. */
export interface PackFacts {
  manifests: ModelManifest[];
  ready(id: string): boolean;
}

export interface EngineFacts {
  ffmpeg: boolean;
  machine: Machine;
  /**
   * Capabilities the owner made ready without a pack, with what they use in plain words (the
   * language model: "your model file “x”", "your chat server at …"); registered by the area
   * that owns the setting.
   */
  configured?: (capability: Capability) => string | null;
}

function ref(manifest: ModelManifest): PackRef {
  return {
    id: manifest.id,
    title: manifest.title,
    bytes: packBytes(manifest),
    non_commercial: manifest.nonCommercial === true,
  };
}

/** The pack and what it requires, transitively, that are not ready; requirements first. */
export function installOrder(packs: PackFacts, id: string, seen = new Set<string>()): string[] {
  if (seen.has(id)) return [];
  seen.add(id);
  const manifest = packs.manifests.find((m) => m.id === id);
  const before = (manifest?.requires ?? []).flatMap((r) => installOrder(packs, r, seen));
  return packs.ready(id) ? before : [...before, id];
}

function readyWithRequirements(packs: PackFacts, manifest: ModelManifest): boolean {
  return installOrder(packs, manifest.id).length === 0;
}

/** Tasks of helper models: they serve a capability (cutting speech, scoring samples) but never run it alone. */
const SUPPORT_TASKS = new Set(['vad', 'quality']);

/** Packs stating `capability` that no other pack requires and that are not helper models. */
export function mainPacks(manifests: ModelManifest[], capability: Capability): ModelManifest[] {
  const required = new Set(manifests.flatMap((m) => m.requires ?? []));
  return manifests.filter(
    (m) => capabilityOf(m) === capability && !required.has(m.id) && !SUPPORT_TASKS.has(m.task),
  );
}

function describe(
  info: CapabilityInfo,
  status: CapabilityState,
  readyWith: CapabilityStatus['ready_with'],
  readyTitles: string[],
  recommended: PackRef | null,
): string {
  if (status === 'needs_configuration')
    return `${info.title} needs ffmpeg, which Tapehouse cannot find. Set its location on the Engine page.`;
  if (readyWith === 'pack') return `Ready: ${readyTitles.join(', ')}.`;
  if (readyWith === 'built_in')
    return recommended
      ? `${info.builtIn ?? 'Ready.'} Install “${recommended.title}” for better results.`
      : (info.builtIn ?? 'Ready.');
  return recommended
    ? `Needs the “${recommended.title}” pack.`
    : 'No pack for this is available in this version.';
}

export function capabilityStatus(
  capability: Capability,
  packs: PackFacts,
  engine: EngineFacts,
): CapabilityStatus {
  const info = CAPABILITY_INFO[capability];
  const main = mainPacks(packs.manifests, capability);
  const ready = main.filter((m) => readyWithRequirements(packs, m));
  const pick = recommendPack(capability, main, engine.machine);
  const recommended = ready.length === 0 || info.builtIn !== null ? pick : null;
  const configured = engine.configured?.(capability) ?? null;
  if (configured !== null && ready.length === 0) {
    return {
      id: capability,
      title: info.title,
      status: 'ready',
      ready_with: 'configuration',
      ready_packs: [],
      recommended: null,
      install: [],
      message: `Ready: ${configured}.`,
    };
  }
  let status: CapabilityState = ready.length > 0 || info.builtIn !== null ? 'ready' : 'needs_pack';
  if (info.usesAudio && !engine.ffmpeg) status = 'needs_configuration';
  const readyWith = ready.length > 0 ? 'pack' : info.builtIn !== null ? 'built_in' : null;
  return {
    id: capability,
    title: info.title,
    status,
    ready_with: status === 'needs_configuration' ? null : readyWith,
    ready_packs: ready.map((m) => m.id),
    recommended: recommended && ready.length === 0 ? ref(recommended) : null,
    install: recommended && ready.length === 0 ? installOrder(packs, recommended.id) : [],
    message: describe(
      info,
      status,
      readyWith,
      ready.map((m) => m.title),
      recommended && ready.length === 0 ? ref(recommended) : null,
    ),
  };
}

/** Every capability this build has packs for (or that works built in), in a stable order. */
export function capabilityStatuses(packs: PackFacts, engine: EngineFacts): CapabilityStatus[] {
  return CAPABILITIES.filter(
    (c) => CAPABILITY_INFO[c].builtIn !== null || mainPacks(packs.manifests, c).length > 0,
  ).map((c) => capabilityStatus(c, packs, engine));
}
