/**
 * Which language model answers (docs/api/language-model.md, "Which model"): the owner's choice
 * (`llmSource`) among a GGUF file they already have (`TAPEHOUSE_LLM_GGUF` / `llmModelFile`), an
 * OpenAI-compatible chat server (`TAPEHOUSE_LLM_URL` / `llmUrl`) and the installed packs. `auto`
 * takes the file, else the server, else the best installed pack for this machine: what the owner
 * set up by hand wins over what was installed. A file or server the owner named but that cannot
 * be used is reported as such, never skipped in silence.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { LlmSource } from '../../llm-config.ts';
import { capabilityOf, type ModelManifest } from '../../inference/model-manifest.ts';
import type { ModelRegistry } from '../../inference/model-registry.ts';
import { recommendPack, type Machine } from '../../inference/pack-recommendations.ts';

/** The settings the choice reads (live: the owner may change them while the engine runs). */
export interface LlmPreferences {
  source: LlmSource;
  pack: string | null;
  modelFile: string | null;
  url: string | null;
  urlModel: string | null;
}

export type LlmChoice =
  | { kind: 'file'; path: string; label: string }
  | { kind: 'pack'; packId: string; title: string; path: string; label: string }
  | { kind: 'url'; url: string; label: string }
  /** `problem`: why the owner's own choice cannot be used (plain words), else null. */
  | { kind: 'none'; problem: string | null };

const GGUF_MAGIC = 'GGUF';

/** Why a model file cannot be used, or null when it looks like a GGUF model. */
export function modelFileProblem(file: string): string | null {
  if (!path.isAbsolute(file)) return `the model file “${file}” must be a full path`;
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return `the model file “${file}” cannot be opened`;
  }
  try {
    const head = Buffer.alloc(4);
    fs.readSync(fd, head, 0, 4, 0);
    return head.toString('latin1') === GGUF_MAGIC
      ? null
      : `“${path.basename(file)}” is not a GGUF language model`;
  } finally {
    fs.closeSync(fd);
  }
}

export function languageModelPacks(registry: ModelRegistry): ModelManifest[] {
  return registry.manifests().filter((m) => capabilityOf(m) === 'language-model');
}

function readyPack(
  registry: ModelRegistry,
  preferred: string | null,
  machine: Machine,
): ModelManifest | null {
  const ready = languageModelPacks(registry).filter((m) => registry.status(m.id).ready);
  return ready.find((m) => m.id === preferred) ?? recommendPack('language-model', ready, machine);
}

function fileChoice(file: string): LlmChoice {
  const problem = modelFileProblem(file);
  if (problem !== null) return { kind: 'none', problem };
  return { kind: 'file', path: file, label: `your model file “${path.basename(file)}”` };
}

function urlChoice(prefs: LlmPreferences): LlmChoice {
  if (prefs.url === null) return { kind: 'none', problem: null };
  const host = (() => {
    try {
      return new URL(prefs.url).host;
    } catch {
      return prefs.url;
    }
  })();
  const model = prefs.urlModel ? ` (${prefs.urlModel})` : '';
  return { kind: 'url', url: prefs.url, label: `your chat server at ${host}${model}` };
}

function packChoice(
  registry: ModelRegistry,
  prefs: LlmPreferences,
  machine: Machine,
): LlmChoice | null {
  const pack = readyPack(registry, prefs.pack, machine);
  if (pack === null) return null;
  const file = pack.files[0]?.name ?? 'model.gguf';
  return {
    kind: 'pack',
    packId: pack.id,
    title: pack.title,
    path: registry.resolveModelFile(pack.id, file),
    label: pack.title,
  };
}

export function chooseLanguageModel(
  registry: ModelRegistry,
  prefs: LlmPreferences,
  machine: Machine,
): LlmChoice {
  switch (prefs.source) {
    case 'off':
      return { kind: 'none', problem: 'the language model is turned off in the settings' };
    case 'file':
      return prefs.modelFile === null
        ? { kind: 'none', problem: 'no model file is chosen in the settings' }
        : fileChoice(prefs.modelFile);
    case 'url':
      return prefs.url === null
        ? { kind: 'none', problem: 'no chat server is set in the settings' }
        : urlChoice(prefs);
    case 'pack':
      return packChoice(registry, prefs, machine) ?? { kind: 'none', problem: null };
    case 'auto':
      if (prefs.modelFile !== null) return fileChoice(prefs.modelFile);
      if (prefs.url !== null) return urlChoice(prefs);
      return packChoice(registry, prefs, machine) ?? { kind: 'none', problem: null };
  }
}
