/**
 * The language area (docs/api/language-model.md): the engine's one language model and the
 * routes where the owner sees and chooses it. Built once in engine.ts; books receives the
 * `LanguageModel` interface, never this object. It tells the platform's capability status when
 * the owner's own model file or chat server makes the capability ready without a pack.
 */
import type { Core } from '../../core.ts';
import { describeInference } from '../../inference/execution-providers.ts';
import { thisMachine, type Machine } from '../../inference/pack-recommendations.ts';
import type { ModelManager } from '../platform/index.ts';
import { LanguageModelService } from './language-model.ts';
import type { LanguageModelUpdate } from './language-schemas.ts';
import { writeLanguageSettings } from './language-settings-file.ts';
import { languageModelStatus } from './language-status.ts';

export interface LanguageDeps extends Pick<Core, 'config' | 'models' | 'log'> {
  modelManager: Pick<ModelManager, 'registerConfigured'>;
}

export class Language {
  readonly model: LanguageModelService;
  private readonly machine: () => Machine;

  constructor(private readonly deps: LanguageDeps) {
    this.machine = () => thisMachine(describeInference(deps.config).available_providers);
    this.model = new LanguageModelService({
      config: deps.config,
      models: deps.models,
      machine: this.machine,
      log: deps.log,
    });
    deps.modelManager.registerConfigured('language-model', () => {
      const choice = this.model.choice();
      return choice.kind === 'file' || choice.kind === 'url' ? choice.label : null;
    });
  }

  status() {
    return languageModelStatus(this.model, this.deps.models, this.machine());
  }

  /** The owner's choice, used at once and kept in settings.json. */
  async update(body: LanguageModelUpdate) {
    const patch: Record<string, string | number | null> = {};
    if (body.source !== undefined) patch.llmSource = body.source;
    if (body.pack_id !== undefined) {
      if (body.pack_id !== null) this.deps.models.manifest(body.pack_id);
      patch.llmPack = body.pack_id;
    }
    if (body.model_file !== undefined) patch.llmModelFile = body.model_file;
    if (body.url !== undefined) patch.llmUrl = body.url;
    if (body.gpu !== undefined) patch.llmGpu = body.gpu;
    if (body.context_tokens !== undefined) patch.llmContextTokens = body.context_tokens;
    if (body.idle_unload_seconds !== undefined) patch.llmIdleSeconds = body.idle_unload_seconds;
    writeLanguageSettings(this.deps.config.home, patch);
    await this.model.update(
      {
        ...(body.source !== undefined && { source: body.source }),
        ...(body.pack_id !== undefined && { pack: body.pack_id }),
        ...(body.model_file !== undefined && { modelFile: body.model_file }),
        ...(body.url !== undefined && { url: body.url }),
      },
      {
        ...(body.gpu !== undefined && { gpu: body.gpu }),
        ...(body.context_tokens !== undefined && { contextTokens: body.context_tokens }),
        ...(body.idle_unload_seconds !== undefined && { idleSeconds: body.idle_unload_seconds }),
      },
    );
    return this.status();
  }

  close(): Promise<void> {
    return this.model.close();
  }
}
