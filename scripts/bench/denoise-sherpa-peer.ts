/**
 * The denoise bench's model-level peer: sherpa-onnx-node's `OfflineSpeechDenoiser` (k2-fsa,
 * C++ STFT and ONNX Runtime, one run per frame) over the SAME gtcrn_simple.onnx and the SAME
 * 16 kHz samples as our `balanced` engine, timed in the same process, one after the other.
 *
 * sherpa reads the STFT settings and cache shapes from the model's metadata (what its
 * scripts/gtcrn add-meta-data step writes); the published file has none, so the peer runs on a
 * copy with those entries appended (graph and weights untouched, onnx-builder.ts withMetadata).
 * The two outputs are compared (SI-SDR of ours against sherpa's) to show it is the same model on
 * the same audio: a low number would mean the comparison is not like for like.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  createChannelStream,
  engineSessionCache,
  ENGINES,
} from '../../engine/src/features/cleanup/denoise-engines.ts';
import { siSdr } from '../../engine/src/features/cleanup/si-sdr.ts';
import { withMetadata } from '../../engine/src/inference/onnx-builder.ts';
import type { SessionCache } from '../../engine/src/inference/session-cache.ts';

interface SherpaDenoiser {
  run(request: { samples: Float32Array; sampleRate: number }): { samples: Float32Array };
}

interface SherpaModule {
  OfflineSpeechDenoiser: new (config: unknown) => SherpaDenoiser;
}

export interface ModelPeerResult {
  /** Best of ROUNDS, wall clock and process CPU time (both sides run one thread). */
  oursSeconds: number;
  peerSeconds: number;
  oursCpuSeconds: number;
  peerCpuSeconds: number;
  rounds: number;
  /** SI-SDR (dB) of our output against sherpa's: high means the same computation. */
  agreementDb: number;
}

const ROUNDS = 3;

function cpuSeconds(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1e6;
}

/** gtcrn_simple.onnx with sherpa's required metadata (sherpa exits the process without it). */
export function gtcrnWithSherpaMetadata(modelPath: string, dest: string): string {
  fs.writeFileSync(
    dest,
    withMetadata(fs.readFileSync(modelPath), {
      model_type: 'gtcrn',
      version: '1',
      sample_rate: '16000',
      n_fft: '512',
      hop_length: '256',
      window_length: '512',
      window_type: 'hann_sqrt',
      conv_cache_shape: '2,1,16,16,33',
      tra_cache_shape: '2,3,1,1,16',
      inter_cache_shape: '2,1,33,16',
    }),
  );
  return dest;
}

/** Our `balanced` stream over `samples` in job-sized blocks (sessions already loaded). */
async function runOurs(
  modelPath: string,
  sessions: SessionCache,
  samples: Float32Array,
): Promise<Float32Array> {
  const stream = await createChannelStream(
    'balanced',
    { 'gtcrn_simple.onnx': modelPath },
    sessions,
  );
  const block = ENGINES.balanced.blockFrames;
  const parts: Float32Array[] = [];
  for (let i = 0; i < samples.length; i += block) {
    parts.push(await stream.push(samples.subarray(i, i + block)));
  }
  parts.push(await stream.end());
  const out = new Float32Array(samples.length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Times ours and sherpa's on `samples` (16 kHz mono), or says why the peer cannot run. */
export async function benchGtcrnAgainstSherpa(
  modelPath: string,
  samples: Float32Array,
  tmp: string,
): Promise<ModelPeerResult | string> {
  let sherpa: SherpaModule;
  try {
    sherpa = createRequire(import.meta.url)('sherpa-onnx-node') as SherpaModule;
  } catch (error) {
    return `sherpa-onnx-node could not be loaded (${error instanceof Error ? error.message : String(error)})`;
  }
  const peerModel = gtcrnWithSherpaMetadata(modelPath, path.join(tmp, 'gtcrn-sherpa.onnx'));
  const denoiser = new sherpa.OfflineSpeechDenoiser({
    model: { gtcrn: { model: peerModel }, numThreads: 1, provider: 'cpu', debug: 0 },
  });
  const sessions = engineSessionCache('balanced', null);
  try {
    // Load and warm both up on a second of audio, then time each once over the whole input.
    denoiser.run({ samples: samples.subarray(0, 16_000), sampleRate: 16_000 });
    await runOurs(modelPath, sessions, samples.subarray(0, 16_000));
    // Alternate the two and keep each one's best round: on a shared machine the other
    // processes' load only ever adds time, so the minimum is the fairest single number.
    const best = { ours: Infinity, peer: Infinity, oursCpu: Infinity, peerCpu: Infinity };
    let ours: Float32Array = new Float32Array(0);
    let theirs: Float32Array = new Float32Array(0);
    for (let round = 0; round < ROUNDS; round++) {
      let cpu = process.cpuUsage();
      let started = performance.now();
      ours = await runOurs(modelPath, sessions, samples);
      best.ours = Math.min(best.ours, (performance.now() - started) / 1000);
      best.oursCpu = Math.min(best.oursCpu, cpuSeconds(process.cpuUsage(cpu)));
      cpu = process.cpuUsage();
      started = performance.now();
      theirs = denoiser.run({ samples, sampleRate: 16_000 }).samples;
      best.peer = Math.min(best.peer, (performance.now() - started) / 1000);
      best.peerCpu = Math.min(best.peerCpu, cpuSeconds(process.cpuUsage(cpu)));
    }
    const n = Math.min(ours.length, theirs.length);
    return {
      oursSeconds: best.ours,
      peerSeconds: best.peer,
      oursCpuSeconds: best.oursCpu,
      peerCpuSeconds: best.peerCpu,
      rounds: ROUNDS,
      agreementDb: siSdr(ours.subarray(0, n), theirs.subarray(0, n)),
    };
  } finally {
    await sessions.disposeAll();
  }
}
