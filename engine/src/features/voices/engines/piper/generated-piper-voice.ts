/**
 * A small Piper-format voice the project generates itself (no downloaded weights), so tests and
 * the bench run the whole Piper path — phonemes, ids, scales, speaker id, ONNX Runtime — and can
 * check what comes out. Same inputs and outputs as a real Piper export:
 * `input` [1,N] int64, `input_lengths` [1] int64, `scales` [3] float32, optional `sid` [1] int64
 * → `output` [1,1,T] float32.
 *
 * Each phoneme id becomes `round(hop × length_scale)` samples (at least 1) of a sine at
 * `baseHz + id × stepHz + sid × speakerHz`; the pad id 0 is silence. So T = N × hop', an
 * utterance is never silent, and speed, speaker and phonemes are all audible in the output.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  attr,
  buildModel,
  node,
  tensor,
  valueInfo,
  type NodeSpec,
} from '../../../../inference/onnx-builder.ts';
import type { PiperVoiceConfig } from './piper-voice-config.ts';

export interface GeneratedPiperVoiceOptions {
  sampleRate?: number;
  /** Samples per phoneme id at length_scale 1. */
  hop?: number;
  numSpeakers?: number;
  baseHz?: number;
  stepHz?: number;
  speakerHz?: number;
  amplitude?: number;
  espeakVoice?: string;
  languageCode?: string;
}

export const GENERATED_DEFAULTS = {
  sampleRate: 22_050,
  hop: 1024,
  numSpeakers: 1,
  baseHz: 110,
  stepHz: 7,
  speakerHz: 40,
  amplitude: 0.3,
  espeakVoice: 'en-us',
  languageCode: 'en_US',
} as const;

/**
 * The IPA symbols eSpeak NG produces (and Piper's espeak voices map), in Piper's id order:
 * pad, start, end, space, punctuation, then letters and IPA code points. Written out here
 * rather than copied from any voice.
 */
export const GENERATED_IPA_SYMBOLS = [
  '_',
  '^',
  '$',
  ' ',
  '!',
  "'",
  '(',
  ')',
  ',',
  '-',
  '.',
  ':',
  ';',
  '?',
  ...'abcdefhijklmnopqrstuvwxyz',
  ...'æçðøħŋœǀǁǂǃɐɑɒɓɔɕɖɗɘəɚɛɜɞɟɠɡɢɣɤɥɦɧɨɪɫɬɭɮɯɰɱɲɳɴɵɶɸɹɺɻɽɾʀʁʂʃʄʈʉʊʋʌʍʎʏʐʑʒʔʕʘʙʛʜʝʟʡʢʲˈˌːˑ˞βθχᵻⱱ',
  '0',
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '\u0327',
  '\u0303',
  '\u032a',
  '\u032f',
  '\u0329',
  'ʰ',
  'ˤ',
  'ε',
  '↓',
  '#',
  '"',
  '↑',
  '\u033a',
  '\u033b',
  'g',
  'ʦ',
  'X',
];

export function generatedPhonemeIdMap(): Record<string, number[]> {
  const map: Record<string, number[]> = {};
  GENERATED_IPA_SYMBOLS.forEach((symbol, index) => {
    map[symbol] ??= [index];
  });
  return map;
}

export function generatedPiperConfig(options: GeneratedPiperVoiceOptions = {}): PiperVoiceConfig {
  const o = { ...GENERATED_DEFAULTS, ...options };
  const speakers: Record<string, number> = {};
  if (o.numSpeakers > 1) {
    for (let i = 0; i < o.numSpeakers; i++) speakers[`speaker_${i}`] = i;
  }
  const [family = 'en', region] = o.languageCode.split('_');
  return {
    audio: { sample_rate: o.sampleRate, quality: 'generated' },
    espeak: { voice: o.espeakVoice },
    inference: { noiseScale: 0.667, lengthScale: 1, noiseW: 0.8 },
    phoneme_type: 'espeak',
    phoneme_map: {},
    phoneme_id_map: generatedPhonemeIdMap(),
    num_speakers: o.numSpeakers,
    speaker_id_map: speakers,
    language: { code: o.languageCode, family, region, name_english: 'generated' },
    dataset: 'tapehouse-generated',
  };
}

/** The config as Piper writes it (snake_case inference keys). */
export function piperConfigJson(config: PiperVoiceConfig): Record<string, unknown> {
  const { inference, ...rest } = config;
  return {
    ...rest,
    inference: {
      noise_scale: inference.noiseScale,
      length_scale: inference.lengthScale,
      noise_w: inference.noiseW,
    },
    num_symbols: Math.max(...Object.values(config.phoneme_id_map).flat()) + 1,
    piper_version: 'tapehouse-generated',
  };
}

export function generatedPiperModel(options: GeneratedPiperVoiceOptions = {}): Uint8Array {
  const o = { ...GENERATED_DEFAULTS, ...options };
  const multi = o.numSpeakers > 1;
  const toneOut = multi ? 'tone_hz' : 'freq';
  const nodes: NodeSpec[] = [
    // hop' = max(1, round(hop × length_scale)) as int64
    node('Gather', ['scales', 'one'], ['length_scale'], { axis: attr.int(0) }),
    node('Mul', ['length_scale', 'hop_f'], ['hop_scaled']),
    node('Round', ['hop_scaled'], ['hop_rounded']),
    node('Max', ['hop_rounded', 'one_f'], ['hop_clamped']),
    node('Cast', ['hop_clamped'], ['hop'], { to: attr.int(7) }),
    // T = N × hop'; t = 0..T-1; which id each sample belongs to, and its time inside that id
    node('Shape', ['input'], ['input_shape']),
    node('Gather', ['input_shape', 'one'], ['n'], { axis: attr.int(0) }),
    node('Mul', ['n', 'hop'], ['total']),
    node('Range', ['zero', 'total', 'one'], ['t']),
    node('Div', ['t', 'hop'], ['slot']),
    node('Mod', ['t', 'hop'], ['t_local']),
    node('Squeeze', ['input', 'axis0'], ['ids']),
    node('Gather', ['ids', 'slot'], ['id_per_sample'], { axis: attr.int(0) }),
    node('Cast', ['id_per_sample'], ['id_f'], { to: attr.int(1) }),
    // frequency = base + id × step (+ sid × speakerHz)
    node('Mul', ['id_f', 'step_hz'], ['id_hz']),
    node('Add', ['id_hz', 'base_hz'], [toneOut]),
    ...(multi
      ? [
          node('Cast', ['sid'], ['sid_f'], { to: attr.int(1) }),
          node('Mul', ['sid_f', 'speaker_hz'], ['sid_hz']),
          node('Add', ['tone_hz', 'sid_hz'], ['freq']),
        ]
      : []),
    // sin(2π f t / sr) × amplitude, silent on the pad id 0
    node('Cast', ['t_local'], ['t_f'], { to: attr.int(1) }),
    node('Mul', ['freq', 't_f'], ['cycles']),
    node('Mul', ['cycles', 'two_pi_over_sr'], ['phase']),
    node('Sin', ['phase'], ['wave']),
    node('Min', ['id_f', 'one_f'], ['voiced']),
    node('Mul', ['wave', 'voiced'], ['gated']),
    node('Mul', ['gated', 'amplitude'], ['audio']),
    node('Unsqueeze', ['audio', 'axes01'], ['output']),
  ];
  return buildModel({
    opset: 17,
    producerName: 'tapehouse-generated-piper',
    metadata: generatedPiperMetadata(o),
    graph: {
      name: 'tapehouse-generated-piper',
      inputs: [
        valueInfo('input', 'int64', [1, 'phonemes']),
        valueInfo('input_lengths', 'int64', [1]),
        valueInfo('scales', 'float32', [3]),
        ...(multi ? [valueInfo('sid', 'int64', [1])] : []),
      ],
      outputs: [valueInfo('output', 'float32', [1, 1, 'time'])],
      initializers: [
        tensor('zero', 'int64', [], [0]),
        tensor('one', 'int64', [], [1]),
        tensor('axis0', 'int64', [1], [0]),
        tensor('axes01', 'int64', [2], [0, 1]),
        tensor('one_f', 'float32', [], [1]),
        tensor('hop_f', 'float32', [], [o.hop]),
        tensor('step_hz', 'float32', [], [o.stepHz]),
        tensor('base_hz', 'float32', [], [o.baseHz]),
        tensor('speaker_hz', 'float32', [], [o.speakerHz]),
        tensor('two_pi_over_sr', 'float32', [], [(2 * Math.PI) / o.sampleRate]),
        tensor('amplitude', 'float32', [], [o.amplitude]),
      ].filter((t) => multi || t.name !== 'speaker_hz'),
      nodes,
    },
  });
}

/**
 * Model metadata as Piper exports converted for sherpa-onnx carry it (sherpa-onnx
 * scripts/piper/add_meta_data.py), so the bench's peer can load the same file.
 */
function generatedPiperMetadata(o: Required<GeneratedPiperVoiceOptions>): Record<string, string> {
  return {
    model_type: 'vits',
    comment: 'piper',
    language: 'English',
    voice: o.espeakVoice,
    has_espeak: '1',
    n_speakers: String(o.numSpeakers),
    sample_rate: String(o.sampleRate),
  };
}

export interface GeneratedVoiceFiles {
  modelPath: string;
  configPath: string;
  config: PiperVoiceConfig;
}

/** Writes `<name>.onnx` and `<name>.onnx.json` into dir. */
export function writeGeneratedPiperVoice(
  dir: string,
  name: string,
  options: GeneratedPiperVoiceOptions = {},
): GeneratedVoiceFiles {
  fs.mkdirSync(dir, { recursive: true });
  const config = generatedPiperConfig(options);
  const modelPath = path.join(dir, `${name}.onnx`);
  const configPath = `${modelPath}.json`;
  fs.writeFileSync(modelPath, generatedPiperModel(options));
  fs.writeFileSync(configPath, `${JSON.stringify(piperConfigJson(config), null, 2)}\n`);
  return { modelPath, configPath, config };
}
