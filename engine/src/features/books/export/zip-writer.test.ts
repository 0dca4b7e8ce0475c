import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { writeZip } from './zip-writer.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-writer-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Independent reader: walks the central directory as APPNOTE describes it. */
function read(zip: Buffer): Map<string, { data: Buffer; crc: number; method: number }> {
  const end = zip.lastIndexOf(Buffer.from('PK\x05\x06', 'latin1'));
  const out = new Map<string, { data: Buffer; crc: number; method: number }>();
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 20);
    const n = zip.readUInt16LE(at + 28);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + n);
    expect(zip.readUInt32LE(offset)).toBe(0x04034b50);
    const start = offset + 30 + zip.readUInt16LE(offset + 26);
    const raw = zip.subarray(start, start + size);
    out.set(name, { data: method === 8 ? zlib.inflateRawSync(raw) : raw, crc, method });
    at += 46 + n;
  }
  return out;
}

describe('zip writer', () => {
  it('stores files and deflates text, with correct CRCs and UTF-8 names', () => {
    const big = path.join(dir, 'big.bin');
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 17);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31 + (i >> 7)) & 0xff;
    fs.writeFileSync(big, bytes);
    const json = Buffer.from(JSON.stringify({ hello: 'wörld', list: Array(200).fill('x') }));
    const output = path.join(dir, 'out.zip');
    const size = writeZip(output, [
      { name: '01 - Ünïcode.mp3', file: big },
      { name: 'metadata.json', data: json, deflate: true },
      { name: 'empty.txt', data: Buffer.alloc(0) },
    ]);
    const zip = fs.readFileSync(output);
    expect(size).toBe(zip.length);
    const entries = read(zip);
    expect([...entries.keys()]).toEqual(['01 - Ünïcode.mp3', 'metadata.json', 'empty.txt']);
    expect(entries.get('01 - Ünïcode.mp3')?.data.equals(bytes)).toBe(true);
    expect(entries.get('01 - Ünïcode.mp3')?.method).toBe(0);
    expect(entries.get('01 - Ünïcode.mp3')?.crc).toBe(zlib.crc32(bytes));
    expect(entries.get('metadata.json')?.data.equals(json)).toBe(true);
    expect(entries.get('metadata.json')?.method).toBe(8);
    expect(entries.get('empty.txt')?.data.length).toBe(0);
  });
});
