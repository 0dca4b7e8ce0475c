/**
 * The separation engines this machine has: the embedded DSP separator (always; the lower
 * quality tier) and every neural model pack that is installed. A `stems` manifest says how its
 * model is run (`separator`: the MDX or waveform convention and its parameters, e.g.
 * models/htdemucs-4s.json, models/uvr-mdx-net-1-9703.json); a pack counts only once its
 * manifest exists and its separator file resolves (installed, or under TAPEHOUSE_MODELS_DIR).
 */
import { AppError } from '../../../errors.ts';
import {
  scanManifests,
  type ModelManifest,
  type SeparatorSpec,
} from '../../../inference/model-manifest.ts';
import { defaultManifestsDir, type ModelRegistry } from '../../../inference/model-registry.ts';
import type { MusicDeps } from '../music-deps.ts';
import { DSP_STEMS } from './dsp/dsp-recipes.ts';
import type { EngineSpec, InstalledEngine } from './separation-engine.ts';

export const DSP_ENGINE_ID = 'dsp';

export function dspEngine(): InstalledEngine {
  return {
    id: DSP_ENGINE_ID,
    tier: 'dsp',
    title: 'Embedded DSP separator (lower quality: HPSS, mid/side centre extraction, band masks)',
    stems: DSP_STEMS,
    spec: { kind: 'dsp' },
    rank: 0,
  };
}

/** A neural pack the engine knows how to run, once installed. */
export interface NeuralPackDefinition {
  packId: string;
  file: string;
  title: string;
  stems: readonly string[];
  spec: (modelPath: string, providers: string[] | null) => EngineSpec;
  rank: number;
}

/**
 * Definitions for `stems` manifests that carry no `separator` block (packs described before the
 * manifest could say how to run them). A manifest's own `separator` always wins.
 */
export const BUILTIN_PACKS: readonly NeuralPackDefinition[] = [
  {
    // UVR-MDX-NET Inst HQ 3 (TRvlvr/model_repo release all_public_uvr_models): instrumental
    // target, n_fft 6144, dim_f 3072, dim_t 256, compensate 1.022 (UVR's model_data).
    packId: 'uvr-mdx-net-inst-hq3',
    file: 'UVR-MDX-NET-Inst_HQ_3.onnx',
    title: 'UVR MDX-Net Inst HQ 3 (neural vocals / instrumental)',
    stems: ['vocals', 'no_vocals', 'backing_track'],
    spec: (modelPath, executionProviders) => ({
      kind: 'mdx',
      modelPath,
      target: 'no_vocals',
      complement: 'vocals',
      nFft: 6144,
      hop: 1024,
      dimF: 3072,
      dimT: 256,
      compensate: 1.022,
      executionProviders,
    }),
    rank: 10,
  },
  {
    // A Demucs-family 6-source waveform export: [1, 2, T] → [1, 6, 2, T].
    packId: 'demucs-6s-waveform',
    file: 'demucs_6s.onnx',
    title: 'Demucs 6-source (neural drums, bass, other, vocals, guitar, piano)',
    stems: ['drums', 'bass', 'other', 'vocals', 'guitar', 'piano'].flatMap((s) => [s, `no_${s}`]),
    spec: (modelPath, executionProviders) => ({
      kind: 'waveform',
      modelPath,
      sources: ['drums', 'bass', 'other', 'vocals', 'guitar', 'piano'],
      segment: 343_980,
      executionProviders,
    }),
    rank: 5,
  },
];

/** Stem names an engine answers to: its outputs plus the aliases of no_vocals. */
function withAliases(stems: readonly string[]): string[] {
  const out = [...stems];
  if (stems.includes('no_vocals')) out.push('backing_track', 'instrumental');
  return out;
}

/** The definition a manifest's `separator` block describes. */
export function definitionFromManifest(
  manifest: ModelManifest,
  separator: SeparatorSpec,
): NeuralPackDefinition {
  if (separator.kind === 'mdx') {
    const { target, complement, nFft, hop, dimF, dimT, compensate } = separator;
    return {
      packId: manifest.id,
      file: separator.file,
      title: `${manifest.title} (neural)`,
      stems: withAliases([target, complement]),
      spec: (modelPath, executionProviders) => ({
        kind: 'mdx',
        modelPath,
        target,
        complement,
        nFft,
        hop,
        dimF,
        dimT,
        compensate,
        executionProviders,
      }),
      rank: separator.rank,
    };
  }
  const { sources, segment } = separator;
  return {
    packId: manifest.id,
    file: separator.file,
    title: `${manifest.title} (neural)`,
    stems: withAliases(sources.flatMap((s) => [s, `no_${s}`])),
    spec: (modelPath, executionProviders) => ({
      kind: 'waveform',
      modelPath,
      sources: [...sources],
      segment,
      executionProviders,
    }),
    rank: separator.rank,
  };
}

/** Every stems pack the manifests describe (installed or not), with how to run it. */
export function neuralPackDefinitions(manifests: readonly ModelManifest[]): NeuralPackDefinition[] {
  const out: NeuralPackDefinition[] = [];
  for (const manifest of manifests) {
    if (manifest.task !== 'stems') continue;
    if (manifest.separator !== undefined) {
      out.push(definitionFromManifest(manifest, manifest.separator));
      continue;
    }
    const builtin = BUILTIN_PACKS.find((p) => p.packId === manifest.id);
    if (builtin) out.push(builtin);
  }
  return out;
}

function neuralEngine(
  models: ModelRegistry,
  providers: string[] | null,
  pack: NeuralPackDefinition,
): InstalledEngine | null {
  let modelPath: string;
  try {
    modelPath = models.resolveModelFile(pack.packId, pack.file);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
  return {
    id: pack.packId,
    tier: 'neural',
    title: pack.title,
    stems: pack.stems,
    spec: pack.spec(modelPath, providers),
    rank: pack.rank,
  };
}

/** Installed engines, best first (the eval script calls this with its own registry). */
export function enginesIn(models: ModelRegistry, providers: string[] | null): InstalledEngine[] {
  const engines: InstalledEngine[] = [dspEngine()];
  for (const pack of neuralPackDefinitions(models.manifests())) {
    const engine = neuralEngine(models, providers, pack);
    if (engine) engines.push(engine);
  }
  return engines.sort((a, b) => b.rank - a.rank);
}

export function installedEngines(deps: Pick<MusicDeps, 'models' | 'config'>): InstalledEngine[] {
  return enginesIn(deps.models, deps.config.executionProviders ?? null);
}

let knownPacks: NeuralPackDefinition[] | null = null;

/** Packs that would add `stem` if installed (for the error's hint): the repo's manifests. */
export function packsProducing(stem: string): string[] {
  knownPacks ??= neuralPackDefinitions(scanManifests(defaultManifestsDir()).manifests);
  return knownPacks.filter((p) => p.stems.includes(stem)).map((p) => p.packId);
}
