/**
 * DeepFilterNet3, the `studio` engine, at 48 kHz. The pack's three graphs are the published batch
 * export; they are loaded through DFN3_STREAMING (dfn3-graphs.ts), which exposes their five GRU
 * states and removes the causal convolutions' zero padding in time, so the stream runs them block
 * after block, carrying the GRU states and feeding the convolutions the real frames before each
 * block. The result is the one-pass output over the whole file (dfn3-stream.test.ts checks it to
 * float precision), in memory bounded by one block: `chunkFrames` frames plus a few of history.
 * The features' running normalisation is computed once, sequentially (dfn3-features.ts).
 *
 * Per frame t (as DeepFilterNet's `enhance` and libDF):
 * - the encoder's output for frame t has seen features up to t+conv_lookahead, i.e. the model's
 *   output for feature frame j belongs to spectrum frame j−conv_lookahead;
 * - Y_t = X_t · ERB gains m_t (every bin of a band gets its band's gain);
 * - the lowest nb_df bins are replaced by the deep filter over the NOISY spectrum:
 *   Y_t[f] = Σ_o X[t − (order−1−df_lookahead) + o][f] · c_t[o][f] (complex, order 5, lookahead 2).
 *
 * libDF's realtime local-SNR gates (silence frames under −10 dB, skip the mask over 30 dB and
 * the filter over 20 dB) are NOT applied, as in the Python `enhance`: on the eval pairs they
 * cost 5.7 dB of mean SI-SDR gain (3.77 → −1.98 dB) and lowered DNSMOS OVRL (3.03 → 2.65).
 *
 * Why the 16 kHz VoiceBank pairs gain little (issue 19, docs/api/denoise.md): the error left is
 * attenuated speech, not noise (speech to artefact 7–13 dB, to residual noise 15–20 dB), worst at
 * word onsets; even oracles that know the clean speech gain only about +5 to +8 dB (ideal ratio
 * mask) and +7 to +9 dB (best gain in [0, 1] per bin) on them (`npm run eval -- denoise`, rows
 * `ideal-mask` and `psm-oracle`). p287_001's loss is the model's cold start: its
 * first word gets a local-SNR estimate of +1.5…+10 dB (true ≈ 20 dB) and is cut by up to 14 dB,
 * and that depends on the input level (×0.5: +12…+21 dB, kept; ×2: −5…+9 dB, cut by 16 dB).
 * The released weights do this, not a stage here; states warmed on the file's own opening
 * help that file but not speech in general (sparse noises lose up to 13.5 dB) nor the 48 kHz
 * pair.
 */
import ort from 'onnxruntime-node';
import { recurrentStateInput, recurrentStateOutput } from '../../inference/onnx-recurrent-state.ts';
import { Dfn3Features } from './dfn3-features.ts';
import { normAlpha, type Dfn3Params } from './dfn3-config.ts';
import { applyBandGains, erbBandWidths } from './erb-bands.ts';
import { HopStream } from './hop-stream.ts';
import { deepFilterStft, StftAnalyzer, StftSynthesizer, type Spectrum } from './stft.ts';

/** The three graphs, each loaded through its DFN3_STREAMING derivation (dfn3-graphs.ts). */
export interface Dfn3Sessions {
  enc: ort.InferenceSession;
  erbDec: ort.InferenceSession;
  dfDec: ort.InferenceSession;
}

export interface Dfn3StreamOptions {
  /**
   * Feature frames per model call (default 500 = 5 s, the memory of the earlier windows). The
   * output does not depend on it; smaller calls usually cost more per frame (100-frame calls took
   * 0.9–2.4× the time of 500-frame ones in alternating runs on this loaded 2-core machine).
   */
  chunkFrames?: number;
}

interface Frame {
  spectrum: Spectrum;
  erb: Float32Array;
  specRe: Float32Array;
  specIm: Float32Array;
}

/** The GRU states one session carries from block to block, zeros at the start. */
class CarriedStates {
  private readonly names: string[];
  private readonly sizes: number[];
  private tensors: ort.Tensor[];

  constructor(session: ort.InferenceSession) {
    this.names = [];
    this.sizes = [];
    for (let k = 0; session.inputNames.includes(recurrentStateInput(k)); k++) {
      this.names.push(recurrentStateInput(k));
      this.sizes.push(stateSize(session, recurrentStateInput(k)));
    }
    if (this.names.length === 0) {
      throw new Error('DeepFilterNet graph has no exposed GRU state (load it via DFN3_STREAMING)');
    }
    this.tensors = this.fresh();
  }

  /** Inputs for the next run. */
  feeds(): Record<string, ort.Tensor> {
    return Object.fromEntries(this.names.map((n, k) => [n, this.tensors[k]!]));
  }

  /** Keeps the states a run ended with. */
  update(outputs: ort.InferenceSession.ReturnType): void {
    this.tensors = this.names.map((_, k) => outputs[recurrentStateOutput(k)]!);
  }

  reset(): void {
    this.tensors = this.fresh();
  }

  private fresh(): ort.Tensor[] {
    return this.sizes.map(
      (size) => new ort.Tensor('float32', new Float32Array(size), [1, 1, size]),
    );
  }
}

function stateSize(session: ort.InferenceSession, name: string): number {
  const meta = session.inputMetadata[session.inputNames.indexOf(name)];
  const last = meta && meta.isTensor ? meta.shape[meta.shape.length - 1] : undefined;
  if (typeof last !== 'number') throw new Error(`DeepFilterNet state ${name} has no fixed size`);
  return last;
}

export class Dfn3Stream extends HopStream {
  readonly sampleRate: number;
  private readonly params: Dfn3Params;
  private readonly sessions: Dfn3Sessions;
  private readonly states: { enc: CarriedStates; erbDec: CarriedStates; dfDec: CarriedStates };
  private readonly analyzer: StftAnalyzer;
  private readonly synthesizer: StftSynthesizer;
  private readonly features: Dfn3Features;
  private readonly widths: number[];
  private readonly chunkFrames: number;
  /** Frames from index `firstFrame` on (older ones are no longer needed). */
  private frames: Frame[] = [];
  private firstFrame = 0;
  /** Next feature frame the model takes. */
  private fed = 0;
  /** Next spectrum frame to synthesise. */
  private nextOut = 0;
  /** The encoder's c0 for the dfPathwayHistory frames before `fed`, [C, H, nbDf]. */
  private c0History: Float32Array | null = null;

  constructor(params: Dfn3Params, sessions: Dfn3Sessions, options: Dfn3StreamOptions = {}) {
    if (params.dfLookahead > params.convLookahead) {
      throw new Error('DeepFilterNet: df_lookahead must not exceed conv_lookahead');
    }
    const overlap = params.fftSize - params.hop;
    super(params.hop, overlap, overlap + params.convLookahead * params.hop);
    this.params = params;
    this.sampleRate = params.sampleRate;
    this.sessions = sessions;
    this.states = {
      enc: new CarriedStates(sessions.enc),
      erbDec: new CarriedStates(sessions.erbDec),
      dfDec: new CarriedStates(sessions.dfDec),
    };
    const spec = deepFilterStft(params.fftSize, params.hop);
    this.analyzer = new StftAnalyzer(spec);
    this.synthesizer = new StftSynthesizer(spec);
    this.widths = erbBandWidths(
      params.sampleRate,
      params.fftSize,
      params.nbErb,
      params.minNbErbFreqs,
    );
    this.features = new Dfn3Features(
      this.widths,
      params.nbDf,
      normAlpha(params.hop, params.sampleRate, params.normTau),
    );
    this.chunkFrames = Math.max(1, options.chunkFrames ?? 500);
  }

  protected async processHops(hops: Float32Array, final: boolean): Promise<Float32Array> {
    const { hop, nbErb, nbDf } = this.params;
    for (let offset = 0; offset < hops.length; offset += hop) {
      const spectrum = this.analyzer.push(hops.subarray(offset, offset + hop));
      const frame: Frame = {
        spectrum,
        erb: new Float32Array(nbErb),
        specRe: new Float32Array(nbDf),
        specIm: new Float32Array(nbDf),
      };
      this.features.erb(spectrum, frame.erb);
      this.features.complex(spectrum, frame.specRe, frame.specIm);
      this.frames.push(frame);
    }
    const outputs: Float32Array[] = [];
    for (;;) {
      const available = this.firstFrame + this.frames.length; // frames analysed so far
      const count = Math.min(this.chunkFrames, available - this.fed);
      if (count <= 0 || (!final && count < this.chunkFrames)) break;
      outputs.push(await this.runBlock(this.fed, this.fed + count));
      this.fed += count;
      this.dropOldFrames();
    }
    return concat(outputs);
  }

  protected resetEngine(): void {
    this.analyzer.reset();
    this.synthesizer.reset();
    this.features.reset();
    this.states.enc.reset();
    this.states.erbDec.reset();
    this.states.dfDec.reset();
    this.frames = [];
    this.firstFrame = 0;
    this.fed = 0;
    this.nextOut = 0;
    this.c0History = null;
  }

  /**
   * Runs the graphs over feature frames [p, q) (with the encoder's history frames before p) and
   * synthesises the spectrum frames whose model output this completes: up to q − conv_lookahead.
   */
  private async runBlock(p: number, q: number): Promise<Float32Array> {
    const { nbErb, nbDf, dfOrder, dfLookahead, convLookahead, hop, encoderHistory } = this.params;
    const S = q - p;
    const withHistory = S + encoderHistory;
    const erb = new Float32Array(withHistory * nbErb);
    const spec = new Float32Array(2 * withHistory * nbDf);
    for (let i = 0; i < withHistory; i++) {
      const frame = this.frame(p - encoderHistory + i);
      if (frame === undefined) continue; // before the stream started: zeros, as the pad was
      erb.set(frame.erb, i * nbErb);
      spec.set(frame.specRe, i * nbDf);
      spec.set(frame.specIm, (withHistory + i) * nbDf);
    }
    const enc = await this.sessions.enc.run({
      feat_erb: new ort.Tensor('float32', erb, [1, 1, withHistory, nbErb]),
      feat_spec: new ort.Tensor('float32', spec, [1, 2, withHistory, nbDf]),
      ...this.states.enc.feeds(),
    });
    this.states.enc.update(enc);
    const [mask, dec] = await Promise.all([
      this.sessions.erbDec.run({
        emb: enc.emb!,
        e3: enc.e3!,
        e2: enc.e2!,
        e1: enc.e1!,
        e0: enc.e0!,
        ...this.states.erbDec.feeds(),
      }),
      this.sessions.dfDec.run({
        emb: enc.emb!,
        c0: this.c0WithHistory(enc.c0!),
        ...this.states.dfDec.feeds(),
      }),
    ]);
    this.states.erbDec.update(mask);
    this.states.dfDec.update(dec);
    const gains = mask.m!.data as Float32Array; // [1, 1, S, nbErb]
    const coefs = dec.coefs!.data as Float32Array; // [1, S, nbDf, dfOrder·2]
    const end = q - convLookahead;
    const from = this.nextOut;
    const out = new Float32Array(Math.max(0, end - from) * hop);
    const y: Spectrum = { re: new Float32Array(0), im: new Float32Array(0) };
    const past = dfOrder - 1 - dfLookahead;
    for (let t = from; t < end; t++) {
      // Model output index of spectrum frame t: feature frame t + convLookahead, from p.
      const i = t + convLookahead - p;
      const x = this.frame(t)!.spectrum;
      y.re = Float32Array.from(x.re);
      y.im = Float32Array.from(x.im);
      applyBandGains(y.re, y.im, this.widths, gains.subarray(i * nbErb, (i + 1) * nbErb));
      const base = i * nbDf * dfOrder * 2;
      for (let f = 0; f < nbDf; f++) {
        let re = 0;
        let im = 0;
        for (let o = 0; o < dfOrder; o++) {
          const source = this.frame(t - past + o);
          if (source === undefined) continue; // before the stream started: zeros
          const sr = source.spectrum.re[f]!;
          const si = source.spectrum.im[f]!;
          const cr = coefs[base + f * dfOrder * 2 + o * 2]!;
          const ci = coefs[base + f * dfOrder * 2 + o * 2 + 1]!;
          re += sr * cr - si * ci;
          im += sr * ci + si * cr;
        }
        y.re[f] = re;
        y.im[f] = im;
      }
      this.synthesizer.push(y, out, (t - from) * hop);
    }
    this.nextOut = Math.max(from, end);
    return out;
  }

  /** c0 [1, C, S, nbDf] with the previous block's last frames in front; keeps the new last ones. */
  private c0WithHistory(c0: ort.Tensor): ort.Tensor {
    const history = this.params.dfPathwayHistory;
    const [, channels, frames, bins] = c0.dims as [number, number, number, number];
    const data = c0.data as Float32Array;
    const total = frames + history;
    const joined = new Float32Array(channels * total * bins);
    for (let c = 0; c < channels; c++) {
      if (this.c0History !== null) {
        joined.set(
          this.c0History.subarray(c * history * bins, (c + 1) * history * bins),
          c * total * bins,
        );
      }
      joined.set(
        data.subarray(c * frames * bins, (c + 1) * frames * bins),
        (c * total + history) * bins,
      );
    }
    const kept = new Float32Array(channels * history * bins);
    for (let c = 0; c < channels; c++) {
      kept.set(
        joined.subarray((c * total + frames) * bins, (c + 1) * total * bins),
        c * history * bins,
      );
    }
    this.c0History = kept;
    return new ort.Tensor('float32', joined, [1, channels, total, bins]);
  }

  private frame(index: number): Frame | undefined {
    if (index < this.firstFrame) return undefined;
    return this.frames[index - this.firstFrame];
  }

  /** Keeps what the next block needs: the encoder's history and the deep filter's past taps. */
  private dropOldFrames(): void {
    const { encoderHistory, dfOrder, dfLookahead } = this.params;
    const keepFrom = Math.max(
      0,
      Math.min(this.fed - encoderHistory, this.nextOut - (dfOrder - 1 - dfLookahead)),
    );
    const drop = keepFrom - this.firstFrame;
    if (drop <= 0) return;
    this.frames.splice(0, drop);
    this.firstFrame = keepFrom;
  }
}

function concat(parts: Float32Array[]): Float32Array {
  if (parts.length === 0) return new Float32Array(0);
  if (parts.length === 1) return parts[0]!;
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
