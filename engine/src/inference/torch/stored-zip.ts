/**
 * The ZIP container of a PyTorch checkpoint (`torch.save` since 1.6): entries are STORED (not
 * compressed), each tensor storage one entry, aligned so its bytes can be viewed in place. Reads
 * the central directory (ZIP64 included) and returns where each entry's data lies; writes the
 * same layout for the test checkpoints the project generates. Nothing here inflates: a
 * compressed entry is refused.
 */
import { AppError } from '../../errors.ts';

export interface ZipEntry {
  name: string;
  offset: number;
  size: number;
}

const EOCD = 0x06054b50;
const EOCD64 = 0x06064b50;
const EOCD64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

function bad(message: string): AppError {
  return new AppError('validation_error', `not a PyTorch checkpoint: ${message}`);
}

function findEocd(buf: Buffer): number {
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65_535); i--)
    if (buf.readUInt32LE(i) === EOCD) return i;
  throw bad('no end-of-central-directory record');
}

/** Every entry of a STORED zip held in memory, by name. */
export function readStoredZip(buf: Buffer): Map<string, ZipEntry> {
  const eocd = findEocd(buf);
  let count = buf.readUInt16LE(eocd + 10);
  let dirOffset = buf.readUInt32LE(eocd + 16);
  const locator = eocd - 20;
  if (locator >= 0 && buf.readUInt32LE(locator) === EOCD64_LOCATOR) {
    const eocd64 = Number(buf.readBigUInt64LE(locator + 8));
    if (buf.readUInt32LE(eocd64) !== EOCD64) throw bad('broken ZIP64 record');
    count = Number(buf.readBigUInt64LE(eocd64 + 32));
    dirOffset = Number(buf.readBigUInt64LE(eocd64 + 48));
  }
  const entries = new Map<string, ZipEntry>();
  let at = dirOffset;
  for (let n = 0; n < count; n++) {
    if (buf.readUInt32LE(at) !== CENTRAL) throw bad('broken central directory');
    const method = buf.readUInt16LE(at + 10);
    let size = buf.readUInt32LE(at + 24);
    const nameLen = buf.readUInt16LE(at + 28);
    const extraLen = buf.readUInt16LE(at + 30);
    const commentLen = buf.readUInt16LE(at + 32);
    let local = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLen);
    // ZIP64 extra field: the 0xffffffff sizes and offset follow in order.
    for (let e = at + 46 + nameLen; e < at + 46 + nameLen + extraLen;) {
      const id = buf.readUInt16LE(e);
      const len = buf.readUInt16LE(e + 2);
      if (id === 0x0001) {
        let p = e + 4;
        if (buf.readUInt32LE(at + 24) === 0xffffffff) {
          size = Number(buf.readBigUInt64LE(p + 8));
          p += 16;
        }
        if (buf.readUInt32LE(at + 42) === 0xffffffff) local = Number(buf.readBigUInt64LE(p));
      }
      e += 4 + len;
    }
    if (method !== 0) throw bad(`entry ${name} is compressed (method ${method})`);
    if (buf.readUInt32LE(local) !== LOCAL) throw bad(`entry ${name} has no local header`);
    const offset = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    if (offset + size > buf.length) throw bad(`entry ${name} runs past the end`);
    entries.set(name, { name, offset, size });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/**
 * A STORED zip of these entries, each entry's data aligned to 64 bytes (as torch.save does) so
 * tensors can be viewed in place. CRCs are written (some readers check them).
 */
export function writeStoredZip(entries: readonly { name: string; data: Uint8Array }[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const headerEnd = offset + 30 + nameBytes.length + 4;
    const pad = (64 - (headerEnd % 64)) % 64;
    const extra = Buffer.alloc(4 + pad);
    extra.writeUInt16LE(0xcafe, 0);
    extra.writeUInt16LE(pad, 2);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(extra.length, 28);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(CENTRAL, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(data.length, 20);
    dir.writeUInt32LE(data.length, 24);
    dir.writeUInt16LE(nameBytes.length, 28);
    dir.writeUInt32LE(offset, 42);
    central.push(dir, nameBytes);
    parts.push(local, nameBytes, extra, Buffer.from(data.buffer, data.byteOffset, data.length));
    offset += 30 + nameBytes.length + extra.length + data.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, dirBytes, end]);
}

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
