/**
 * An OpenVoice V2 conversion pack the project generates for tests: a small random checkpoint of
 * the published converter's layout (written by the project's own code, torch.save format) and
 * its config, with a manifest that assembles converter.onnx and tone-extractor.onnx at install
 * (inference/assembly) and pins their sha256 — so tests exercise the real install-time assembly
 * and the conversion routes run the real graph. The layout comes from the graph template itself:
 * a recorder answers every weight it asks for with seeded random values (weight-normalised layers
 * as weight_g / weight_v, as OpenVoice saves them).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { assembleOpenVoice } from '../../../inference/assembly/openvoice/openvoice-assembly.ts';
import { parseOpenVoiceConfig } from '../../../inference/assembly/openvoice/openvoice-config.ts';
import {
  converterGraph,
  toneGraph,
} from '../../../inference/assembly/openvoice/openvoice-graphs.ts';
import type { WeightSource } from '../../../inference/assembly/openvoice/openvoice-weights.ts';
import { writeStateDict, type TensorToWrite } from '../../../inference/torch/torch-checkpoint.ts';
import { CONVERTER_FILE, TONE_EXTRACTOR_FILE } from './conversion-packs.ts';

/** OpenVoice V2's data settings (the engine's spectrogram) with small channels. */
export const GENERATED_OPENVOICE_CONFIG = {
  _version_: 'v2',
  data: {
    sampling_rate: 22050,
    filter_length: 1024,
    hop_length: 256,
    win_length: 1024,
    n_speakers: 0,
  },
  model: {
    zero_g: true,
    inter_channels: 8,
    hidden_channels: 8,
    resblock: '1',
    resblock_kernel_sizes: [3],
    resblock_dilation_sizes: [[1, 3]],
    upsample_rates: [8, 8, 4],
    upsample_initial_channel: 16,
    upsample_kernel_sizes: [16, 16, 8],
    gin_channels: 256,
  },
};

function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The tensors of a random converter checkpoint for `config`, in the order the template reads. */
export function randomOpenVoiceTensors(config: unknown, seed = 1): TensorToWrite[] {
  const next = random(seed);
  const tensors: TensorToWrite[] = [];
  const fill = (name: string, shape: readonly number[], scale: number, offset = 0) => {
    const data = Float32Array.from(
      { length: shape.reduce((a, b) => a * b, 1) },
      () => offset + (next() * 2 - 1) * scale,
    );
    tensors.push({ name, shape, data });
    return data;
  };
  const recorder: WeightSource = {
    plain: (key, shape) =>
      fill(
        key,
        shape,
        key.endsWith('layernorm.weight') ? 0.1 : 0.2,
        key.endsWith('layernorm.weight') ? 1 : 0,
      ),
    weight: (prefix, shape) => {
      fill(`${prefix}.weight_g`, [shape[0] ?? 1, ...shape.slice(1).map(() => 1)], 0.3, 1);
      return fill(`${prefix}.weight_v`, shape, 0.5);
    },
    unused: () => [],
  };
  const parsed = parseOpenVoiceConfig(config);
  converterGraph(parsed, recorder);
  toneGraph(parsed, recorder);
  const seen = new Set<string>();
  return tensors.filter((t) => !seen.has(t.name) && seen.add(t.name));
}

function entry(root: string, relative: string, url: string) {
  const data = fs.readFileSync(path.join(root, ...relative.split('/')));
  return {
    name: path.basename(relative),
    path: relative,
    url,
    sha256: createHash('sha256').update(data).digest('hex'),
    bytes: data.length,
  };
}

export interface GeneratedConversionOptions {
  /** Base of the files' public URLs (the tests' model mirror serves them there). */
  urlBase?: string;
  seed?: number;
}

/** Writes the pack's checkpoint and config under `source` and returns its manifest. */
export function writeGeneratedConversionPack(
  source: string,
  id = 'conversion-generated',
  options: GeneratedConversionOptions = {},
) {
  const dir = `voice-conversion/${id}`;
  fs.mkdirSync(path.join(source, dir), { recursive: true });
  const checkpoint = path.join(source, dir, 'checkpoint.pth');
  const config = path.join(source, dir, 'config.json');
  fs.writeFileSync(
    checkpoint,
    writeStateDict(randomOpenVoiceTensors(GENERATED_OPENVOICE_CONFIG, options.seed)),
  );
  fs.writeFileSync(config, JSON.stringify(GENERATED_OPENVOICE_CONFIG, null, 2));
  const built = assembleOpenVoice(checkpoint, config);
  const base = options.urlBase ?? `https://example.com/${id}`;
  return {
    source,
    manifest: {
      manifestVersion: 1,
      id,
      task: 'voice-conversion',
      version: '1.0.0',
      title: 'Generated OpenVoice converter (tests)',
      description: 'OpenVoice V2 converter layout, small random weights; assembled at install.',
      licence: 'MIT',
      source: { page: 'https://example.com/' },
      files: [
        entry(source, `${dir}/checkpoint.pth`, `${base}/converter/checkpoint.pth`),
        entry(source, `${dir}/config.json`, `${base}/converter/config.json`),
      ],
      assemble: {
        template: 'openvoice-v2',
        inputs: { checkpoint: 'checkpoint.pth', config: 'config.json' },
        outputs: [
          {
            name: CONVERTER_FILE,
            path: `${dir}/${CONVERTER_FILE}`,
            sha256: built.converter.sha256,
          },
          {
            name: TONE_EXTRACTOR_FILE,
            path: `${dir}/${TONE_EXTRACTOR_FILE}`,
            sha256: built.toneExtractor.sha256,
          },
        ],
      },
    },
  };
}
