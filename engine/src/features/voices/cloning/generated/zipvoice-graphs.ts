/**
 * ZipVoice graphs the project generates for tests (no trained weights), with the signatures and
 * metadata of k2-fsa's export (zipvoice/bin/onnx_export.py) that sherpa-onnx's OfflineTts runs
 * (docs/api/voices-engines.md, "Cloning engines"), and the Vocos vocoder of sherpa-onnx's
 * `vocoder-models` release (`mels` → `mag`, `x`, `y`, metadata `model_type: vocos`).
 *
 * What they compute instead of speech: the text encoder asks for as many frames as the real one
 * (the prompt's frames per token, times the prompt and text tokens, over the speed) and leaves
 * them empty; the flow-matching decoder flows every frame to the prompt's mean mel; the
 * vocoder turns a log-mel into a magnitude spectrum of steady sinusoids. So a clone speaks with its
 * reference's spectral envelope for as long as the text asks: enough to test cloning end to
 * end, nothing about quality.
 */
import { attr, buildModel, node, tensor, valueInfo } from '../../../../inference/onnx-builder.ts';

export const ZIPVOICE_RATE = 24_000;
export const ZIPVOICE_MELS = 100;
const N_FFT = 1024;
const BINS = N_FFT / 2 + 1;
const HOP = 256;

const int64 = (name: string, values: readonly number[]) =>
  tensor(name, 'int64', [values.length], values);

/** tokens, prompt_tokens [1,n], prompt_features_len [1], speed [1] → text_condition [1,T,100]. */
export function zipvoiceTextEncoder(): Uint8Array {
  return buildModel({
    opset: 13,
    producerName: 'tapehouse-generated-zipvoice',
    metadata: {
      version: '1',
      model_author: 'k2-fsa',
      comment: 'generated for tests: ZipVoice text encoder signature, no trained weights',
      use_espeak: '1',
      use_pinyin: '1',
    },
    graph: {
      name: 'text_encoder',
      inputs: [
        valueInfo('tokens', 'int64', [1, 'T']),
        valueInfo('prompt_tokens', 'int64', [1, 'P']),
        valueInfo('prompt_features_len', 'int64', [1]),
        valueInfo('speed', 'float32', [1]),
      ],
      outputs: [valueInfo('text_condition', 'float32', [1, 'F', ZIPVOICE_MELS])],
      initializers: [int64('index1', [1]), int64('batch', [1]), int64('mels', [ZIPVOICE_MELS])],
      nodes: [
        // features_len = ceil(prompt_features_len / prompt tokens × all tokens / speed)
        node('Shape', ['tokens'], ['tokens_shape']),
        node('Gather', ['tokens_shape', 'index1'], ['n']),
        node('Shape', ['prompt_tokens'], ['prompt_shape']),
        node('Gather', ['prompt_shape', 'index1'], ['p']),
        node('Add', ['n', 'p'], ['all']),
        node('Cast', ['all'], ['all_f'], { to: attr.int(1) }),
        node('Cast', ['p'], ['p_f'], { to: attr.int(1) }),
        node('Cast', ['prompt_features_len'], ['prompt_f'], { to: attr.int(1) }),
        node('Div', ['prompt_f', 'p_f'], ['per_token']),
        node('Mul', ['per_token', 'all_f'], ['frames']),
        node('Div', ['frames', 'speed'], ['paced']),
        node('Ceil', ['paced'], ['rounded']),
        node('Cast', ['rounded'], ['features_len'], { to: attr.int(7) }),
        node('Concat', ['batch', 'features_len', 'mels'], ['shape'], { axis: attr.int(0) }),
        node('ConstantOfShape', ['shape'], ['text_condition'], {
          value: attr.tensor(tensor('zero', 'float32', [1], [0])),
        }),
      ],
    },
  });
}

/** sherpa-onnx's default `feat_scale`: prompt features are natural-log mels times this. */
const FEAT_SCALE = 0.1;

/**
 * t [1], x, text_condition, speech_condition [1,T,100], guidance_scale [1] → v [1,T,100]: the
 * velocity that brings x to the prompt's mean mel magnitude (averaged as magnitudes over its
 * non-empty frames, so its pauses do not pull the voice toward their noise) at t = 1.
 */
export function zipvoiceFlowDecoder(): Uint8Array {
  return buildModel({
    opset: 13,
    producerName: 'tapehouse-generated-zipvoice',
    metadata: {
      version: '1',
      model_author: 'k2-fsa',
      comment: 'generated for tests: ZipVoice flow-matching decoder signature, no trained weights',
      feat_dim: String(ZIPVOICE_MELS),
      sample_rate: String(ZIPVOICE_RATE),
      n_fft: String(N_FFT),
      hop_length: String(HOP),
      window_length: String(N_FFT),
      num_mels: String(ZIPVOICE_MELS),
    },
    graph: {
      name: 'fm_decoder',
      inputs: [
        valueInfo('t', 'float32', [1]),
        valueInfo('x', 'float32', [1, 'T', ZIPVOICE_MELS]),
        valueInfo('text_condition', 'float32', [1, 'T', ZIPVOICE_MELS]),
        valueInfo('speech_condition', 'float32', [1, 'T', ZIPVOICE_MELS]),
        valueInfo('guidance_scale', 'float32', [1]),
      ],
      outputs: [valueInfo('v', 'float32', [1, 'T', ZIPVOICE_MELS])],
      initializers: [
        int64('time_axis', [1]),
        tensor('zero', 'float32', [], [0]),
        tensor('one', 'float32', [], [1]),
        tensor('least', 'float32', [], [1e-3]),
        tensor('unscale', 'float32', [], [1 / FEAT_SCALE]),
        tensor('scale', 'float32', [], [FEAT_SCALE]),
        tensor('floor', 'float32', [], [1e-10]),
      ],
      nodes: [
        node('Abs', ['speech_condition'], ['magnitude']),
        node('ReduceMax', ['magnitude'], ['loudest'], {
          axes: attr.ints([2]),
          keepdims: attr.int(1),
        }),
        node('Greater', ['loudest', 'zero'], ['filled']),
        node('Cast', ['filled'], ['filled_f'], { to: attr.int(1) }),
        node('ReduceSum', ['filled_f', 'time_axis'], ['count'], { keepdims: attr.int(1) }),
        node('Mul', ['speech_condition', 'unscale'], ['log_mel']),
        node('Exp', ['log_mel'], ['mel']),
        node('Mul', ['mel', 'filled_f'], ['kept']),
        node('ReduceSum', ['kept', 'time_axis'], ['sum'], { keepdims: attr.int(1) }),
        node('Max', ['count', 'one'], ['frames']),
        node('Div', ['sum', 'frames'], ['mean_mel']),
        node('Max', ['mean_mel', 'floor'], ['positive']),
        node('Log', ['positive'], ['mean_log']),
        node('Mul', ['mean_log', 'scale'], ['target']),
        node('Sub', ['target', 'x'], ['gap']),
        node('Sub', ['one', 't'], ['left']),
        node('Max', ['left', 'least'], ['remaining']),
        node('Div', ['gap', 'remaining'], ['v']),
      ],
    },
  });
}

/** The HTK mel scale sherpa's ZipVoice front end uses (`use_slaney_mel_scale = false`). */
function mel(hz: number): number {
  return 1127 * Math.log(1 + hz / 700);
}

function hzOfMel(m: number): number {
  return 700 * (Math.exp(m / 1127) - 1);
}

/**
 * Each FFT bin's mel band (the one whose centre is nearest), and the log of that band's width
 * in bins: a mel band sums the magnitudes of the bins under its triangle, so the per-bin
 * magnitude is the band's over its width.
 */
function binBands(): { pick: Float32Array; logWidth: number[] } {
  const top = mel(ZIPVOICE_RATE / 2);
  const edges = Array.from({ length: ZIPVOICE_MELS + 2 }, (_, i) =>
    hzOfMel((i * top) / (ZIPVOICE_MELS + 1)),
  );
  const binHz = ZIPVOICE_RATE / N_FFT;
  const pick = new Float32Array(BINS * ZIPVOICE_MELS);
  const logWidth: number[] = [];
  for (let k = 0; k < BINS; k++) {
    let band = 0;
    for (let j = 1; j < ZIPVOICE_MELS; j++)
      if (Math.abs((edges[j + 1] ?? 0) - k * binHz) < Math.abs((edges[band + 1] ?? 0) - k * binHz))
        band = j;
    pick[k * ZIPVOICE_MELS + band] = 1;
    const width = ((edges[band + 2] ?? 0) - (edges[band] ?? 0)) / 2 / binHz;
    logWidth.push(Math.log(Math.max(1, width)));
  }
  return { pick, logWidth };
}

/** mels [1,100,T] (natural-log mel magnitudes) → mag, and x, y = cos, sin of each bin's phase. */
export function vocosVocoder(): Uint8Array {
  const { pick, logWidth } = binBands();
  // Each bin a steady sinusoid at its centre: a phase of its own, advancing by the hop every
  // frame (identical frames would make a buzz at the frame rate, 94 Hz, and nothing between).
  const start = Array.from({ length: BINS }, (_, k) => (k * k * 0.618) % (2 * Math.PI));
  const advance = Array.from({ length: BINS }, (_, k) => (2 * Math.PI * k * HOP) / N_FFT);
  return buildModel({
    opset: 13,
    producerName: 'tapehouse-generated-vocos',
    metadata: {
      model_type: 'vocos',
      comment: 'generated for tests: Vocos signature, no trained weights',
      n_fft: String(N_FFT),
      hop_length: String(HOP),
      win_length: String(N_FFT),
      center: '1',
      normalized: '0',
      window_type: 'hann',
      pad_mode: 'reflect',
      sample_rate: String(ZIPVOICE_RATE),
    },
    graph: {
      name: 'vocos',
      inputs: [valueInfo('mels', 'float32', ['batch_size', ZIPVOICE_MELS, 'time'])],
      outputs: [
        valueInfo('mag', 'float32', ['batch_size', BINS, 'time']),
        valueInfo('x', 'float32', ['batch_size', BINS, 'time']),
        valueInfo('y', 'float32', ['batch_size', BINS, 'time']),
      ],
      initializers: [
        tensor('pick', 'float32', [BINS, ZIPVOICE_MELS], pick),
        tensor('log_width', 'float32', [BINS, 1], logWidth),
        tensor('ceiling', 'float32', [], [8]),
        tensor('zero_like', 'float32', [], [0]),
        tensor('start', 'float32', [BINS, 1], start),
        tensor('advance', 'float32', [BINS, 1], advance),
        int64('time_index', [2]),
        tensor('first', 'int64', [], [0]),
        tensor('step', 'int64', [], [1]),
      ],
      nodes: [
        node('MatMul', ['pick', 'mels'], ['log_band']),
        node('Sub', ['log_band', 'log_width'], ['log_mag']),
        node('Min', ['log_mag', 'ceiling'], ['bounded']),
        node('Exp', ['bounded'], ['mag']),
        node('Shape', ['mels'], ['mels_shape']),
        node('Gather', ['mels_shape', 'time_index'], ['frames_1d']),
        node('Squeeze', ['frames_1d'], ['frames']),
        node('Range', ['first', 'frames', 'step'], ['frame_index']),
        node('Cast', ['frame_index'], ['frame_f'], { to: attr.int(1) }),
        node('Mul', ['advance', 'frame_f'], ['turned']),
        node('Add', ['turned', 'start'], ['phase']),
        node('Cos', ['phase'], ['cos']),
        node('Sin', ['phase'], ['sin']),
        node('Mul', ['mag', 'zero_like'], ['nothing']),
        node('Add', ['nothing', 'cos'], ['x']),
        node('Add', ['nothing', 'sin'], ['y']),
      ],
    },
  });
}
