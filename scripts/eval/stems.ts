/**
 * Stem separation eval (`npm run eval -- stems`): separates the Slakh excerpt
 * <dataDir>/music/slakh_track00001/audio_excerpt_90-121s/mix.flac with every installed engine
 * (the embedded DSP tier always; neural packs when installed) through the same worker task the
 * engine runs, and prints SDR per stem against the rendered reference stems (bass, drums,
 * other; the track has no vocals), next to the mix-as-estimate baseline.
 *
 * SDR = 10·log10(Σ s² / Σ (s − ŝ)²) over both channels of the whole excerpt (the plain
 * signal-to-distortion ratio, no projection). Slakh has no vocal stem, so an engine's "vocals"
 * output is counted as part of "other" (the "other+vocals" row); "other" alone is printed too.
 * Neural packs that have a manifest but are not installed (in the data folder or under
 * TAPEHOUSE_MODELS_DIR) are listed loudly as SKIPPED before and after the table, with the reason.
 * Nothing in the separators is tuned on this excerpt (the DSP tier's masks are fixed by design,
 * the neural packs are published weights), so it has no held-out part; tuning on it would first
 * need a second Slakh excerpt set aside.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeAudio, type Ffmpeg } from '../../engine/src/audio/index.ts';
import { resolveFfmpeg } from '../../engine/src/audio/ffmpeg-locate.ts';
import { loadConfig } from '../../engine/src/config.ts';
import { run as separate } from '../../engine/src/features/music/stems/separation-task.ts';
import type { InstalledEngine } from '../../engine/src/features/music/stems/separation-engine.ts';
import {
  enginesIn,
  neuralPackDefinitions,
} from '../../engine/src/features/music/stems/stem-engines.ts';
import { packBytes } from '../../engine/src/inference/model-manifest.ts';
import { ModelRegistry } from '../../engine/src/inference/model-registry.ts';
import { skipped } from './eval-engine.ts';

const TRUTH = ['bass', 'drums', 'other'] as const;
const ASK = ['vocals', 'drums', 'bass', 'other'];

function sdr(truth: Float32Array, estimate: Float32Array): number {
  let s = 0;
  let e = 0;
  const n = Math.min(truth.length, estimate.length);
  for (let i = 0; i < n; i++) {
    s += truth[i]! ** 2;
    e += (truth[i]! - estimate[i]!) ** 2;
  }
  return 10 * Math.log10(s / Math.max(e, 1e-20));
}

async function load(ffmpeg: Ffmpeg, file: string): Promise<Float32Array> {
  return (await decodeAudio(ffmpeg, file, { sampleRate: 44_100, channels: 2 })).samples;
}

function add(a: Float32Array, b: Float32Array): Float32Array {
  return a.map((v, i) => v + (b[i] ?? 0));
}

export async function runStemsEval(dataDir: string): Promise<void> {
  const folder = path.join(dataDir, 'music/slakh_track00001/audio_excerpt_90-121s');
  const mixFile = path.join(folder, 'mix.flac');
  if (!fs.existsSync(mixFile)) throw new Error(`missing ${mixFile}`);
  const found = await resolveFfmpeg({ setting: process.env.TAPEHOUSE_FFMPEG ?? null });
  const ffmpeg: Ffmpeg = { path: found.path, version: found.version };
  // The user's own data folder: packs installed there are evaluated too (not only
  // TAPEHOUSE_MODELS_DIR); separated stems go to temporary folders.
  const config = loadConfig(process.env, {});
  const registry = new ModelRegistry(config);
  const engines = enginesIn(registry, config.executionProviders);
  const notRun = skippedPacks(registry, engines);
  if (notRun.length > 0) skipped('stems (neural engines)', notRun);
  const mix = await load(ffmpeg, mixFile);
  const truth = new Map<string, Float32Array>();
  for (const stem of TRUTH) truth.set(stem, await load(ffmpeg, path.join(folder, `${stem}.flac`)));

  console.log(
    `Slakh Track00001 excerpt (${(mix.length / 2 / 44_100).toFixed(1)} s), SDR in dB (higher is better)`,
  );
  const rows: [string, Record<string, number>][] = [];
  rows.push([
    'mix as estimate (baseline)',
    Object.fromEntries(TRUTH.map((s) => [s, sdr(truth.get(s)!, mix)])),
  ]);
  for (const engine of engines) {
    const stems = ASK.filter((s) => engine.stems.includes(s));
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), `stems-eval-${engine.id}-`));
    const started = Date.now();
    const out = await separate(
      { ffmpeg, inputPath: mixFile, outDir, engine: engine.spec, stems },
      { signal: new AbortController().signal, progress: () => {} },
    );
    const seconds = (Date.now() - started) / 1000;
    const estimate = new Map<string, Float32Array>();
    for (const s of out.stems) estimate.set(s.stem, await load(ffmpeg, s.path));
    const scores: Record<string, number> = {};
    for (const stem of TRUTH) {
      const est = estimate.get(stem);
      if (est) scores[stem] = sdr(truth.get(stem)!, est);
    }
    const other = estimate.get('other');
    const vocals = estimate.get('vocals');
    if (other && vocals) scores['other+vocals'] = sdr(truth.get('other')!, add(other, vocals));
    rows.push([`${engine.id} [${engine.tier}] (${seconds.toFixed(1)} s)`, scores]);
    fs.rmSync(outDir, { recursive: true, force: true });
  }
  const columns = ['bass', 'drums', 'other', 'other+vocals'];
  console.log(`${'engine'.padEnd(40)}${columns.map((c) => c.padStart(14)).join('')}`);
  for (const [name, scores] of rows) {
    console.log(
      `${name.padEnd(40)}${columns.map((c) => (scores[c] === undefined ? '—' : scores[c]!.toFixed(2)).padStart(14)).join('')}`,
    );
  }
  if (notRun.length > 0)
    skipped('stems (neural engines; only the rows above were measured)', notRun);
}

/**
 * Every neural stems pack the manifests describe that this run could not evaluate, and why:
 * printed loudly, so a table with only the DSP row is never mistaken for a neural result.
 */
function skippedPacks(registry: ModelRegistry, engines: readonly InstalledEngine[]): string[] {
  const running = new Set(engines.map((e) => e.id));
  const lines: string[] = [];
  for (const pack of neuralPackDefinitions(registry.manifests())) {
    if (running.has(pack.packId)) continue;
    let why: string;
    try {
      registry.resolveModelFile(pack.packId, pack.file);
      why = 'its file resolves but the engine was not built (see stem-engines.ts)';
    } catch (error) {
      why = error instanceof Error ? error.message : String(error);
    }
    const mb = (packBytes(registry.manifest(pack.packId)) / 1e6).toFixed(0);
    lines.push(`${pack.packId} (neural, ${mb} MB): ${why}`);
  }
  return lines;
}
