/**
 * A small, defensive zip reader for EPUB and DOCX containers. It reads the central directory
 * only, inflates just the entries a reader asks for, and refuses zip bombs three ways: too many
 * entries, too high a compression ratio, too many inflated bytes (per entry and in total).
 * Sizes are enforced while inflating (zlib's maxOutputLength), so a directory that lies about
 * them cannot get past the caps.
 */
import zlib from 'node:zlib';
import { AppError } from '../../errors.ts';
import { ZIP_LIMITS } from './limits.ts';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localHeaderOffset: number;
  encrypted: boolean;
}

export type ZipLimits = { -readonly [K in keyof typeof ZIP_LIMITS]: number };

const EOCD_SIG = 0x06054b50;
const ZIP64_LOCATOR_SIG = 0x07064b50;
const ZIP64_EOCD_SIG = 0x06064b50;
const CEN_SIG = 0x02014b50;
const LOC_SIG = 0x04034b50;

function damaged(what: string, reason: string): AppError {
  return new AppError(
    'unsupported_media',
    `The ${what} file is damaged or incomplete (${reason}); export it again and re-upload.`,
  );
}

function tooBig(reason: string, details: Record<string, unknown>): AppError {
  return new AppError(
    'payload_too_large',
    `The file expands to more than this app accepts (${reason}); it may be a zip bomb.`,
    { details },
  );
}

export class ZipArchive {
  readonly entries: ReadonlyMap<string, ZipEntry>;
  private readonly data: Buffer;
  private readonly what: string;
  private readonly limits: ZipLimits;
  private inflatedTotal = 0;

  constructor(data: Buffer, what: string, limits: Partial<ZipLimits> = {}) {
    this.data = data;
    this.what = what;
    this.limits = { ...ZIP_LIMITS, ...limits };
    this.entries = this.readDirectory();
  }

  private readDirectory(): Map<string, ZipEntry> {
    const buf = this.data;
    // The end-of-central-directory record sits in the last 64 KiB + 22 bytes.
    const floor = Math.max(0, buf.length - 0xffff - 22);
    let eocd = -1;
    for (let i = buf.length - 22; i >= floor; i -= 1) {
      if (buf.readUInt32LE(i) === EOCD_SIG) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw damaged(this.what, 'no zip directory at the end of the file');
    let count = buf.readUInt16LE(eocd + 10);
    let cdSize = buf.readUInt32LE(eocd + 12);
    let cdOffset = buf.readUInt32LE(eocd + 16);
    if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
      const locator = eocd - 20;
      if (locator < 0 || buf.readUInt32LE(locator) !== ZIP64_LOCATOR_SIG) {
        throw damaged(this.what, 'a zip64 directory that cannot be found');
      }
      const z64 = Number(buf.readBigUInt64LE(locator + 8));
      if (z64 + 56 > buf.length || buf.readUInt32LE(z64) !== ZIP64_EOCD_SIG) {
        throw damaged(this.what, 'a broken zip64 directory');
      }
      count = Number(buf.readBigUInt64LE(z64 + 32));
      cdSize = Number(buf.readBigUInt64LE(z64 + 40));
      cdOffset = Number(buf.readBigUInt64LE(z64 + 48));
    }
    if (count > this.limits.maxEntries) {
      throw tooBig(`${count} entries, the limit is ${this.limits.maxEntries}`, {
        entries: count,
        limit: this.limits.maxEntries,
      });
    }
    if (cdOffset + cdSize > buf.length) throw damaged(this.what, 'the zip directory is cut off');
    const entries = new Map<string, ZipEntry>();
    let p = cdOffset;
    for (let n = 0; n < count; n += 1) {
      if (p + 46 > buf.length || buf.readUInt32LE(p) !== CEN_SIG) {
        throw damaged(this.what, 'a broken zip directory entry');
      }
      const flags = buf.readUInt16LE(p + 8);
      const method = buf.readUInt16LE(p + 10);
      let compressedSize = buf.readUInt32LE(p + 20);
      let size = buf.readUInt32LE(p + 24);
      const nameLen = buf.readUInt16LE(p + 28);
      const extraLen = buf.readUInt16LE(p + 30);
      const commentLen = buf.readUInt16LE(p + 32);
      let localHeaderOffset = buf.readUInt32LE(p + 42);
      const nameBytes = buf.subarray(p + 46, p + 46 + nameLen);
      const name = (flags & 0x800 ? nameBytes.toString('utf8') : nameBytes.toString('latin1'))
        .replace(/\\/g, '/')
        .replace(/^\/+/, '');
      // Zip64 extra field: 64-bit sizes for the fields that read 0xffffffff, in this order.
      let e = p + 46 + nameLen;
      const extraEnd = e + extraLen;
      while (e + 4 <= extraEnd) {
        const id = buf.readUInt16LE(e);
        const len = buf.readUInt16LE(e + 2);
        if (id === 0x0001) {
          let q = e + 4;
          if (size === 0xffffffff && q + 8 <= e + 4 + len) {
            size = Number(buf.readBigUInt64LE(q));
            q += 8;
          }
          if (compressedSize === 0xffffffff && q + 8 <= e + 4 + len) {
            compressedSize = Number(buf.readBigUInt64LE(q));
            q += 8;
          }
          if (localHeaderOffset === 0xffffffff && q + 8 <= e + 4 + len) {
            localHeaderOffset = Number(buf.readBigUInt64LE(q));
          }
        }
        e += 4 + len;
      }
      if (!entries.has(name)) {
        entries.set(name, {
          name,
          method,
          compressedSize,
          size,
          localHeaderOffset,
          encrypted: (flags & 1) === 1,
        });
      }
      p = extraEnd + commentLen;
    }
    return entries;
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Case-insensitive lookup, for containers written by tools that change case. */
  find(name: string): ZipEntry | undefined {
    const exact = this.entries.get(name);
    if (exact) return exact;
    const lower = name.toLowerCase();
    for (const entry of this.entries.values()) if (entry.name.toLowerCase() === lower) return entry;
    return undefined;
  }

  /** Inflates one entry under the limits; returns null when the archive has no such entry. */
  read(name: string): Buffer | null {
    const entry = this.find(name);
    if (!entry) return null;
    if (entry.encrypted) {
      throw new AppError(
        'unsupported_media',
        `The ${this.what} is encrypted or protected (DRM); upload an unprotected copy.`,
      );
    }
    const { maxEntryUncompressed, maxTotalUncompressed, maxCompressionRatio, ratioFloorBytes } =
      this.limits;
    if (entry.size > maxEntryUncompressed) {
      throw tooBig(`${entry.name} expands to ${entry.size} bytes`, {
        entry: entry.name,
        size: entry.size,
        limit: maxEntryUncompressed,
      });
    }
    if (
      entry.size > ratioFloorBytes &&
      entry.size / Math.max(1, entry.compressedSize) > maxCompressionRatio
    ) {
      throw tooBig(`${entry.name} is compressed more than ${maxCompressionRatio}:1`, {
        entry: entry.name,
        ratio: Math.round(entry.size / Math.max(1, entry.compressedSize)),
        limit: maxCompressionRatio,
      });
    }
    const buf = this.data;
    const h = entry.localHeaderOffset;
    if (h + 30 > buf.length || buf.readUInt32LE(h) !== LOC_SIG) {
      throw damaged(this.what, `the entry ${entry.name} cannot be found`);
    }
    const start = h + 30 + buf.readUInt16LE(h + 26) + buf.readUInt16LE(h + 28);
    const end = start + entry.compressedSize;
    if (end > buf.length) throw damaged(this.what, `the entry ${entry.name} is cut off`);
    const raw = buf.subarray(start, end);
    // Whatever the directory says, never inflate past what the limits still allow.
    const budget = Math.min(
      maxEntryUncompressed,
      maxTotalUncompressed - this.inflatedTotal,
      Math.max(ratioFloorBytes, raw.length * maxCompressionRatio),
    );
    let out: Buffer;
    if (entry.method === 0) {
      out = raw;
      if (out.length > budget) throw tooBig(`${entry.name} is too large`, { entry: entry.name });
    } else if (entry.method === 8) {
      try {
        out = zlib.inflateRawSync(raw, { maxOutputLength: Math.max(1, budget) });
      } catch (error) {
        if (
          error instanceof RangeError ||
          (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE'
        ) {
          throw tooBig(`${entry.name} expands past ${budget} bytes`, {
            entry: entry.name,
            limit: budget,
          });
        }
        throw damaged(this.what, `the entry ${entry.name} does not decompress`);
      }
    } else {
      throw damaged(this.what, `the entry ${entry.name} uses compression method ${entry.method}`);
    }
    this.inflatedTotal += out.length;
    if (this.inflatedTotal > maxTotalUncompressed) {
      throw tooBig(`more than ${maxTotalUncompressed} bytes in total`, {
        limit: maxTotalUncompressed,
      });
    }
    return out;
  }

  readText(name: string): string | null {
    const bytes = this.read(name);
    return bytes === null ? null : decodeXmlBytes(bytes);
  }
}

/** XML parts are UTF-8 unless they start with a UTF-16 byte-order mark. */
export function decodeXmlBytes(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  return new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
}

/** Opens a zip, turning "not a zip at all" into the same user-facing damaged-file error. */
export function openZip(data: Buffer, what: string, limits?: Partial<ZipLimits>): ZipArchive {
  if (data.length < 22) throw damaged(what, 'it is too short to be a zip container');
  return new ZipArchive(data, what, limits);
}
