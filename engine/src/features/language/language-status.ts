/**
 * GET /language-model's answer (docs/api/language-model.md): what the owner chose, what answers,
 * whether it is loaded and how much memory it holds, its speed, and the packs on offer — the
 * Models page's language-model section and the setup read it.
 */
import { installOrder } from '../../inference/capability-status.ts';
import { packBytes } from '../../inference/model-manifest.ts';
import type { ModelRegistry } from '../../inference/model-registry.ts';
import { recommendPack, type Machine } from '../../inference/pack-recommendations.ts';
import type { LanguageModelService } from './language-model.ts';
import type { z } from 'zod';
import type { languageModelStatusSchema } from './language-schemas.ts';
import { languageModelPacks, type LlmChoice } from './llm-choice.ts';

function message(choice: LlmChoice, recommended: string | null): string {
  if (choice.kind !== 'none') return `Ready: ${choice.label}.`;
  if (choice.problem !== null) return `Not ready: ${choice.problem}.`;
  return recommended
    ? `No language model yet: install “${recommended}” to read speakers, split and direct lines with it.`
    : 'No language model is available in this version.';
}

export async function languageModelStatus(
  service: LanguageModelService,
  registry: ModelRegistry,
  machine: Machine,
): Promise<z.infer<typeof languageModelStatusSchema>> {
  const choice = service.choice();
  const prefs = service.preferences;
  const runtime = service.settings;
  const manifests = languageModelPacks(registry);
  const recommended = recommendPack('language-model', manifests, machine);
  const loaded = service.loaded;
  const speed = service.speedOf(choice);
  const ready = (id: string) => registry.status(id).ready;
  return {
    preference: prefs.source,
    source: choice.kind === 'none' ? null : choice.kind,
    ready: choice.kind !== 'none',
    name: choice.kind === 'none' ? null : choice.label,
    message: message(choice, recommended?.title ?? null),
    pack_id: choice.kind === 'pack' ? choice.packId : null,
    preferred_pack: prefs.pack,
    model_file: prefs.modelFile,
    url: prefs.url,
    loaded: loaded !== null,
    memory_bytes: loaded ? await loaded.memoryBytes() : null,
    gpu: loaded?.info?.gpu || null,
    gpu_setting: runtime.gpu,
    context_tokens: loaded?.info?.contextTokens ?? runtime.contextTokens,
    idle_unload_seconds: runtime.idleSeconds,
    speed: {
      prompt_tokens_per_second: Math.round(speed.promptPerSecond * 10) / 10,
      output_tokens_per_second: Math.round(speed.outputPerSecond * 10) / 10,
      measured: speed.measured,
    },
    packs: manifests.map((m) => ({
      id: m.id,
      title: m.title,
      bytes: packBytes(m),
      ready: ready(m.id),
      recommended: m.id === recommended?.id,
    })),
    install:
      choice.kind === 'none' && choice.problem === null && recommended
        ? installOrder({ manifests: registry.manifests(), ready }, recommended.id)
        : [],
    last_problem: service.lastCrash,
  };
}
