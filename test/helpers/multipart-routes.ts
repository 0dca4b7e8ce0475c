/**
 * Every route that takes multipart/form-data, from THE route table (api/route.ts
 * `takesMultipart`), with its path filled with resources the caller owns so a request reaches
 * the body parser. A new multipart route is covered by the tests that use this at once; one with
 * a path parameter not made below fails them until a maker is added.
 */
import { expect } from 'vitest';
import { takesMultipart, type AnyRoute } from '../../engine/src/api/route.ts';
import { routeTable } from '../../engine/src/api/route-table.ts';
import { bearer, postJson } from './accounts.ts';
import type { TestEngine } from './engine.ts';

type EngineLike = Pick<TestEngine, 'api' | 'token'>;

export const MULTIPART_ROUTES: readonly AnyRoute[] = routeTable.filter(takesMultipart);

/** Path values owned by the holder of `token`: a pasted book and its first chapter. */
export async function ownedPathValues(
  engine: EngineLike,
  token: string,
): Promise<Record<string, string>> {
  const created = await postJson(
    engine,
    '/audiobook/projects',
    { title: 'Uploads' },
    bearer(token),
  );
  expect(created.status).toBe(201);
  const projectId = ((await created.json()) as { id: string }).id;
  const pasted = await postJson(
    engine,
    `/audiobook/projects/${projectId}/manuscript/paste`,
    { text: 'Chapter 1\n\n"Good morning," said Anna.\n\nThe harbour was quiet.' },
    bearer(token),
  );
  expect(pasted.status).toBe(200);
  const chapters = await fetch(`${engine.api}/audiobook/projects/${projectId}/chapters`, {
    headers: bearer(token),
  });
  const chapterId = ((await chapters.json()) as { chapters: { id: string }[] }).chapters[0]?.id;
  expect(chapterId).toBeTruthy();
  return { project_id: projectId, chapter_id: chapterId ?? '' };
}

/** `/a/{x}/b` with `values.x`; a parameter without a value fails naming it. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined)
      throw new Error(`no owned resource for {${name}}: add one to ownedPathValues()`);
    return encodeURIComponent(value);
  });
}

/** The truncated body of issue 25: a file part that never reaches its closing boundary. */
export const TRUNCATED_MULTIPART = {
  contentType: 'multipart/form-data; boundary=zz',
  body: Buffer.from(
    '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc',
    'latin1',
  ),
};
