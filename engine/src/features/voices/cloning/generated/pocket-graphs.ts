/**
 * PocketTTS graphs the project generates for tests (no trained weights), with the signatures of
 * the published export that sherpa-onnx's OfflineTts runs (csukuangfj/pocket-tts-onnx-export,
 * docs/api/voices-engines.md, "Cloning engines"): the five models, their input and output names,
 * ranks and dtypes, and the loop sherpa drives — the reference clip through `encoder`, voice then
 * text through `lm_main`, one `lm_main` + `lm_flow` round per 80 ms frame until `eos_logit`
 * passes −4, the latents through `decoder`.
 *
 * What they compute instead of speech: `encoder` measures the clip's power in 32 bands per
 * 80 ms frame (150 Hz – 4 kHz); `lm_main` keeps their root mean square as the voice and asks for
 * one frame per text token; `lm_flow` is the straight flow to that voice; `decoder` plays each band as a sine of
 * the measured amplitude. So the clone's spectrum follows its reference and its length the text:
 * enough to test cloning end to end, nothing about quality.
 */
import { attr, buildModel, node, tensor, valueInfo } from '../../../../inference/onnx-builder.ts';

export const POCKET_RATE = 24_000;
/** Samples per latent frame (12.5 frames a second). */
export const POCKET_FRAME = 1920;
export const POCKET_LATENT = 32;
const DIM = 1024;
/** Channels of the 1024-d embeddings that mark a voice frame and a text token. */
const VOICE_MARK = DIM - 1;
const TEXT_MARK = DIM - 2;
/** Latent frames the generated LM asks for per text token. */
export const FRAMES_PER_TOKEN = 1;

function mel(hz: number): number {
  return 1127 * Math.log(1 + hz / 700);
}

/**
 * Band k's centre: 32 steps of the mel scale from 150 Hz to 4 kHz, rounded to 25 Hz (a whole
 * number of cycles per frame, and at least one analysis bin between neighbours).
 */
export function pocketBandHz(k: number): number {
  const lo = mel(150);
  const m = lo + ((mel(4000) - lo) * k) / (POCKET_LATENT - 1);
  return 25 * Math.round((700 * (Math.exp(m / 1127) - 1)) / 25);
}

/** Band edges: halfway (geometrically) between neighbouring centres. */
export function pocketBandEdges(): number[] {
  const c = Array.from({ length: POCKET_LATENT }, (_, k) => pocketBandHz(k));
  const mid = (a: number, b: number) => Math.sqrt(a * b);
  const first = c[0] ?? 150;
  const last = c.at(-1) ?? 4000;
  return [
    (first * first) / mid(first, c[1] ?? first),
    ...c.slice(1).map((x, i) => mid(c[i] ?? x, x)),
    (last * last) / mid(c.at(-2) ?? last, last),
  ];
}

/** One frame of each band's sine (a whole number of cycles, so frames join smoothly). */
function sinusoids(): number[][] {
  return Array.from({ length: POCKET_LATENT }, (_, k) =>
    Array.from({ length: POCKET_FRAME }, (_, n) =>
      Math.sin((2 * Math.PI * pocketBandHz(k) * n) / POCKET_RATE),
    ),
  );
}

const int64 = (name: string, values: readonly number[]) =>
  tensor(name, 'int64', [values.length], values);

/** Samples per analysis window (40 ms: 25 Hz bins); two per frame. */
const WINDOW = 960;

/**
 * audio [1,1,N] → latents [1,frames,1024]: each band's power in 0–31 (Hann-windowed DFT bins
 * summed over the band, averaged over the frame's two windows, scaled so a sine of amplitude A
 * reads A²), 1 in the voice mark.
 */
export function pocketEncoder(): Uint8Array {
  const edges = pocketBandEdges();
  const binHz = POCKET_RATE / WINDOW;
  const first = Math.ceil((edges[0] ?? 0) / binHz);
  const last = Math.floor((edges.at(-1) ?? 0) / binHz);
  const bins = last - first + 1;
  const kernels: number[] = [];
  for (let b = 0; b < bins; b++)
    for (const wave of [Math.sin, Math.cos])
      for (let n = 0; n < WINDOW; n++) {
        const hann = 0.5 - 0.5 * Math.cos((2 * Math.PI * n) / WINDOW);
        kernels.push(hann * wave((2 * Math.PI * (first + b) * n) / WINDOW));
      }
  // bin → band: the band whose edges hold the bin's frequency
  const toBand = new Float32Array(bins * POCKET_LATENT);
  for (let b = 0; b < bins; b++) {
    const hz = (first + b) * binHz;
    const band = edges.findIndex((e, i) => hz >= e && hz < (edges[i + 1] ?? Infinity));
    if (band >= 0 && band < POCKET_LATENT) toBand[b * POCKET_LATENT + band] = 1;
  }
  const project = Array.from({ length: POCKET_LATENT * DIM }, (_, i) =>
    i % DIM === Math.floor(i / DIM) ? 1 : 0,
  );
  const bias = Array.from({ length: DIM }, (_, j) => (j === VOICE_MARK ? 1 : 0));
  return buildModel({
    opset: 17,
    producerName: 'tapehouse-generated-pocket',
    graph: {
      name: 'mimi_encoder',
      inputs: [valueInfo('audio', 'float32', [1, 1, 'audio_len'])],
      outputs: [valueInfo('latents', 'float32', [1, 'frames', DIM])],
      initializers: [
        tensor('kernels', 'float32', [2 * bins, 1, WINDOW], kernels),
        int64('pairs', [1, bins, 2, -1]),
        int64('pair_axis', [2]),
        tensor('scale', 'float32', [], [16 / (WINDOW * WINDOW)]),
        tensor('to_band', 'float32', [bins, POCKET_LATENT], toBand),
        tensor('project', 'float32', [POCKET_LATENT, DIM], project),
        tensor('bias', 'float32', [DIM], bias),
      ],
      nodes: [
        node('Conv', ['audio', 'kernels'], ['proj'], { strides: attr.ints([WINDOW]) }),
        node('Mul', ['proj', 'proj'], ['squared']),
        node('Reshape', ['squared', 'pairs'], ['paired']),
        node('ReduceSum', ['paired', 'pair_axis'], ['bin_power'], { keepdims: attr.int(0) }),
        node('AveragePool', ['bin_power'], ['frame_power'], {
          kernel_shape: attr.ints([POCKET_FRAME / WINDOW]),
          strides: attr.ints([POCKET_FRAME / WINDOW]),
        }),
        node('Transpose', ['frame_power'], ['frames'], { perm: attr.ints([0, 2, 1]) }),
        node('MatMul', ['frames', 'to_band'], ['band_power']),
        node('Mul', ['band_power', 'scale'], ['power']),
        node('MatMul', ['power', 'project'], ['placed']),
        node('Add', ['placed', 'bias'], ['latents']),
      ],
    },
  });
}

/** token_ids [1,n] → embeddings [1,n,1024]: each token is the text mark. */
export function pocketTextConditioner(vocabSize: number): Uint8Array {
  const table = new Float32Array(vocabSize * DIM);
  for (let v = 0; v < vocabSize; v++) table[v * DIM + TEXT_MARK] = 1;
  return buildModel({
    opset: 17,
    producerName: 'tapehouse-generated-pocket',
    graph: {
      name: 'text_conditioner',
      inputs: [valueInfo('token_ids', 'int64', [1, 'seq_len'])],
      outputs: [valueInfo('embeddings', 'float32', [1, 'seq_len', DIM])],
      initializers: [tensor('table', 'float32', [vocabSize, DIM], table)],
      nodes: [node('Gather', ['table', 'token_ids'], ['embeddings'], { axis: attr.int(0) })],
    },
  });
}

/**
 * sequence [1,s,32], text_embeddings [1,e,1024] and four states (voice band power sum, voice
 * frames, text tokens, and the step offset the real model keeps as int64) → conditioning
 * [1,1024] (the voice's RMS band amplitudes in 0–31), eos_logit [1,1], the four states updated.
 */
export function pocketLmMain(): Uint8Array {
  return buildModel({
    opset: 17,
    producerName: 'tapehouse-generated-pocket',
    graph: {
      name: 'flow_lm_main',
      inputs: [
        valueInfo('sequence', 'float32', [1, 'seq_len', POCKET_LATENT]),
        valueInfo('text_embeddings', 'float32', [1, 'text_len', DIM]),
        valueInfo('state_0', 'float32', [1, POCKET_LATENT]),
        valueInfo('state_1', 'float32', [1, 1]),
        valueInfo('state_2', 'float32', [1, 1]),
        valueInfo('state_3', 'int64', [1]),
      ],
      outputs: [
        valueInfo('conditioning', 'float32', [1, DIM]),
        valueInfo('eos_logit', 'float32', [1, 1]),
        valueInfo('out_state_0', 'float32', [1, POCKET_LATENT]),
        valueInfo('out_state_1', 'float32', [1, 1]),
        valueInfo('out_state_2', 'float32', [1, 1]),
        valueInfo('out_state_3', 'int64', [1]),
      ],
      initializers: [
        int64('axis1', [1]),
        int64('bands_start', [0]),
        int64('bands_end', [POCKET_LATENT]),
        int64('voice_start', [VOICE_MARK]),
        int64('voice_end', [VOICE_MARK + 1]),
        int64('text_start', [TEXT_MARK]),
        int64('text_end', [TEXT_MARK + 1]),
        int64('index1', [1]),
        int64('pad_rest', [0, 0, 0, DIM - POCKET_LATENT]),
        tensor('one', 'float32', [], [1]),
        tensor('per_token', 'float32', [], [FRAMES_PER_TOKEN]),
        tensor('steep', 'float32', [], [10]),
        tensor('offset', 'float32', [], [5]),
      ],
      nodes: [
        node('ReduceSum', ['text_embeddings', 'axis1'], ['summed'], { keepdims: attr.int(0) }),
        node('Slice', ['summed', 'bands_start', 'bands_end', 'axis1'], ['voice_add']),
        node('Slice', ['summed', 'voice_start', 'voice_end', 'axis1'], ['frames_add']),
        node('Slice', ['summed', 'text_start', 'text_end', 'axis1'], ['tokens_add']),
        node('Add', ['state_0', 'voice_add'], ['out_state_0']),
        node('Add', ['state_1', 'frames_add'], ['out_state_1']),
        node('Add', ['state_2', 'tokens_add'], ['out_state_2']),
        // the offset grows by every position seen, as the real model's does
        node('Shape', ['sequence'], ['seq_shape']),
        node('Gather', ['seq_shape', 'index1'], ['seq_len']),
        node('Shape', ['text_embeddings'], ['text_shape']),
        node('Gather', ['text_shape', 'index1'], ['text_len']),
        node('Add', ['seq_len', 'text_len'], ['seen']),
        node('Add', ['state_3', 'seen'], ['out_state_3']),
        // frames generated so far = positions seen − voice frames − text tokens
        node('Cast', ['out_state_3'], ['positions'], { to: attr.int(1) }),
        node('Sub', ['positions', 'out_state_1'], ['after_voice']),
        node('Sub', ['after_voice', 'out_state_2'], ['generated']),
        node('Mul', ['out_state_2', 'per_token'], ['wanted']),
        node('Sub', ['generated', 'wanted'], ['over']),
        node('Mul', ['over', 'steep'], ['scaled']),
        node('Sub', ['scaled', 'offset'], ['eos_logit']),
        node('Max', ['out_state_1', 'one'], ['frames']),
        node('Div', ['out_state_0', 'frames'], ['mean_power']),
        node('Sqrt', ['mean_power'], ['voice']),
        node('Pad', ['voice', 'pad_rest'], ['conditioning']),
      ],
    },
  });
}

/** c [1,1024], s, t [1,1], x [1,32] → flow_dir [1,32]: the straight path from x to the voice. */
export function pocketLmFlow(): Uint8Array {
  return buildModel({
    opset: 17,
    producerName: 'tapehouse-generated-pocket',
    graph: {
      name: 'flow_lm_flow',
      inputs: [
        valueInfo('c', 'float32', ['batch', DIM]),
        valueInfo('s', 'float32', ['batch', 1]),
        valueInfo('t', 'float32', ['batch', 1]),
        valueInfo('x', 'float32', ['batch', POCKET_LATENT]),
      ],
      outputs: [valueInfo('flow_dir', 'float32', ['batch', POCKET_LATENT])],
      initializers: [
        int64('axis1', [1]),
        int64('start', [0]),
        int64('end', [POCKET_LATENT]),
        tensor('one', 'float32', [], [1]),
        tensor('least', 'float32', [], [1e-3]),
      ],
      nodes: [
        node('Slice', ['c', 'start', 'end', 'axis1'], ['target']),
        node('Sub', ['target', 'x'], ['gap']),
        node('Sub', ['one', 's'], ['left']),
        node('Max', ['left', 'least'], ['remaining']),
        node('Div', ['gap', 'remaining'], ['flow_dir']),
      ],
    },
  });
}

/** latent [1,n,32] + a frame counter → audio_frame [1,1,n·1920]: each band a sine. */
export function pocketDecoder(): Uint8Array {
  const basis = sinusoids().flat();
  return buildModel({
    opset: 17,
    producerName: 'tapehouse-generated-pocket',
    graph: {
      name: 'mimi_decoder',
      inputs: [
        valueInfo('latent', 'float32', [1, 'seq_len', POCKET_LATENT]),
        valueInfo('state_0', 'float32', [1, 1]),
      ],
      outputs: [
        valueInfo('audio_frame', 'float32', [1, 1, 'samples']),
        valueInfo('out_state_0', 'float32', [1, 1]),
      ],
      initializers: [
        tensor('basis', 'float32', [POCKET_LATENT, POCKET_FRAME], basis),
        int64('flat', [1, 1, -1]),
        int64('index1', [1]),
      ],
      nodes: [
        node('MatMul', ['latent', 'basis'], ['frames']),
        node('Reshape', ['frames', 'flat'], ['audio_frame']),
        node('Shape', ['latent'], ['latent_shape']),
        node('Gather', ['latent_shape', 'index1'], ['count']),
        node('Cast', ['count'], ['count_f'], { to: attr.int(1) }),
        node('Add', ['state_0', 'count_f'], ['out_state_0']),
      ],
    },
  });
}
