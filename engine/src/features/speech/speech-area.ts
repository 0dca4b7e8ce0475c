/**
 * The speech product area, built once per engine: transcription (Whisper through sherpa-onnx in
 * a child process), diarization, and forced alignment. `createSpeechArea()` is the one call
 * engine.ts makes; it returns the services and the job handlers to register.
 */
import type { Ffmpeg } from '../../audio/types.ts';
import type { ModelRegistry } from '../../inference/model-registry.ts';
import type { JobHandler } from '../../jobs/job-types.ts';
import type { WorkerPool } from '../../jobs/worker-pool.ts';
import { EspeakEngine } from '../tts/espeak-engine.ts';
import { AlignmentService } from './alignment/alignment-service.ts';

export interface SpeechAreaDeps {
  workers: WorkerPool;
  models: ModelRegistry;
  ffmpeg: () => Promise<Ffmpeg>;
}

export interface SpeechArea {
  alignment: AlignmentService;
  /** Job handlers of this area, for the engine's registry. */
  jobs: JobHandler[];
  /** Stops child processes the area started. */
  close(): Promise<void>;
}

export function createSpeechArea(deps: SpeechAreaDeps): SpeechArea {
  // The tts area's embedded engine, used through its public TtsEngine interface only.
  const espeak = new EspeakEngine(deps.workers);
  const alignment = new AlignmentService({
    workers: deps.workers,
    models: deps.models,
    ffmpeg: deps.ffmpeg,
    espeak,
  });
  return { alignment, jobs: [], close: async () => {} };
}
