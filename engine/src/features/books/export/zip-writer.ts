/**
 * A small ZIP writer (PKWARE APPNOTE 6.3, no ZIP64): the export's package is one archive of
 * already-compressed audio, so entries are STORED (audio, images) or DEFLATEd (text), written
 * from files a 1 MiB block at a time — never the whole book in memory. CRC-32 comes from
 * node:zlib. Sizes and offsets must stay under 4 GiB (an ACX book at 192 kbps is ~86 MB an hour),
 * beyond that the writer refuses rather than writing a broken archive.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { AppError } from '../../../errors.ts';

export interface ZipEntry {
  /** Path inside the archive (forward slashes). */
  name: string;
  /** A file to copy, or bytes. */
  file?: string;
  data?: Buffer;
  /** Deflate (text); default: store. */
  deflate?: boolean;
}

const LIMIT = 0xffffffff;
const BLOCK = 1 << 20;
/** 1980-01-01 00:00, DOS format: a fixed stamp keeps an export reproducible. */
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

function fileCrc(file: string): { crc: number; size: number } {
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(BLOCK);
    let crc = 0;
    let size = 0;
    for (;;) {
      const n = fs.readSync(fd, buffer, 0, BLOCK, null);
      if (n === 0) break;
      crc = zlib.crc32(buffer.subarray(0, n), crc);
      size += n;
    }
    return { crc, size };
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes `entries` to `output`; returns the archive's size in bytes. */
export function writeZip(output: string, entries: readonly ZipEntry[]): number {
  const fd = fs.openSync(output, 'w');
  const central: Buffer[] = [];
  let offset = 0;
  const write = (buffer: Buffer): void => {
    fs.writeSync(fd, buffer);
    offset += buffer.length;
  };
  try {
    for (const entry of entries) {
      const name = Buffer.from(entry.name, 'utf8');
      let crc: number;
      let size: number;
      let payload: Buffer | null = null;
      let method = 0;
      if (entry.data !== undefined) {
        crc = zlib.crc32(entry.data);
        size = entry.data.length;
        payload = entry.deflate ? zlib.deflateRawSync(entry.data) : entry.data;
        method = entry.deflate ? 8 : 0;
      } else if (entry.file !== undefined) {
        ({ crc, size } = fileCrc(entry.file));
      } else throw new Error(`zip entry ${entry.name} has neither file nor data`);
      const compressed = payload ? payload.length : size;
      if (size > LIMIT || offset + compressed > LIMIT)
        throw new AppError('payload_too_large', 'The package would exceed 4 GiB (no ZIP64).');
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(0x0800, 6); // UTF-8 names
      local.writeUInt16LE(method, 8);
      local.writeUInt16LE(DOS_TIME, 10);
      local.writeUInt16LE(DOS_DATE, 12);
      local.writeUInt32LE(crc >>> 0, 14);
      local.writeUInt32LE(compressed, 18);
      local.writeUInt32LE(size, 22);
      local.writeUInt16LE(name.length, 26);
      local.writeUInt16LE(0, 28);
      const at = offset;
      write(local);
      write(name);
      if (payload) write(payload);
      else {
        const source = fs.openSync(entry.file!, 'r');
        try {
          const buffer = Buffer.alloc(BLOCK);
          for (;;) {
            const n = fs.readSync(source, buffer, 0, BLOCK, null);
            if (n === 0) break;
            write(buffer.subarray(0, n));
          }
        } finally {
          fs.closeSync(source);
        }
      }
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(20, 4);
      record.writeUInt16LE(20, 6);
      record.writeUInt16LE(0x0800, 8);
      record.writeUInt16LE(method, 10);
      record.writeUInt16LE(DOS_TIME, 12);
      record.writeUInt16LE(DOS_DATE, 14);
      record.writeUInt32LE(crc >>> 0, 16);
      record.writeUInt32LE(compressed, 20);
      record.writeUInt32LE(size, 24);
      record.writeUInt16LE(name.length, 28);
      record.writeUInt32LE(at, 42);
      central.push(record, name);
    }
    const start = offset;
    for (const part of central) write(part);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(offset - start, 12);
    end.writeUInt32LE(start, 16);
    write(end);
    return offset;
  } finally {
    fs.closeSync(fd);
  }
}
