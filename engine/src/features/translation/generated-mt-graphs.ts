/**
 * ONNX graphs with the signatures of transformers.js' Marian and M2M100 exports (optimum's
 * `encoder_model.onnx` and `decoder_model_merged.onnx`, as in Xenova/opus-mt-* and
 * Xenova/m2m100_418M), generated for tests: no trained weights, a word-for-word dictionary.
 *
 * - Encoder: input_ids, attention_mask [batch, src] → last_hidden_state [batch, src, vocab], the
 *   one-hot of each source token (zero where the mask is 0).
 * - Merged decoder: encoder_attention_mask, input_ids [batch, cur], encoder_hidden_states,
 *   past_key_values.0.{decoder,encoder}.{key,value}, use_cache_branch → logits [batch, cur,
 *   vocab] and present.0.*. The decoder cache holds the token ids decoded so far (as floats), so
 *   the graph knows each output position (the cache length) and, for many-to-many models, the
 *   target language (the token decoded at position 1, M2M100's forced BOS). The logits at output
 *   position p put the translation of source token p first: `tables[language][source[p]]`.
 *   Past the end of a (padded) source it babbles `babble`, as a real model does after its
 *   end-of-sequence, so a caller that reads past it is caught.
 *
 * So the real library drives them through its real path: tokenizer, encoder, KV-cache decoding
 * with the merged decoder, forced BOS, greedy search, detokenisation.
 */
import { attr, buildModel, node, tensor, valueInfo } from '../../inference/onnx-builder.ts';

const HEAD_DIM = 2;
const CONFIDENT = 10;

export interface DictionaryGraphs {
  encoder: Uint8Array;
  decoder: Uint8Array;
}

/**
 * `tables[l][s]` is the target token for source token `s` in target language `l`;
 * `languageOf[token]` picks the table from the token at decoder position 1 (all 0 for a
 * single-target model).
 */
export function dictionaryGraphs(
  vocab: number,
  tables: readonly (readonly number[])[],
  languageOf: readonly number[],
  babble: number,
): DictionaryGraphs {
  return {
    encoder: encoderGraph(vocab),
    decoder: decoderGraph(vocab, tables, languageOf, babble),
  };
}

function encoderGraph(vocab: number): Uint8Array {
  const identity = new Float32Array(vocab * vocab);
  for (let i = 0; i < vocab; i++) identity[i * vocab + i] = 1;
  return buildModel({
    producerName: 'tapehouse-generated-mt-encoder',
    graph: {
      name: 'encoder',
      inputs: [
        valueInfo('input_ids', 'int64', ['batch_size', 'encoder_sequence_length']),
        valueInfo('attention_mask', 'int64', ['batch_size', 'encoder_sequence_length']),
      ],
      outputs: [
        valueInfo('last_hidden_state', 'float32', ['batch_size', 'encoder_sequence_length', vocab]),
      ],
      initializers: [
        tensor('embed', 'float32', [vocab, vocab], identity),
        tensor('axis2', 'int64', [1], [2]),
      ],
      nodes: [
        node('Gather', ['embed', 'input_ids'], ['onehot'], { axis: attr.int(0) }),
        node('Cast', ['attention_mask'], ['mask_f'], { to: attr.int(1) }),
        node('Unsqueeze', ['mask_f', 'axis2'], ['mask3']),
        node('Mul', ['onehot', 'mask3'], ['last_hidden_state']),
      ],
    },
  });
}

function decoderGraph(
  vocab: number,
  tables: readonly (readonly number[])[],
  languageOf: readonly number[],
  babble: number,
): Uint8Array {
  const bias = new Float32Array(vocab);
  bias[babble] = 1;
  const stacked = new Float32Array(tables.length * vocab * vocab);
  tables.forEach((table, l) =>
    table.forEach((target, source) => {
      stacked[l * vocab * vocab + source * vocab + target] = CONFIDENT;
    }),
  );
  const kv = (name: string, seq: string) =>
    valueInfo(name, 'float32', ['batch_size', 1, seq, HEAD_DIM]);
  return buildModel({
    producerName: 'tapehouse-generated-mt-decoder',
    graph: {
      name: 'decoder_merged',
      inputs: [
        valueInfo('encoder_attention_mask', 'int64', ['batch_size', 'encoder_sequence_length']),
        valueInfo('input_ids', 'int64', ['batch_size', 'decoder_sequence_length']),
        valueInfo('encoder_hidden_states', 'float32', [
          'batch_size',
          'encoder_sequence_length',
          vocab,
        ]),
        kv('past_key_values.0.decoder.key', 'past_decoder_sequence_length'),
        kv('past_key_values.0.decoder.value', 'past_decoder_sequence_length'),
        kv('past_key_values.0.encoder.key', 'encoder_sequence_length_out'),
        kv('past_key_values.0.encoder.value', 'encoder_sequence_length_out'),
        valueInfo('use_cache_branch', 'bool', [1]),
      ],
      outputs: [
        valueInfo('logits', 'float32', ['batch_size', 'decoder_sequence_length', vocab]),
        kv('present.0.decoder.key', 'present_decoder_sequence_length'),
        kv('present.0.decoder.value', 'present_decoder_sequence_length'),
        kv('present.0.encoder.key', 'encoder_sequence_length_out'),
        kv('present.0.encoder.value', 'encoder_sequence_length_out'),
      ],
      initializers: [
        tensor('tables', 'float32', [tables.length, vocab, vocab], stacked),
        tensor('babble_bias', 'float32', [vocab], bias),
        tensor(
          'language_of',
          'int64',
          [vocab],
          languageOf.map((l) => BigInt(l)),
        ),
        tensor('kv_width', 'float32', [1, 1, 1, HEAD_DIM], [1, 1]),
        tensor('axes_1_3', 'int64', [2], [1, 3]),
        tensor('two', 'int64', [], [2]),
        tensor('one', 'int64', [], [1]),
        tensor('one_1d', 'int64', [1], [1]),
        tensor('zero_1d', 'int64', [1], [0]),
        tensor('head_dim', 'int64', [1], [HEAD_DIM]),
        tensor('channel_axis', 'int64', [1], [2]),
        tensor('batch_axis', 'int64', [1], [1]),
      ],
      nodes: [
        // The cache: every token decoded so far, as floats in the key's first channel.
        node('Cast', ['input_ids'], ['ids_f'], { to: attr.int(1) }),
        node('Unsqueeze', ['ids_f', 'axes_1_3'], ['ids4']),
        node('Mul', ['ids4', 'kv_width'], ['new_kv']),
        node('Concat', ['past_key_values.0.decoder.key', 'new_kv'], ['present.0.decoder.key'], {
          axis: attr.int(2),
        }),
        node('Identity', ['present.0.decoder.key'], ['present.0.decoder.value']),
        // Output positions: past length … past length + cur − 1, held inside the source.
        node('Shape', ['past_key_values.0.decoder.key'], ['past_shape']),
        node('Gather', ['past_shape', 'two'], ['past_len'], { axis: attr.int(0) }),
        node('Shape', ['input_ids'], ['ids_shape']),
        node('Gather', ['ids_shape', 'one'], ['cur_len'], { axis: attr.int(0) }),
        node('Add', ['past_len', 'cur_len'], ['end']),
        node('Range', ['past_len', 'end', 'one'], ['positions']),
        node('Shape', ['encoder_hidden_states'], ['enc_shape']),
        node('Gather', ['enc_shape', 'one'], ['enc_len'], { axis: attr.int(0) }),
        node('Sub', ['enc_len', 'one'], ['last_source']),
        node('Min', ['positions', 'last_source'], ['source_positions']),
        node('Gather', ['encoder_hidden_states', 'source_positions'], ['picked'], {
          axis: attr.int(1),
        }),
        // The target language: the token at decoder position 1 (position 0 before it exists).
        node('Sub', ['end', 'one'], ['last_decoded']),
        node('Min', ['one', 'last_decoded'], ['language_position']),
        node('Squeeze', ['present.0.decoder.key', 'batch_axis'], ['cache3']),
        node('Gather', ['cache3', 'language_position'], ['language_row'], {
          axis: attr.int(1),
        }),
        node('Gather', ['language_row', 'zero_1d'], ['language_f2'], { axis: attr.int(1) }),
        node('Squeeze', ['language_f2', 'batch_axis'], ['language_f']),
        node('Cast', ['language_f'], ['language_token'], { to: attr.int(7) }),
        node('Gather', ['language_of', 'language_token'], ['language'], { axis: attr.int(0) }),
        node('Gather', ['tables', 'language'], ['table'], { axis: attr.int(0) }),
        node('MatMul', ['picked', 'table'], ['scores']),
        node('Add', ['scores', 'babble_bias'], ['logits']),
        // Cross-attention cache: the first channels of the encoder states.
        node('Slice', ['encoder_hidden_states', 'zero_1d', 'head_dim', 'channel_axis'], ['enc_kv']),
        node('Unsqueeze', ['enc_kv', 'one_1d'], ['present.0.encoder.key']),
        node('Identity', ['present.0.encoder.key'], ['present.0.encoder.value']),
      ],
    },
  });
}
