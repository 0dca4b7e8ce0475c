/**
 * Checks and measures voice samples for the custom-voice routes: every file is probed and held
 * to the hard rules first (length, rate: sample-rules.ts), then measured (sample-measure.ts) and
 * held to the rest (speech, clipping), so a bad clip is a 400 before any cloning pack is looked
 * for or anything is charged. The report (one entry per file, the guidance not met, an overall
 * grade) is stored with the voice and returned by the routes.
 */
import type { Ffmpeg } from '../../../audio/index.ts';
import { AppError, isAppError } from '../../../errors.ts';
import type { ModelRegistry } from '../../../inference/model-registry.ts';
import type { WorkerPool } from '../../../jobs/worker-pool.ts';
import type { SherpaVoiceHost } from '../cloning/sherpa-voice-host.ts';
import { DNSMOS_DEFAULT_WINDOWS } from './dnsmos.ts';
import { measureSample, probeSample, type SampleMeasure } from './sample-measure.ts';
import { checkProbe, judgeSample, overallQuality, type SampleKind } from './sample-rules.ts';

export interface SampleFileReport extends SampleMeasure {
  warnings: string[];
  /** `lenient` analyses only: the rule the routes would refuse this file for. */
  refusal?: { reason: string; message: string } | null;
}

export interface SampleReport {
  files: SampleFileReport[];
  total_speech_seconds: number;
  /** `good` (no warnings), `fair` (one or two), `poor` (more), over all files. */
  quality: 'good' | 'fair' | 'poor';
  warnings: string[];
  /** Measured after DeepFilterNet3 cleaned the samples (the `denoise` flag). */
  denoised: boolean;
}

export interface SampleFile {
  path: string;
  filename: string;
}

export interface SampleAnalyzerDeps {
  ffmpeg: () => Promise<Ffmpeg>;
  workers: WorkerPool;
  models: ModelRegistry;
  sherpa: SherpaVoiceHost;
  executionProviders: string[] | null;
}

export class SampleAnalyzer {
  constructor(private readonly deps: SampleAnalyzerDeps) {}

  /** Probe-level rules for every file (cheap; run before anything is decoded). */
  async checkFiles(
    kind: SampleKind,
    files: readonly SampleFile[],
    signal?: AbortSignal,
    refusals?: Map<number, AppError>,
  ) {
    const ffmpeg = await this.deps.ffmpeg();
    const probes = [];
    for (const [index, file] of files.entries()) {
      const probe = await probeSample(ffmpeg, file.path, signal);
      try {
        checkProbe(kind, probe, file.filename);
      } catch (error) {
        if (!refusals || !(error instanceof AppError)) throw error;
        refusals.set(index, error);
      }
      probes.push(probe);
    }
    return probes;
  }

  /** The hard rules, then the measurements and the guidance, for every file. */
  async analyze(
    kind: SampleKind,
    files: readonly SampleFile[],
    options: {
      denoised?: boolean;
      signal?: AbortSignal;
      /** DNSMOS windows per file: 0 skips the score (fast checks in a request). */
      dnsmosWindows?: number;
      /** Report a broken rule on the file (`refusal`) instead of throwing (the live meter). */
      lenient?: boolean;
    } = {},
  ): Promise<SampleReport> {
    const { signal } = options;
    const refusals = options.lenient ? new Map<number, AppError>() : undefined;
    const probes = await this.checkFiles(kind, files, signal, refusals);
    const ffmpeg = await this.deps.ffmpeg();
    const measureDeps = {
      ffmpeg,
      workers: this.deps.workers,
      sherpa: this.deps.sherpa,
      vadModel: this.deps.models.resolveModelFile('silero-vad', 'silero_vad.onnx'),
      dnsmosModel: this.dnsmosModel(),
      dnsmosWindows: options.dnsmosWindows ?? DNSMOS_DEFAULT_WINDOWS,
      executionProviders: this.deps.executionProviders,
    };
    const reports: SampleFileReport[] = [];
    for (const [index, file] of files.entries()) {
      const probe = probes[index];
      if (!probe) continue;
      const measure = await measureSample(measureDeps, file.path, file.filename, probe, signal);
      let warnings: string[] = [];
      try {
        warnings = judgeSample(measure);
      } catch (error) {
        if (!refusals || !(error instanceof AppError)) throw error;
        if (!refusals.has(index)) refusals.set(index, error);
      }
      const refused = refusals?.get(index);
      reports.push({
        ...measure,
        warnings,
        ...(refusals && {
          refusal: refused
            ? { reason: String(refused.details?.reason ?? refused.code), message: refused.message }
            : null,
        }),
      });
    }
    const warnings = reports.flatMap((r) =>
      r.warnings.map((w) => (files.length > 1 ? `${r.filename}: ${w}` : w)),
    );
    if (measureDeps.dnsmosModel === null && measureDeps.dnsmosWindows > 0)
      warnings.push(
        'no recording-quality score: install the speech quality model (DNSMOS) from the Models page',
      );
    return {
      files: reports,
      total_speech_seconds:
        Math.round(reports.reduce((sum, r) => sum + r.speech_seconds, 0) * 10) / 10,
      quality: overallQuality(reports.reduce((n, r) => n + r.warnings.length, 0)),
      warnings,
      denoised: options.denoised ?? false,
    };
  }

  /** DNSMOS is optional: without its pack the report says so instead of failing. */
  private dnsmosModel(): string | null {
    try {
      return this.deps.models.resolveModelFile('dnsmos', 'sig_bak_ovr.onnx');
    } catch (error) {
      if (isAppError(error) && (error.code === 'model_not_installed' || error.code === 'not_found'))
        return null;
      throw error;
    }
  }
}
