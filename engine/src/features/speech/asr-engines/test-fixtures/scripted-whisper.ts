/**
 * A Whisper model pair in sherpa-onnx's export format (its scripts/whisper/export-onnx.py:
 * encoder `mel [N, n_mels, T]` → `n_layer_cross_k`, `n_layer_cross_v`; decoder `tokens`,
 * `in_n_layer_self_k_cache`, `in_n_layer_self_v_cache`, `n_layer_cross_k`, `n_layer_cross_v`,
 * `offset` → `logits`, `out_n_layer_self_k_cache`, `out_n_layer_self_v_cache`; the tokenizer's
 * special ids and language list as metadata on the encoder), with tiny dimensions and no
 * learned weights: the decoder's logits at position p are one-hot on `script[p]`. So the real
 * sherpa-onnx pipeline (features, language detection, greedy decoding, the real tiktoken
 * vocabulary) runs end to end and its output is known in advance. Test code only.
 *
 * Script layout: position 0 is read for language detection (the decoder sees `<|sot|>` alone);
 * with the prompt `<|sot|><|lang|><|task|><|notimestamps|>` the first text token is read at
 * position 3, then 4, 5, …; end the script with EOT.
 */
import fs from 'node:fs';
import path from 'node:path';
import { attr, buildModel, node, tensor, valueInfo } from '../../../../inference/onnx-builder.ts';

/** openai/whisper tokenizer.py LANGUAGES order (token <|en|> = 50259 + index). */
export const WHISPER_LANGUAGES = [
  'en',
  'zh',
  'de',
  'es',
  'ru',
  'ko',
  'fr',
  'ja',
  'pt',
  'tr',
  'pl',
  'ca',
  'nl',
  'ar',
  'sv',
  'it',
  'id',
  'hi',
  'fi',
  'vi',
  'he',
  'uk',
  'el',
  'ms',
  'cs',
  'ro',
  'da',
  'hu',
  'ta',
  'no',
  'th',
  'ur',
  'hr',
  'bg',
  'lt',
  'la',
  'mi',
  'ml',
  'cy',
  'sk',
  'te',
  'fa',
  'lv',
  'bn',
  'sr',
  'az',
  'sl',
  'kn',
  'et',
  'mk',
  'br',
  'eu',
  'is',
  'hy',
  'ne',
  'mn',
  'bs',
  'kk',
  'sq',
  'sw',
  'gl',
  'mr',
  'pa',
  'si',
  'km',
  'sn',
  'yo',
  'so',
  'af',
  'oc',
  'ka',
  'be',
  'tg',
  'sd',
  'gu',
  'am',
  'yi',
  'lo',
  'uz',
  'fo',
  'ht',
  'ps',
  'tk',
  'nn',
  'mt',
  'sa',
  'lb',
  'my',
  'bo',
  'tl',
  'mg',
  'as',
  'tt',
  'haw',
  'ln',
  'ha',
  'ba',
  'jw',
  'su',
] as const;

/** Special ids of the multilingual (v1/v2) vocabulary, n_vocab 51865. */
export const WHISPER_IDS = {
  eot: 50257,
  sot: 50258,
  firstLanguage: 50259,
  translate: 50358,
  transcribe: 50359,
  noSpeech: 50362,
  noTimestamps: 50363,
  vocab: 51865,
} as const;

export function languageToken(code: string): number {
  const index = (WHISPER_LANGUAGES as readonly string[]).indexOf(code);
  if (index < 0) throw new Error(`not a Whisper language: ${code}`);
  return WHISPER_IDS.firstLanguage + index;
}

/** The rank of one token's bytes in a tiktoken file (the id Whisper uses for it). */
export function tiktokenRank(tiktokenFile: string, text: string): number {
  const wanted = Buffer.from(text, 'utf8').toString('base64');
  for (const line of fs.readFileSync(tiktokenFile, 'utf8').split('\n')) {
    const [token, rank] = line.split(' ');
    if (token === wanted) return Number(rank);
  }
  throw new Error(`"${text}" is not one token in ${tiktokenFile}`);
}

const LAYERS = 1;
const STATE = 8;
const CTX = 448;
const AUDIO_CTX = 4;

export function writeScriptedWhisper(
  dir: string,
  script: readonly number[],
): { encoder: string; decoder: string } {
  fs.mkdirSync(dir, { recursive: true });
  const metadata: Record<string, string> = {
    model_type: 'whisper-scripted-test',
    n_mels: '80',
    n_audio_ctx: String(AUDIO_CTX),
    n_audio_state: String(STATE),
    n_audio_layer: String(LAYERS),
    n_text_ctx: String(CTX),
    n_text_state: String(STATE),
    n_text_layer: String(LAYERS),
    n_vocab: String(WHISPER_IDS.vocab),
    sot: String(WHISPER_IDS.sot),
    eot: String(WHISPER_IDS.eot),
    blank_id: '220',
    is_multilingual: '1',
    no_speech: String(WHISPER_IDS.noSpeech),
    non_speech_tokens: '',
    transcribe: String(WHISPER_IDS.transcribe),
    translate: String(WHISPER_IDS.translate),
    sot_prev: '50361',
    sot_lm: '50360',
    no_timestamps: String(WHISPER_IDS.noTimestamps),
    sot_sequence: [WHISPER_IDS.sot, WHISPER_IDS.firstLanguage, WHISPER_IDS.transcribe].join(','),
    all_language_tokens: WHISPER_LANGUAGES.map((_, i) => WHISPER_IDS.firstLanguage + i).join(','),
    all_language_codes: WHISPER_LANGUAGES.join(','),
  };
  const crossShape = [LAYERS, 1, AUDIO_CTX, STATE];
  const encoder = buildModel({
    metadata,
    graph: {
      name: 'scripted_whisper_encoder',
      inputs: [valueInfo('mel', 'float32', [1, 80, 'T'])],
      outputs: [
        valueInfo('n_layer_cross_k', 'float32', crossShape),
        valueInfo('n_layer_cross_v', 'float32', crossShape),
      ],
      initializers: [tensor('cross_shape', 'int64', [4], crossShape.map(BigInt))],
      nodes: [
        node('ReduceMean', ['mel'], ['mean'], { keepdims: attr.int(1) }),
        node('Expand', ['mean', 'cross_shape'], ['n_layer_cross_k']),
        node('Identity', ['n_layer_cross_k'], ['n_layer_cross_v']),
      ],
    },
  });
  const selfShape = [LAYERS, 'N', CTX, STATE];
  const decoder = buildModel({
    graph: {
      name: 'scripted_whisper_decoder',
      inputs: [
        valueInfo('tokens', 'int64', ['N', 'n']),
        valueInfo('in_n_layer_self_k_cache', 'float32', selfShape),
        valueInfo('in_n_layer_self_v_cache', 'float32', selfShape),
        valueInfo('n_layer_cross_k', 'float32', [LAYERS, 'N', AUDIO_CTX, STATE]),
        valueInfo('n_layer_cross_v', 'float32', [LAYERS, 'N', AUDIO_CTX, STATE]),
        valueInfo('offset', 'int64', [1]),
      ],
      outputs: [
        valueInfo('logits', 'float32', ['N', 'n', WHISPER_IDS.vocab]),
        valueInfo('out_n_layer_self_k_cache', 'float32', selfShape),
        valueInfo('out_n_layer_self_v_cache', 'float32', selfShape),
      ],
      initializers: [
        tensor('script', 'int64', [script.length], script.map(BigInt)),
        tensor('one', 'int64', [], [1n]),
        tensor('last', 'int64', [], [BigInt(script.length - 1)]),
        tensor('axis1', 'int64', [1], [1n]),
        tensor('depth', 'int64', [1], [BigInt(WHISPER_IDS.vocab)]),
        tensor('onehot_values', 'float32', [2], [0, 10]),
      ],
      nodes: [
        node('Shape', ['tokens'], ['tokens_shape']),
        node('Gather', ['tokens_shape', 'one'], ['n'], { axis: attr.int(0) }),
        node('Squeeze', ['offset'], ['offset_scalar']),
        node('Add', ['offset_scalar', 'n'], ['limit']),
        node('Range', ['offset_scalar', 'limit', 'one'], ['positions']),
        node('Min', ['positions', 'last'], ['clipped']),
        node('Gather', ['script', 'clipped'], ['ids'], { axis: attr.int(0) }),
        node('Shape', ['tokens'], ['batch_shape']),
        node('Reshape', ['ids', 'batch_shape'], ['ids_2d']),
        node('OneHot', ['ids_2d', 'depth', 'onehot_values'], ['logits'], { axis: attr.int(-1) }),
        node('Identity', ['in_n_layer_self_k_cache'], ['out_n_layer_self_k_cache']),
        node('Identity', ['in_n_layer_self_v_cache'], ['out_n_layer_self_v_cache']),
      ],
    },
  });
  const files = {
    encoder: path.join(dir, 'encoder.onnx'),
    decoder: path.join(dir, 'decoder.onnx'),
  };
  fs.writeFileSync(files.encoder, encoder);
  fs.writeFileSync(files.decoder, decoder);
  return files;
}
