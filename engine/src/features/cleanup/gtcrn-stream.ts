/**
 * GTCRN (Rong et al., ICASSP 2024), the `balanced` engine: the published streaming export
 * (`stream/onnx_models/gtcrn*.onnx`) takes ONE 512-point STFT frame per call (257 bins as
 * [1, 257, 1, 2] real/imaginary) plus three caches (convolution, temporal recurrent attention,
 * inter-frame GRU) and returns the enhanced frame and the updated caches. So the model's whole
 * memory is those caches, carried here from frame to frame: the stream runs in constant memory.
 *
 * STFT as the authors' `torch.stft(x, 512, 256, 512, hann_window(512).pow(0.5))` at 16 kHz,
 * synthesis by overlap-add with the same window (stft.ts).
 */
import ort from 'onnxruntime-node';
import { HopStream } from './hop-stream.ts';
import { gtcrnStft, StftAnalyzer, StftSynthesizer, type Spectrum } from './stft.ts';

export const GTCRN_SAMPLE_RATE = 16_000;

const CACHE_SHAPES = {
  conv_cache: [2, 1, 16, 16, 33],
  tra_cache: [2, 3, 1, 1, 16],
  inter_cache: [2, 1, 33, 16],
} as const;

type CacheName = keyof typeof CACHE_SHAPES;

function zeros(dims: readonly number[]): ort.Tensor {
  const size = dims.reduce((a, b) => a * b, 1);
  return new ort.Tensor('float32', new Float32Array(size), [...dims]);
}

export class GtcrnStream extends HopStream {
  readonly sampleRate = GTCRN_SAMPLE_RATE;
  private readonly session: ort.InferenceSession;
  private readonly analyzer: StftAnalyzer;
  private readonly synthesizer: StftSynthesizer;
  private readonly bins: number;
  private caches: Record<CacheName, ort.Tensor>;
  private readonly mix: Float32Array;
  private readonly spectrum: Spectrum;

  constructor(session: ort.InferenceSession) {
    const spec = gtcrnStft();
    // Output sample i leaves fftSize−hop samples after input sample i; no model lookahead.
    super(spec.hop, spec.fftSize - spec.hop, spec.fftSize - spec.hop);
    this.session = session;
    this.analyzer = new StftAnalyzer(spec);
    this.synthesizer = new StftSynthesizer(spec);
    this.bins = this.analyzer.bins;
    this.mix = new Float32Array(this.bins * 2);
    this.spectrum = { re: new Float32Array(this.bins), im: new Float32Array(this.bins) };
    this.caches = this.freshCaches();
  }

  protected async processHops(hops: Float32Array): Promise<Float32Array> {
    const out = new Float32Array(hops.length);
    for (let offset = 0; offset < hops.length; offset += this.hop) {
      const frame = this.analyzer.push(hops.subarray(offset, offset + this.hop), this.spectrum);
      for (let k = 0; k < this.bins; k++) {
        this.mix[2 * k] = frame.re[k]!;
        this.mix[2 * k + 1] = frame.im[k]!;
      }
      const result = await this.session.run({
        mix: new ort.Tensor('float32', this.mix, [1, this.bins, 1, 2]),
        conv_cache: this.caches.conv_cache,
        tra_cache: this.caches.tra_cache,
        inter_cache: this.caches.inter_cache,
      });
      const enh = result.enh!.data as Float32Array;
      this.caches = {
        conv_cache: result.conv_cache_out!,
        tra_cache: result.tra_cache_out!,
        inter_cache: result.inter_cache_out!,
      };
      for (let k = 0; k < this.bins; k++) {
        this.spectrum.re[k] = enh[2 * k]!;
        this.spectrum.im[k] = enh[2 * k + 1]!;
      }
      this.synthesizer.push(this.spectrum, out, offset);
    }
    return out;
  }

  protected resetEngine(): void {
    this.analyzer.reset();
    this.synthesizer.reset();
    this.caches = this.freshCaches();
  }

  private freshCaches(): Record<CacheName, ort.Tensor> {
    return {
      conv_cache: zeros(CACHE_SHAPES.conv_cache),
      tra_cache: zeros(CACHE_SHAPES.tra_cache),
      inter_cache: zeros(CACHE_SHAPES.inter_cache),
    };
  }
}
