/**
 * The two ONNX graphs of an OpenVoice V2 conversion pack, assembled from the converter's
 * checkpoint and config (the graph template; docs/api/voices-custom.md, "Voice conversion"):
 * - converter.onnx: spec [1, bins, T], spec_lengths [1], src_tone [1, gin, 1], tgt_tone
 *   [1, gin, 1], tau [1] → audio [1, 1, T·hop] — SynthesizerTrn.voice_conversion: posterior
 *   encoder (zero speaker when zero_g), flow forward with the source tone, flow backward with the
 *   target's, HiFi-GAN decoder (zero speaker when zero_g);
 * - tone-extractor.onnx: spec_t [1, T, bins] → tone [1, gin] — ReferenceEncoder: layer norm,
 *   six 3×3 stride-2 convolutions with ReLU, a GRU whose last state is projected.
 */
import { attr, buildModel, node, valueInfo } from '../../onnx-builder.ts';
import { GraphWriter } from './graph-writer.ts';
import { ARCH, specChannels, type OpenVoiceConfig } from './openvoice-config.ts';
import { flow, generator, posteriorEncoder, type Ctx } from './openvoice-modules.ts';
import type { WeightSource } from './openvoice-weights.ts';

const OPSET = 17;

export function converterGraph(config: OpenVoiceConfig, w: WeightSource): Uint8Array {
  const g = new GraphWriter();
  const c: Ctx = { g, w, config };
  const bins = specChannels(config);
  const gin = config.model.gin_channels;
  // Mask: frame t counts while t < spec_lengths (all of them for one utterance).
  const frames = g.op('Gather', [g.op('Shape', ['spec']), g.ints([2], true)], {
    axis: attr.int(0),
  });
  const range = g.op('Range', [g.ints([0], true), frames, g.ints([1], true)]);
  const valid = g.op('Cast', [g.op('Less', [range, 'spec_lengths'])], { to: attr.int(1) });
  const mask = g.op('Unsqueeze', [valid, g.ints([0, 1])]);
  const zero = g.floats(new Array<number>(gin).fill(0), [1, gin, 1]);
  const zeroG = config.model.zero_g;
  const z = posteriorEncoder(c, 'spec', mask, zeroG ? zero : 'src_tone', 'tau');
  const zP = flow(c, z, mask, 'src_tone', false);
  const zHat = flow(c, zP, mask, 'tgt_tone', true);
  generator(c, g.op('Mul', [zHat, mask]), zeroG ? zero : 'tgt_tone', 'audio');
  return buildModel({
    opset: OPSET,
    producerName: 'tapehouse-openvoice-v2-converter',
    graph: {
      name: 'openvoice_v2_converter',
      inputs: [
        valueInfo('spec', 'float32', [1, bins, 'T']),
        valueInfo('spec_lengths', 'int64', [1]),
        valueInfo('src_tone', 'float32', [1, gin, 1]),
        valueInfo('tgt_tone', 'float32', [1, gin, 1]),
        valueInfo('tau', 'float32', [1]),
      ],
      outputs: [valueInfo('audio', 'float32', [1, 1, 'N'])],
      initializers: g.initializers,
      nodes: g.nodes,
    },
  });
}

/** PyTorch's GRU gates are (reset, update, new); ONNX's are (update, reset, hidden). */
function gruOrder(rows: Float32Array, hidden: number): Float32Array {
  const per = rows.length / 3;
  const out = new Float32Array(rows.length);
  [1, 0, 2].forEach((from, to) => out.set(rows.subarray(from * per, (from + 1) * per), to * per));
  void hidden;
  return out;
}

export function toneGraph(config: OpenVoiceConfig, w: WeightSource): Uint8Array {
  const g = new GraphWriter();
  const bins = specChannels(config);
  const gin = config.model.gin_channels;
  const hidden = ARCH.refGru;
  let x = g.op(
    'LayerNormalization',
    [
      'spec_t',
      g.weight('ln_w', [bins], w.plain('ref_enc.layernorm.weight', [bins])),
      g.weight('ln_b', [bins], w.plain('ref_enc.layernorm.bias', [bins])),
    ],
    { axis: attr.int(-1), epsilon: attr.float(1e-5) },
  );
  x = g.op('Unsqueeze', [x, g.ints([1])]);
  let cin = 1;
  let width = bins;
  ARCH.refFilters.forEach((cout, i) => {
    const weight = g.weight(
      'w',
      [cout, cin, 3, 3],
      w.weight(`ref_enc.convs.${i}`, [cout, cin, 3, 3]),
    );
    const bias = g.weight('b', [cout], w.plain(`ref_enc.convs.${i}.bias`, [cout]));
    x = g.op('Relu', [
      g.op('Conv', [x, weight, bias], {
        kernel_shape: attr.ints([3, 3]),
        strides: attr.ints([2, 2]),
        pads: attr.ints([1, 1, 1, 1]),
      }),
    ]);
    cin = cout;
    width = Math.floor((width - 3 + 2) / 2) + 1;
  });
  const features = cin * width;
  x = g.op('Transpose', [x], { perm: attr.ints([0, 2, 1, 3]) });
  x = g.op('Reshape', [x, g.ints([0, 0, -1])]);
  x = g.op('Transpose', [x], { perm: attr.ints([1, 0, 2]) });
  const W = g.weight(
    'gru_w',
    [1, 3 * hidden, features],
    gruOrder(w.plain('ref_enc.gru.weight_ih_l0', [3 * hidden, features]), hidden),
  );
  const R = g.weight(
    'gru_r',
    [1, 3 * hidden, hidden],
    gruOrder(w.plain('ref_enc.gru.weight_hh_l0', [3 * hidden, hidden]), hidden),
  );
  const bias = new Float32Array(6 * hidden);
  bias.set(gruOrder(w.plain('ref_enc.gru.bias_ih_l0', [3 * hidden]), hidden), 0);
  bias.set(gruOrder(w.plain('ref_enc.gru.bias_hh_l0', [3 * hidden]), hidden), 3 * hidden);
  const B = g.weight('gru_b', [1, 6 * hidden], bias);
  g.nodes.push(
    node('GRU', [x, W, R, B], ['', 'gru_state'], {
      hidden_size: attr.int(hidden),
      linear_before_reset: attr.int(1),
    }),
  );
  const state = g.op('Reshape', ['gru_state', g.ints([1, hidden])]);
  const proj = w.plain('ref_enc.proj.weight', [gin, hidden]);
  const projT = new Float32Array(hidden * gin);
  for (let o = 0; o < gin; o++)
    for (let i = 0; i < hidden; i++) projT[i * gin + o] = proj[o * hidden + i] ?? 0;
  const projected = g.op('MatMul', [state, g.weight('proj_w', [hidden, gin], projT)]);
  g.opNamed(
    'Add',
    [projected, g.weight('proj_b', [gin], w.plain('ref_enc.proj.bias', [gin]))],
    'tone',
  );
  return buildModel({
    opset: OPSET,
    producerName: 'tapehouse-openvoice-v2-tone-extractor',
    graph: {
      name: 'openvoice_v2_reference_encoder',
      inputs: [valueInfo('spec_t', 'float32', [1, 'T', bins])],
      outputs: [valueInfo('tone', 'float32', [1, gin])],
      initializers: g.initializers,
      nodes: g.nodes,
    },
  });
}
