/**
 * `npm run eval -- denoise`: quality of the noise-reduction engines on the clean/noisy pairs in
 * <dataDir>/noise (pairs_deepfilternet: 48 kHz, 0 dB SNR; pairs_voicebank_demand: 16 kHz
 * VoiceBank+DEMAND). For every file and engine it prints SI-SDR of the noisy input and of the
 * output against the clean reference (at the reference's own rate) and their difference, and
 * DNSMOS P.835 SIG/BAK/OVRL and P.808 MOS before and after (dnsmos.ts; models from
 * $TAPEHOUSE_MODELS_DIR/quality), then the means per engine.
 *
 * Engines: `studio` (DeepFilterNet3), `balanced` (GTCRN), both run exactly as jobs run them
 * (the same streams, blocks of one second), and ffmpeg's `afftdn` spectral denoiser as a
 * classical reference point. Last, two oracles, not engines (ideal-mask.ts): they see the clean
 * reference and show what masking reaches on each pair, `ideal-mask` (the ideal ratio mask) and
 * `psm-oracle` (the phase-sensitive mask in [0, 1], the ceiling of a bounded per-bin gain).
 */
import fs from 'node:fs';
import path from 'node:path';
import { decodeAudio } from '../../engine/src/audio/decode.ts';
import { runFfmpeg } from '../../engine/src/audio/ffmpeg-run.ts';
import { resolveFfmpeg } from '../../engine/src/audio/ffmpeg-locate.ts';
import type { Ffmpeg } from '../../engine/src/audio/types.ts';
import { encodeWav } from '../../engine/src/audio/wav.ts';
import type { SessionCache } from '../../engine/src/inference/session-cache.ts';
import {
  createChannelStream,
  engineSessionCache,
  ENGINES,
  QUALITY_MODES,
  type EngineFiles,
  type QualityMode,
} from '../../engine/src/features/cleanup/denoise-engines.ts';
import { denoiseWhole } from '../../engine/src/features/cleanup/hop-stream.ts';
import { siSdr } from '../../engine/src/features/cleanup/si-sdr.ts';
import { Dnsmos, DNSMOS_RATE, type DnsmosScores } from './dnsmos.ts';
import { idealMask } from './ideal-mask.ts';

interface Pair {
  name: string;
  clean: string;
  noisy: string;
}

function pairs(noiseDir: string): Pair[] {
  const out: Pair[] = [];
  const dfn = path.join(noiseDir, 'pairs_deepfilternet');
  if (fs.existsSync(path.join(dfn, 'noisy_snr0.wav'))) {
    out.push({
      name: 'deepfilternet/noisy_snr0',
      clean: path.join(dfn, 'clean_freesound_33711.wav'),
      noisy: path.join(dfn, 'noisy_snr0.wav'),
    });
  }
  const vb = path.join(noiseDir, 'pairs_voicebank_demand');
  if (fs.existsSync(path.join(vb, 'noisy'))) {
    for (const file of fs.readdirSync(path.join(vb, 'noisy')).sort()) {
      if (!file.endsWith('.wav')) continue;
      out.push({
        name: `voicebank/${file.replace(/\.wav$/, '')}`,
        clean: path.join(vb, 'clean', file),
        noisy: path.join(vb, 'noisy', file),
      });
    }
  }
  return out;
}

type EngineName = QualityMode | 'afftdn' | 'ideal-mask' | 'psm-oracle';

function modelFiles(modelsDir: string, mode: QualityMode): EngineFiles {
  const folder = mode === 'studio' ? 'denoise/deepfilternet3' : 'denoise';
  const files: EngineFiles = {};
  for (const name of ENGINES[mode].files) files[name] = path.join(modelsDir, folder, name);
  return files;
}

async function runModel(
  mode: QualityMode,
  files: EngineFiles,
  sessions: SessionCache,
  noisy: Float32Array,
): Promise<Float32Array> {
  const stream = await createChannelStream(mode, files, sessions);
  return denoiseWhole(stream, noisy, ENGINES[mode].blockFrames);
}

/** ffmpeg's FFT denoiser with noise tracking: the classical peer. */
async function runAfftdn(
  ffmpeg: Ffmpeg,
  noisy: string,
  rate: number,
  tmp: string,
): Promise<Float32Array> {
  const out = path.join(tmp, 'afftdn.wav');
  await runFfmpeg(ffmpeg, [
    '-i',
    `file:${noisy}`,
    '-af',
    'afftdn=nr=20:nf=-40:tn=1',
    '-ac',
    '1',
    '-ar',
    String(rate),
    '-y',
    `file:${out}`,
  ]);
  return (await decodeAudio(ffmpeg, out, { sampleRate: rate, channels: 1 })).samples;
}

async function at(
  ffmpeg: Ffmpeg,
  samples: Float32Array,
  from: number,
  to: number,
  tmp: string,
): Promise<Float32Array> {
  if (from === to) return samples;
  const file = path.join(tmp, `resample-${from}.wav`);
  fs.writeFileSync(file, encodeWav({ sampleRate: from, channels: 1, samples }, 'f32'));
  return (await decodeAudio(ffmpeg, file, { sampleRate: to, channels: 1 })).samples;
}

function fmt(value: number, width = 7): string {
  return value.toFixed(2).padStart(width);
}

function fmtMos(s: DnsmosScores): string {
  return `${fmt(s.sig, 5)}${fmt(s.bak, 5)}${fmt(s.ovrl, 5)}${fmt(s.p808, 5)}`;
}

export async function runDenoiseEval(dataDir: string): Promise<void> {
  const modelsDir = process.env.TAPEHOUSE_MODELS_DIR;
  if (!modelsDir)
    throw new Error('TAPEHOUSE_MODELS_DIR is not set (the denoise and DNSMOS models)');
  const noiseDir = path.join(dataDir, 'noise');
  const list = pairs(noiseDir);
  if (list.length === 0) throw new Error(`no clean/noisy pairs under ${noiseDir}`);
  const ffmpeg = await resolveFfmpeg({ setting: process.env.TAPEHOUSE_FFMPEG ?? null });
  const dnsmos = await Dnsmos.load(
    path.join(modelsDir, 'quality/sig_bak_ovr.onnx'),
    path.join(modelsDir, 'quality/model_v8.onnx'),
  );
  const sessions = new Map<QualityMode, SessionCache>(
    QUALITY_MODES.map((m) => [m, engineSessionCache(m, null)]),
  );
  const tmp = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'denoise-eval-'));
  const engines: EngineName[] = [...QUALITY_MODES, 'afftdn', 'ideal-mask', 'psm-oracle'];
  const totals = new Map<
    EngineName,
    { before: number; after: number; mosBefore: DnsmosScores; mosAfter: DnsmosScores; n: number }
  >();

  console.log('Denoise eval: SI-SDR (dB) vs the clean reference; DNSMOS SIG BAK OVRL P808 (1-5)');
  console.log(
    `${'file'.padEnd(26)}${'engine'.padEnd(10)}${'SI-SDR in'.padStart(10)}${'out'.padStart(8)}${'gain'.padStart(8)}   DNSMOS in (SIG BAK OVR P808)   DNSMOS out`,
  );
  try {
    for (const pair of list) {
      const cleanRate = (await decodeAudio(ffmpeg, pair.clean, { durationSeconds: 0.1 }))
        .sampleRate;
      const clean = (await decodeAudio(ffmpeg, pair.clean, { sampleRate: cleanRate, channels: 1 }))
        .samples;
      const noisyRef = (
        await decodeAudio(ffmpeg, pair.noisy, { sampleRate: cleanRate, channels: 1 })
      ).samples;
      const noisy16 = (
        await decodeAudio(ffmpeg, pair.noisy, { sampleRate: DNSMOS_RATE, channels: 1 })
      ).samples;
      const before = siSdr(noisyRef, clean);
      const mosBefore = await dnsmos.score(noisy16);
      for (const engine of engines) {
        let out: Float32Array;
        let outRate: number;
        if (engine === 'ideal-mask' || engine === 'psm-oracle') {
          const kind = engine === 'ideal-mask' ? 'ratio' : 'phase-sensitive';
          out = idealMask(clean, noisyRef, cleanRate, kind);
          outRate = cleanRate;
        } else if (engine === 'afftdn') {
          out = await runAfftdn(ffmpeg, pair.noisy, cleanRate, tmp);
          outRate = cleanRate;
        } else {
          const rate = ENGINES[engine].sampleRate;
          const input = (await decodeAudio(ffmpeg, pair.noisy, { sampleRate: rate, channels: 1 }))
            .samples;
          out = await runModel(engine, modelFiles(modelsDir, engine), sessions.get(engine)!, input);
          outRate = rate;
        }
        const atRef = await at(ffmpeg, out, outRate, cleanRate, tmp);
        const at16 = await at(ffmpeg, out, outRate, DNSMOS_RATE, tmp);
        const after = siSdr(atRef, clean);
        const mosAfter = await dnsmos.score(at16);
        console.log(
          `${pair.name.padEnd(26)}${engine.padEnd(10)}${fmt(before, 10)}${fmt(after, 8)}${fmt(after - before, 8)}   ${fmtMos(mosBefore)}          ${fmtMos(mosAfter)}`,
        );
        const t = totals.get(engine) ?? {
          before: 0,
          after: 0,
          mosBefore: { sig: 0, bak: 0, ovrl: 0, p808: 0 },
          mosAfter: { sig: 0, bak: 0, ovrl: 0, p808: 0 },
          n: 0,
        };
        t.before += before;
        t.after += after;
        for (const k of ['sig', 'bak', 'ovrl', 'p808'] as const) {
          t.mosBefore[k] += mosBefore[k];
          t.mosAfter[k] += mosAfter[k];
        }
        t.n += 1;
        totals.set(engine, t);
      }
    }
    console.log('\nMeans over all files');
    for (const [engine, t] of totals) {
      const mean = (s: DnsmosScores): DnsmosScores => ({
        sig: s.sig / t.n,
        bak: s.bak / t.n,
        ovrl: s.ovrl / t.n,
        p808: s.p808 / t.n,
      });
      const label =
        engine === 'afftdn'
          ? 'afftdn (ffmpeg, peer)'
          : engine === 'ideal-mask'
            ? 'ideal-mask (oracle, sees the clean)'
            : engine === 'psm-oracle'
              ? 'psm-oracle (oracle, sees the clean)'
              : `${engine} (${ENGINES[engine].name})`;
      console.log(
        `${label.padEnd(36)}SI-SDR ${fmt(t.before / t.n)} → ${fmt(t.after / t.n)} (gain ${fmt((t.after - t.before) / t.n)})   DNSMOS ${fmtMos(mean(t.mosBefore))}  →${fmtMos(mean(t.mosAfter))}`,
      );
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
    for (const cache of sessions.values()) await cache.disposeAll();
  }
}
