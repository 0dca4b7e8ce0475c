/**
 * The two quality modes and the engines behind them, and how a worker builds a stream for one
 * channel from the model files. `studio`: DeepFilterNet3 at 48 kHz (full band, best quality).
 * `balanced`: GTCRN at 16 kHz (about 4× faster; output band-limited to 8 kHz).
 *
 * Which files each mode needs is listed here so the job can resolve them (and answer
 * model_not_installed) before any work starts; the worker only receives absolute paths.
 */
import type { InferenceSession } from 'onnxruntime-node';
import {
  createSessionCache,
  type ModelDerivation,
  type SessionCache,
} from '../../inference/session-cache.ts';
import { readDfn3Params } from './dfn3-config.ts';
import { DFN3_STREAMING } from './dfn3-graphs.ts';
import { Dfn3Stream, type Dfn3StreamOptions } from './dfn3-stream.ts';
import { GTCRN_BLOCK } from './gtcrn-block-graph.ts';
import { GtcrnStream } from './gtcrn-stream.ts';
import type { DenoiseStream } from './hop-stream.ts';

export const QUALITY_MODES = ['balanced', 'studio'] as const;
export type QualityMode = (typeof QUALITY_MODES)[number];

export interface EngineInfo {
  /** Shown in results and the studio. */
  name: string;
  pack: string;
  /** File names inside the pack (model-registry resolves them). */
  files: readonly string[];
  sampleRate: number;
  /** Decode block size: a whole number of STFT hops near one second (multichannel-denoiser.ts). */
  blockFrames: number;
  /**
   * ONNX Runtime intra-op threads, when not the session cache's default. GTCRN's operators are
   * small even over a 64-frame block, and a second thread costs more in synchronisation than it
   * computes (measured on the block graph, 2 shared cores: real-time factor 0.016 with one
   * thread, 0.047 with two).
   */
  intraOpThreads?: number;
}

export const ENGINES: Record<QualityMode, EngineInfo> = {
  studio: {
    name: 'DeepFilterNet3',
    pack: 'deepfilternet3',
    files: ['enc.onnx', 'erb_dec.onnx', 'df_dec.onnx', 'config.ini'],
    sampleRate: 48_000,
    blockFrames: 100 * 480,
  },
  balanced: {
    // gtcrn_simple.onnx: the same streaming graph, simplified; about 40 % faster here.
    name: 'GTCRN',
    pack: 'gtcrn',
    files: ['gtcrn_simple.onnx'],
    sampleRate: 16_000,
    blockFrames: 64 * 256,
    intraOpThreads: 1,
  },
};

/** Absolute paths of ENGINES[mode].files, in that order. */
export type EngineFiles = Record<string, string>;

export async function createChannelStream(
  mode: QualityMode,
  files: EngineFiles,
  sessions: SessionCache,
  options: Dfn3StreamOptions = {},
): Promise<DenoiseStream> {
  const session = (name: string, derive?: ModelDerivation): Promise<InferenceSession> => {
    const file = files[name];
    if (file === undefined) throw new Error(`engine file ${name} was not resolved`);
    return sessions.getSession(file, { derive });
  };
  if (mode === 'balanced') return new GtcrnStream(await session('gtcrn_simple.onnx', GTCRN_BLOCK));
  const params = readDfn3Params(files['config.ini']!);
  const [enc, erbDec, dfDec] = await Promise.all([
    session('enc.onnx', DFN3_STREAMING.enc),
    session('erb_dec.onnx', DFN3_STREAMING.erbDec),
    session('df_dec.onnx', DFN3_STREAMING.dfDec),
  ]);
  return new Dfn3Stream(params, { enc, erbDec, dfDec }, options);
}

/**
 * A session cache with the engine's thread setting (one per mode and worker). Both engines stay
 * on cpu unless the user forces a GPU provider: their recurrent layers step frame by frame, and
 * on an H200 through WebGPU (`npm run bench -- gpu`, docs/gpu.md) DeepFilterNet3 ran at 0.25× and
 * GTCRN at 0.40× the speed of the 16-core CPU beside it.
 */
export function engineSessionCache(
  mode: QualityMode,
  executionProviders: string[] | null,
): SessionCache {
  const threads = ENGINES[mode].intraOpThreads;
  return createSessionCache(
    { executionProviders },
    { automaticGpu: false, ...(threads === undefined ? {} : { intraOpNumThreads: threads }) },
  );
}
