/**
 * Kokoro voice packs: a style table of float32 [510, 1, 256] per voice — one 256-wide style
 * vector per utterance length. The row used for an utterance is its token count (pads
 * excluded), as the reference implementations do.
 *
 * Three published layouts are read:
 * - `<voice>.bin`: the raw little-endian float32 table (onnx-community/Kokoro-82M-v1.0-ONNX);
 * - `<voice>.npy`: the same as a NumPy array file;
 * - `voices-*.bin` / `.npz`: a NumPy zip holding one `<voice>.npy` per voice (kokoro-onnx
 *   releases), stored or deflated.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { AppError } from '../../../../errors.ts';

export const KOKORO_STYLE_DIM = 256;

export interface StyleTable {
  rows: number;
  data: Float32Array;
}

function bad(source: string, why: string): AppError {
  return new AppError('validation_error', `${source} is not a Kokoro voice pack: ${why}`, {
    details: { file: source },
  });
}

function tableFromFloats(bytes: Uint8Array, source: string): StyleTable {
  if (bytes.byteLength === 0 || bytes.byteLength % (KOKORO_STYLE_DIM * 4) !== 0) {
    throw bad(source, `${bytes.byteLength} bytes is not a whole number of 256-float rows`);
  }
  const copy = new Uint8Array(bytes);
  const data = new Float32Array(copy.buffer, 0, copy.byteLength / 4);
  return { rows: data.length / KOKORO_STYLE_DIM, data };
}

/** Parses a .npy (v1–3) holding little-endian float32 data in C order. */
export function parseNpy(bytes: Uint8Array, source: string): StyleTable {
  const magic = Buffer.from(bytes.subarray(0, 6)).toString('latin1');
  if (magic !== '\u0093NUMPY') throw bad(source, 'not a .npy file');
  const major = bytes[6] ?? 0;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  const headerStart = major === 1 ? 10 : 12;
  const header = Buffer.from(bytes.subarray(headerStart, headerStart + headerLength)).toString(
    'latin1',
  );
  if (!/'descr':\s*'<f4'/.test(header)) throw bad(source, `unsupported dtype in ${header.trim()}`);
  if (/'fortran_order':\s*True/.test(header)) throw bad(source, 'Fortran-ordered array');
  return tableFromFloats(bytes.subarray(headerStart + headerLength), source);
}

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
}

/**
 * The central directory of a (non-zip64) zip file. `base` is the file offset of `bytes[0]`
 * when only the file's tail was read.
 */
function zipEntries(bytes: Buffer, source: string, base = 0): ZipEntry[] {
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557); i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw bad(source, 'no zip directory');
  const count = bytes.readUInt16LE(eocd + 10);
  let at = bytes.readUInt32LE(eocd + 16) - base;
  if (at < 0) throw bad(source, 'zip directory larger than expected');
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (bytes.readUInt32LE(at) !== 0x02014b50) throw bad(source, 'corrupt zip directory');
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    entries.push({
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      localOffset: bytes.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function entryBytes(bytes: Buffer, entry: ZipEntry, source: string): Uint8Array {
  const at = entry.localOffset;
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const raw = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return raw;
  if (entry.method === 8) return zlib.inflateRawSync(raw);
  throw bad(source, `zip entry ${entry.name} uses compression method ${entry.method}`);
}

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b;
}

/** The end of a file: where a zip keeps its directory (at most 64 kB of comment after it). */
function readTail(file: string): { head: Buffer; tail: Buffer; tailStart: number } {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const head = Buffer.alloc(Math.min(4, size));
    fs.readSync(fd, head, 0, head.length, 0);
    // Directory entries are ~46 bytes + name; 1 MB covers thousands of voices.
    const tailStart = Math.max(0, size - 1_048_576);
    const tail = Buffer.alloc(size - tailStart);
    fs.readSync(fd, tail, 0, tail.length, tailStart);
    return { head, tail, tailStart };
  } finally {
    fs.closeSync(fd);
  }
}

const listed = new Map<string, { key: string; voices: string[] }>();

/**
 * Voice names inside a voice file: the entries of an npz, else the file's own voice. Reads only
 * the zip directory at the end of the file, and remembers the answer until the file changes
 * (the catalog asks often; the voices file is tens of MB).
 */
export function listPackVoices(file: string, fallbackName: string): string[] {
  const stat = fs.statSync(file);
  const key = `${stat.size}:${stat.mtimeMs}:${fallbackName}`;
  const cached = listed.get(file);
  if (cached?.key === key) return cached.voices;
  const { head, tail, tailStart } = readTail(file);
  let voices = [fallbackName];
  if (isZip(head)) {
    // Offsets in the directory are absolute; rebase them onto the tail we read.
    const entries = zipEntries(tail, file, tailStart);
    voices = entries.map((e) => e.name.replace(/\.npy$/, '')).sort();
  }
  listed.set(file, { key, voices });
  return voices;
}

/** The style table of one voice from a .bin, .npy or npz voice file. */
export function readStyleTable(file: string, voice: string): StyleTable {
  const bytes = fs.readFileSync(file);
  if (isZip(bytes)) {
    const entry = zipEntries(bytes, file).find((e) => e.name === `${voice}.npy`);
    if (entry === undefined) {
      throw new AppError('voice_not_found', `Kokoro voice "${voice}" is not in ${file}`, {
        details: { voice, file },
      });
    }
    return parseNpy(entryBytes(bytes, entry, file), `${file}:${voice}`);
  }
  if (bytes[0] === 0x93) return parseNpy(bytes, file);
  return tableFromFloats(bytes, file);
}

/** The style vector for an utterance of `tokenCount` tokens (pads excluded). */
export function styleFor(table: StyleTable, tokenCount: number): Float32Array {
  const row = Math.min(Math.max(tokenCount, 0), table.rows - 1);
  return table.data.slice(row * KOKORO_STYLE_DIM, (row + 1) * KOKORO_STYLE_DIM);
}
