/**
 * The real models from TAPEHOUSE_MODELS_DIR (CI: ../shared/models): Basic Pitch run through the
 * session cache on a synthesized A4, and every committed manifest checked against the real
 * files by installing them. Outside CI these skip loudly when the folder is absent.
 */
import path from 'node:path';
import { Tensor } from 'onnxruntime-node';
import { afterAll, describe, expect, it } from 'vitest';
import {
  chooseProviders,
  detectProviders,
} from '../../engine/src/inference/execution-providers.ts';
import { installPack } from '../../engine/src/inference/model-install.ts';
import { verifyPack } from '../../engine/src/inference/model-verify.ts';
import { ModelRegistry } from '../../engine/src/inference/model-registry.ts';
import { SessionCache } from '../../engine/src/inference/session-cache.ts';
import { realModel } from '../helpers/requirements.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

const SAMPLE_RATE = 22_050;
const WINDOW = 43_844; // Basic Pitch's fixed input length: 2 s minus its hop padding
const FRAMES = 172;
const KEYS = 88; // MIDI 21 (A0) .. 108 (C8)
const A4 = 69;

const NOTE = 'StatefulPartitionedCall:1';
const ONSET = 'StatefulPartitionedCall:2';
const CONTOUR = 'StatefulPartitionedCall:0';

const nmp = realModel('midi/nmp.onnx');
const temp = makeTempDir('tapehouse-real-models-');
const sessions = new SessionCache({ providers: chooseProviders(detectProviders(), null) });

afterAll(async () => {
  await sessions.disposeAll();
  temp.cleanup();
});

function sine(frequency: number, amplitude = 0.5): Float32Array {
  const out = new Float32Array(WINDOW);
  for (let i = 0; i < WINDOW; i++)
    out[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / SAMPLE_RATE);
  return out;
}

/** Per bin, the highest activation over all frames. */
function peakPerBin(tensor: Tensor): Float32Array {
  const [, frames = 0, bins = 0] = tensor.dims;
  const data = tensor.data as Float32Array;
  const peaks = new Float32Array(bins);
  for (let f = 0; f < frames; f++) {
    for (let b = 0; b < bins; b++) peaks[b] = Math.max(peaks[b] ?? 0, data[f * bins + b] ?? 0);
  }
  return peaks;
}

function argmax(values: Float32Array): number {
  let best = 0;
  values.forEach((v, i) => {
    if (v > (values[best] ?? -Infinity)) best = i;
  });
  return best;
}

describe.skipIf(nmp === null)('Basic Pitch (nmp.onnx) on ONNX Runtime', () => {
  it('resolves through the registry from TAPEHOUSE_MODELS_DIR', () => {
    const modelsDir = path.resolve(path.dirname(nmp ?? ''), '..');
    const registry = new ModelRegistry({ home: temp.dir, modelsDir });
    expect(registry.resolveModelFile('basic-pitch', 'nmp.onnx')).toBe(nmp);
  });

  it('hears a 440 Hz sine as A4 (MIDI 69)', async () => {
    const started = performance.now();
    const session = await sessions.getSession(nmp ?? '');
    const created = performance.now() - started;
    expect(session.inputNames).toEqual(['serving_default_input_2:0']);
    expect([...session.outputNames].sort()).toEqual([CONTOUR, NOTE, ONSET]);

    const input = session.inputNames[0] ?? '';
    const run = async (audio: Float32Array): Promise<Record<string, Tensor>> =>
      (await session.run({ [input]: new Tensor('float32', audio, [1, WINDOW, 1]) })) as Record<
        string,
        Tensor
      >;

    const t0 = performance.now();
    const outputs = await run(sine(440));
    const inferred = performance.now() - t0;
    console.log(
      `[bench] nmp.onnx on ${sessions.defaultProviders.join('+')}: session ${created.toFixed(0)} ms, ` +
        `one ${WINDOW}-sample window ${inferred.toFixed(0)} ms`,
    );

    const note = outputs[NOTE];
    const onset = outputs[ONSET];
    const contour = outputs[CONTOUR];
    expect(note?.dims).toEqual([1, FRAMES, KEYS]);
    expect(onset?.dims).toEqual([1, FRAMES, KEYS]);
    expect(contour?.dims).toEqual([1, FRAMES, 3 * KEYS]);

    const notePeaks = peakPerBin(note as Tensor);
    const onsetPeaks = peakPerBin(onset as Tensor);
    expect(21 + argmax(notePeaks)).toBe(A4);
    expect(Math.abs(21 + argmax(onsetPeaks) - A4)).toBeLessThanOrEqual(1);
    expect(notePeaks[A4 - 21]).toBeGreaterThan(0.5);
    // Contour: three bins per semitone from A0, so A4 sits near bin 3 × 48.
    expect(Math.abs(argmax(peakPerBin(contour as Tensor)) - 3 * (A4 - 21))).toBeLessThanOrEqual(2);

    // Silence lights up no key the way the tone lights up A4.
    const quiet = peakPerBin((await run(new Float32Array(WINDOW)))[NOTE] as Tensor);
    expect(Math.max(...quiet)).toBeLessThan(0.3);

    // An octave up moves the answer by twelve keys.
    const a5 = peakPerBin((await run(sine(880)))[NOTE] as Tensor);
    expect(21 + argmax(a5)).toBe(A4 + 12);
  });
});

describe.skipIf(nmp === null)('committed manifests against the real files', () => {
  it('install --from TAPEHOUSE_MODELS_DIR accepts every pack (sizes and sha256 match)', async () => {
    const modelsDir = path.resolve(path.dirname(nmp ?? ''), '..');
    const registry = new ModelRegistry({ home: path.join(temp.dir, 'home'), modelsDir: null });
    // Voice packs (Piper, Kokoro), Whisper weights, neural stem separators, the diarization pack,
    // translation packs, the voice converter and the language models (GGUF) are not among the
    // real models this machine has
    // (the models README: the hubs are unreachable); every other pack is, byte for byte.
    // (Whisper's real tokens file is checked against its pin in models-capabilities.test.ts.) A
    // new task must be added to one side or the other here, on purpose.
    const ABSENT_TASKS = new Set([
      'tts',
      'asr',
      'stems',
      'speaker-embedding',
      'translation',
      'voice-conversion',
      'llm',
    ]);
    const packs = registry.manifests().filter((m) => !ABSENT_TASKS.has(m.task));
    expect(packs.length).toBeGreaterThanOrEqual(6);
    for (const manifest of packs) {
      const result = await installPack(registry, manifest.id, { from: modelsDir });
      expect(result.status, manifest.id).toBe('installed');
      expect((await verifyPack(registry, manifest.id)).ok, manifest.id).toBe(true);
    }
    expect(registry.installedPackCount()).toBe(packs.length);
  });
});
