/**
 * A small Kokoro-format model, vocabulary and voice pack the project generates itself, so tests
 * and the bench run the whole Kokoro path without the 82M weights. Same interface as the
 * published export: `input_ids` [1,N] int64, `style` [1,256] float32, `speed` [1] float32 →
 * `waveform` [1,T] float32 at 24 kHz.
 *
 * Each token becomes `max(1, round(hop / speed))` samples of a sine at `baseHz + id × stepHz`
 * (pad id 0 silent), scaled by `style[0]`. The generated style table's row r holds
 * `0.1 + r / 2000` everywhere, so the output's amplitude tells which row (token count) the
 * adapter picked.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { attr, buildModel, node, tensor, valueInfo } from '../../../../inference/onnx-builder.ts';
import { KOKORO_STYLE_DIM } from './kokoro-voice-pack.ts';

export const GENERATED_KOKORO = {
  sampleRate: 24_000,
  hop: 600,
  baseHz: 100,
  stepHz: 5,
  rows: 510,
} as const;

/** Row r of a generated style table: every value is this. */
export function generatedStyleValue(row: number, voiceIndex = 0): number {
  return 0.1 + row / 2000 + voiceIndex * 0.01;
}

const SYMBOLS = [
  ...';:,.!?—…"()“” ',
  ...'abcdefhijklmnopqrstuvwxyzæçðøŋœɐɑɒɔɕɖəɚɛɜɟɡɣɤɥɨɪɯɰɲɳɴɸɹɻɽɾʁʂʃʈʊʋʌʎʒʔʰʲˈˌːβθχᵻ',
  '\u0303',
];

export function generatedKokoroVocab(): Record<string, number> {
  const vocab: Record<string, number> = {};
  SYMBOLS.forEach((symbol, index) => {
    vocab[symbol] ??= index + 1;
  });
  return vocab;
}

export function generatedKokoroModel(): Uint8Array {
  const o = GENERATED_KOKORO;
  return buildModel({
    opset: 17,
    producerName: 'tapehouse-generated-kokoro',
    graph: {
      name: 'tapehouse-generated-kokoro',
      inputs: [
        valueInfo('input_ids', 'int64', [1, 'tokens']),
        valueInfo('style', 'float32', [1, KOKORO_STYLE_DIM]),
        valueInfo('speed', 'float32', [1]),
      ],
      outputs: [valueInfo('waveform', 'float32', [1, 'samples'])],
      initializers: [
        tensor('zero', 'int64', [], [0]),
        tensor('one', 'int64', [], [1]),
        tensor('axis0', 'int64', [1], [0]),
        tensor('one_f', 'float32', [], [1]),
        tensor('hop_f', 'float32', [], [o.hop]),
        tensor('step_hz', 'float32', [], [o.stepHz]),
        tensor('base_hz', 'float32', [], [o.baseHz]),
        tensor('two_pi_over_sr', 'float32', [], [(2 * Math.PI) / o.sampleRate]),
      ],
      nodes: [
        // hop' = max(1, round(hop / speed))
        node('Squeeze', ['speed', 'axis0'], ['speed_s']),
        node('Div', ['hop_f', 'speed_s'], ['hop_scaled']),
        node('Round', ['hop_scaled'], ['hop_rounded']),
        node('Max', ['hop_rounded', 'one_f'], ['hop_clamped']),
        node('Cast', ['hop_clamped'], ['hop'], { to: attr.int(7) }),
        node('Shape', ['input_ids'], ['ids_shape']),
        node('Gather', ['ids_shape', 'one'], ['n'], { axis: attr.int(0) }),
        node('Mul', ['n', 'hop'], ['total']),
        node('Range', ['zero', 'total', 'one'], ['t']),
        node('Div', ['t', 'hop'], ['slot']),
        node('Mod', ['t', 'hop'], ['t_local']),
        node('Squeeze', ['input_ids', 'axis0'], ['ids']),
        node('Gather', ['ids', 'slot'], ['id_per_sample'], { axis: attr.int(0) }),
        node('Cast', ['id_per_sample'], ['id_f'], { to: attr.int(1) }),
        node('Mul', ['id_f', 'step_hz'], ['id_hz']),
        node('Add', ['id_hz', 'base_hz'], ['freq']),
        node('Cast', ['t_local'], ['t_f'], { to: attr.int(1) }),
        node('Mul', ['freq', 't_f'], ['cycles']),
        node('Mul', ['cycles', 'two_pi_over_sr'], ['phase']),
        node('Sin', ['phase'], ['wave']),
        node('Min', ['id_f', 'one_f'], ['voiced']),
        node('Mul', ['wave', 'voiced'], ['gated']),
        // amplitude = style[0, 0]
        node('Gather', ['style', 'zero'], ['style_row'], { axis: attr.int(1) }),
        node('Mul', ['gated', 'style_row'], ['waveform']),
      ],
    },
  });
}

/** A raw float32 [rows, 1, 256] style table (the onnx-community `.bin` layout). */
export function generatedStyleTable(voiceIndex = 0): Float32Array {
  const { rows } = GENERATED_KOKORO;
  const data = new Float32Array(rows * KOKORO_STYLE_DIM);
  for (let r = 0; r < rows; r++) {
    data.fill(generatedStyleValue(r, voiceIndex), r * KOKORO_STYLE_DIM, (r + 1) * KOKORO_STYLE_DIM);
  }
  return data;
}

/** The table as a NumPy v1 .npy file. */
export function npyBytes(data: Float32Array, shape: readonly number[]): Buffer {
  let header = `{'descr': '<f4', 'fortran_order': False, 'shape': (${shape.join(', ')}), }`;
  const unpadded = 10 + header.length + 1;
  header += ' '.repeat((64 - (unpadded % 64)) % 64) + '\n';
  const head = Buffer.alloc(10);
  head.write('\u0093NUMPY', 0, 'latin1');
  head[6] = 1;
  head[7] = 0;
  head.writeUInt16LE(header.length, 8);
  return Buffer.concat([
    head,
    Buffer.from(header, 'latin1'),
    Buffer.from(data.buffer, data.byteOffset, data.byteLength),
  ]);
}

/** A stored (uncompressed) zip, as `numpy.savez` writes it. */
export function zipStored(files: readonly { name: string; bytes: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const crc = zlib.crc32(file.bytes);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(file.bytes.length, 18);
    local.writeUInt32LE(file.bytes.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(file.bytes.length, 20);
    central.writeUInt32LE(file.bytes.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, file.bytes);
    centrals.push(central, name);
    offset += local.length + name.length + file.bytes.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export interface GeneratedKokoroFiles {
  modelPath: string;
  vocabPath: string;
  /** npz holding every voice. */
  voicesPath: string;
  /** Raw .bin of the first voice. */
  firstVoiceBin: string;
}

/** Writes model, config.json (vocab) and voice pack(s) into dir. */
export function writeGeneratedKokoro(
  dir: string,
  voices: readonly string[] = ['af_test', 'bm_test'],
): GeneratedKokoroFiles {
  fs.mkdirSync(dir, { recursive: true });
  const modelPath = path.join(dir, 'kokoro-generated.onnx');
  const vocabPath = path.join(dir, 'config.json');
  const voicesPath = path.join(dir, 'voices-generated.bin');
  const firstVoiceBin = path.join(dir, `${voices[0] ?? 'af_test'}.bin`);
  fs.writeFileSync(modelPath, generatedKokoroModel());
  fs.writeFileSync(vocabPath, `${JSON.stringify({ vocab: generatedKokoroVocab() }, null, 2)}\n`);
  const shape = [GENERATED_KOKORO.rows, 1, KOKORO_STYLE_DIM];
  fs.writeFileSync(
    voicesPath,
    zipStored(
      voices.map((name, i) => ({
        name: `${name}.npy`,
        bytes: npyBytes(generatedStyleTable(i), shape),
      })),
    ),
  );
  const first = generatedStyleTable(0);
  fs.writeFileSync(firstVoiceBin, Buffer.from(first.buffer));
  return { modelPath, vocabPath, voicesPath, firstVoiceBin };
}
