/**
 * A tiny, valid GGUF language model the tests write themselves (no real weights are reachable
 * here): llama architecture, 2 layers, width 64, F32 tensors, a byte vocabulary (unknown, begin,
 * end, the 256 byte tokens, ChatML's two markers and a few JSON characters: 268 tokens) and a
 * ChatML chat template in the metadata, so node-llama-cpp loads it on the CPU and picks its
 * ChatML wrapper as it would for a Qwen model. The weights are a fixed pseudo-random sequence:
 * the same bytes every run (about 0.5 MB). What it says is noise; a JSON-schema grammar makes
 * that noise valid answers, which is what the engine's code paths need.
 *
 * Layout from ggml's GGUF specification (docs/gguf.md in ggml-org/ggml, version 3): header
 * (magic, version, tensor count, metadata count), metadata key/values, tensor infos (name,
 * dimensions innermost first, type, offset into the data), padding to `general.alignment`, data.
 */
import fs from 'node:fs';

const enum ValueType {
  Uint32 = 4,
  Int32 = 5,
  Float32 = 6,
  Bool = 7,
  String = 8,
  Array = 9,
}

const ALIGNMENT = 32;
const GGML_F32 = 0;
/** llama.cpp token types (llama_token_type). */
const TOKEN = { normal: 1, unknown: 2, control: 3, byte: 6 } as const;

export const TINY_CHAT_TEMPLATE =
  "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}" +
  "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

export interface TinyGgufOptions {
  /** The model's trained context length (the engine may use less). Default 4096. */
  contextLength?: number;
  /** Seed of the weights. */
  seed?: number;
}

class Writer {
  private chunks: Buffer[] = [];
  length = 0;
  push(buffer: Buffer): void {
    this.chunks.push(buffer);
    this.length += buffer.length;
  }
  u32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(value);
    this.push(b);
  }
  i32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeInt32LE(value);
    this.push(b);
  }
  u64(value: number): void {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(value));
    this.push(b);
  }
  f32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeFloatLE(value);
    this.push(b);
  }
  str(value: string): void {
    const bytes = Buffer.from(value, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  pad(): void {
    const rest = this.length % ALIGNMENT;
    if (rest !== 0) this.push(Buffer.alloc(ALIGNMENT - rest));
  }
  buffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

type Meta =
  | { type: ValueType.Uint32 | ValueType.Int32 | ValueType.Float32; value: number }
  | { type: ValueType.Bool; value: boolean }
  | { type: ValueType.String; value: string }
  | { type: ValueType.Array; of: ValueType.String; value: string[] }
  | { type: ValueType.Array; of: ValueType.Float32 | ValueType.Int32; value: number[] };

function writeMeta(w: Writer, key: string, meta: Meta): void {
  w.str(key);
  w.u32(meta.type);
  switch (meta.type) {
    case ValueType.Uint32:
      return w.u32(meta.value);
    case ValueType.Int32:
      return w.i32(meta.value);
    case ValueType.Float32:
      return w.f32(meta.value);
    case ValueType.Bool:
      return w.push(Buffer.from([meta.value ? 1 : 0]));
    case ValueType.String:
      return w.str(meta.value);
    case ValueType.Array:
      w.u32(meta.of);
      w.u64(meta.value.length);
      for (const item of meta.value) {
        if (typeof item === 'string') w.str(item);
        else if (meta.of === ValueType.Float32) w.f32(item);
        else w.i32(item);
      }
  }
}

function vocabulary(): { tokens: string[]; types: number[]; scores: number[] } {
  const tokens = ['<unk>', '<s>', '</s>'];
  const types: number[] = [TOKEN.unknown, TOKEN.control, TOKEN.control];
  for (let byte = 0; byte < 256; byte += 1) {
    tokens.push(`<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`);
    types.push(TOKEN.byte);
  }
  tokens.push('<|im_start|>', '<|im_end|>');
  types.push(TOKEN.control, TOKEN.control);
  for (const piece of ['\u2581', '{', '}', '"', ':', ',', '[', ']', '\u2581"']) {
    tokens.push(piece);
    types.push(TOKEN.normal);
  }
  return { tokens, types, scores: tokens.map((_, i) => -i) };
}

/** mulberry32: a small deterministic generator, so the file is the same bytes every run. */
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

/** The GGUF bytes. */
export function tinyGguf(options: TinyGgufOptions = {}): Buffer {
  const width = 64;
  const layers = 2;
  const heads = 4;
  const feedForward = 128;
  const vocab = vocabulary();
  const nVocab = vocab.tokens.length;
  const next = random(options.seed ?? 20261128);
  const tensors: { name: string; dims: number[]; fill: 'one' | 'random' }[] = [
    { name: 'token_embd.weight', dims: [width, nVocab], fill: 'random' },
    { name: 'output_norm.weight', dims: [width], fill: 'one' },
    { name: 'output.weight', dims: [width, nVocab], fill: 'random' },
  ];
  for (let layer = 0; layer < layers; layer += 1) {
    const blk = `blk.${layer}`;
    tensors.push(
      { name: `${blk}.attn_norm.weight`, dims: [width], fill: 'one' },
      { name: `${blk}.attn_q.weight`, dims: [width, width], fill: 'random' },
      { name: `${blk}.attn_k.weight`, dims: [width, width], fill: 'random' },
      { name: `${blk}.attn_v.weight`, dims: [width, width], fill: 'random' },
      { name: `${blk}.attn_output.weight`, dims: [width, width], fill: 'random' },
      { name: `${blk}.ffn_norm.weight`, dims: [width], fill: 'one' },
      { name: `${blk}.ffn_gate.weight`, dims: [width, feedForward], fill: 'random' },
      { name: `${blk}.ffn_up.weight`, dims: [width, feedForward], fill: 'random' },
      { name: `${blk}.ffn_down.weight`, dims: [feedForward, width], fill: 'random' },
    );
  }
  const metadata: [string, Meta][] = [
    ['general.architecture', { type: ValueType.String, value: 'llama' }],
    ['general.name', { type: ValueType.String, value: 'Tapehouse test model' }],
    ['general.alignment', { type: ValueType.Uint32, value: ALIGNMENT }],
    ['llama.context_length', { type: ValueType.Uint32, value: options.contextLength ?? 4096 }],
    ['llama.embedding_length', { type: ValueType.Uint32, value: width }],
    ['llama.block_count', { type: ValueType.Uint32, value: layers }],
    ['llama.feed_forward_length', { type: ValueType.Uint32, value: feedForward }],
    ['llama.attention.head_count', { type: ValueType.Uint32, value: heads }],
    ['llama.attention.head_count_kv', { type: ValueType.Uint32, value: heads }],
    ['llama.attention.layer_norm_rms_epsilon', { type: ValueType.Float32, value: 1e-5 }],
    ['llama.rope.dimension_count', { type: ValueType.Uint32, value: width / heads }],
    ['llama.vocab_size', { type: ValueType.Uint32, value: nVocab }],
    ['tokenizer.ggml.model', { type: ValueType.String, value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: ValueType.Array, of: ValueType.String, value: vocab.tokens }],
    [
      'tokenizer.ggml.scores',
      { type: ValueType.Array, of: ValueType.Float32, value: vocab.scores },
    ],
    [
      'tokenizer.ggml.token_type',
      { type: ValueType.Array, of: ValueType.Int32, value: vocab.types },
    ],
    ['tokenizer.ggml.unknown_token_id', { type: ValueType.Uint32, value: 0 }],
    ['tokenizer.ggml.bos_token_id', { type: ValueType.Uint32, value: 1 }],
    ['tokenizer.ggml.eos_token_id', { type: ValueType.Uint32, value: 260 }],
    ['tokenizer.ggml.add_bos_token', { type: ValueType.Bool, value: false }],
    ['tokenizer.chat_template', { type: ValueType.String, value: TINY_CHAT_TEMPLATE }],
  ];

  const w = new Writer();
  w.push(Buffer.from('GGUF', 'latin1'));
  w.u32(3);
  w.u64(tensors.length);
  w.u64(metadata.length);
  for (const [key, meta] of metadata) writeMeta(w, key, meta);
  let offset = 0;
  const data: Buffer[] = [];
  for (const tensor of tensors) {
    const count = tensor.dims.reduce((a, b) => a * b, 1);
    w.str(tensor.name);
    w.u32(tensor.dims.length);
    for (const dim of tensor.dims) w.u64(dim);
    w.u32(GGML_F32);
    w.u64(offset);
    const values = new Float32Array(count);
    // Small weights keep activations finite through RMS norms and SiLU.
    for (let i = 0; i < count; i += 1) values[i] = tensor.fill === 'one' ? 1 : (next() - 0.5) * 0.2;
    const bytes = Buffer.from(values.buffer);
    const padded = Math.ceil(bytes.length / ALIGNMENT) * ALIGNMENT;
    data.push(bytes, Buffer.alloc(padded - bytes.length));
    offset += padded;
  }
  w.pad();
  for (const chunk of data) w.push(chunk);
  return w.buffer();
}

/** Writes the tiny model to `file` (once: the bytes never change) and returns its path. */
export function writeTinyGguf(file: string, options: TinyGgufOptions = {}): string {
  fs.writeFileSync(file, tinyGguf(options));
  return file;
}
