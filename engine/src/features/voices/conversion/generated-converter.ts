/**
 * A voice-conversion pack the project generates itself (conversion-packs.ts format) for tests,
 * with the OpenVoice converter's signature and no trained weights:
 * - tone-extractor.onnx: [1,T,513] → [1,256], each dim the mean magnitude of two adjacent bins;
 * - converter.onnx: (spec [1,513,T], spec_lengths [1], src_tone [1,256,1], tgt_tone [1,256,1],
 *   tau [1]) → [1,1,T·256]: a sine whose pitch follows the target tone's brightness (the share of
 *   its energy above ~1.7 kHz), shaped by each source frame's mean magnitude held for its 256
 *   samples — so the output keeps the source's timing (its length and where it is loud) and
 *   sounds different for different targets.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { attr, buildModel, node, tensor, valueInfo } from '../../../inference/onnx-builder.ts';
import { CONVERTER_FILE, TONE_EXTRACTOR_FILE } from './conversion-packs.ts';
import { BINS, CONVERTER_RATE, HOP } from './spectrogram.ts';

const TONE = 256;

export function generatedToneExtractor(): Uint8Array {
  const weights: number[] = [];
  for (let k = 0; k < BINS; k++)
    for (let j = 0; j < TONE; j++) weights.push(Math.floor(k / 2) === j ? 0.5 : 0);
  return buildModel({
    opset: 17,
    producerName: 'tapehouse-generated-tone-extractor',
    graph: {
      name: 'tone-extractor',
      inputs: [valueInfo('spec_t', 'float32', [1, 'T', BINS])],
      outputs: [valueInfo('tone', 'float32', [1, TONE])],
      initializers: [tensor('w', 'float32', [BINS, TONE], weights)],
      nodes: [
        node('ReduceMean', ['spec_t'], ['mean'], { axes: attr.ints([1]), keepdims: attr.int(0) }),
        node('MatMul', ['mean', 'w'], ['tone']),
      ],
    },
  });
}

export function generatedConverter(): Uint8Array {
  return buildModel({
    opset: 17,
    producerName: 'tapehouse-generated-converter',
    graph: {
      name: 'converter',
      inputs: [
        valueInfo('spec', 'float32', [1, BINS, 'T']),
        valueInfo('spec_lengths', 'int64', [1]),
        valueInfo('src_tone', 'float32', [1, TONE, 1]),
        valueInfo('tgt_tone', 'float32', [1, TONE, 1]),
        valueInfo('tau', 'float32', [1]),
      ],
      outputs: [valueInfo('audio', 'float32', [1, 1, 'N'])],
      initializers: [
        tensor('axis2', 'int64', [1], [2]),
        tensor('axis_tone', 'int64', [1], [1]),
        tensor('repeats', 'int64', [3], [1, 1, HOP]),
        tensor('flat', 'int64', [3], [1, 1, -1]),
        tensor('zero', 'int64', [], [0]),
        tensor('one', 'int64', [], [1]),
        tensor('minus_one', 'int64', [1], [-1]),
        tensor('base_hz', 'float32', [], [150]),
        tensor('span_hz', 'float32', [], [1500]),
        tensor(
          'high_w',
          'float32',
          [1, TONE],
          Array.from({ length: TONE }, (_, j) => (j >= 40 ? 1 : 0)),
        ),
        tensor('two_pi_over_sr', 'float32', [], [(2 * Math.PI) / CONVERTER_RATE]),
        tensor('gain', 'float32', [], [0.5]),
      ],
      nodes: [
        node('ReduceMean', ['spec'], ['env'], { axes: attr.ints([1]), keepdims: attr.int(0) }),
        node('Unsqueeze', ['env', 'axis2'], ['env3']),
        node('Tile', ['env3', 'repeats'], ['held']),
        node('Reshape', ['held', 'flat'], ['envelope']),
        node('Shape', ['envelope'], ['shape']),
        node('Gather', ['shape', 'minus_one'], ['n1'], { axis: attr.int(0) }),
        node('Squeeze', ['n1'], ['n']),
        node('Range', ['zero', 'n', 'one'], ['t']),
        node('Cast', ['t'], ['t_f'], { to: attr.int(1) }),
        // brightness = Σ tone[j ≥ 40] / Σ tone (loudness cancels out)
        node('Squeeze', ['tgt_tone', 'axis2'], ['tgt_2d']),
        node('Mul', ['tgt_2d', 'high_w'], ['tgt_high']),
        node('ReduceSum', ['tgt_high', 'axis_tone'], ['high_sum'], { keepdims: attr.int(0) }),
        node('ReduceSum', ['tgt_2d', 'axis_tone'], ['all_sum'], { keepdims: attr.int(0) }),
        node('Div', ['high_sum', 'all_sum'], ['brightness']),
        node('Mul', ['brightness', 'span_hz'], ['tone_hz']),
        node('Add', ['tone_hz', 'base_hz'], ['freq']),
        node('Mul', ['t_f', 'freq'], ['cycles']),
        node('Mul', ['cycles', 'two_pi_over_sr'], ['phase']),
        node('Sin', ['phase'], ['wave']),
        node('Mul', ['envelope', 'wave'], ['shaped']),
        node('Mul', ['shaped', 'gain'], ['audio']),
      ],
    },
  });
}

function entry(source: string, relative: string) {
  const file = path.join(source, ...relative.split('/'));
  return {
    name: path.basename(file),
    path: relative,
    url: `https://example.com/${path.basename(file)}`,
    sha256: createHash('sha256').update(fs.readFileSync(file)).digest('hex'),
    bytes: fs.statSync(file).size,
  };
}

/** Writes the pack under `source` and returns its manifest (id `conversion-generated`). */
export function writeGeneratedConversionPack(source: string, id = 'conversion-generated') {
  const dir = path.join(source, 'vc');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, CONVERTER_FILE), generatedConverter());
  fs.writeFileSync(path.join(dir, TONE_EXTRACTOR_FILE), generatedToneExtractor());
  return {
    source,
    manifest: {
      manifestVersion: 1,
      id,
      task: 'voice-conversion',
      version: '1.0.0',
      title: 'Generated tone colour converter (tests)',
      description: 'OpenVoice converter signature, generated weights.',
      licence: 'MIT',
      source: { page: 'https://example.com/' },
      files: [entry(source, `vc/${CONVERTER_FILE}`), entry(source, `vc/${TONE_EXTRACTOR_FILE}`)],
    },
  };
}
