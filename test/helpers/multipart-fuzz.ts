/**
 * Malformed multipart/form-data bodies for the fuzz test (test/integration/api-fuzz.test.ts,
 * issue 25): a well-formed body cut at any byte, boundaries that do not match or are missing,
 * broken and oversized part headers, too many parts or fields, a field over its limit, odd file
 * names, nested multipart and raw junk. From fast-check with the caller's seed, so a failure
 * reproduces exactly.
 */
import fc from 'fast-check';

export interface MultipartCase {
  kind: string;
  contentType: string;
  body: Buffer;
}

const CRLF = '\r\n';

function part(boundary: string, headers: string[], content: Buffer | string): Buffer {
  return Buffer.concat([
    Buffer.from(`--${boundary}${CRLF}${headers.join(CRLF)}${CRLF}${CRLF}`, 'latin1'),
    typeof content === 'string' ? Buffer.from(content, 'latin1') : content,
    Buffer.from(CRLF, 'latin1'),
  ]);
}

function fileHeaders(field: string, filename: string, type = 'audio/wav'): string[] {
  return [
    `Content-Disposition: form-data; name="${field}"; filename="${filename}"`,
    `Content-Type: ${type}`,
  ];
}

/** A small, complete body: a text field and a file part under each file field name routes use. */
function wholeBody(boundary: string, bytes: Uint8Array): Buffer {
  const wav = Buffer.concat([Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'), bytes]);
  return Buffer.concat([
    part(boundary, ['Content-Disposition: form-data; name="name"'], 'fuzz'),
    part(boundary, fileHeaders('file', 'a.wav'), wav),
    part(boundary, fileHeaders('files', 'b.wav'), wav),
    part(boundary, fileHeaders('voice_files', 'c.wav'), wav),
    Buffer.from(`--${boundary}--${CRLF}`, 'latin1'),
  ]);
}

const boundaryName = fc.stringMatching(/^[A-Za-z0-9'()+_,-]{1,40}$/);

export function multipartCase(): fc.Arbitrary<MultipartCase> {
  const type = (b: string) => `multipart/form-data; boundary=${b}`;
  const bytes = fc.uint8Array({ minLength: 0, maxLength: 2048 });
  return fc.oneof(
    fc
      .tuple(boundaryName, bytes, fc.double({ min: 0, max: 0.999, noNaN: true }))
      .map(([b, data, at]) => {
        const whole = wholeBody(b, data);
        return {
          kind: 'cut short',
          contentType: type(b),
          body: whole.subarray(0, Math.floor(whole.length * at)),
        };
      }),
    fc.tuple(boundaryName, boundaryName, bytes).map(([b, other, data]) => ({
      kind: 'boundary mismatch',
      contentType: type(`${other}x`),
      body: wholeBody(b, data),
    })),
    fc.tuple(boundaryName, bytes).map(([b, data]) => ({
      kind: 'no boundary parameter',
      contentType: 'multipart/form-data',
      body: wholeBody(b, data),
    })),
    fc.constantFrom('', '""', 'a'.repeat(300), '"unterminated', 'zz; boundary=yy').map((b) => ({
      kind: 'odd boundary',
      contentType: `multipart/form-data; boundary=${b}`,
      body: Buffer.from(`--${b}${CRLF}${CRLF}--${b}--${CRLF}`, 'latin1'),
    })),
    fc.tuple(boundaryName, fc.uint8Array({ minLength: 1, maxLength: 300 })).map(([b, junk]) => ({
      kind: 'junk part header',
      contentType: type(b),
      body: Buffer.concat([
        Buffer.from(`--${b}${CRLF}`, 'latin1'),
        Buffer.from(junk),
        Buffer.from(`${CRLF}${CRLF}abc${CRLF}--${b}--${CRLF}`, 'latin1'),
      ]),
    })),
    boundaryName.map((b) => ({
      kind: 'oversized part header',
      contentType: type(b),
      body: part(b, [`Content-Disposition: form-data; name="${'n'.repeat(40_000)}"`], 'x'),
    })),
    fc.tuple(boundaryName, fc.integer({ min: 81, max: 400 })).map(([b, n]) => ({
      kind: 'too many parts',
      contentType: type(b),
      body: Buffer.concat([
        ...Array.from({ length: n }, (_, i) => part(b, fileHeaders(`p${i}`, `${i}.wav`), 'RIFF')),
        Buffer.from(`--${b}--${CRLF}`, 'latin1'),
      ]),
    })),
    fc.tuple(boundaryName, fc.integer({ min: 51, max: 200 })).map(([b, n]) => ({
      kind: 'too many fields',
      contentType: type(b),
      body: Buffer.concat([
        ...Array.from({ length: n }, (_, i) =>
          part(b, [`Content-Disposition: form-data; name="f${i}"`], String(i)),
        ),
        Buffer.from(`--${b}--${CRLF}`, 'latin1'),
      ]),
    })),
    boundaryName.map((b) => ({
      kind: 'field over its limit',
      contentType: type(b),
      body: Buffer.concat([
        part(b, ['Content-Disposition: form-data; name="text"'], 'w'.repeat(1024 * 1024 + 10)),
        Buffer.from(`--${b}--${CRLF}`, 'latin1'),
      ]),
    })),
    fc
      .tuple(
        boundaryName,
        fc.constantFrom('../../etc/passwd', 'a\x00b.wav', '', '😀.wav', 'C:\\x\\y.wav', '.'),
      )
      .map(([b, name]) => ({
        kind: 'odd file name',
        contentType: type(b),
        body: Buffer.concat([
          part(b, fileHeaders('file', name), 'RIFF....WAVE'),
          part(b, fileHeaders('files', name), 'RIFF....WAVE'),
          Buffer.from(`--${b}--${CRLF}`, 'latin1'),
        ]),
      })),
    boundaryName.map((b) => ({
      kind: 'nested multipart',
      contentType: type(b),
      body: Buffer.concat([
        part(
          b,
          [
            'Content-Disposition: form-data; name="file"',
            'Content-Type: multipart/mixed; boundary=in',
          ],
          `--in${CRLF}Content-Disposition: file; filename="x.wav"${CRLF}${CRLF}RIFF${CRLF}--in`,
        ),
        Buffer.from(`--${b}--${CRLF}`, 'latin1'),
      ]),
    })),
    fc.tuple(boundaryName, fc.uint8Array({ minLength: 0, maxLength: 1024 })).map(([b, junk]) => ({
      kind: 'raw junk',
      contentType: type(b),
      body: Buffer.from(junk),
    })),
  );
}
