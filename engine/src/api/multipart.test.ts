// readMultipartFiles on real multipart bodies (encoded by undici's FormData, parsed by busboy):
// repeated file parts in order, text fields beside them, the count and size limits, and that
// every file already handed over is given back when the request fails.
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { readMultipartFiles } from './multipart.ts';

async function encode(form: FormData) {
  const request = new Request('http://local/upload', { method: 'POST', body: form });
  const headers = { 'content-type': request.headers.get('content-type') ?? '' };
  const body = request.body as unknown as NodeReadableStream<Uint8Array>;
  return { stream: Readable.fromWeb(body), headers };
}

async function collect(part: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of part) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function reader(maxFiles: number, maxFileBytes: number, discarded: string[]) {
  return {
    fileField: 'files',
    maxFiles,
    maxFileBytes,
    what: 'A recording',
    onFile: async (part: Readable, info: { filename: string }) =>
      `${info.filename}:${await collect(part)}`,
    onDiscard: (value: string) => discarded.push(value),
  };
}

describe('readMultipartFiles', () => {
  it('hands over every repeated part in order, with the text fields and other parts drained', async () => {
    const form = new FormData();
    form.append('language', 'de');
    form.append('files', new Blob(['one']), 'a.wav');
    form.append('cover', new Blob(['ignored']), 'c.png');
    form.append('files', new Blob(['two']), 'b.wav');
    form.append('files', new Blob(['three']), 'c.wav');
    form.append('min_speakers', '2');
    const { stream, headers } = await encode(form);
    const result = await readMultipartFiles(stream, headers, reader(5, 100, []));
    expect(result.files).toEqual(['a.wav:one', 'b.wav:two', 'c.wav:three']);
    expect(result.fields).toEqual({ language: 'de', min_speakers: '2' });
  });

  it('answers no files with an empty list', async () => {
    const form = new FormData();
    form.append('language', 'en');
    const { stream, headers } = await encode(form);
    const result = await readMultipartFiles(stream, headers, reader(5, 100, []));
    expect(result.files).toEqual([]);
  });

  it('refuses one file too many with 400 and gives back the ones already stored', async () => {
    const form = new FormData();
    for (const name of ['a', 'b', 'c']) form.append('files', new Blob([name]), `${name}.wav`);
    const { stream, headers } = await encode(form);
    const discarded: string[] = [];
    const error = await readMultipartFiles(stream, headers, reader(2, 100, discarded)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(discarded.sort()).toEqual(['a.wav:a', 'b.wav:b']);
  });

  it('stops at a part over the size limit with 413 and gives back the earlier ones', async () => {
    const form = new FormData();
    form.append('files', new Blob(['small']), 'a.wav');
    form.append('files', new Blob(['x'.repeat(500)]), 'big.wav');
    const { stream, headers } = await encode(form);
    const discarded: string[] = [];
    const error = await readMultipartFiles(stream, headers, reader(5, 100, discarded)).catch(
      (e: unknown) => e,
    );
    expect((error as AppError).code).toBe('payload_too_large');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(discarded).toEqual(['a.wav:small']);
  });

  it('calls a body that is not multipart malformed', async () => {
    const stream = Readable.from([Buffer.from('plain')]);
    const error = await readMultipartFiles(
      stream,
      { 'content-type': 'text/plain' },
      reader(5, 100, []),
    ).catch((e: unknown) => e);
    expect((error as AppError).code).toBe('bad_request');
  });
});
