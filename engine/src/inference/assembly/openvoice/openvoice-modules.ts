/**
 * OpenVoice's converter modules (openvoice/models.py and modules.py at myshell-ai/OpenVoice, the
 * VITS family) written as ONNX operators over checkpoint weights: the WaveNet block with speaker
 * conditioning, the mean-only coupling layer and flip of the flow, HiFi-GAN's generator and
 * residual blocks. Each function takes the checkpoint key of its module.
 */
import { attr } from '../../onnx-builder.ts';
import type { GraphWriter } from './graph-writer.ts';
import type { WeightSource } from './openvoice-weights.ts';
import { ARCH, type OpenVoiceConfig } from './openvoice-config.ts';

export interface Ctx {
  g: GraphWriter;
  w: WeightSource;
  config: OpenVoiceConfig;
}

interface ConvOptions {
  cin: number;
  cout: number;
  kernel: number;
  dilation?: number;
  bias?: boolean;
}

export function conv1d(c: Ctx, key: string, x: string, o: ConvOptions): string {
  const d = o.dilation ?? 1;
  const pad = (o.kernel * d - d) / 2;
  const weight = c.g.weight(
    'w',
    [o.cout, o.cin, o.kernel],
    c.w.weight(key, [o.cout, o.cin, o.kernel]),
  );
  const inputs = [x, weight];
  if (o.bias !== false) inputs.push(c.g.weight('b', [o.cout], c.w.plain(`${key}.bias`, [o.cout])));
  return c.g.op('Conv', inputs, {
    kernel_shape: attr.ints([o.kernel]),
    dilations: attr.ints([d]),
    pads: attr.ints([pad, pad]),
    strides: attr.ints([1]),
  });
}

export function channels(c: Ctx, x: string, from: number, to: number): string {
  return c.g.op('Slice', [x, c.g.ints([from]), c.g.ints([to]), c.g.ints([1])]);
}

function leaky(c: Ctx, x: string, slope: number): string {
  return c.g.op('LeakyRelu', [x], { alpha: attr.float(slope) });
}

/** modules.WN: gated dilated convolutions, conditioned on the speaker vector `g`. */
export function waveNet(
  c: Ctx,
  key: string,
  input: string,
  mask: string,
  g: string,
  spec: { hidden: number; kernel: number; dilationRate: number; layers: number },
): string {
  const h = spec.hidden;
  const gin = c.config.model.gin_channels;
  const cond = conv1d(c, `${key}.cond_layer`, g, {
    cin: gin,
    cout: 2 * h * spec.layers,
    kernel: 1,
  });
  let x = input;
  let output: string | null = null;
  for (let i = 0; i < spec.layers; i++) {
    const xIn = conv1d(c, `${key}.in_layers.${i}`, x, {
      cin: h,
      cout: 2 * h,
      kernel: spec.kernel,
      dilation: spec.dilationRate ** i,
    });
    const a = c.g.op('Add', [xIn, channels(c, cond, 2 * h * i, 2 * h * (i + 1))]);
    const acts = c.g.op('Mul', [
      c.g.op('Tanh', [channels(c, a, 0, h)]),
      c.g.op('Sigmoid', [channels(c, a, h, 2 * h)]),
    ]);
    const last = i === spec.layers - 1;
    const rs = conv1d(c, `${key}.res_skip_layers.${i}`, acts, {
      cin: h,
      cout: last ? h : 2 * h,
      kernel: 1,
    });
    let skip = rs;
    if (!last) {
      x = c.g.op('Mul', [c.g.op('Add', [x, channels(c, rs, 0, h)]), mask]);
      skip = channels(c, rs, h, 2 * h);
    }
    output = output === null ? skip : c.g.op('Add', [output, skip]);
  }
  return c.g.op('Mul', [output ?? input, mask]);
}

/** models.PosteriorEncoder: spectrogram → z = (m + ε·τ·exp(logs))·mask. */
export function posteriorEncoder(
  c: Ctx,
  spec: string,
  mask: string,
  g: string,
  tau: string,
): string {
  const { hidden_channels: hidden, inter_channels: inter } = c.config.model;
  const bins = c.config.data.filter_length / 2 + 1;
  let x = c.g.op('Mul', [
    conv1d(c, 'enc_q.pre', spec, { cin: bins, cout: hidden, kernel: 1 }),
    mask,
  ]);
  x = waveNet(c, 'enc_q.enc', x, mask, g, { hidden, ...ARCH.posterior });
  const stats = c.g.op('Mul', [
    conv1d(c, 'enc_q.proj', x, { cin: hidden, cout: 2 * inter, kernel: 1 }),
    mask,
  ]);
  const m = channels(c, stats, 0, inter);
  const logs = channels(c, stats, inter, 2 * inter);
  const noise = c.g.op('RandomNormalLike', [m], { seed: attr.float(1234) });
  const spread = c.g.op('Mul', [c.g.op('Mul', [noise, tau]), c.g.op('Exp', [logs])]);
  return c.g.op('Mul', [c.g.op('Add', [m, spread]), mask]);
}

function coupling(
  c: Ctx,
  index: number,
  x: string,
  mask: string,
  g: string,
  reverse: boolean,
): string {
  const { hidden_channels: hidden, inter_channels: inter } = c.config.model;
  const half = inter / 2;
  const key = `flow.flows.${2 * index}`;
  const x0 = channels(c, x, 0, half);
  const x1 = channels(c, x, half, inter);
  let h = c.g.op('Mul', [
    conv1d(c, `${key}.pre`, x0, { cin: half, cout: hidden, kernel: 1 }),
    mask,
  ]);
  h = waveNet(c, `${key}.enc`, h, mask, g, {
    hidden,
    kernel: ARCH.flow.kernel,
    dilationRate: ARCH.flow.dilationRate,
    layers: ARCH.flow.layers,
  });
  const m = c.g.op('Mul', [
    conv1d(c, `${key}.post`, h, { cin: hidden, cout: half, kernel: 1 }),
    mask,
  ]);
  const moved = reverse
    ? c.g.op('Mul', [c.g.op('Sub', [x1, m]), mask])
    : c.g.op('Add', [m, c.g.op('Mul', [x1, mask])]);
  return c.g.op('Concat', [x0, moved], { axis: attr.int(1) });
}

function flip(c: Ctx, x: string): string {
  const n = c.config.model.inter_channels;
  return c.g.op('Gather', [x, c.g.ints(Array.from({ length: n }, (_, i) => n - 1 - i))], {
    axis: attr.int(1),
  });
}

/** models.ResidualCouplingBlock: (coupling, flip) × 4, run backwards with `reverse`. */
export function flow(c: Ctx, x: string, mask: string, g: string, reverse: boolean): string {
  const steps: ((v: string) => string)[] = [];
  for (let i = 0; i < ARCH.flow.couplings; i++) {
    steps.push((v) => coupling(c, i, v, mask, g, reverse));
    steps.push((v) => flip(c, v));
  }
  return (reverse ? steps.reverse() : steps).reduce((v, step) => step(v), x);
}

function resBlock(
  c: Ctx,
  key: string,
  x: string,
  ch: number,
  kernel: number,
  dilations: readonly number[],
): string {
  let out = x;
  dilations.forEach((d, j) => {
    let xt = leaky(c, out, ARCH.leakySlope);
    if (c.config.model.resblock === '1') {
      xt = conv1d(c, `${key}.convs1.${j}`, xt, { cin: ch, cout: ch, kernel, dilation: d });
      xt = leaky(c, xt, ARCH.leakySlope);
      xt = conv1d(c, `${key}.convs2.${j}`, xt, { cin: ch, cout: ch, kernel });
    } else {
      xt = conv1d(c, `${key}.convs.${j}`, xt, { cin: ch, cout: ch, kernel, dilation: d });
    }
    out = c.g.op('Add', [xt, out]);
  });
  return out;
}

/** models.Generator (HiFi-GAN): z [1, inter, T] → waveform [1, 1, T·hop]. */
export function generator(c: Ctx, z: string, g: string, output: string): string {
  const m = c.config.model;
  const kernels = m.resblock_kernel_sizes;
  let x = conv1d(c, 'dec.conv_pre', z, {
    cin: m.inter_channels,
    cout: m.upsample_initial_channel,
    kernel: 7,
  });
  x = c.g.op('Add', [
    x,
    conv1d(c, 'dec.cond', g, { cin: m.gin_channels, cout: m.upsample_initial_channel, kernel: 1 }),
  ]);
  let ch = m.upsample_initial_channel;
  m.upsample_rates.forEach((rate, i) => {
    const k = m.upsample_kernel_sizes[i] ?? rate;
    const cout = ch / 2;
    x = leaky(c, x, ARCH.leakySlope);
    const weight = c.g.weight('w', [ch, cout, k], c.w.weight(`dec.ups.${i}`, [ch, cout, k]));
    const bias = c.g.weight('b', [cout], c.w.plain(`dec.ups.${i}.bias`, [cout]));
    x = c.g.op('ConvTranspose', [x, weight, bias], {
      kernel_shape: attr.ints([k]),
      strides: attr.ints([rate]),
      pads: attr.ints([(k - rate) / 2, (k - rate) / 2]),
    });
    ch = cout;
    let sum: string | null = null;
    kernels.forEach((kernel, j) => {
      const r = resBlock(
        c,
        `dec.resblocks.${i * kernels.length + j}`,
        x,
        ch,
        kernel,
        m.resblock_dilation_sizes[j] ?? [1],
      );
      sum = sum === null ? r : c.g.op('Add', [sum, r]);
    });
    x = c.g.op('Mul', [sum ?? x, c.g.floats([1 / kernels.length], [])]);
  });
  x = leaky(c, x, 0.01);
  x = conv1d(c, 'dec.conv_post', x, { cin: ch, cout: 1, kernel: 7, bias: false });
  return c.g.opNamed('Tanh', [x], output);
}
