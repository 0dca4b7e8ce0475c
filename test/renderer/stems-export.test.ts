/** The stems mixer's exports: WAV in each offered format, and every stem in one zip. */
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipStems } from '../../renderer/src/features/stems/stems-zip.ts';
import { encodeWavPlanes } from '../../renderer/src/features/stems/wav-encode.ts';

const left = new Float32Array([0, 0.5, -1, 1]);
const right = new Float32Array([0.25, -0.5, 0, 2]); // 2 is clipped to full scale

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

describe('WAV export formats', () => {
  it('writes 16-bit PCM', () => {
    const wav = view(encodeWavPlanes([left, right], 44_100, 'pcm16'));
    expect(wav.getUint16(20, true)).toBe(1);
    expect(wav.getUint16(34, true)).toBe(16);
    expect(wav.getUint32(40, true)).toBe(4 * 2 * 2);
    expect(wav.getInt16(44 + 2 * 2, true)).toBe(Math.round(0.5 * 32767)); // frame 1, left
    expect(wav.getInt16(44 + 7 * 2, true)).toBe(32767); // frame 3, right, clipped
  });

  it('writes 24-bit PCM, little-endian, with negative samples', () => {
    const bytes = encodeWavPlanes([left, right], 48_000, 'pcm24');
    const wav = view(bytes);
    expect(wav.getUint16(34, true)).toBe(24);
    expect(wav.getUint32(24, true)).toBe(48_000);
    expect(wav.getUint32(28, true)).toBe(48_000 * 2 * 3);
    const at = (index: number) => {
      const o = 44 + index * 3;
      const raw = bytes[o]! | (bytes[o + 1]! << 8) | (bytes[o + 2]! << 16);
      return raw & 0x800000 ? raw - 0x1000000 : raw;
    };
    expect(at(2)).toBe(Math.round(0.5 * 8_388_607)); // frame 1, left
    expect(at(4)).toBe(-8_388_607); // frame 2, left (−1)
    expect(bytes.length).toBe(44 + 4 * 2 * 3);
  });

  it('writes 32-bit float (format tag 3)', () => {
    const wav = view(encodeWavPlanes([left], 22_050, 'float32'));
    expect(wav.getUint16(20, true)).toBe(3);
    expect(wav.getUint16(34, true)).toBe(32);
    expect(wav.getFloat32(44 + 4, true)).toBeCloseTo(0.5, 6);
  });
});

describe('zip of all stems', () => {
  it('holds one WAV per stem named for musicians', () => {
    const zip = zipStems(
      'My Song',
      [
        { stem: 'vocals', planes: [left, right], sampleRate: 44_100 },
        { stem: 'no_vocals', planes: [left, right], sampleRate: 44_100 },
      ],
      'pcm16',
    );
    const files = unzipSync(zip);
    expect(Object.keys(files).sort()).toEqual([
      'My Song - Instrumental (no vocals).wav',
      'My Song - Vocals.wav',
    ]);
    const vocals = files['My Song - Vocals.wav']!;
    expect(new TextDecoder().decode(vocals.subarray(0, 4))).toBe('RIFF');
    expect(vocals.length).toBe(44 + 4 * 2 * 2);
  });
});
