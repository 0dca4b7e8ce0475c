// Speech resources a user owns, for the authorization matrix (test/integration/auth-matrix.test.ts):
// a transcript project and a finished transcription job row.
import { expect } from 'vitest';
import { bearer, postJson, type TestUser } from './accounts.ts';
import type { TestEngine } from './engine.ts';

/** A transcript project of the user's; returns its id. */
export async function makeTranscriptProject(engine: TestEngine, owner: TestUser): Promise<string> {
  const res = await postJson(
    engine,
    '/transcription/projects',
    { name: 'Matrix interviews' },
    bearer(owner.tokens.access_token),
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/**
 * A finished transcription written through the job repository (no model packs here): its result
 * routes answer for the owner, which is all the matrix needs.
 */
export function makeTranscriptionJob(
  engine: TestEngine,
  owner: TestUser,
  fileKey: string,
  projectId: string,
): Promise<string> {
  const repo = engine.engine.services.jobRepo;
  const job = repo.insert({
    type: 'transcription',
    ownerId: owner.id,
    resource: 'inference',
    input: {
      files: [{ file_key: fileKey, filename: 'matrix.wav' }],
      source_urls: null,
      language: 'en',
      task: 'transcribe',
      model: null,
      diarize: false,
      min_speakers: null,
      max_speakers: null,
      word_timestamps: true,
      confidence_scores: true,
      model_type: 'standard',
      project_id: projectId,
      chunk_seconds: 28,
      probed_seconds: 1,
    },
  });
  repo.transition(job.id, 'running');
  const segment = {
    id: 0,
    start: 0,
    end: 1,
    text: 'Hello.',
    speaker: null,
    confidence: 1,
    words: [],
  };
  repo.transition(job.id, 'completed', {
    progress: 100,
    result: {
      model: 'whisper-tiny',
      task: 'transcribe',
      language: 'en',
      duration: 1,
      text: 'Hello.',
      speakers: [],
      files: [
        {
          filename: 'matrix.wav',
          duration: 1,
          language: 'en',
          text: 'Hello.',
          segments: [segment],
        },
      ],
    },
  });
  return Promise.resolve(String(job.id));
}
