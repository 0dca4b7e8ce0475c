/**
 * `npm run eval -- openvoice-graph`: the OpenVoice V2 graph template against OpenVoice's own
 * PyTorch code. `scripts/eval/openvoice_reference.py` (evaluation tooling: PyTorch from PyPI and
 * an OpenVoice checkout) writes a small random checkpoint, its config and the reference outputs
 * into a folder; this assembles the same checkpoint with the project's template, runs it on
 * ONNX Runtime with the same inputs and prints the largest differences. The folder comes from
 * TAPEHOUSE_OPENVOICE_REFERENCE; without it the eval says so and stops.
 */
import fs from 'node:fs';
import path from 'node:path';
import ort from 'onnxruntime-node';
import { assembleOpenVoice } from '../../engine/src/inference/assembly/openvoice/openvoice-assembly.ts';

interface Reference {
  spec: number[];
  frames: number;
  bins: number;
  ref_a: number[];
  ref_a_frames: number;
  ref_b: number[];
  ref_b_frames: number;
  src_tone: number[];
  tgt_tone: number[];
  audio: number[];
  torch: string;
}

function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>): { abs: number; rel: number } {
  let abs = 0;
  let scale = 0;
  for (let i = 0; i < b.length; i++) {
    abs = Math.max(abs, Math.abs((a[i] ?? NaN) - (b[i] ?? 0)));
    scale = Math.max(scale, Math.abs(b[i] ?? 0));
  }
  return { abs, rel: abs / Math.max(scale, 1e-12) };
}

export async function runOpenVoiceGraphEval(): Promise<void> {
  const dir = process.env.TAPEHOUSE_OPENVOICE_REFERENCE;
  if (!dir || !fs.existsSync(path.join(dir, 'reference.json'))) {
    console.log(
      'SKIPPED openvoice-graph: set TAPEHOUSE_OPENVOICE_REFERENCE to a folder written by scripts/eval/openvoice_reference.py',
    );
    return;
  }
  const ref = JSON.parse(fs.readFileSync(path.join(dir, 'reference.json'), 'utf8')) as Reference;
  const built = assembleOpenVoice(path.join(dir, 'checkpoint.pth'), path.join(dir, 'config.json'));
  const tone = await ort.InferenceSession.create(built.toneExtractor.bytes);
  const converter = await ort.InferenceSession.create(built.converter.bytes);
  const toneOf = async (data: number[], frames: number) =>
    (
      await tone.run({
        spec_t: new ort.Tensor('float32', Float32Array.from(data), [1, frames, ref.bins]),
      })
    ).tone?.data as Float32Array;
  const src = await toneOf(ref.ref_a, ref.ref_a_frames);
  const tgt = await toneOf(ref.ref_b, ref.ref_b_frames);
  const out = await converter.run({
    spec: new ort.Tensor('float32', Float32Array.from(ref.spec), [1, ref.bins, ref.frames]),
    spec_lengths: new ort.Tensor('int64', BigInt64Array.from([BigInt(ref.frames)]), [1]),
    src_tone: new ort.Tensor('float32', Float32Array.from(ref.src_tone), [
      1,
      ref.src_tone.length,
      1,
    ]),
    tgt_tone: new ort.Tensor('float32', Float32Array.from(ref.tgt_tone), [
      1,
      ref.tgt_tone.length,
      1,
    ]),
    tau: new ort.Tensor('float32', Float32Array.from([0]), [1]),
  });
  const audio = out.audio?.data as Float32Array;
  const rows = [
    ['tone (source reference)', maxDiff(src, ref.src_tone)],
    ['tone (target reference)', maxDiff(tgt, ref.tgt_tone)],
    ['converted audio, tau 0', maxDiff(audio, ref.audio)],
  ] as const;
  console.log(`OpenVoice graph template vs OpenVoice's PyTorch code (torch ${ref.torch}), ${dir}`);
  console.log(
    `  samples: ours ${audio.length}, reference ${ref.audio.length}; unused tensors: ${built.unused.length}`,
  );
  for (const [what, d] of rows)
    console.log(
      `  ${what.padEnd(26)} max |Δ| ${d.abs.toExponential(2)}  (${(d.rel * 100).toFixed(5)} % of the peak)`,
    );
}
