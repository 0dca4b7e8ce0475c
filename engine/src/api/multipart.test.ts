// readMultipartFiles on real multipart bodies (encoded by undici's FormData, parsed by busboy):
// repeated file parts in order, text fields beside them, the count and size limits, and that
// every file already handed over is given back when the request fails. Then bodies that are not
// whole (issue 25): each settles with a coded 400 and no stream error escapes.
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { readMultipart, readMultipartFiles } from './multipart.ts';

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

describe('readMultipart on bodies that are not whole', () => {
  const unhandled: unknown[] = [];
  const onError = (error: unknown) => unhandled.push(error);

  async function settle(
    chunks: (string | Error)[],
    contentType = 'multipart/form-data; boundary=zz',
  ) {
    const discarded: string[] = [];
    const stream = new Readable({ read() {} });
    const result = readMultipart(stream, contentType, {
      fileField: 'file',
      maxFiles: 2,
      maxFileBytes: 1000,
      what: 'A file',
      onFile: async (part: Readable, info: { filename: string }) =>
        `${info.filename}:${await collect(part)}`,
      onDiscard: (value: string) => discarded.push(value),
    }).catch((e: unknown) => e);
    for (const chunk of chunks) {
      if (chunk instanceof Error) stream.destroy(chunk);
      else stream.push(Buffer.from(chunk, 'latin1'));
    }
    if (!chunks.some((c) => c instanceof Error)) stream.push(null);
    const error = await result;
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { error: error as AppError, discarded };
  }

  it('answers a file part that never reaches its closing boundary with 400 truncated', async () => {
    process.on('uncaughtException', onError);
    try {
      const { error } = await settle([
        '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc',
      ]);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        status: 400,
        code: 'bad_request',
        details: { reason: 'truncated' },
      });
      // The same body on a route that only reads fields (the part is drained, not stored).
      const stream = Readable.from([
        Buffer.from(
          '--zz\r\nContent-Disposition: form-data; name="other"; filename="a"\r\n\r\nabc',
        ),
      ]);
      const fieldsOnly = await readMultipart(stream, 'multipart/form-data; boundary=zz', {
        fileField: null,
        maxFiles: 0,
        maxFileBytes: 0,
        what: 'A file',
      }).catch((e: unknown) => e);
      expect(fieldsOnly).toMatchObject({ code: 'bad_request', details: { reason: 'truncated' } });
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      process.off('uncaughtException', onError);
    }
    expect(unhandled).toEqual([]);
  });

  it('gives back a stored part when a later one is cut off', async () => {
    const { error, discarded } = await settle([
      '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n\r\none\r\n',
      '--zz\r\nContent-Disposition: form-data; name="file"; filename="b.wav"\r\n\r\ntw',
    ]);
    expect(error).toMatchObject({ code: 'bad_request', details: { reason: 'truncated' } });
    expect(discarded).toEqual(['a.wav:one']);
  });

  it('answers a broken part header, a missing boundary and a dropped connection with 400', async () => {
    const header = await settle([
      '--zz\r\nContent-Disposition form-data\x00\x01\r\n\r\nabc\r\n--zz--\r\n',
    ]);
    expect(header.error).toMatchObject({ status: 400, code: 'bad_request' });
    const boundary = await settle(['--zz--'], 'multipart/form-data');
    expect(boundary.error).toMatchObject({
      code: 'bad_request',
      details: { reason: 'no_boundary' },
    });
    const dropped = await settle([
      '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n\r\nab',
      new Error('aborted'),
    ]);
    expect(dropped.error).toMatchObject({ code: 'bad_request', details: { reason: 'aborted' } });
  });

  it('refuses a text field over its limit with 413 instead of cutting it short', async () => {
    const stream = Readable.from([
      Buffer.from(
        `--zz\r\nContent-Disposition: form-data; name="text"\r\n\r\n${'w'.repeat(300)}\r\n--zz--\r\n`,
      ),
    ]);
    const error = await readMultipart(stream, 'multipart/form-data; boundary=zz', {
      fileField: null,
      maxFiles: 0,
      maxFileBytes: 0,
      what: 'A file',
      maxFieldBytes: 100,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 413,
      details: { reason: 'field_too_large', field: 'text' },
    });
  });
});
