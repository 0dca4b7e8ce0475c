/**
 * The speech product area, built once per engine: transcription (Whisper through sherpa-onnx in
 * a child process), diarization, and forced alignment. `createSpeechArea()` is the one call
 * engine.ts makes; it returns the services and the job handlers to register.
 */
import type { Ffmpeg } from '../../audio/types.ts';
import type { ModelRegistry } from '../../inference/model-registry.ts';
import type { JobHandler } from '../../jobs/job-types.ts';
import type { WorkerPool } from '../../jobs/worker-pool.ts';
import { EspeakEngine } from '../voices/index.ts';
import type { Pricing } from '../billing/index.ts';
import type { FileStore } from '../platform/index.ts';
import type { JobEvents } from '../../jobs/job-events.ts';
import type { JobRepo } from '../../jobs/job-repo.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { AlignmentService } from './alignment/alignment-service.ts';
import { SherpaHost } from './asr-engines/sherpa-host.ts';
import {
  DIARIZATION_JOB,
  makeTranscriptionJob,
  TRANSCRIPTION_JOB,
} from './transcription/transcription-job.ts';
import { TranscriptionService } from './transcription/transcription-service.ts';

export interface SpeechAreaDeps {
  workers: WorkerPool;
  models: ModelRegistry;
  ffmpeg: () => Promise<Ffmpeg>;
  files: FileStore;
  jobs: JobRunner;
  jobRepo: JobRepo;
  jobEvents: JobEvents;
  credits: Pricing;
  log: (line: string) => void;
}

export interface SpeechArea {
  alignment: AlignmentService;
  transcription: TranscriptionService;
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
  const sherpa = new SherpaHost(deps.log);
  const transcription = new TranscriptionService({ ...deps, sherpa, alignment });
  return {
    alignment,
    transcription,
    jobs: [
      makeTranscriptionJob(transcription, TRANSCRIPTION_JOB),
      makeTranscriptionJob(transcription, DIARIZATION_JOB),
    ],
    close: () => sherpa.close(),
  };
}
