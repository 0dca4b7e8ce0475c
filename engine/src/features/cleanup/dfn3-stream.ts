/**
 * DeepFilterNet3, the `studio` engine, at 48 kHz. The pack's three graphs are the published
 * batch export (encoder, ERB decoder, deep-filter decoder over S frames; their GRU states start
 * at zero on every call and are not exposed), so a stream runs them over overlapping windows:
 * each call covers `chunkFrames` new frames plus `contextFrames` of the frames before them, whose
 * output is discarded, so the GRUs are warmed up on real audio before the frames that are kept.
 * The features' running normalisation is computed once, sequentially, for the whole stream
 * (dfn3-features.ts), so it is identical to an unchunked run. Memory: one window of frames.
 *
 * Per frame t (as DeepFilterNet's `enhance` and libDF):
 * - features are shifted by conv_lookahead (the encoder's output for frame t has seen features
 *   up to t+2), i.e. model output index i belongs to frame s+i−conv_lookahead;
 * - Y_t = X_t · ERB gains m_t (every bin of a band gets its band's gain);
 * - the lowest nb_df bins are replaced by the deep filter over the NOISY spectrum:
 *   Y_t[f] = Σ_o X[t − (order−1−df_lookahead) + o][f] · c_t[o][f] (complex, order 5, lookahead 2).
 *
 * libDF's realtime local-SNR gates (silence frames under −10 dB, skip the mask over 30 dB and
 * the filter over 20 dB) are NOT applied, as in the Python `enhance`: on the eval pairs they
 * cost 5.7 dB of mean SI-SDR gain (3.77 → −1.98 dB) and lowered DNSMOS OVRL (3.03 → 2.65).
 */
import ort from 'onnxruntime-node';
import { Dfn3Features } from './dfn3-features.ts';
import { normAlpha, type Dfn3Params } from './dfn3-config.ts';
import { applyBandGains, erbBandWidths } from './erb-bands.ts';
import { HopStream } from './hop-stream.ts';
import { deepFilterStft, StftAnalyzer, StftSynthesizer, type Spectrum } from './stft.ts';

export interface Dfn3Sessions {
  enc: ort.InferenceSession;
  erbDec: ort.InferenceSession;
  dfDec: ort.InferenceSession;
}

export interface Dfn3WindowOptions {
  /** Frames kept per model call (default 500 = 5 s). */
  chunkFrames?: number;
  /** Frames before them run for GRU warm-up and thrown away (default 100 = 1 s). */
  contextFrames?: number;
}

interface Frame {
  spectrum: Spectrum;
  erb: Float32Array;
  specRe: Float32Array;
  specIm: Float32Array;
}

export class Dfn3Stream extends HopStream {
  readonly sampleRate: number;
  private readonly params: Dfn3Params;
  private readonly sessions: Dfn3Sessions;
  private readonly analyzer: StftAnalyzer;
  private readonly synthesizer: StftSynthesizer;
  private readonly features: Dfn3Features;
  private readonly widths: number[];
  private readonly chunkFrames: number;
  private readonly contextFrames: number;
  /** Frames from index `firstFrame` on (older ones are no longer needed). */
  private frames: Frame[] = [];
  private firstFrame = 0;
  /** Next frame to synthesise. */
  private nextOut = 0;

  constructor(params: Dfn3Params, sessions: Dfn3Sessions, options: Dfn3WindowOptions = {}) {
    const lookahead = Math.max(params.convLookahead, params.dfLookahead);
    const overlap = params.fftSize - params.hop;
    super(params.hop, overlap, overlap + lookahead * params.hop);
    this.params = params;
    this.sampleRate = params.sampleRate;
    this.sessions = sessions;
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
    this.chunkFrames = options.chunkFrames ?? 500;
    this.contextFrames = Math.max(
      options.contextFrames ?? 100,
      params.dfOrder - 1 - params.dfLookahead,
    );
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
    const lookahead = Math.max(this.params.convLookahead, this.params.dfLookahead);
    for (;;) {
      const available = this.firstFrame + this.frames.length; // frames analysed so far
      const ready = available - lookahead; // frames whose lookahead exists
      const count = Math.min(this.chunkFrames, ready - this.nextOut);
      if (count <= 0 || (!final && count < this.chunkFrames)) break;
      outputs.push(await this.runWindow(this.nextOut, this.nextOut + count, available));
      this.nextOut += count;
      this.dropOldFrames();
    }
    return concat(outputs);
  }

  protected resetEngine(): void {
    this.analyzer.reset();
    this.synthesizer.reset();
    this.features.reset();
    this.frames = [];
    this.firstFrame = 0;
    this.nextOut = 0;
  }

  /** Runs the three graphs over frames [s, e) and synthesises frames [a, b). */
  private async runWindow(a: number, b: number, available: number): Promise<Float32Array> {
    const { nbErb, nbDf, dfOrder, dfLookahead, convLookahead, hop } = this.params;
    const s = Math.max(this.firstFrame, a - this.contextFrames);
    const e = Math.min(available, b + convLookahead);
    const S = e - s;
    const erb = new Float32Array(S * nbErb);
    const spec = new Float32Array(2 * S * nbDf);
    for (let i = 0; i < S; i++) {
      const frame = this.frame(s + i)!;
      erb.set(frame.erb, i * nbErb);
      spec.set(frame.specRe, i * nbDf);
      spec.set(frame.specIm, (S + i) * nbDf);
    }
    const enc = await this.sessions.enc.run({
      feat_erb: new ort.Tensor('float32', erb, [1, 1, S, nbErb]),
      feat_spec: new ort.Tensor('float32', spec, [1, 2, S, nbDf]),
    });
    const [mask, dec] = await Promise.all([
      this.sessions.erbDec.run({
        emb: enc.emb!,
        e3: enc.e3!,
        e2: enc.e2!,
        e1: enc.e1!,
        e0: enc.e0!,
      }),
      this.sessions.dfDec.run({ emb: enc.emb!, c0: enc.c0! }),
    ]);
    const gains = mask.m!.data as Float32Array; // [1, 1, S, nbErb]
    const coefs = dec.coefs!.data as Float32Array; // [1, S, nbDf, dfOrder·2]
    const out = new Float32Array((b - a) * hop);
    const y: Spectrum = { re: new Float32Array(0), im: new Float32Array(0) };
    const past = dfOrder - 1 - dfLookahead;
    for (let t = a; t < b; t++) {
      // Output index of frame t: the model saw features shifted by convLookahead.
      const i = Math.min(S - 1, t - s + convLookahead);
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
      this.synthesizer.push(y, out, (t - a) * hop);
    }
    return out;
  }

  private frame(index: number): Frame | undefined {
    if (index < this.firstFrame) return undefined;
    return this.frames[index - this.firstFrame];
  }

  /** Keeps what the next window needs: its context and the deep filter's past taps. */
  private dropOldFrames(): void {
    const keepFrom = Math.max(0, this.nextOut - this.contextFrames);
    const drop = keepFrom - this.firstFrame;
    if (drop <= 0) return;
    this.frames.splice(0, drop);
    this.firstFrame = keepFrom;
  }
}

function concat(parts: Float32Array[]): Float32Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
