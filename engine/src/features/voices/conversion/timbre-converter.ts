/**
 * Voice conversion as other areas use it: re-voice a clip to the timbre of a reference clip with
 * the installed conversion pack (OpenVoice V2's tone colour converter, convert-task.ts), no
 * custom voice and no job of its own. Speech translation converts a catalog voice's line to the
 * speaker's timbre with it (docs/api/speech-translation.md).
 */
import type { EngineConfig } from '../../../config.ts';
import type { ModelRegistry } from '../../../inference/model-registry.ts';
import type { WorkerPool } from '../../../jobs/worker-pool.ts';
import { packEntries } from '../../../inference/model-manifest.ts';
import { CONVERTER_FILE, requireConversionPack, TONE_EXTRACTOR_FILE } from './conversion-packs.ts';
import { CONVERT_TASK, type ConvertTaskInput, type ConvertTaskResult } from './convert-task.ts';
import { CONVERTER_RATE } from './spectrogram.ts';

export { CONVERTER_RATE };

export interface TimbreConverterDeps {
  config: Pick<EngineConfig, 'executionProviders'>;
  models: ModelRegistry;
  workers: WorkerPool;
}

export class TimbreConverter {
  readonly sampleRate = CONVERTER_RATE;

  constructor(private readonly deps: TimbreConverterDeps) {}

  /** The installed conversion pack's id, or null when none is. */
  installed(): string | null {
    try {
      return requireConversionPack(this.deps.models).packId;
    } catch {
      return null;
    }
  }

  /** Every conversion pack this engine knows (installed or not). */
  known(): string[] {
    return this.deps.models
      .manifests()
      .filter((m) => {
        const names = packEntries(m).map((f) => f.name);
        return names.includes(CONVERTER_FILE) && names.includes(TONE_EXTRACTOR_FILE);
      })
      .map((m) => m.id);
  }

  /**
   * `source` re-voiced to `reference`'s timbre; both mono at `sampleRate`. tau 0.3 as
   * OpenVoice's own demos: the words and timing of the source, the tone of the reference.
   */
  async convert(
    source: Float32Array,
    reference: Float32Array,
    signal: AbortSignal,
  ): Promise<Float32Array> {
    const pack = requireConversionPack(this.deps.models);
    const input: ConvertTaskInput = {
      converterPath: pack.converterPath,
      extractorPath: pack.extractorPath,
      source,
      target: reference,
      tau: 0.3,
      executionProviders: this.deps.config.executionProviders,
    };
    const out = await this.deps.workers.run<ConvertTaskResult>(CONVERT_TASK, input, { signal });
    return out.samples;
  }
}
