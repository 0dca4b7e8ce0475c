import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { zip } from './test-fixtures/books.ts';
import { openZip } from './zip.ts';

function thrown(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected an AppError');
}

/** Rewrites the uncompressed size a zip claims for its entries (local and central headers). */
function lieAboutSizes(data: Buffer, size: number): Buffer {
  const out = Buffer.from(data);
  for (let i = 0; i + 4 <= out.length; i += 1) {
    if (out.readUInt32LE(i) === 0x04034b50) out.writeUInt32LE(size, i + 22);
    if (out.readUInt32LE(i) === 0x02014b50) out.writeUInt32LE(size, i + 24);
  }
  return out;
}

describe('ZipArchive', () => {
  it('reads stored and deflated entries and finds names case-insensitively', () => {
    const archive = openZip(
      zip(
        [
          ['mimetype', 'application/epub+zip'],
          ['OEBPS/a.xhtml', '<p>héllo</p>'],
        ],
        true,
      ),
      'EPUB',
    );
    expect(archive.readText('mimetype')).toBe('application/epub+zip');
    expect(archive.readText('oebps/A.XHTML')).toBe('<p>héllo</p>');
    expect(archive.read('missing.txt')).toBeNull();
  });

  it('refuses an entry compressed far beyond any text (a zip bomb)', () => {
    const bomb = zip([['bomb.xml', new Uint8Array(30 * 1024 * 1024)]]);
    const error = thrown(() => openZip(bomb, 'EPUB').read('bomb.xml'));
    expect(error.code).toBe('payload_too_large');
    expect(error.message).toMatch(/zip bomb/);
  });

  it('stops inflating when the directory lies about the size', () => {
    const liar = lieAboutSizes(zip([['bomb.xml', new Uint8Array(30 * 1024 * 1024)]]), 1000);
    const error = thrown(() => openZip(liar, 'EPUB').read('bomb.xml'));
    expect(error.code).toBe('payload_too_large');
  });

  it('caps the entry count and the total inflated bytes', () => {
    const many = zip(Array.from({ length: 30 }, (_, i): [string, string] => [`f${i}.txt`, 'x']));
    expect(thrown(() => openZip(many, 'EPUB', { maxEntries: 20 })).code).toBe('payload_too_large');
    const two = zip([
      ['a.txt', 'a'.repeat(600)],
      ['b.txt', 'b'.repeat(600)],
    ]);
    const archive = openZip(two, 'EPUB', { maxTotalUncompressed: 1000 });
    expect(archive.readText('a.txt')).toHaveLength(600);
    expect(thrown(() => archive.read('b.txt')).code).toBe('payload_too_large');
  });

  it('refuses truncated and encrypted archives with a user-facing reason', () => {
    const good = zip([['a.txt', 'hello world']]);
    const cut = thrown(() => openZip(good.subarray(0, good.length - 30), 'Word document'));
    expect(cut.code).toBe('unsupported_media');
    expect(cut.message).toMatch(/Word document file is damaged or incomplete/);
    expect(thrown(() => openZip(Buffer.from('not a zip at all, just text'), 'EPUB')).code).toBe(
      'unsupported_media',
    );
    const encrypted = Buffer.from(good);
    for (let i = 0; i + 4 <= encrypted.length; i += 1) {
      if (encrypted.readUInt32LE(i) === 0x02014b50)
        encrypted.writeUInt16LE(encrypted.readUInt16LE(i + 8) | 1, i + 8);
    }
    expect(thrown(() => openZip(encrypted, 'EPUB').read('a.txt')).message).toMatch(/encrypted/);
  });

  it('reports an entry that does not inflate as damage', () => {
    const good = zip([['a.txt', 'hello hello hello hello hello hello']]);
    const data = Buffer.from(good);
    const payload = data.indexOf(
      zlib.deflateRawSync(Buffer.from('hello hello hello hello hello hello')).subarray(0, 4),
    );
    if (payload > 0) data.fill(0xff, payload, payload + 4);
    const error = thrown(() => openZip(data, 'EPUB').read('a.txt'));
    expect(error.code).toBe('unsupported_media');
  });
});
