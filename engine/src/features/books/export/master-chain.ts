/**
 * The mastering chain (issue 7, item 1), all inside ffmpeg's process: the sources are read in
 * order through the concat demuxer, trimmed to where sound starts and ends, resampled to
 * 44.1 kHz mono, raised by one gain to the target RMS, a downward expander where the recording's
 * own noise would sit above the floor, a peak limiter, exact head and tail padding, and a room-
 * tone bed (seeded pink noise, low-passed, at −65 dB RMS) mixed under the whole file so no part
 * is digital zero; then MP3 192 kbps CBR with ID3 tags. The encoded file is measured
 * (file-measure.ts) and, when the encoder pushed the true peak over −3 dBFS or the limiter moved
 * the RMS off target, encoded again with the corrected ceiling or gain (at most twice).
 */
import fs from 'node:fs';
import path from 'node:path';
import { runFfmpeg, type Ffmpeg } from '../../../audio/index.ts';
import { ACX_RULES, MASTER_TARGETS } from './acx-rules.ts';
import { measureAudioFile, type FileMeasurement } from './file-measure.ts';
import { analyseSource, planGain } from './source-analysis.ts';

export interface Id3Tags {
  title: string;
  album: string;
  artist: string;
  narrator: string;
  /** ID3 TPUB. */
  publisher?: string;
  track?: string;
  genre?: string;
  date?: string;
}

export interface MasterRequest {
  /** Audio files played in order (all at `sampleRate`, mono; takes are). */
  inputs: readonly string[];
  sampleRate: number;
  output: string;
  /** Scratch folder for the concat list. */
  workDir: string;
  tags: Id3Tags;
  targetRmsDb?: number;
  headSeconds?: number;
  tailSeconds?: number;
  /** Seeds the room tone so a re-export is bit-identical. */
  seed?: number;
  signal?: AbortSignal;
  /** 0..1 over the encode pass (the long part). */
  onProgress?: (fraction: number) => void;
}

export interface MasterResult {
  measurement: FileMeasurement;
  gain_db: number;
  limiter_ceiling_db: number;
  expander: boolean;
  encodes: number;
}

/** Pink noise with amplitude 1 through the low-pass reads this RMS (measured, ffmpeg 5.1). */
const PINK_UNIT_RMS_DB = -14.9;

function concatList(workDir: string, inputs: readonly string[], name: string): string {
  fs.mkdirSync(workDir, { recursive: true });
  const list = path.join(workDir, `${name}.ffconcat`);
  const quote = (file: string): string => `'${path.resolve(file).replaceAll("'", "'\\''")}'`;
  fs.writeFileSync(
    list,
    `ffconcat version 1.0\n${inputs.map((f) => `file ${quote(f)}`).join('\n')}\n`,
  );
  return list;
}

export function id3Args(tags: Id3Tags): string[] {
  const pairs: [string, string | undefined][] = [
    ['title', tags.title],
    ['album', tags.album],
    ['artist', tags.artist],
    ['album_artist', tags.artist],
    // The narrator twice: ID3 has no narrator frame; players show the composer (TCOM), and a
    // TXXX:NARRATOR frame carries it by name (docs/api/export.md, "Tags").
    ['composer', tags.narrator],
    ['NARRATOR', tags.narrator],
    ['publisher', tags.publisher],
    ['track', tags.track],
    ['genre', tags.genre ?? 'Audiobook'],
    ['date', tags.date],
  ];
  return pairs.flatMap(([k, v]) => (v ? ['-metadata', `${k}=${v}`] : []));
}

interface EncodePlan {
  startSeconds: number;
  endSeconds: number;
  gainDb: number;
  ceilingDb: number;
  expander: { thresholdDb: number; rangeDb: number } | null;
}

export function filterGraph(plan: EncodePlan, head: number, tail: number, seed: number): string {
  const toLin = (db: number): string => (10 ** (db / 20)).toFixed(6);
  const speech = [
    `atrim=start=${plan.startSeconds.toFixed(3)}:end=${plan.endSeconds.toFixed(3)}`,
    'asetpts=N/SR/TB',
    'aformat=channel_layouts=mono',
    `aresample=${ACX_RULES.sampleRate}`,
    `volume=${plan.gainDb.toFixed(3)}dB`,
    ...(plan.expander
      ? [
          `agate=threshold=${toLin(plan.expander.thresholdDb)}:range=${toLin(plan.expander.rangeDb)}` +
            ':ratio=8:attack=5:release=120:detection=rms',
        ]
      : []),
    `alimiter=limit=${toLin(plan.ceilingDb)}:attack=5:release=60:level=disabled`,
    // ffmpeg 4.1 (the bundled build) knows neither adelay's `all` nor apad's `pad_dur`.
    `adelay=${Math.round(head * 1000)}`,
    `apad=pad_len=${Math.round(tail * ACX_RULES.sampleRate)}`,
    'aformat=channel_layouts=mono',
  ].join(',');
  const amplitude = toLin(MASTER_TARGETS.roomToneDb - PINK_UNIT_RMS_DB);
  const tone = `anoisesrc=c=pink:r=${ACX_RULES.sampleRate}:a=${amplitude}:seed=${seed},lowpass=f=7000,aformat=channel_layouts=mono`;
  // amerge + pan sums the two exactly (amix scales its inputs differently across versions);
  // amerge ends with the shorter input, the speech.
  return `[0:a]${speech}[sp];${tone}[rt];[sp][rt]amerge=inputs=2,pan=mono|c0=c0+c1[out]`;
}

export async function masterToMp3(ffmpeg: Ffmpeg, request: MasterRequest): Promise<MasterResult> {
  const target = request.targetRmsDb ?? MASTER_TARGETS.rmsDb;
  const head = request.headSeconds ?? MASTER_TARGETS.headSeconds;
  const tail = request.tailSeconds ?? MASTER_TARGETS.tailSeconds;
  const seed = request.seed ?? 1;
  const signal = request.signal ? { signal: request.signal } : {};
  const list = concatList(request.workDir, request.inputs, path.basename(request.output, '.mp3'));
  const inputArgs = ['-f', 'concat', '-safe', '0', '-i', list];
  const analysis = await analyseSource(ffmpeg, inputArgs, request.sampleRate, request.signal);
  const gain = planGain(analysis, target, head + tail);
  const floorAfter = gain.noiseFloorDb === null ? null : gain.noiseFloorDb + gain.gainDb;
  const plan: EncodePlan = {
    startSeconds: gain.startSeconds,
    endSeconds: gain.endSeconds,
    gainDb: gain.gainDb,
    ceilingDb: MASTER_TARGETS.limiterCeilingDb,
    // A recording whose own noise would sit within 3 dB of the −60 dB limit is expanded down.
    expander:
      floorAfter !== null && floorAfter > ACX_RULES.noiseFloorMaxDb - 3
        ? { thresholdDb: floorAfter + 12, rangeDb: Math.min(-6, -72 - floorAfter) }
        : null,
  };
  const seconds = gain.endSeconds - gain.startSeconds + head + tail;
  let measurement: FileMeasurement;
  let encodes = 0;
  for (;;) {
    encodes += 1;
    const partial = `${request.output}.partial.mp3`;
    await runFfmpeg(
      ffmpeg,
      [
        '-y',
        ...inputArgs,
        ...['-filter_complex', filterGraph(plan, head, tail, seed), '-map', '[out]'],
        ...['-map_metadata', '-1', '-c:a', 'libmp3lame', '-b:a', `${MASTER_TARGETS.bitrateKbps}k`],
        // LAME's algorithm quality 5 (of 0 best … 9 fastest): ~15 % faster than its default,
        // no audible difference for speech at 192 kbps.
        ...['-compression_level', '5'],
        ...['-ar', String(ACX_RULES.sampleRate), '-ac', '1', '-id3v2_version', '3'],
        ...id3Args(request.tags),
        ...['-f', 'mp3', partial],
      ],
      {
        ...signal,
        what: `mastering ${path.basename(request.output)}`,
        totalSeconds: seconds,
        ...(request.onProgress && { onProgress: (f: number) => request.onProgress?.(f) }),
      },
    );
    fs.renameSync(partial, request.output);
    measurement = await measureAudioFile(ffmpeg, request.output, signal);
    if (encodes >= 3) break;
    const tp = measurement.true_peak_db;
    const rms = measurement.rms_db;
    let again = false;
    if (tp !== null && tp > ACX_RULES.truePeakMaxDb - 0.2) {
      plan.ceilingDb -= tp - (ACX_RULES.truePeakMaxDb - 0.7);
      again = true;
    }
    if (rms !== null && Math.abs(rms - target) > 1.2) {
      plan.gainDb += target - rms;
      again = true;
    }
    // Quiet sound at the edges (pushed under the room-tone threshold by the expander) reads as
    // a long head or tail: trim it so the room tone is exactly what was asked for.
    if (measurement.head_silence_seconds > ACX_RULES.headMaxSeconds) {
      plan.startSeconds += measurement.head_silence_seconds - head;
      again = true;
    }
    if (measurement.tail_silence_seconds > ACX_RULES.tailMaxSeconds) {
      plan.endSeconds -= measurement.tail_silence_seconds - tail;
      again = true;
    }
    const floor = measurement.noise_floor_db;
    if (floor !== null && floor > ACX_RULES.noiseFloorMaxDb - 1) {
      // The recording's own noise still shows between words: expand harder.
      plan.expander = plan.expander
        ? { thresholdDb: plan.expander.thresholdDb + 6, rangeDb: plan.expander.rangeDb - 6 }
        : { thresholdDb: floor + 12, rangeDb: Math.min(-6, -72 - floor) };
      again = true;
    }
    if (!again) break;
  }
  return {
    measurement,
    gain_db: Math.round(plan.gainDb * 100) / 100,
    limiter_ceiling_db: Math.round(plan.ceilingDb * 100) / 100,
    expander: plan.expander !== null,
    encodes,
  };
}
