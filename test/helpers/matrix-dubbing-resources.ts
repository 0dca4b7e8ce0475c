// A speech translation a user owns, for the authorization matrix (test/integration/auth-matrix.test.ts):
// its row, a finished attempt written through the job repository (no model packs here) and its
// transcript, so every translation route answers for its owner.
import { DubbingRepo } from '../../engine/src/features/dubbing/dubbing-repo.ts';
import type { DubTranscriptJson } from '../../engine/src/features/dubbing/dubbing-schemas.ts';
import { WorkFolder } from '../../engine/src/features/dubbing/pipeline/work-folder.ts';
import type { TestUser } from './accounts.ts';
import type { TestEngine } from './engine.ts';

const TRANSCRIPT: DubTranscriptJson = {
  source_language: 'en',
  source_detected: false,
  target_language: 'de',
  duration: 1,
  separation: { engine: 'dsp', tier: 'dsp', title: 'Built-in separator' },
  recognition: { pack: 'whisper-tiny' },
  translation: { engine: 'opus-mt', packs: ['opus-mt-en-de'] },
  speakers: [],
  segments: [
    {
      id: 0,
      speaker: 'SPEAKER_00',
      start: 0,
      end: 1,
      text: 'Hello.',
      translation: 'Hallo.',
      machine_translation: 'Hallo.',
      edited: false,
      words: [],
      dub: null,
    },
  ],
};

/** A finished translation of `fileKey` into German; returns its id. */
export function makeSpeechTranslation(
  engine: TestEngine,
  owner: TestUser,
  fileKey: string,
): Promise<string> {
  const services = engine.engine.services;
  const repo = new DubbingRepo(services.db);
  const row = repo.insert({
    ownerId: owner.id,
    fileKey,
    inputSource: 'FILE',
    sourceUrl: null,
    originalFilename: 'matrix.wav',
    displayName: 'matrix — German',
    sourceLanguage: 'en',
    detectedLanguage: null,
    targetLanguage: 'de',
    isVideo: false,
    durationSeconds: 1,
  });
  const job = services.jobRepo.insert({
    type: 'speech_translation',
    ownerId: owner.id,
    resource: 'inference',
    input: {
      translation_id: row.id,
      reason: 'create',
      duration_seconds: 1,
      segment_id: null,
      text: null,
      billed_seconds: 1,
    },
  });
  services.jobRepo.transition(job.id, 'running');
  services.jobRepo.transition(job.id, 'completed', {
    progress: 100,
    result: { translation_id: row.id, reused_stages: [], ran_stages: [] },
  });
  repo.firstJob(row.id, job.id);
  WorkFolder.of(services.config.home, row.id).write('transcript.json', TRANSCRIPT);
  return Promise.resolve(String(row.id));
}

/**
 * The translation the matrix's ownership checks use. The positive control calls id routes with
 * id 1 (a valid-shaped value) and DELETE's would remove it: a first translation (id 1) is made
 * for that one to delete.
 */
export async function makeMatrixTranslation(
  engine: TestEngine,
  owner: TestUser,
  fileKey: string,
): Promise<string> {
  await makeSpeechTranslation(engine, owner, fileKey);
  return makeSpeechTranslation(engine, owner, fileKey);
}
