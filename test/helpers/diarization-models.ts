/**
 * Speaker-diarization models of the signatures sherpa-onnx loads (its pyannote segmentation
 * model and a wespeaker-style embedding extractor), written with inference/onnx-builder.ts so a
 * `speaker_diarization` job runs for real without downloading pyannote. The segmentation says
 * "speaker 1" everywhere and the embedding is a fixed projection of the mean filter bank, so the
 * result is one speaker; what tests use them for is the job's life cycle, not diarization
 * quality (npm run eval measures that with real models).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  attr,
  buildModel,
  node,
  tensor,
  valueInfo,
} from '../../engine/src/inference/onnx-builder.ts';

const SAMPLE_RATE = 16_000;
/** pyannote segmentation-3.0's numbers: 10 s windows, 589 frames of 7 powerset classes. */
const WINDOW = 160_000;
const FIELD = 991;
const SHIFT = 270;
const CLASSES = 7;
const FBANK = 80;
const EMBEDDING = 192;

function segmentationModel(): Uint8Array {
  const bias = Array.from({ length: CLASSES }, (_, i) => (i === 1 ? 5 : 0));
  return buildModel({
    graph: {
      inputs: [valueInfo('x', 'float32', ['N', 1, 'T'])],
      outputs: [valueInfo('y', 'float32', ['N', 'F', CLASSES])],
      initializers: [
        tensor('w', 'float32', [CLASSES, 1, FIELD], new Float32Array(CLASSES * FIELD)),
        tensor('b', 'float32', [CLASSES], bias),
      ],
      nodes: [
        node('Conv', ['x', 'w', 'b'], ['scores'], {
          kernel_shape: attr.ints([FIELD]),
          strides: attr.ints([SHIFT]),
        }),
        node('Transpose', ['scores'], ['frames'], { perm: attr.ints([0, 2, 1]) }),
        node('LogSoftmax', ['frames'], ['y'], { axis: attr.int(2) }),
      ],
    },
    metadata: {
      model_type: 'pyannote-segmentation-3.0',
      sample_rate: String(SAMPLE_RATE),
      window_size: String(WINDOW),
      receptive_field_size: String(FIELD),
      receptive_field_shift: String(SHIFT),
      num_speakers: '3',
      powerset_max_classes: '2',
      num_classes: String(CLASSES),
    },
  });
}

function embeddingModel(): Uint8Array {
  // A fixed, full-rank projection: different filter banks give different embeddings.
  const weights = Float32Array.from(
    { length: FBANK * EMBEDDING },
    (_, i) => Math.sin(i * 12.9898) * 0.1,
  );
  return buildModel({
    graph: {
      inputs: [valueInfo('x', 'float32', ['N', 'T', FBANK])],
      outputs: [valueInfo('embedding', 'float32', ['N', EMBEDDING])],
      initializers: [tensor('w', 'float32', [FBANK, EMBEDDING], weights)],
      nodes: [
        node('ReduceMean', ['x'], ['mean'], { axes: attr.ints([1]), keepdims: attr.int(0) }),
        node('MatMul', ['mean', 'w'], ['embedding']),
      ],
    },
    metadata: {
      framework: 'wespeaker',
      language: 'English',
      sample_rate: String(SAMPLE_RATE),
      output_dim: String(EMBEDDING),
      normalize_samples: '0',
    },
  });
}

/** Writes segmentation.onnx and embedding.onnx into `dir`; answers their paths. */
export function writeDiarizationModels(dir: string): { segmentation: string; embedding: string } {
  fs.mkdirSync(dir, { recursive: true });
  const segmentation = path.join(dir, 'segmentation.onnx');
  const embedding = path.join(dir, 'embedding.onnx');
  fs.writeFileSync(segmentation, segmentationModel());
  fs.writeFileSync(embedding, embeddingModel());
  return { segmentation, embedding };
}
