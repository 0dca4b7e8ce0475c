/**
 * Which pack to suggest for a capability on this machine (docs/api/models.md, "First-run
 * setup"). A short preference list per capability, best first, each with the machine it needs
 * to run at a comfortable speed; the first that fits and has a manifest wins. A capability with
 * no list (or whose listed packs are all missing) gets its smallest pack that is free for
 * commercial use, then its smallest pack.
 *
 * The thresholds are rough: Whisper small decodes about real time on 8 CPU cores, base on 4,
 * tiny on anything (sherpa-onnx's int8 exports); large-v3-turbo wants a GPU. HT-Demucs is about
 * 4x slower than real time on 4 cores; MDX-Net a few times faster.
 */
import os from 'node:os';
import type { Capability } from './model-capabilities.ts';
import { packBytes, type ModelManifest } from './model-manifest.ts';

export interface Machine {
  cores: number;
  memoryBytes: number;
  /** An execution provider other than the CPU is available (CUDA, DirectML, Core ML, WebGPU). */
  gpu: boolean;
}

interface Preference {
  pack: string;
  minCores?: number;
  minMemoryGb?: number;
  gpu?: boolean;
}

const GB = 1024 ** 3;

const PREFERENCES: Partial<Record<Capability, Preference[]>> = {
  transcription: [
    { pack: 'whisper-large-v3-turbo', gpu: true, minMemoryGb: 16 },
    { pack: 'whisper-small', minCores: 8, minMemoryGb: 16 },
    { pack: 'whisper-base', minCores: 4, minMemoryGb: 8 },
    { pack: 'whisper-tiny' },
  ],
  diarization: [{ pack: 'speaker-diarization' }],
  'natural-voices': [
    // CC0 voice data: the English narrator anyone may use commercially.
    { pack: 'piper-en-us-joe-medium' },
    { pack: 'kokoro-82m-v1', minCores: 4, minMemoryGb: 8 },
  ],
  stems: [{ pack: 'htdemucs-4s', minCores: 4, minMemoryGb: 8 }, { pack: 'uvr-mdx-net-1-9703' }],
  midi: [{ pack: 'basic-pitch' }],
  'noise-reduction': [{ pack: 'deepfilternet3', minCores: 4 }, { pack: 'gtcrn' }],
  // node-llama-cpp's own estimates with weights (PACK-PINS-LLM.md): Qwen3-8B Q4_K_M ~6 GB at 4K
  // context, Qwen3-4B ~3.4 GB, Qwen2.5-1.5B ~1.5 GB; the rest of the machine needs room too. On
  // a CPU, 8B writes ~3 tokens/s on 8 cores: only with a GPU (or plenty of memory) is it usable.
  'language-model': [
    { pack: 'qwen3-8b-q4km', gpu: true, minMemoryGb: 16 },
    { pack: 'qwen3-8b-q4km', minCores: 8, minMemoryGb: 32 },
    { pack: 'qwen3-4b-instruct-2507-q4km', minMemoryGb: 8 },
    { pack: 'qwen2-5-1-5b-instruct-q4km' },
  ],
};

export function thisMachine(providers: readonly string[]): Machine {
  return {
    cores: os.availableParallelism(),
    memoryBytes: os.totalmem(),
    gpu: providers.some((p) => p !== 'cpu'),
  };
}

function fits(preference: Preference, machine: Machine): boolean {
  return (
    (preference.minCores === undefined || machine.cores >= preference.minCores) &&
    (preference.minMemoryGb === undefined ||
      machine.memoryBytes >= preference.minMemoryGb * GB * 0.9) &&
    (preference.gpu !== true || machine.gpu)
  );
}

export function recommendPack(
  capability: Capability,
  candidates: ModelManifest[],
  machine: Machine,
): ModelManifest | null {
  for (const preference of PREFERENCES[capability] ?? []) {
    const manifest = candidates.find((m) => m.id === preference.pack);
    if (manifest && fits(preference, machine)) return manifest;
  }
  const bySize = [...candidates].sort((a, b) => packBytes(a) - packBytes(b));
  return bySize.find((m) => m.nonCommercial !== true) ?? bySize[0] ?? null;
}
