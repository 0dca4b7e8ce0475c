import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseFrameHeader, scanMp3Frames } from './mp3-frames.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mp3-frames-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** An MPEG-1 Layer III header: 0xFFFB, bitrate index, 44.1 kHz, padding, mono. */
function frame(bitrateIndex: number, padding = 0, marker?: string): Buffer {
  const header = parseFrameHeader(0xff, 0xfb, (bitrateIndex << 4) | (padding << 1), 0xc0)!;
  const bytes = Buffer.alloc(header.length);
  bytes.set([0xff, 0xfb, (bitrateIndex << 4) | (padding << 1), 0xc0]);
  if (marker) bytes.write(marker, header.tagOffset, 'latin1');
  return bytes;
}

function id3(): Buffer {
  const body = Buffer.alloc(100);
  const head = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 100]);
  return Buffer.concat([head, body]);
}

describe('MP3 frame scan', () => {
  it('parses Layer III headers (192 kbps at 44.1 kHz is 626/627 bytes)', () => {
    expect(parseFrameHeader(0xff, 0xfb, 0xb0, 0xc0)).toMatchObject({
      bitrateKbps: 192,
      sampleRate: 44_100,
      channels: 1,
      length: 626,
    });
    expect(parseFrameHeader(0xff, 0xfb, 0xb2, 0x00)?.length).toBe(627);
    expect(parseFrameHeader(0xff, 0xf3, 0x80, 0xc0)).toMatchObject({
      bitrateKbps: 64,
      sampleRate: 22_050,
    });
    expect(parseFrameHeader(0x49, 0x44, 0x33, 0)).toBeNull();
    expect(parseFrameHeader(0xff, 0xfb, 0xf0, 0xc0)).toBeNull(); // bad bitrate index
  });

  it('tells CBR from VBR, skipping ID3v2, the Info/Xing frame and ID3v1', () => {
    const cbr = path.join(dir, 'cbr.mp3');
    fs.writeFileSync(
      cbr,
      Buffer.concat([
        id3(),
        frame(11, 0, 'Info'),
        ...Array.from({ length: 50 }, (_, i) => frame(11, i % 2)),
        Buffer.from('TAG'),
      ]),
    );
    expect(scanMp3Frames(cbr)).toMatchObject({
      frames: 51,
      cbr: true,
      bitrate_kbps: 192,
      bitrates: { '192': 50 },
      sample_rate: 44_100,
      channels: 1,
      tag: 'Info',
    });
    const vbr = path.join(dir, 'vbr.mp3');
    fs.writeFileSync(
      vbr,
      Buffer.concat([frame(9, 0, 'Xing'), frame(9), frame(11), frame(13), frame(11)]),
    );
    expect(scanMp3Frames(vbr)).toMatchObject({ cbr: false, bitrate_kbps: 192, tag: 'Xing' });
  });

  it('resynchronises over junk between frames', () => {
    const file = path.join(dir, 'junk.mp3');
    fs.writeFileSync(
      file,
      Buffer.concat([frame(11), Buffer.from('garbage!'), frame(11), frame(11)]),
    );
    expect(scanMp3Frames(file)).toMatchObject({ frames: 3, cbr: true });
  });
});
