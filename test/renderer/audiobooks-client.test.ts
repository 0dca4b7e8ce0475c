import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../../renderer/src/api/client.ts';
import { ApiError } from '../../renderer/src/api/errors.ts';
import {
  AudiobookClient,
  queryString,
} from '../../renderer/src/features/audiobooks/audiobook-client.ts';

interface Call {
  url: string;
  init: RequestInit | undefined;
}

function fake(answer: () => Response): { fetch: FetchLike; calls: Call[] } {
  const calls: Call[] = [];
  return {
    calls,
    fetch: async (url, init) => {
      calls.push({ url, init });
      return answer();
    },
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function client(
  fetch: FetchLike,
  baseUrl: string | (() => Promise<string>) = 'http://127.0.0.1:9/',
) {
  return new AudiobookClient({ baseUrl, getToken: async () => 'tok', fetch });
}

const headers = (call: Call | undefined) => call?.init?.headers as Record<string, string>;

describe('AudiobookClient', () => {
  it('lists projects with the title-or-author filter and the studio token', async () => {
    const f = fake(() => json(200, { projects: [], total: 0 }));
    await client(f.fetch).listProjects({ page: 2, per_page: 12, search: 'carroll' });
    expect(f.calls[0]?.url).toBe(
      'http://127.0.0.1:9/api/v1/audiobook/projects?page=2&per_page=12&search=carroll',
    );
    expect(headers(f.calls[0]).Authorization).toBe('Bearer tok');
    await client(f.fetch).listProjects({ page: 1, search: '' });
    expect(f.calls[1]?.url).toBe('http://127.0.0.1:9/api/v1/audiobook/projects?page=1');
  });

  it('resolves a lazy base URL once', async () => {
    let asked = 0;
    const f = fake(() => json(200, {}));
    const c = client(f.fetch, async () => {
      asked++;
      return '';
    });
    await c.getProject('p1', true);
    await c.cast('p1');
    expect(asked).toBe(1);
    expect(f.calls.map((call) => call.url)).toEqual([
      '/api/v1/audiobook/projects/p1?include_chapters=true',
      '/api/v1/audiobook/projects/p1/cast',
    ]);
  });

  it('uploads the manuscript as multipart and parses it with the flags', async () => {
    const f = fake(() => json(201, { file_key: 'k' }));
    const c = client(f.fetch);
    await c.uploadManuscript('p1', new Blob(['CHAPTER I']), 'book.txt');
    const upload = f.calls[0]!;
    expect(upload.url).toBe('http://127.0.0.1:9/api/v1/audiobook/projects/p1/manuscript/upload');
    expect(upload.init?.method).toBe('POST');
    expect(upload.init?.body).toBeInstanceOf(FormData);
    expect(((upload.init?.body as FormData).get('file') as File).name).toBe('book.txt');
    expect(headers(upload)['Content-Type']).toBeUndefined(); // fetch adds the boundary

    await c.parseManuscript('p1', {
      file_key: 'k',
      filename: 'book.txt',
      detect_speakers: false,
      multi_voice: false,
    });
    expect(f.calls[1]?.url).toMatch(/\/manuscript\/parse$/);
    expect(JSON.parse(f.calls[1]?.init?.body as string)).toEqual({
      file_key: 'k',
      filename: 'book.txt',
      detect_speakers: false,
      multi_voice: false,
    });
    expect(headers(f.calls[1])['Content-Type']).toBe('application/json');
  });

  it('edits paragraphs and chapters with PUT, detects with the heuristic method', async () => {
    const f = fake(() => json(200, {}));
    const c = client(f.fetch);
    await c.updateParagraph('p1', 'para', { locked: true });
    await c.updateChapter('p1', 'ch', { skip_narration: true });
    await c.listParagraphs('p1', 'ch', { page: 2, per_page: 50 });
    await c.listParagraphs('p1', 'ch', null);
    await c.detectSpeakers('p1');
    await c.setAlias('p1', 'Rabbit', null);
    expect(
      f.calls.map(
        (call) =>
          `${call.init?.method} ${call.url.replace('http://127.0.0.1:9/api/v1/audiobook/projects/p1', '')}`,
      ),
    ).toEqual([
      'PUT /paragraphs/para',
      'PUT /chapters/ch',
      'GET /chapters/ch/paragraphs?page=2&per_page=50',
      'GET /chapters/ch/paragraphs',
      'POST /cast/detect?method=heuristic',
      'POST /cast/alias',
    ]);
    expect(JSON.parse(f.calls[5]?.init?.body as string)).toEqual({
      character_name: 'Rabbit',
      alias_of: null,
    });
  });

  it('turns a 409 into an ApiError carrying the engine’s detail', async () => {
    const f = fake(() => json(409, { detail: 'Paragraph x is locked.', code: 'conflict' }));
    const error = await client(f.fetch)
      .updateParagraph('p1', 'x', { text: 'new' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).detail).toBe('Paragraph x is locked.');
  });

  it('reports an unreachable engine as a network error', async () => {
    const error = await client(async () => {
      throw new TypeError('Failed to fetch');
    })
      .cast('p1')
      .catch((caught: unknown) => caught);
    expect((error as ApiError).code).toBe('network_error');
  });

  it('deletes with no body expected', async () => {
    const f = fake(() => new Response(null, { status: 204 }));
    await expect(client(f.fetch).deleteProject('p1')).resolves.toBeUndefined();
    expect(f.calls[0]?.init?.method).toBe('DELETE');
  });

  it('builds query strings without empty values', () => {
    expect(queryString(undefined)).toBe('');
    expect(queryString({ a: 1, b: '', c: undefined, d: true })).toBe('?a=1&d=true');
  });
});
