/**
 * GTCRN (Rong et al., ICASSP 2024), the `balanced` engine: the published streaming export
 * (`stream/onnx_models/gtcrn*.onnx`) takes ONE 512-point STFT frame per call (257 bins as
 * [1, 257, 1, 2] real/imaginary) plus three caches (convolution, temporal recurrent attention,
 * inter-frame GRU) and returns the enhanced frame and the updated caches. So the model's whole
 * memory is those caches, carried here from block to block: the stream runs in constant memory.
 *
 * It runs as the block graph (gtcrn-block-graph.ts): one session run per block of frames,
 * [1, 257, T, 2], the caches carried across blocks exactly as across frames.
 *
 * STFT as the authors' `torch.stft(x, 512, 256, 512, hann_window(512).pow(0.5))` at 16 kHz,
 * synthesis by overlap-add with the same window (stft.ts).
 */
import ort from 'onnxruntime-node';
import { HopStream } from './hop-stream.ts';
import { gtcrnStft, StftAnalyzer, StftSynthesizer, type Spectrum } from './stft.ts';

export const GTCRN_SAMPLE_RATE = 16_000;

/** The carried caches: [input name, output name, shape], as the published export names them. */
const CACHES = [
  ['conv_cache', 'conv_cache_out', [2, 1, 16, 16, 33]],
  ['tra_cache', 'tra_cache_out', [2, 3, 1, 1, 16]],
  ['inter_cache', 'inter_cache_out', [2, 1, 33, 16]],
] as const;

export class GtcrnStream extends HopStream {
  readonly sampleRate = GTCRN_SAMPLE_RATE;
  private readonly session: ort.InferenceSession;
  private readonly analyzer: StftAnalyzer;
  private readonly synthesizer: StftSynthesizer;
  private readonly bins: number;
  private readonly spectrum: Spectrum;
  /** The model input of the last block size, reused while blocks keep that size. */
  private mix = new Float32Array(0);
  /** The carried caches, in CACHES order. */
  private caches: ort.Tensor[];

  /** `session` must be the GTCRN_BLOCK derivation of gtcrn_simple.onnx. */
  constructor(session: ort.InferenceSession) {
    const spec = gtcrnStft();
    // Output sample i leaves fftSize−hop samples after input sample i; no model lookahead.
    super(spec.hop, spec.fftSize - spec.hop, spec.fftSize - spec.hop);
    this.session = session;
    this.analyzer = new StftAnalyzer(spec);
    this.synthesizer = new StftSynthesizer(spec);
    this.bins = this.analyzer.bins;
    this.spectrum = { re: new Float32Array(this.bins), im: new Float32Array(this.bins) };
    this.caches = freshCaches();
  }

  protected async processHops(hops: Float32Array): Promise<Float32Array> {
    const frames = hops.length / this.hop;
    const out = new Float32Array(hops.length);
    if (frames === 0) return out;
    const { bins, spectrum } = this;
    if (this.mix.length !== bins * frames * 2) this.mix = new Float32Array(bins * frames * 2);
    // Layout [1, bins, frames, 2]: bin k of frame f at (k·frames + f)·2.
    const mix = this.mix;
    for (let f = 0; f < frames; f++) {
      this.analyzer.push(hops.subarray(f * this.hop, (f + 1) * this.hop), spectrum);
      for (let k = 0, i = 2 * f; k < bins; k++, i += 2 * frames) {
        mix[i] = spectrum.re[k]!;
        mix[i + 1] = spectrum.im[k]!;
      }
    }
    const feeds: Record<string, ort.Tensor> = {
      mix: new ort.Tensor('float32', mix, [1, bins, frames, 2]),
    };
    CACHES.forEach(([name], i) => (feeds[name] = this.caches[i]!));
    const result = await this.session.run(feeds);
    this.caches = CACHES.map(([, name]) => result[name] as ort.Tensor);
    const enh = result.enh!.data as Float32Array;
    for (let f = 0; f < frames; f++) {
      for (let k = 0, i = 2 * f; k < bins; k++, i += 2 * frames) {
        spectrum.re[k] = enh[i]!;
        spectrum.im[k] = enh[i + 1]!;
      }
      this.synthesizer.push(spectrum, out, f * this.hop);
    }
    return out;
  }

  protected resetEngine(): void {
    this.analyzer.reset();
    this.synthesizer.reset();
    this.caches = freshCaches();
  }
}

function freshCaches(): ort.Tensor[] {
  return CACHES.map(([, , dims]) => {
    const size = dims.reduce((a: number, b: number) => a * b, 1);
    return new ort.Tensor('float32', new Float32Array(size), [...dims]);
  });
}
