/**
 * Stage `mix`: the dub over the recording's own background, streamed a second at a time
 * (`dub.wav`, the source's rate and channels). The bed is the ORIGINAL audio wherever nobody
 * was speaking and the separated background under the source speech (crossfaded over 50 ms), so
 * the music and effects are untouched between lines and only the voices are replaced. Each line
 * is added at its placement with its level-matching gain, on every channel; a soft knee above
 * −1 dBFS keeps the sum from clipping.
 */
import { decodeAudioStream, WavStreamWriter, type Ffmpeg } from '../../../audio/index.ts';
import fs from 'node:fs';
import { decodeWav } from '../../../audio/index.ts';
import { AppError, throwIfCancelled } from '../../../errors.ts';
import { fittedFile } from './fit-stage.ts';
import { FrameReader } from './frame-reader.ts';
import type { Stage } from './stage.ts';
import { extractData, fitData, recognizeData } from './stage-data.ts';

/** Source speech regions are widened by this much before the bed switches to the background. */
const REGION_PAD_SECONDS = 0.15;
const RAMP_SECONDS = 0.05;
const KNEE = 0.89;

interface Region {
  start: number;
  end: number;
}

/** Merged, padded source speech regions, in frames. */
export function bedRegions(lines: readonly Region[], rate: number): Region[] {
  const padded = [...lines]
    .sort((a, b) => a.start - b.start)
    .map((l) => ({
      start: Math.max(0, Math.round((l.start - REGION_PAD_SECONDS) * rate)),
      end: Math.round((l.end + REGION_PAD_SECONDS) * rate),
    }));
  const merged: Region[] = [];
  for (const r of padded) {
    const last = merged.at(-1);
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else merged.push({ ...r });
  }
  return merged;
}

/** Weight of the separated background (1) against the original (0) at each frame of a block. */
export function bedWeights(
  regions: readonly Region[],
  from: number,
  frames: number,
  ramp: number,
): Float32Array {
  const w = new Float32Array(frames);
  for (const r of regions) {
    if (r.end + ramp < from || r.start - ramp > from + frames) continue;
    for (let i = 0; i < frames; i++) {
      const t = from + i;
      const inside =
        t < r.start ? 1 - (r.start - t) / ramp : t > r.end ? 1 - (t - r.end) / ramp : 1;
      if (inside > w[i]!) w[i] = inside;
    }
  }
  return w;
}

function softLimit(x: number): number {
  const a = Math.abs(x);
  if (a <= KNEE) return x;
  return Math.sign(x) * (KNEE + (1 - KNEE) * Math.tanh((a - KNEE) / (1 - KNEE)));
}

interface Line {
  start: number;
  gain: number;
  file: string;
  samples: Float32Array | null;
}

function streamOf(
  ffmpeg: Ffmpeg,
  file: string,
  rate: number,
  channels: number,
  signal: AbortSignal,
) {
  return decodeAudioStream(ffmpeg, file, { sampleRate: rate, channels, chunkFrames: rate, signal })[
    Symbol.asyncIterator
  ]();
}

export const mixStage: Stage = {
  name: 'mix',
  weight: 6,
  outputs: ['dub.wav'],
  async run(ctx) {
    const extract = ctx.folder.read('extract.json', extractData);
    const heard = ctx.folder.read('recognize.json', recognizeData);
    const fit = ctx.folder.read('fit.json', fitData);
    if (!extract || !heard || !fit)
      throw new AppError('internal_error', 'An earlier stage left nothing.');
    const { sampleRate: rate, channels } = extract;
    const regions = bedRegions(heard.segments, rate);
    const ramp = Math.round(RAMP_SECONDS * rate);
    const lines: Line[] = heard.segments
      .flatMap((s) => {
        const p = fit.placements[String(s.id)];
        return p
          ? [
              {
                start: Math.round(p.start * rate),
                gain: 10 ** (p.gainDb / 20),
                file: fittedFile(s.id),
                samples: null,
              },
            ]
          : [];
      })
      .sort((a, b) => a.start - b.start);
    const total = Math.ceil(extract.duration * rate);
    const original = new FrameReader(
      streamOf(ctx.ffmpeg, ctx.folder.path('source.wav'), rate, channels, ctx.signal),
      channels,
    );
    const background = new FrameReader(
      streamOf(ctx.ffmpeg, ctx.folder.path('background.wav'), rate, channels, ctx.signal),
      channels,
    );
    const out = ctx.folder.path('dub.partial.wav');
    const writer = new WavStreamWriter(out, rate, channels);
    try {
      for (let from = 0; from < total; from += rate) {
        throwIfCancelled(ctx.signal);
        const frames = Math.min(rate, total - from);
        const [a, b] = [await original.read(frames), await background.read(frames)];
        const w = bedWeights(regions, from, frames, ramp);
        const block = new Float32Array(frames * channels);
        for (let i = 0; i < frames; i++)
          for (let c = 0; c < channels; c++) {
            const k = i * channels + c;
            block[k] = a[k]! * (1 - w[i]!) + b[k]! * w[i]!;
          }
        for (const line of lines) {
          if (line.start >= from + frames) break;
          if (line.samples === null) {
            if (line.start + 60 * rate < from) continue;
            line.samples = decodeWav(fs.readFileSync(ctx.folder.path(line.file))).samples;
          }
          const end = line.start + line.samples.length;
          if (end <= from) {
            line.samples = new Float32Array(0);
            continue;
          }
          for (let t = Math.max(from, line.start); t < Math.min(end, from + frames); t++) {
            const v = line.samples[t - line.start]! * line.gain;
            for (let c = 0; c < channels; c++) block[(t - from) * channels + c]! += v;
          }
        }
        for (let k = 0; k < block.length; k++) block[k] = softLimit(block[k]!);
        writer.write(block);
        ctx.progress(Math.min(1, (from + frames) / total));
      }
      writer.close();
    } catch (error) {
      writer.abandon();
      fs.rmSync(out, { force: true });
      throw error;
    } finally {
      await original.close();
      await background.close();
    }
    ctx.folder.adopt(out, 'dub.wav');
  },
};
