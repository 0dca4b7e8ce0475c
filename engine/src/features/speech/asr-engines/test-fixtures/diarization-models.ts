/**
 * Speaker-diarization models of the published signatures, with hand-set weights instead of
 * learned ones, so sherpa-onnx's real pipeline (chunking, powerset decoding, embeddings per
 * chunk and local speaker, clustering, relabelling) and ours run on real speech. Test code only.
 *
 * Segmentation — sherpa-onnx's export of pyannote segmentation-3.0 (scripts/pyannote/
 * segmentation/export-onnx.py): input `x` [N, 1, T] (10 s windows at 16 kHz), output `y`
 * [N, frames, 7] powerset scores (no speaker, 3 single speakers, 3 pairs), with the metadata
 * sherpa reads (window_size 160000, receptive_field_size 991, receptive_field_shift 270,
 * num_speakers 3, powerset_max_classes 2, num_classes 7). This one scores "speaker 1 alone"
 * above "no speaker" where a 991-sample frame is louder than −40 dBFS: an energy detector
 * giving every speech frame to one local speaker, which leaves the speaker distinction to the
 * embeddings and the clustering.
 *
 * Embedding — the WeSpeaker format sherpa reads (scripts/wespeaker/add_meta_data.py): input
 * `feats` [B, T, 80] (kaldi fbank), output `embs` [B, 80], metadata framework `wespeaker`,
 * sample_rate, output_dim, normalize_samples. This one is the long-term average spectrum with
 * its mean level removed: the voice's (and its microphone's) spectral envelope, independent of
 * loudness, the oldest speaker feature there is. (Adding the per-band spread made the three
 * readers below harder to tell apart, so it is left out.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { attr, buildModel, node, tensor, valueInfo } from '../../../../inference/onnx-builder.ts';

export const SEGMENTATION_META = {
  sample_rate: 16000,
  window_size: 160000,
  receptive_field_size: 991,
  receptive_field_shift: 270,
  num_speakers: 3,
  powerset_max_classes: 2,
  num_classes: 7,
} as const;

/** ln of the frame power (mean square) above which a frame is speech: −40 dBFS. */
const SPEECH_LOG_POWER = Math.log(1e-4);

function segmentationModel(): Uint8Array {
  const { receptive_field_size: size, receptive_field_shift: shift } = SEGMENTATION_META;
  return buildModel({
    metadata: {
      ...Object.fromEntries(Object.entries(SEGMENTATION_META).map(([k, v]) => [k, String(v)])),
      model_type: 'pyannote-segmentation-3.0',
      version: '1',
      model_author: 'tapehouse-test-fixture',
      maintainer: 'tapehouse',
    },
    graph: {
      name: 'energy_powerset_segmentation',
      inputs: [valueInfo('x', 'float32', ['N', 1, 'T'])],
      outputs: [valueInfo('y', 'float32', ['N', 'F', SEGMENTATION_META.num_classes])],
      initializers: [
        tensor('frame_kernel', 'float32', [1, 1, size], new Array<number>(size).fill(1 / size)),
        tensor('epsilon', 'float32', [], [1e-10]),
        // y[c] = log_power * weight[c] + bias[c]: class 1 follows the frame's level, class 0
        // sits at the speech threshold, classes 2–6 (other speakers, overlaps) never win.
        tensor('class_weight', 'float32', [7], [0, 1, 0, 0, 0, 0, 0]),
        tensor('class_bias', 'float32', [7], [SPEECH_LOG_POWER, 0, -1e4, -1e4, -1e4, -1e4, -1e4]),
      ],
      nodes: [
        node('Mul', ['x', 'x'], ['square']),
        node('Conv', ['square', 'frame_kernel'], ['power'], {
          kernel_shape: attr.ints([size]),
          strides: attr.ints([shift]),
        }),
        node('Add', ['power', 'epsilon'], ['power_safe']),
        node('Log', ['power_safe'], ['log_power']),
        node('Transpose', ['log_power'], ['log_power_t'], { perm: attr.ints([0, 2, 1]) }),
        node('Mul', ['log_power_t', 'class_weight'], ['weighted']),
        node('Add', ['weighted', 'class_bias'], ['y']),
      ],
    },
  });
}

export const EMBEDDING_DIM = 80;

function embeddingModel(): Uint8Array {
  return buildModel({
    metadata: {
      framework: 'wespeaker',
      language: 'English',
      url: 'https://github.com/k2-fsa/sherpa-onnx/tree/master/scripts/wespeaker',
      comment: 'tapehouse test fixture: level-free long-term average spectrum, no learned weights',
      sample_rate: '16000',
      output_dim: String(EMBEDDING_DIM),
      normalize_samples: '0',
    },
    graph: {
      name: 'stats_pooling_embedding',
      inputs: [valueInfo('feats', 'float32', ['B', 'T', 80])],
      outputs: [valueInfo('embs', 'float32', ['B', EMBEDDING_DIM])],
      nodes: [
        node('ReduceMean', ['feats'], ['mean'], { axes: attr.ints([1]), keepdims: attr.int(0) }),
        node('ReduceMean', ['mean'], ['level'], { axes: attr.ints([1]), keepdims: attr.int(1) }),
        node('Sub', ['mean', 'level'], ['embs']),
      ],
    },
  });
}

/** Writes `segmentation.onnx` and `embedding.onnx` into `dir`. */
export function writeDiarizationModels(dir: string): { segmentation: string; embedding: string } {
  fs.mkdirSync(dir, { recursive: true });
  const files = {
    segmentation: path.join(dir, 'segmentation.onnx'),
    embedding: path.join(dir, 'embedding.onnx'),
  };
  fs.writeFileSync(files.segmentation, segmentationModel());
  fs.writeFileSync(files.embedding, embeddingModel());
  return files;
}
