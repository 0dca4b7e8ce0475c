// Kokoro's vocabulary, voice packs (.bin, .npy, npz) and voice naming.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../../../../test/helpers/temp-dir.ts';
import { AppError } from '../../../../errors.ts';
import {
  generatedStyleTable,
  generatedStyleValue,
  npyBytes,
  writeGeneratedKokoro,
  zipStored,
} from './generated-kokoro-voice.ts';
import { kokoroTokenize, parseKokoroVocab, splitTokens } from './kokoro-vocab.ts';
import { listPackVoices, parseNpy, readStyleTable, styleFor } from './kokoro-voice-pack.ts';
import { kokoroVoiceInfo } from './kokoro-voices.ts';

const temp = makeTempDir('tapehouse-kokoro-parts-');

/** Byte equality of float arrays (toEqual walks 130 000 elements one by one). */
function same(a: Float32Array, b: Float32Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(
    Buffer.from(b.buffer, b.byteOffset, b.byteLength),
  );
}
afterAll(() => temp.cleanup());

describe('Kokoro vocabulary', () => {
  const vocab = parseKokoroVocab(
    { vocab: { ' ': 16, a: 43, '\u0303': 17, ɹ: 123, j: 52, '.': 4 } },
    'config.json',
  );

  it('maps symbols to ids, decomposes unknown precomposed letters and substitutes eSpeak-only ones', () => {
    const { ids, missing } = kokoroTokenize('a ã rʲ x.', vocab);
    // a, space, a + combining tilde, ɹ (for r), j (for ʲ), space, (x unknown: dropped), .
    expect(ids).toEqual([43, 16, 43, 17, 16, 123, 52, 16, 4]);
    expect([...missing]).toEqual([['x', 1]]);
  });

  it('splits long token lists at spaces within the 510-token context', () => {
    const ids = [1, 1, 1, 16, 2, 2, 16, 3, 3, 3, 3];
    expect(splitTokens(ids, 16, 5)).toEqual([
      [1, 1, 1],
      [2, 2],
      [3, 3, 3, 3],
    ]);
    expect(splitTokens([5, 5, 5, 5, 5, 5, 5], 16, 3)).toEqual([[5, 5, 5], [5, 5, 5], [5]]);
  });

  it('rejects a config without a vocab', () => {
    expect(() => parseKokoroVocab({ n_token: 178 }, 'x.json')).toThrow(AppError);
  });
});

describe('Kokoro voice packs', () => {
  const table = generatedStyleTable(0);

  it('reads raw .bin, .npy and npz (stored and deflated) tables', () => {
    const files = writeGeneratedKokoro(path.join(temp.dir, 'gen'), ['af_one', 'am_two']);
    const bin = readStyleTable(files.firstVoiceBin, 'af_one');
    expect(bin.rows).toBe(510);
    expect(same(bin.data, table)).toBe(true);

    const npy = parseNpy(npyBytes(table, [510, 1, 256]), 'x.npy');
    expect(npy.rows).toBe(510);
    expect(same(npy.data, table)).toBe(true);

    expect(listPackVoices(files.voicesPath, 'x')).toEqual(['af_one', 'am_two']);
    expect(readStyleTable(files.voicesPath, 'am_two').data[0]).toBeCloseTo(
      generatedStyleValue(0, 1),
      6,
    );

    // numpy.savez_compressed deflates its entries
    const deflated = zipStored([{ name: 'af_z.npy', bytes: npyBytes(table, [510, 1, 256]) }]);
    const compressedFile = path.join(temp.dir, 'compressed.npz');
    fs.writeFileSync(compressedFile, deflateFirstEntry(deflated));
    expect(same(readStyleTable(compressedFile, 'af_z').data, table)).toBe(true);
  });

  it('picks the style row by token count, clamped to the table', () => {
    const t = { rows: 510, data: table };
    expect(styleFor(t, 12)[0]).toBeCloseTo(generatedStyleValue(12), 6);
    expect(styleFor(t, 12)).toHaveLength(256);
    expect(styleFor(t, 9999)[0]).toBeCloseTo(generatedStyleValue(509), 6);
  });

  it('rejects files that are not style tables and voices that are not in the pack', () => {
    const file = path.join(temp.dir, 'odd.bin');
    fs.writeFileSync(file, Buffer.alloc(100));
    expect(() => readStyleTable(file, 'af_x')).toThrow(/not a Kokoro voice pack/);
    const files = writeGeneratedKokoro(path.join(temp.dir, 'gen2'), ['af_one']);
    expect(() => readStyleTable(files.voicesPath, 'af_nope')).toThrow(/af_nope/);
  });
});

describe('Kokoro voice names', () => {
  it('reads language and gender from the name', () => {
    expect(kokoroVoiceInfo('af_heart')).toMatchObject({
      gender: 'female',
      displayName: 'Heart',
      language: { bcp47: 'en-US', espeak: 'en-us' },
    });
    expect(kokoroVoiceInfo('zm_yunxi')?.language.bcp47).toBe('zh-CN');
    expect(kokoroVoiceInfo('bm_george')?.gender).toBe('male');
    expect(kokoroVoiceInfo('heart')).toBeNull();
    expect(kokoroVoiceInfo('xf_who')).toBeNull();
  });
});

/** Rewrites a one-entry stored zip with its entry deflated (method 8). */
function deflateFirstEntry(zip: Buffer): Buffer {
  const nameLength = zip.readUInt16LE(26);
  const size = zip.readUInt32LE(18);
  const name = zip.subarray(30, 30 + nameLength).toString('utf8');
  const raw = zip.subarray(30 + nameLength, 30 + nameLength + size);
  const packed = zlib.deflateRawSync(raw);
  const local = Buffer.from(zip.subarray(0, 30));
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(packed.length, 18);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(nameLength, 28);
  const nameBytes = Buffer.from(name, 'utf8');
  const dirOffset = 30 + nameLength + packed.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + nameLength, 12);
  end.writeUInt32LE(dirOffset, 16);
  return Buffer.concat([local, nameBytes, packed, central, nameBytes, end]);
}
