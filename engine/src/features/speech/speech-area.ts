/**
 * The speech product area, built once per engine: transcription (Whisper through sherpa-onnx in
 * a child process), diarization, and forced alignment. `createSpeechArea()` is the one call
 * engine.ts makes; it returns the services and the job handlers to register.
 */
import type { Ffmpeg } from '../../audio/types.ts';
import type { EngineConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { ModelRegistry } from '../../inference/model-registry.ts';
import type { JobHandler } from '../../jobs/job-types.ts';
import type { WorkerPool } from '../../jobs/worker-pool.ts';
import { EspeakEngine, type ClipTranscriber } from '../voices/index.ts';
import type { Pricing } from '../billing/index.ts';
import type { FileStore, UrlSigner, WebhookLookup } from '../platform/index.ts';
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
import { makeClipTranscriber } from './transcription/clip-transcriber.ts';
import { TranscriptionService } from './transcription/transcription-service.ts';
import type { TranscriptionRequestDeps } from './transcription/transcription-requests.ts';
import { TranscriptsService } from './transcription/transcripts-service.ts';
import { TranscriptStore } from './transcription/transcript-store.ts';
import { SpeechRecognizer } from './transcription/speech-recognizer.ts';

export interface SpeechAreaDeps {
  config: EngineConfig;
  /** The area's own tables (transcript projects, speaker names, corrections). */
  db: Db;
  urls: UrlSigner;
  /** DNS answers for source_urls in tests; the system resolver otherwise. */
  lookup?: WebhookLookup;
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
  /** Status, results, transcripts, corrections, projects and speaker names. */
  transcripts: TranscriptsService;
  /** What the two creation routes need (transcription-requests.ts). */
  requests: TranscriptionRequestDeps;
  /** Whisper on a short clip, lent to the voices area (cloned voices' prompts). */
  clips: ClipTranscriber;
  /** Whisper with word times and speakers on a whole file, for speech translation. */
  recognizer: SpeechRecognizer;
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
  const store = new TranscriptStore(deps.db);
  const transcription = new TranscriptionService({ ...deps, store, sherpa, alignment });
  const transcripts = new TranscriptsService({ ...deps, store, transcription });
  return {
    alignment,
    transcription,
    transcripts,
    requests: {
      config: deps.config,
      files: deps.files,
      transcription,
      ...(deps.lookup && { lookup: deps.lookup }),
    },
    clips: makeClipTranscriber({ ...deps, sherpa, alignment }),
    recognizer: new SpeechRecognizer({
      models: deps.models,
      sherpa,
      alignment,
      ffmpeg: deps.ffmpeg,
    }),
    jobs: [
      makeTranscriptionJob(transcription, TRANSCRIPTION_JOB),
      makeTranscriptionJob(transcription, DIARIZATION_JOB),
    ],
    close: () => sherpa.close(),
  };
}
