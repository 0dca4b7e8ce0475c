/**
 * Translation packs the project generates for tests, in the file layout of the real
 * transformers.js repositories (config.json, generation_config.json, tokenizer.json,
 * tokenizer_config.json, onnx/encoder_model_quantized.onnx, onnx/decoder_model_merged_quantized.onnx)
 * and with their token conventions: Marian (`</s>` 0, `<unk>` 1, `<pad>` last and the decoder
 * start; optional `>>xx<<` target token) and M2M100 (`<s>` `<pad>` `</s>` `<unk>`, `__xx__`
 * language tokens framing the source, the target's forced as BOS). The weights are a
 * word-for-word dictionary (generated-mt-graphs.ts) over a few words, so a test can say what the
 * translation must be: "Hello world." → "hallo welt." (en→de). Unknown words are spelled through
 * letter by letter, the way names survive a real model.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { dictionaryGraphs } from './generated-mt-graphs.ts';
import { MT_FILES, repoPath } from './mt-files.ts';

export { MT_FILES } from './mt-files.ts';

type Lang = 'en' | 'de' | 'es' | 'fr';

/** One meaning per row, lower case (the generated tokenizer lower-cases). */
export const GENERATED_DICTIONARY: readonly Record<Lang, string>[] = [
  { en: 'hello', de: 'hallo', es: 'hola', fr: 'bonjour' },
  { en: 'world', de: 'welt', es: 'mundo', fr: 'monde' },
  { en: 'good', de: 'guten', es: 'buenos', fr: 'bon' },
  { en: 'morning', de: 'morgen', es: 'días', fr: 'matin' },
  { en: 'the', de: 'die', es: 'el', fr: 'le' },
  { en: 'cat', de: 'katze', es: 'gato', fr: 'chat' },
  { en: 'sleeps', de: 'schläft', es: 'duerme', fr: 'dort' },
  { en: 'dog', de: 'hund', es: 'perro', fr: 'chien' },
  { en: 'runs', de: 'läuft', es: 'corre', fr: 'court' },
  { en: 'and', de: 'und', es: 'y', fr: 'et' },
  { en: 'thank', de: 'danke', es: 'gracias', fr: 'merci' },
  { en: 'you', de: 'dir', es: 'te', fr: 'toi' },
];

const LETTERS = [...'abcdefghijklmnopqrstuvwxyzäöüßéèêàçñíóúá'];
const PUNCTUATION = ['.', ',', '?', '!', "'"];
const SPACE = '\u2581';

interface Vocabulary {
  pieces: string[];
  id: Map<string, number>;
  special: string[];
}

function vocabulary(head: string[], words: string[], tail: string[]): Vocabulary {
  const pieces = [
    ...head,
    SPACE,
    ...LETTERS,
    ...PUNCTUATION,
    ...[...new Set(words)].map((w) => SPACE + w),
    ...tail,
  ];
  return { pieces, id: new Map(pieces.map((p, i) => [p, i])), special: [...head, ...tail] };
}

/** A word-for-word table from `from` into `to`; everything else maps to itself. */
function table(v: Vocabulary, from: Lang | null, to: Lang): number[] {
  const out = v.pieces.map((_, i) => i);
  if (from === null) return out;
  for (const row of GENERATED_DICTIONARY) {
    const s = v.id.get(SPACE + row[from]);
    const t = v.id.get(SPACE + row[to]);
    if (s !== undefined && t !== undefined) out[s] = t;
  }
  return out;
}

function tokenizerJson(v: Vocabulary, single: unknown[]): unknown {
  const score = (p: string) =>
    v.special.includes(p) ? 0 : p.startsWith(SPACE) && p.length > 1 ? -1 : p === SPACE ? -5 : -10;
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: v.special.map((content) => ({
      id: v.id.get(content),
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: { type: 'Lowercase' },
    pre_tokenizer: { type: 'Metaspace', replacement: SPACE, prepend_scheme: 'always', split: true },
    post_processor: { type: 'TemplateProcessing', single, pair: single, special_tokens: {} },
    decoder: { type: 'Metaspace', replacement: SPACE, prepend_scheme: 'always', split: true },
    model: {
      type: 'Unigram',
      unk_id: v.id.get('<unk>'),
      vocab: v.pieces.map((p) => [p, score(p)]),
      byte_fallback: false,
    },
  };
}

const sequence = { Sequence: { id: 'A', type_id: 0 } };
const special = (id: string) => ({ SpecialToken: { id, type_id: 0 } });

interface PackFiles {
  files: Record<keyof typeof MT_FILES, Uint8Array | string>;
}

export interface MarianOptions {
  source: Lang;
  target: Lang;
  /** A `>>xx<<` token the source must start with (multi-target Opus-MT models). */
  targetToken?: string;
}

export function generatedMarian({ source, target, targetToken }: MarianOptions): PackFiles {
  const words = GENERATED_DICTIONARY.flatMap((row) => [row[source], row[target]]);
  const v = vocabulary(['</s>', '<unk>'], words, [...(targetToken ? [targetToken] : []), '<pad>']);
  const pad = v.id.get('<pad>') ?? 0;
  const map = table(v, source, target);
  if (targetToken) map[v.id.get(targetToken) ?? 0] = pad;
  const babble = v.id.get(SPACE + (GENERATED_DICTIONARY[0]?.[target] ?? '')) ?? 0;
  const graphs = dictionaryGraphs(
    v.pieces.length,
    [map],
    v.pieces.map(() => 0),
    babble,
  );
  const config = {
    model_type: 'marian',
    architectures: ['MarianMTModel'],
    is_encoder_decoder: true,
    vocab_size: v.pieces.length,
    decoder_vocab_size: v.pieces.length,
    d_model: v.pieces.length,
    encoder_layers: 1,
    decoder_layers: 1,
    encoder_attention_heads: 1,
    decoder_attention_heads: 1,
    max_position_embeddings: 512,
    bos_token_id: 0,
    eos_token_id: 0,
    pad_token_id: pad,
    decoder_start_token_id: pad,
  };
  return {
    files: {
      config: JSON.stringify(config, null, 2),
      generation: JSON.stringify({
        bos_token_id: 0,
        eos_token_id: 0,
        forced_eos_token_id: 0,
        pad_token_id: pad,
        decoder_start_token_id: pad,
        max_length: 512,
        num_beams: 4,
      }),
      tokenizer: JSON.stringify(tokenizerJson(v, [sequence, special('</s>')])),
      tokenizerConfig: JSON.stringify({
        tokenizer_class: 'MarianTokenizer',
        source_lang: source,
        target_lang: target,
        model_max_length: 512,
        eos_token: '</s>',
        unk_token: '<unk>',
        pad_token: '<pad>',
      }),
      encoder: graphs.encoder,
      decoder: graphs.decoder,
    },
  };
}

export const M2M_LANGUAGES: readonly Lang[] = ['en', 'de', 'es', 'fr'];

export function generatedM2M100(): PackFiles {
  const words = GENERATED_DICTIONARY.flatMap((row) => M2M_LANGUAGES.map((l) => row[l]));
  const langTokens = M2M_LANGUAGES.map((l) => `__${l}__`);
  const v = vocabulary(['<s>', '<pad>', '</s>', '<unk>'], words, langTokens);
  // Source words of any language map to the target's word of the same meaning.
  const tables = M2M_LANGUAGES.map((to) => {
    const out = v.pieces.map((_, i) => i);
    for (const from of M2M_LANGUAGES)
      table(v, from, to).forEach((t, s) => {
        if (t !== s) out[s] = t;
      });
    return out;
  });
  const languageOf = v.pieces.map((p) => Math.max(0, langTokens.indexOf(p)));
  const babble = v.id.get(SPACE + (GENERATED_DICTIONARY[0]?.en ?? '')) ?? 0;
  const graphs = dictionaryGraphs(v.pieces.length, tables, languageOf, babble);
  const config = {
    model_type: 'm2m_100',
    architectures: ['M2M100ForConditionalGeneration'],
    is_encoder_decoder: true,
    vocab_size: v.pieces.length,
    d_model: v.pieces.length,
    encoder_layers: 1,
    decoder_layers: 1,
    encoder_attention_heads: 1,
    decoder_attention_heads: 1,
    max_position_embeddings: 1024,
    bos_token_id: 0,
    pad_token_id: 1,
    eos_token_id: 2,
    decoder_start_token_id: 2,
  };
  return {
    files: {
      config: JSON.stringify(config, null, 2),
      generation: JSON.stringify({
        bos_token_id: 0,
        decoder_start_token_id: 2,
        eos_token_id: 2,
        pad_token_id: 1,
        max_length: 200,
        num_beams: 5,
      }),
      tokenizer: JSON.stringify(tokenizerJson(v, [special('__en__'), sequence, special('</s>')])),
      tokenizerConfig: JSON.stringify({
        tokenizer_class: 'M2M100Tokenizer',
        src_lang: 'en',
        tgt_lang: 'de',
        model_max_length: 1024,
        bos_token: '<s>',
        eos_token: '</s>',
        unk_token: '<unk>',
        pad_token: '<pad>',
        additional_special_tokens: langTokens,
      }),
      encoder: graphs.encoder,
      decoder: graphs.decoder,
    },
  };
}

/**
 * Writes a pack's files under `<root>/translation/<id>/` (the real repositories' layout) and
 * returns the manifest entries for them (url under `urlBase`, sha256 and bytes of these bytes).
 */
export function writeGeneratedMtFiles(root: string, id: string, pack: PackFiles, urlBase: string) {
  return (Object.keys(MT_FILES) as (keyof typeof MT_FILES)[]).map((key) => {
    const relative = `translation/${id}/${repoPath(key)}`;
    const file = path.join(root, ...relative.split('/'));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const bytes = pack.files[key];
    fs.writeFileSync(file, bytes);
    const data = fs.readFileSync(file);
    return {
      name: MT_FILES[key],
      path: relative,
      url: `${urlBase}/${repoPath(key)}`,
      sha256: createHash('sha256').update(data).digest('hex'),
      bytes: data.length,
    };
  });
}

export interface GeneratedMtPackOptions {
  id: string;
  /** A Marian pair, or the many-to-many M2M100 model (en, de, es, fr). */
  kind: MarianOptions | 'm2m100';
  /** Where the files claim to come from (tests' model mirror, or example.com). */
  urlBase?: string;
}

/** Writes a generated pack under `source` and returns its manifest (task translation). */
export function writeGeneratedMtPack(source: string, options: GeneratedMtPackOptions) {
  const { id, kind } = options;
  const pack = kind === 'm2m100' ? generatedM2M100() : generatedMarian(kind);
  const files = writeGeneratedMtFiles(
    source,
    id,
    pack,
    options.urlBase ?? `https://example.com/generated/${id}`,
  );
  const translator =
    kind === 'm2m100'
      ? { family: 'm2m100' as const }
      : {
          family: 'marian' as const,
          source: kind.source,
          target: kind.target,
          ...(kind.targetToken && { targetToken: kind.targetToken }),
        };
  return {
    source,
    manifest: {
      manifestVersion: 1,
      id,
      task: 'translation',
      version: '1.0.0',
      title: `Generated ${kind === 'm2m100' ? 'M2M100' : `Opus-MT ${kind.source}-${kind.target}`} (tests)`,
      description: 'transformers.js export signature with a generated word-for-word dictionary.',
      licence: 'MIT',
      source: { page: 'https://example.com/' },
      ...(kind === 'm2m100' && { languages: [...M2M_LANGUAGES] }),
      translator,
      files,
    },
  };
}
