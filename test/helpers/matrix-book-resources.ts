// Audiobook resources a user owns, for the authorization matrix (test/integration/auth-matrix.test.ts):
// a pasted book and a narrated take.
import { expect } from 'vitest';
import { bearer, postJson, type TestUser } from './accounts.ts';
import type { TestEngine } from './engine.ts';

/** A book with one short chapter pasted in; returns the project id. */
export async function makeBook(engine: TestEngine, owner: TestUser): Promise<string> {
  const res = await postJson(
    engine,
    '/audiobook/projects',
    { title: 'Matrix book' },
    bearer(owner.tokens.access_token),
  );
  expect(res.status).toBe(201);
  const id = ((await res.json()) as { id: string }).id;
  const pasted = await postJson(
    engine,
    `/audiobook/projects/${id}/manuscript/paste`,
    { text: 'Chapter 1\n\n"Good morning," said Anna.\n\nThe harbour was quiet.' },
    bearer(owner.tokens.access_token),
  );
  expect(pasted.status).toBe(200);
  return id;
}

/** Narrates one paragraph (rights attested first) and returns its take id. */
export async function makeTake(
  engine: TestEngine,
  owner: TestUser,
  projectId: string,
  paragraphId: string,
): Promise<string> {
  const book = `/audiobook/projects/${projectId}`;
  const auth = bearer(owner.tokens.access_token);
  expect((await postJson(engine, `${book}/rights-attestation`, {}, auth)).status).toBe(200);
  const started = await postJson(engine, `${book}/paragraphs/${paragraphId}/narrate`, {}, auth);
  expect(started.status).toBe(202);
  const taskId = ((await started.json()) as { task_id: number }).task_id;
  for (;;) {
    const job = await fetch(`${engine.api}/jobs/${taskId}`, { headers: auth });
    const status = ((await job.json()) as { status: string }).status;
    if (status === 'completed') break;
    expect(['queued', 'running']).toContain(status);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const takes = await fetch(`${engine.api}${book}/paragraphs/${paragraphId}/takes`, {
    headers: auth,
  });
  return ((await takes.json()) as { takes: { take_id: string }[] }).takes[0]?.take_id ?? '';
}
