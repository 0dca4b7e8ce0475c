/**
 * Writes a 16-bit stereo WAV file incrementally: a header with placeholder sizes, the frames as
 * they are produced, and the sizes patched on close. Stems of an hour-long track are written
 * block by block, so no stem is ever held whole in memory. Scaling and rounding match
 * audio/wav.ts (ffmpeg's: x·32768, ties to even, clipped).
 */
import fs from 'node:fs';

const HEADER_BYTES = 44;

function roundHalfEven(value: number): number {
  const rounded = Math.round(value);
  return rounded - value === 0.5 && rounded % 2 !== 0 ? rounded - 1 : rounded;
}

function header(sampleRate: number, channels: number, dataBytes: number): Buffer {
  const b = Buffer.alloc(HEADER_BYTES);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + dataBytes, 4);
  b.write('WAVE', 8, 'ascii');
  b.write('fmt ', 12, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(channels, 22);
  b.writeUInt32LE(sampleRate, 24);
  b.writeUInt32LE(sampleRate * channels * 2, 28);
  b.writeUInt16LE(channels * 2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(dataBytes, 40);
  return b;
}

export class WavStreamWriter {
  private readonly fd: number;
  private dataBytes = 0;
  private closed = false;

  constructor(
    readonly file: string,
    private readonly sampleRate: number,
  ) {
    this.fd = fs.openSync(file, 'w');
    fs.writeSync(this.fd, header(sampleRate, 2, 0));
  }

  /** Appends stereo frames (left[i], right[i]). */
  write(left: Float32Array, right: Float32Array): void {
    const out = Buffer.alloc(left.length * 4);
    for (let i = 0, o = 0; i < left.length; i++, o += 4) {
      out.writeInt16LE(toS16(left[i]!), o);
      out.writeInt16LE(toS16(right[i]!), o + 2);
    }
    fs.writeSync(this.fd, out);
    this.dataBytes += out.length;
    if (this.dataBytes > 0xffffffff - HEADER_BYTES)
      throw new Error('a stem over 4 GiB does not fit a WAV file');
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    fs.writeSync(this.fd, header(this.sampleRate, 2, this.dataBytes), 0, HEADER_BYTES, 0);
    fs.closeSync(this.fd);
  }

  /** Closes without finishing (cancel, failure); the caller removes the file. */
  abandon(): void {
    if (this.closed) return;
    this.closed = true;
    fs.closeSync(this.fd);
  }
}

function toS16(x: number): number {
  const v = roundHalfEven(x * 32768);
  return v > 32767 ? 32767 : v < -32768 ? -32768 : v;
}
