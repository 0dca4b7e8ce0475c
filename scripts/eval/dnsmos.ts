/**
 * DNSMOS (Reddy et al., ICASSP 2021/2022), Microsoft's non-intrusive speech quality estimate,
 * as the published `dnsmos_local.py` computes it, for the denoise eval:
 *
 * - 16 kHz audio, looped until it lasts at least 9.01 s, cut into 9.01 s windows every 1 s;
 * - P.835: `sig_bak_ovr.onnx` on the raw window → raw SIG, BAK, OVRL, mapped through the
 *   published (non-personalised) polynomial fits;
 * - P.808: `model_v8.onnx` on a 120-band log-mel spectrogram of the window minus its last 160
 *   samples (librosa: n_fft 321, hop 160, periodic Hann, reflect-padded centre, Slaney mel,
 *   power_to_db with ref=max and top_db 80, then (dB+40)/40) → 900 × 120;
 * - each score is the mean over the windows.
 */
import ort from 'onnxruntime-node';

export const DNSMOS_RATE = 16_000;
const WINDOW = Math.floor(9.01 * DNSMOS_RATE); // 144160 samples
const N_FFT = 321;
const HOP = 160;
const N_MELS = 120;

export interface DnsmosScores {
  sig: number;
  bak: number;
  ovrl: number;
  p808: number;
}

function poly(coefs: readonly number[], x: number): number {
  return coefs.reduce((acc, c) => acc * x + c, 0);
}
// np.poly1d coefficients, highest power first (dnsmos_local.py, is_personalized_MOS = False).
const P_SIG = [-0.08397278, 1.22083953, 0.0052439];
const P_BAK = [-0.13166888, 1.60915514, -0.39604546];
const P_OVR = [-0.06766283, 1.11546468, 0.04602535];

function hzToMel(hz: number): number {
  const fSp = 200 / 3;
  const minLogHz = 1000;
  const minLogMel = minLogHz / fSp;
  const logStep = Math.log(6.4) / 27;
  return hz >= minLogHz ? minLogMel + Math.log(hz / minLogHz) / logStep : hz / fSp;
}

function melToHz(mel: number): number {
  const fSp = 200 / 3;
  const minLogHz = 1000;
  const minLogMel = minLogHz / fSp;
  const logStep = Math.log(6.4) / 27;
  return mel >= minLogMel ? minLogHz * Math.exp(logStep * (mel - minLogMel)) : fSp * mel;
}

/** librosa.filters.mel(sr, n_fft, n_mels, htk=False, norm='slaney'): [n_mels][bins]. */
function melFilters(): Float64Array[] {
  const bins = Math.floor(N_FFT / 2) + 1;
  const fftFreqs = Array.from({ length: bins }, (_, k) => (k * DNSMOS_RATE) / 2 / (bins - 1));
  const minMel = hzToMel(0);
  const maxMel = hzToMel(DNSMOS_RATE / 2);
  const melF = Array.from({ length: N_MELS + 2 }, (_, i) =>
    melToHz(minMel + ((maxMel - minMel) * i) / (N_MELS + 1)),
  );
  const out: Float64Array[] = [];
  for (let m = 0; m < N_MELS; m++) {
    const row = new Float64Array(bins);
    const lowDiff = melF[m + 1]! - melF[m]!;
    const highDiff = melF[m + 2]! - melF[m + 1]!;
    const enorm = 2 / (melF[m + 2]! - melF[m]!);
    for (let k = 0; k < bins; k++) {
      const lower = (fftFreqs[k]! - melF[m]!) / lowDiff;
      const upper = (melF[m + 2]! - fftFreqs[k]!) / highDiff;
      row[k] = Math.max(0, Math.min(lower, upper)) * enorm;
    }
    out.push(row);
  }
  return out;
}

const FILTERS = melFilters();
const BINS = Math.floor(N_FFT / 2) + 1;
const WINDOW_FN = Float64Array.from(
  { length: N_FFT },
  (_, n) => 0.5 - 0.5 * Math.cos((2 * Math.PI * n) / N_FFT),
);
const COS = Float64Array.from({ length: N_FFT }, (_, j) => Math.cos((2 * Math.PI * j) / N_FFT));
const SIN = Float64Array.from({ length: N_FFT }, (_, j) => Math.sin((2 * Math.PI * j) / N_FFT));

/** The P.808 model's input: [frames][120] of (power_to_db(mel, ref=max) + 40) / 40. */
export function p808Features(audio: Float32Array): Float32Array {
  const pad = Math.floor(N_FFT / 2);
  const padded = new Float64Array(audio.length + 2 * pad);
  for (let i = 0; i < padded.length; i++) {
    let j = i - pad;
    if (j < 0) j = -j;
    if (j >= audio.length) j = 2 * (audio.length - 1) - j;
    padded[i] = audio[j]!;
  }
  const frames = 1 + Math.floor((padded.length - N_FFT) / HOP);
  const mel = new Float64Array(frames * N_MELS);
  const frame = new Float64Array(N_FFT);
  const power = new Float64Array(BINS);
  for (let t = 0; t < frames; t++) {
    for (let n = 0; n < N_FFT; n++) frame[n] = padded[t * HOP + n]! * WINDOW_FN[n]!;
    for (let k = 0; k < BINS; k++) {
      let re = 0;
      let im = 0;
      for (let n = 0, e = 0; n < N_FFT; n++, e = (e + k) % N_FFT) {
        re += frame[n]! * COS[e]!;
        im -= frame[n]! * SIN[e]!;
      }
      power[k] = re * re + im * im;
    }
    for (let m = 0; m < N_MELS; m++) {
      const row = FILTERS[m]!;
      let sum = 0;
      for (let k = 0; k < BINS; k++) sum += row[k]! * power[k]!;
      mel[t * N_MELS + m] = sum;
    }
  }
  let max = 0;
  for (const v of mel) max = Math.max(max, v);
  const ref = 10 * Math.log10(Math.max(1e-10, max));
  const out = new Float32Array(mel.length);
  for (let i = 0; i < mel.length; i++) {
    const db = Math.max(10 * Math.log10(Math.max(1e-10, mel[i]!)) - ref, -80);
    out[i] = (db + 40) / 40;
  }
  return out;
}

export class Dnsmos {
  private constructor(
    private readonly p835: ort.InferenceSession,
    private readonly p808: ort.InferenceSession,
  ) {}

  static async load(sigBakOvr: string, modelV8: string): Promise<Dnsmos> {
    const options = { logSeverityLevel: 3 as const, intraOpNumThreads: 2 };
    return new Dnsmos(
      await ort.InferenceSession.create(sigBakOvr, options),
      await ort.InferenceSession.create(modelV8, options),
    );
  }

  /** Scores 16 kHz mono audio. */
  async score(audio16k: Float32Array): Promise<DnsmosScores> {
    let audio = audio16k;
    while (audio.length < WINDOW) {
      const doubled = new Float32Array(audio.length * 2);
      doubled.set(audio);
      doubled.set(audio, audio.length);
      audio = doubled;
    }
    const hops = Math.floor(audio.length / DNSMOS_RATE - 9.01) + 1;
    const sums = { sig: 0, bak: 0, ovrl: 0, p808: 0 };
    let count = 0;
    for (let h = 0; h < hops; h++) {
      const segment = audio.subarray(h * DNSMOS_RATE, h * DNSMOS_RATE + WINDOW);
      if (segment.length < WINDOW) continue;
      const raw = await this.p835.run({
        input_1: new ort.Tensor('float32', Float32Array.from(segment), [1, WINDOW]),
      });
      const [sig, bak, ovr] = raw[this.p835.outputNames[0]!]!.data as Float32Array;
      const mel = p808Features(segment.subarray(0, WINDOW - HOP));
      const p808 = await this.p808.run({
        input_1: new ort.Tensor('float32', mel, [1, mel.length / N_MELS, N_MELS]),
      });
      sums.sig += poly(P_SIG, sig!);
      sums.bak += poly(P_BAK, bak!);
      sums.ovrl += poly(P_OVR, ovr!);
      sums.p808 += (p808[this.p808.outputNames[0]!]!.data as Float32Array)[0]!;
      count += 1;
    }
    return {
      sig: sums.sig / count,
      bak: sums.bak / count,
      ovrl: sums.ovrl / count,
      p808: sums.p808 / count,
    };
  }
}
