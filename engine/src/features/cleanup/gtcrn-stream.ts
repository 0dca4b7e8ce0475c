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
import { scanNames, wrapInScan, type ScanWrapSpec } from '../../inference/onnx-scan.ts';
import type { ModelDerivation } from '../../inference/session-cache.ts';
import { HopStream } from './hop-stream.ts';
import { gtcrnStft, StftAnalyzer, StftSynthesizer } from './stft.ts';

export const GTCRN_SAMPLE_RATE = 16_000;

const CACHE_SHAPES = {
  conv_cache: [2, 1, 16, 16, 33],
  tra_cache: [2, 3, 1, 1, 16],
  inter_cache: [2, 1, 33, 16],
} as const;

const SCAN_SPEC: ScanWrapSpec = {
  states: [
    ['conv_cache', 'conv_cache_out'],
    ['tra_cache', 'tra_cache_out'],
    ['inter_cache', 'inter_cache_out'],
  ],
  frameInput: 'mix',
  frameOutput: 'enh',
};

const NAMES = scanNames(SCAN_SPEC);

/**
 * The published one-frame graph wrapped in a Scan (inference/onnx-scan.ts): one session run
 * per block of frames instead of one per 16 ms frame, the caches carried inside ONNX Runtime.
 * Same weights, same operators, same output (the test compares it with frame-by-frame runs).
 */
export const GTCRN_SCAN: ModelDerivation = {
  key: 'gtcrn-frame-scan',
  transform: (bytes) => wrapInScan(bytes, SCAN_SPEC),
};

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
  /** The carried caches, in SCAN_SPEC.states order. */
  private caches: ort.Tensor[];

  /** `session` must be the GTCRN_SCAN derivation of gtcrn_simple.onnx. */
  constructor(session: ort.InferenceSession) {
    const spec = gtcrnStft();
    // Output sample i leaves fftSize−hop samples after input sample i; no model lookahead.
    super(spec.hop, spec.fftSize - spec.hop, spec.fftSize - spec.hop);
    this.session = session;
    this.analyzer = new StftAnalyzer(spec);
    this.synthesizer = new StftSynthesizer(spec);
    this.bins = this.analyzer.bins;
    this.caches = freshCaches();
  }

  protected async processHops(hops: Float32Array): Promise<Float32Array> {
    const frames = hops.length / this.hop;
    const out = new Float32Array(hops.length);
    if (frames === 0) return out;
    const bins = this.bins;
    const mix = new Float32Array(frames * bins * 2);
    const spectrum = { re: new Float32Array(bins), im: new Float32Array(bins) };
    for (let f = 0; f < frames; f++) {
      this.analyzer.push(hops.subarray(f * this.hop, (f + 1) * this.hop), spectrum);
      const base = f * bins * 2;
      for (let k = 0; k < bins; k++) {
        mix[base + 2 * k] = spectrum.re[k]!;
        mix[base + 2 * k + 1] = spectrum.im[k]!;
      }
    }
    const feeds: Record<string, ort.Tensor> = {
      [NAMES.framesInput]: new ort.Tensor('float32', mix, [frames, 1, bins, 1, 2]),
    };
    NAMES.stateInputs.forEach((name, i) => (feeds[name] = this.caches[i]!));
    const result = await this.session.run(feeds);
    this.caches = NAMES.stateOutputs.map((name) => result[name] as ort.Tensor);
    const enh = result[NAMES.framesOutput]!.data as Float32Array;
    for (let f = 0; f < frames; f++) {
      const base = f * bins * 2;
      for (let k = 0; k < bins; k++) {
        spectrum.re[k] = enh[base + 2 * k]!;
        spectrum.im[k] = enh[base + 2 * k + 1]!;
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
  return SCAN_SPEC.states.map(([name]) => zeros(CACHE_SHAPES[name as keyof typeof CACHE_SHAPES]));
}
