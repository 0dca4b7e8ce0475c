/**
 * Writes a 16-bit WAV of any channel count incrementally: a header with placeholder sizes, the
 * interleaved frames as they are produced, the sizes patched on close, so an hour of audio is
 * never held whole in memory. Scaling and rounding as wav.ts (x·32768, ties to even, clipped).
 */
import fs from 'node:fs';

const HEADER_BYTES = 44;

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

function toS16(x: number): number {
  const scaled = x * 32768;
  const rounded = Math.round(scaled);
  const v = rounded - scaled === 0.5 && rounded % 2 !== 0 ? rounded - 1 : rounded;
  return v > 32767 ? 32767 : v < -32768 ? -32768 : v;
}

export class WavStreamWriter {
  private readonly fd: number;
  private dataBytes = 0;
  private closed = false;

  constructor(
    readonly file: string,
    private readonly sampleRate: number,
    private readonly channels: number,
  ) {
    this.fd = fs.openSync(file, 'w');
    fs.writeSync(this.fd, header(sampleRate, channels, 0));
  }

  /** Appends interleaved frames. */
  write(samples: Float32Array): void {
    const out = Buffer.alloc(samples.length * 2);
    for (let i = 0; i < samples.length; i++) out.writeInt16LE(toS16(samples[i]!), i * 2);
    fs.writeSync(this.fd, out);
    this.dataBytes += out.length;
    if (this.dataBytes > 0xffffffff - HEADER_BYTES)
      throw new Error('audio over 4 GiB does not fit a WAV file');
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    fs.writeSync(
      this.fd,
      header(this.sampleRate, this.channels, this.dataBytes),
      0,
      HEADER_BYTES,
      0,
    );
    fs.closeSync(this.fd);
  }

  /** Closes without finishing (cancel, failure); the caller removes the file. */
  abandon(): void {
    if (this.closed) return;
    this.closed = true;
    fs.closeSync(this.fd);
  }
}
