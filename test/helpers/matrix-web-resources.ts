// Web resources a user owns, for the authorization matrix (test/integration/auth-matrix.test.ts):
// a media download job row and an article narration.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { bearer, postJson, type TestUser } from './accounts.ts';
import type { TestEngine } from './engine.ts';

/** Through the runner: ownership needs the row (the download itself fails, nothing listens). */
export async function makeDownloadJob(engine: TestEngine, owner: TestUser): Promise<string> {
  const job = await engine.engine.services.jobs.create(owner.id, 'video_download', {
    url: 'http://127.0.0.1:9/clip.mp4',
    format: 'mp3',
    quality: null,
    audio_only: false,
    include_thumbnail: false,
    format_selector: null,
    output_filename: null,
    public: false,
    task_id: randomUUID(),
    platform: 'generic',
    title: 'clip',
    duration: 4,
    thumbnail_url: null,
    plan: {
      selector: 'ba/b',
      extension: 'mp3',
      kind: 'audio',
      contentType: 'audio/mpeg',
      videoCodec: null,
      audioCodec: 'mp3',
      audioKbps: 128,
      maxHeight: null,
    },
  });
  return String(job.id);
}

/** An article narration of the user's pasted text; returns its reader id. */
export async function makeReaderJob(engine: TestEngine, owner: TestUser): Promise<string> {
  const res = await postJson(
    engine,
    '/reader/generate',
    { content: 'A short note to read aloud.' },
    bearer(owner.tokens.access_token),
  );
  expect(res.status).toBe(202);
  return String(((await res.json()) as { id: number }).id);
}
