/**
 * Recording quality of a voice sample with Microsoft's DNSMOS P.835 (`sig_bak_ovr.onnx` of the
 * `dnsmos` pack, the real model): the clip at 16 kHz, looped to at least 9.01 s, cut into
 * 9.01 s windows every second, one batched model call in the worker pool, the raw SIG / BAK /
 * OVRL scores mapped through the published non-personalised polynomials (dnsmos_local.py) and
 * averaged. SIG is the speech itself, BAK the background (higher = quieter), OVRL the whole, on
 * a 1–5 MOS scale. The P.808 model needs a librosa-exact mel front end and adds little for a
 * recording meter, so it is not used here (scripts/eval/dnsmos.ts has it for evals).
 */
import type { WorkerPool } from '../../../jobs/worker-pool.ts';
import {
  ONNX_TASK,
  type OnnxTaskInput,
  type TensorOut,
} from '../../../inference/onnx-worker-task.ts';

export const DNSMOS_RATE = 16_000;
const WINDOW = Math.floor(9.01 * DNSMOS_RATE);
const HOP = DNSMOS_RATE;
/**
 * Windows scored by default: the model convolves 9 s of raw audio per window (≈ 0.3–2 s of CPU
 * each), so a clip is scored on at most this many windows spread evenly over it.
 */
export const DNSMOS_DEFAULT_WINDOWS = 6;

export interface DnsmosScores {
  sig: number;
  bak: number;
  ovrl: number;
}

// np.poly1d coefficients, highest power first (dnsmos_local.py, is_personalized_MOS = False).
const P_SIG = [-0.08397278, 1.22083953, 0.0052439];
const P_BAK = [-0.13166888, 1.60915514, -0.39604546];
const P_OVR = [-0.06766283, 1.11546468, 0.04602535];

function poly(coefs: readonly number[], x: number): number {
  return coefs.reduce((acc, c) => acc * x + c, 0);
}

/**
 * The model's input: [windows, 144160] of the clip, looped when shorter than a window; of the
 * windows every second (dnsmos_local.py's hop) at most `maxWindows`, evenly spread.
 */
export function dnsmosWindows(
  audio: Float32Array,
  maxWindows = DNSMOS_DEFAULT_WINDOWS,
): { data: Float32Array; count: number } {
  let clip = audio;
  if (clip.length === 0) clip = new Float32Array(1);
  if (clip.length < WINDOW) {
    const looped = new Float32Array(WINDOW);
    for (let i = 0; i < WINDOW; i++) looped[i] = clip[i % clip.length] ?? 0;
    clip = looped;
  }
  const available = 1 + Math.floor((clip.length - WINDOW) / HOP);
  const count = Math.max(1, Math.min(maxWindows, available));
  const data = new Float32Array(count * WINDOW);
  for (let w = 0; w < count; w++) {
    const slot =
      count === 1
        ? Math.floor((available - 1) / 2)
        : Math.round((w * (available - 1)) / (count - 1));
    data.set(clip.subarray(slot * HOP, slot * HOP + WINDOW), w * WINDOW);
  }
  return { data, count };
}

export async function dnsmosScores(
  workers: WorkerPool,
  modelPath: string,
  audio16k: Float32Array,
  options: { executionProviders?: string[] | null; signal?: AbortSignal; windows?: number } = {},
): Promise<DnsmosScores> {
  const { data, count } = dnsmosWindows(audio16k, options.windows);
  const input: OnnxTaskInput = {
    modelPath,
    feeds: { input_1: { type: 'float32', dims: [count, WINDOW], data } },
    executionProviders: options.executionProviders ?? null,
  };
  const out = await workers.run<Record<string, TensorOut>>(ONNX_TASK, input, {
    ...(options.signal && { signal: options.signal }),
  });
  const raw = Object.values(out)[0]?.data;
  if (!(raw instanceof Float32Array) || raw.length < count * 3)
    throw new Error('DNSMOS answered an unexpected shape');
  const sums = { sig: 0, bak: 0, ovrl: 0 };
  for (let w = 0; w < count; w++) {
    sums.sig += poly(P_SIG, raw[w * 3] ?? 0);
    sums.bak += poly(P_BAK, raw[w * 3 + 1] ?? 0);
    sums.ovrl += poly(P_OVR, raw[w * 3 + 2] ?? 0);
  }
  const round = (v: number) => Math.round((v / count) * 100) / 100;
  return { sig: round(sums.sig), bak: round(sums.bak), ovrl: round(sums.ovrl) };
}
