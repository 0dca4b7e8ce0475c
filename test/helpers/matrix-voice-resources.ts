// Voice resources Alice owns, for the authorization matrix (test/integration/auth-matrix.test.ts):
// a designed voice (a custom voice that needs no cloning pack) and a conversion job row.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { bearer, postJson, type TestUser } from './accounts.ts';
import type { TestEngine } from './engine.ts';

/** Designs and publishes a voice of the user's; returns its custom voice id. */
export async function makeCustomVoice(engine: TestEngine, owner: TestUser): Promise<string> {
  const auth = bearer(owner.tokens.access_token);
  const made = await postJson(
    engine,
    '/voice/design',
    { design_prompt: 'A calm, warm middle-aged woman reading slowly.', num_samples: 1, seed: 1 },
    auth,
  );
  expect(made.status).toBe(200);
  const preview = ((await made.json()) as { previews: { preview_id: string }[] }).previews[0];
  const published = await postJson(
    engine,
    '/voice/design/publish',
    { preview_id: preview?.preview_id, name: 'Matrix voice' },
    auth,
  );
  expect(published.status).toBe(201);
  return String(((await published.json()) as { id: number }).id);
}

/**
 * A conversion job through the runner, like denoise_job_id: ownership needs the job row, not a
 * conversion pack.
 */
export async function makeConversionJob(
  engine: TestEngine,
  owner: TestUser,
  fileKey: string,
  customVoiceId: string,
): Promise<string> {
  const job = await engine.engine.services.jobs.create(owner.id, 'voice_conversion', {
    file_key: fileKey,
    filename: 'matrix.wav',
    voice_id: Number(customVoiceId),
    voice_uuid: randomUUID(),
    voice_name: 'Matrix voice',
    duration_seconds: 1,
  });
  return String(job.id);
}
