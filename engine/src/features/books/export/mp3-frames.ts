/**
 * Walks the frames of an MPEG audio (MP3) file to tell constant from variable bitrate: ffmpeg
 * reports one bitrate for the stream, and an ACX file must be CBR, so the frame headers are read
 * here (ISO 11172-3 / 13818-3 header layout). Only headers are read (4 bytes a frame, in 1 MiB
 * blocks), never the audio, so an hour-long file costs a fraction of a second.
 */
import fs from 'node:fs';

export interface Mp3FrameSummary {
  frames: number;
  /** kbps → number of audio frames with that bitrate (the Xing/Info frame not counted). */
  bitrates: Record<string, number>;
  /** Every audio frame has the same bitrate. */
  cbr: boolean;
  /** The most common bitrate. */
  bitrate_kbps: number | null;
  sample_rate: number | null;
  channels: number | null;
  /** LAME's tag in the first frame: `Info` (CBR) or `Xing` (VBR); null when absent. */
  tag: 'Info' | 'Xing' | null;
}

const BITRATES_V1_L3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2_L3 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const RATES: Record<number, number[]> = {
  3: [44_100, 48_000, 32_000],
  2: [22_050, 24_000, 16_000],
  0: [11_025, 12_000, 8_000],
};

export interface FrameHeader {
  bitrateKbps: number;
  sampleRate: number;
  channels: number;
  length: number;
  /** Where side information ends and a Xing/Info tag would start, from the header. */
  tagOffset: number;
}

/** Parses a Layer III frame header; null when the 4 bytes are not one. */
export function parseFrameHeader(
  b0: number,
  b1: number,
  b2: number,
  b3: number,
): FrameHeader | null {
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 0b11; // 3: MPEG1, 2: MPEG2, 0: MPEG2.5
  const layer = (b1 >> 1) & 0b11; // 1: Layer III
  if (version === 1 || layer !== 1) return null;
  const bitrateIndex = (b2 >> 4) & 0xf;
  const rateIndex = (b2 >> 2) & 0b11;
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const mpeg1 = version === 3;
  const bitrateKbps = (mpeg1 ? BITRATES_V1_L3 : BITRATES_V2_L3)[bitrateIndex]!;
  const sampleRate = RATES[version]![rateIndex]!;
  const padding = (b2 >> 1) & 1;
  const channels = ((b3 >> 6) & 0b11) === 3 ? 1 : 2;
  const length = Math.floor(((mpeg1 ? 144 : 72) * bitrateKbps * 1000) / sampleRate) + padding;
  const side = mpeg1 ? (channels === 1 ? 17 : 32) : channels === 1 ? 9 : 17;
  return { bitrateKbps, sampleRate, channels, length, tagOffset: 4 + side };
}

/** Reads a file in blocks so headers anywhere can be looked at without loading it whole. */
class BlockReader {
  private block = Buffer.alloc(0);
  private start = 0;
  constructor(
    private readonly fd: number,
    readonly size: number,
    private readonly blockBytes = 1 << 20,
  ) {}
  bytes(position: number, count: number): Buffer {
    if (position < this.start || position + count > this.start + this.block.length) {
      const length = Math.min(this.blockBytes, this.size - position);
      const buffer = Buffer.alloc(Math.max(0, length));
      const read = length > 0 ? fs.readSync(this.fd, buffer, 0, length, position) : 0;
      this.block = buffer.subarray(0, read);
      this.start = position;
    }
    return this.block.subarray(position - this.start, position - this.start + count);
  }
}

function id3v2Size(head: Buffer): number {
  if (head.length < 10 || head.toString('latin1', 0, 3) !== 'ID3') return 0;
  const size =
    ((head[6]! & 0x7f) << 21) |
    ((head[7]! & 0x7f) << 14) |
    ((head[8]! & 0x7f) << 7) |
    (head[9]! & 0x7f);
  const footer = (head[5]! & 0x10) !== 0 ? 10 : 0;
  return 10 + size + footer;
}

/** How far a lost sync is searched for before the rest is treated as trailing data. */
const RESYNC_BYTES = 64 * 1024;

export function scanMp3Frames(file: string): Mp3FrameSummary {
  const fd = fs.openSync(file, 'r');
  try {
    const reader = new BlockReader(fd, fs.fstatSync(fd).size);
    let position = id3v2Size(reader.bytes(0, 10));
    const bitrates: Record<string, number> = {};
    let frames = 0;
    let tag: Mp3FrameSummary['tag'] = null;
    let sampleRate: number | null = null;
    let channels: number | null = null;
    while (position + 4 <= reader.size) {
      const h = reader.bytes(position, 4);
      const header = parseFrameHeader(h[0]!, h[1]!, h[2]!, h[3]!);
      if (!header || position + header.length > reader.size) {
        if (reader.bytes(position, 3).toString('latin1') === 'TAG') break; // ID3v1
        // Lost sync: search forward for the next header (junk between frames).
        let found = -1;
        for (let p = position + 1; p + 4 <= Math.min(reader.size, position + RESYNC_BYTES); p++) {
          const b = reader.bytes(p, 4);
          const next = parseFrameHeader(b[0]!, b[1]!, b[2]!, b[3]!);
          if (next && p + next.length <= reader.size) {
            found = p;
            break;
          }
        }
        if (found < 0) break;
        position = found;
        continue;
      }
      if (frames === 0) {
        const marker = reader.bytes(position + header.tagOffset, 4).toString('latin1');
        if (marker === 'Info' || marker === 'Xing') tag = marker;
      }
      const isTagFrame = frames === 0 && tag !== null;
      if (!isTagFrame) {
        const key = String(header.bitrateKbps);
        bitrates[key] = (bitrates[key] ?? 0) + 1;
      }
      sampleRate ??= header.sampleRate;
      channels ??= header.channels;
      frames += 1;
      position += header.length;
    }
    const ranked = Object.entries(bitrates).sort((a, b) => b[1] - a[1]);
    return {
      frames,
      bitrates,
      cbr: ranked.length === 1,
      bitrate_kbps: ranked[0] ? Number(ranked[0][0]) : null,
      sample_rate: sampleRate,
      channels,
      tag,
    };
  } finally {
    fs.closeSync(fd);
  }
}
