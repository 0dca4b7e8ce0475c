/**
 * `midi_transcription` jobs (docs/api/midi.md): split (standalone with `split: true`: the stems
 * feature separates the requested stems; from-stems: the source job's stems are read), then
 * transcribe each stem with Basic Pitch, then merge: a .mid per stem and one multitrack .mid
 * with the tempo. The job completes when at least one stem was transcribed (the rest are in
 * `failed_stems` with their reasons) and fails when none was. Files it saved are forgotten
 * again if it fails or is cancelled, so nothing is left behind.
 *
 * Price (docs/api/midi.md, "Credits"): the `midi_transcription` add-on per started minute, plus
 * the stem separation base rate when this job splits the mix itself; the from-stems route and
 * `split: false` bill the add-on only. Reserved from the probed duration, settled on the
 * decoded one (the split part only when separation delivered a stem).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { AppError, throwIfCancelled } from '../../../errors.ts';
import type { JobContext, JobHandler, JobQuote } from '../../../jobs/job-types.ts';
import type { MusicDeps } from '../music-deps.ts';
import { SAMPLE_RATE } from './basic-pitch-constants.ts';
import { writeMidi, type MidiTrackInput } from './midi-writer.ts';
import { midiOptionsSchema } from './midi-schema.ts';
import { decodeForModel, transcribeAudio } from './midi-transcriber.ts';
import { isTranscribable, SKIPPED_STEMS, WHOLE_MIX_TRACK } from './stem-instruments.ts';
import { requireSeparator, type SeparatedStem } from './stem-source.ts';

/** A run of the job with what the music area was given. */
type MidiRun = JobContext<MidiJobInput> & { deps: MusicDeps };

export const MIDI_JOB_TYPE = 'midi_transcription';
/** Tempo written when none was given and none could be detected (silence, very short input). */
export const FALLBACK_TEMPO_BPM = 120;

export const midiJobInput = z.object({
  mode: z.enum(['standalone', 'from_stems']),
  file_key: z.string().nullable(),
  source_job_id: z.number().int().nullable(),
  original_filename: z.string(),
  stems_requested: z.array(z.string()).min(1),
  options: midiOptionsSchema,
  /** Probed at creation, for the price. */
  duration_seconds: z.number().nullable(),
});
export type MidiJobInput = z.infer<typeof midiJobInput>;

export interface MidiJobResult {
  tracks: Record<string, { file_key: string; note_count: number }>;
  merged_file_key: string | null;
  stem_audio: Record<string, string>;
  stem_engines: Record<string, { engine: string; tier: string }>;
  detected_tempo_bpm: number | null;
  tempo_source: 'detected' | 'override' | 'default';
  skipped_stems: string[];
  failed_stems: Record<string, string> | null;
  duration_seconds: number;
  /** Set by DELETE /midi/jobs/{id}: the outputs are gone and the job is no longer listed. */
  deleted_at?: string;
}

interface SourceTrack {
  track: string;
  path: string;
}

/** Progress bands per stage (percent of the whole job). */
const SPLIT_END = 40;
const TRANSCRIBE_END = 90;

export function skippedStems(stems: readonly string[]): string[] {
  return stems.filter((s) => (SKIPPED_STEMS as readonly string[]).includes(s));
}

export function transcribableStems(stems: readonly string[]): string[] {
  return stems.filter(isTranscribable);
}

export function midiQuote(deps: MusicDeps, input: MidiJobInput, seconds: number | null): JobQuote {
  const addOn = deps.pricing.quoteMinutes('midi_transcription', seconds);
  if (input.mode !== 'standalone' || !input.options.split) return addOn;
  const split = deps.pricing.quoteMinutes('stem_extraction', seconds);
  return {
    ...addOn,
    credits: addOn.credits + split.credits,
    metadata: { ...addOn.metadata, split_credits: split.credits, midi_credits: addOn.credits },
  };
}

class SavedFiles {
  readonly keys: string[] = [];
  constructor(
    private readonly deps: MusicDeps,
    private readonly ownerId: string,
  ) {}

  async save(source: Readable, contentType: string, filename: string, signal: AbortSignal) {
    const stored = await this.deps.files.save(
      this.ownerId,
      source,
      { contentType, filename },
      signal,
    );
    this.keys.push(stored.file_key);
    return stored.file_key;
  }

  discardAll(): void {
    for (const key of this.keys) this.deps.files.discard(this.ownerId, key);
  }
}

function baseName(filename: string): string {
  const stem = filename.replace(/\.[^.]+$/, '').trim();
  return stem === '' ? 'transcription' : stem;
}

async function splitStage(
  ctx: MidiRun,
  wanted: string[],
  saved: SavedFiles,
  result: Pick<MidiJobResult, 'stem_audio' | 'stem_engines'>,
  failed: Record<string, string>,
): Promise<{ tracks: SourceTrack[]; tempoSources: string[] }> {
  const { input, deps, ownerId, signal, progress } = ctx;
  const report = (fraction: number) => progress({ percent: fraction * SPLIT_END, stage: 'split' });
  report(0);
  if (input.mode === 'from_stems') {
    const separator = await requireSeparator();
    const outputs = separator.stemJobOutputs(deps, ownerId, input.source_job_id ?? 0);
    if (outputs === null)
      throw new AppError('not_found', `Stem job ${input.source_job_id} not found.`);
    if (outputs === 'expired') {
      throw new AppError('gone', `The outputs of stem job ${input.source_job_id} have expired.`);
    }
    const tracks: SourceTrack[] = [];
    for (const stem of wanted) {
      const found = outputs.stems.find((s) => s.stem === stem);
      if (found && fs.existsSync(found.path)) tracks.push({ track: stem, path: found.path });
      else failed[stem] = `stem job ${input.source_job_id} has no "${stem}" output`;
    }
    report(1);
    return {
      tracks,
      tempoSources: outputs.stems.map((s) => s.path).filter((p) => fs.existsSync(p)),
    };
  }
  const mix = deps.files.pathOf(deps.files.get(ownerId, input.file_key ?? ''));
  if (!input.options.split) {
    const track = wanted.length === 1 ? wanted[0]! : WHOLE_MIX_TRACK;
    report(1);
    return { tracks: [{ track, path: mix }], tempoSources: [mix] };
  }
  const separator = await requireSeparator();
  let separated: SeparatedStem[] = [];
  try {
    const out = await separator.separateStems(deps, {
      filePath: mix,
      stems: wanted,
      signal,
      onProgress: report,
    });
    separated = out.stems;
    for (const f of out.failed) failed[f.stem] = f.reason;
  } catch (error) {
    throwIfCancelled(signal);
    const reason = error instanceof Error ? error.message : String(error);
    for (const stem of wanted) failed[stem] = `stem separation failed: ${reason}`;
  }
  const tracks: SourceTrack[] = [];
  try {
    for (const stem of wanted) {
      const got = separated.find((s) => s.stem === stem);
      if (!got) {
        failed[stem] ??= 'the installed stem separators cannot produce this stem';
        continue;
      }
      result.stem_engines[stem] = { engine: got.engine, tier: got.tier };
      const key = await saved.save(
        fs.createReadStream(got.path),
        'audio/wav',
        `${baseName(input.original_filename)}.${stem}.wav`,
        signal,
      );
      result.stem_audio[stem] = key;
      tracks.push({ track: stem, path: deps.files.pathOf(deps.files.get(ownerId, key)) });
    }
  } finally {
    removeSeparatorOutput(separated);
  }
  report(1);
  return { tracks, tempoSources: [mix] };
}

/** separateStems hands its files to the caller: they now live in the file store, so go. */
function removeSeparatorOutput(separated: SeparatedStem[]): void {
  const folders = new Set(separated.map((s) => path.dirname(s.path)));
  for (const s of separated) fs.rmSync(s.path, { force: true });
  for (const folder of folders) {
    try {
      fs.rmdirSync(folder); // only when empty: never anything the separator did not hand over
    } catch {
      // not empty or already gone
    }
  }
}

/** Sums several files' audio (the stems of a stem job) for tempo detection. */
async function tempoAudio(ctx: MidiRun, paths: string[]): Promise<Float32Array> {
  let sum: Float32Array | null = null;
  for (const path of paths) {
    const audio = await decodeForModel(ctx.deps, path, ctx.signal);
    if (sum === null || audio.length > sum.length) {
      const grown: Float32Array = new Float32Array(audio.length);
      if (sum) grown.set(sum);
      sum = grown;
    }
    for (let i = 0; i < audio.length; i++) sum[i]! += audio[i]!;
  }
  return sum ?? new Float32Array(0);
}

async function runMidiJob(ctx: MidiRun): Promise<MidiJobResult> {
  const { input, deps, ownerId, signal, progress, reportUsage } = ctx;
  const saved = new SavedFiles(deps, ownerId);
  try {
    const wanted = transcribableStems(input.stems_requested);
    const failed: Record<string, string> = {};
    const result: MidiJobResult = {
      tracks: {},
      merged_file_key: null,
      stem_audio: {},
      stem_engines: {},
      detected_tempo_bpm: null,
      tempo_source: 'default',
      skipped_stems: skippedStems(input.stems_requested),
      failed_stems: null,
      duration_seconds: 0,
    };
    if (wanted.length === 0) {
      throw new AppError('validation_error', 'None of the requested stems can be transcribed.');
    }
    const needsSplit = input.mode === 'standalone' && input.options.split;
    const { tracks, tempoSources } = await splitStage(ctx, wanted, saved, result, failed);

    const transcribed: MidiTrackInput[] = [];
    const override = input.options.tempo_bpm;
    let detected: number | null = null;
    const detectOnTrack = override === null && !needsSplit && input.mode === 'standalone';
    const start = input.options.split || input.mode === 'from_stems' ? SPLIT_END : 0;
    for (const [index, track] of tracks.entries()) {
      throwIfCancelled(signal);
      const band = (TRANSCRIBE_END - start) / tracks.length;
      const at = start + index * band;
      progress({ percent: at, stage: 'transcribe' });
      try {
        const audio = await decodeForModel(deps, track.path, signal);
        result.duration_seconds = Math.max(result.duration_seconds, audio.length / SAMPLE_RATE);
        const out = await transcribeAudio(deps, audio, {
          options: input.options,
          detectTempo: detectOnTrack && index === 0,
          signal,
          onProgress: (fraction) =>
            progress({ percent: at + fraction * band, stage: 'transcribe' }),
        });
        if (detectOnTrack && index === 0) detected = out.tempoBpm;
        transcribed.push({ track: track.track, notes: out.notes });
      } catch (error) {
        throwIfCancelled(signal);
        if (error instanceof AppError && error.code === 'model_not_installed') throw error;
        failed[track.track] = error instanceof Error ? error.message : String(error);
      }
    }
    if (transcribed.length === 0) {
      const reasons = Object.entries(failed).map(([stem, why]) => `${stem}: ${why}`);
      throw new AppError('invalid_audio', `No stem could be transcribed. ${reasons.join('; ')}`, {
        details: { failed_stems: failed },
      });
    }

    progress({ percent: TRANSCRIBE_END, stage: 'merge' });
    if (override === null && detected === null && !detectOnTrack) {
      const audio = await tempoAudio(ctx, tempoSources);
      if (audio.length > 0) {
        detected = (
          await transcribeAudio(deps, audio, { options: null, detectTempo: true, signal })
        ).tempoBpm;
      }
    }
    const tempo = override ?? detected ?? FALLBACK_TEMPO_BPM;
    result.detected_tempo_bpm = override ?? detected;
    result.tempo_source =
      override !== null ? 'override' : detected !== null ? 'detected' : 'default';

    const name = baseName(input.original_filename);
    for (const track of transcribed) {
      const bytes = writeMidi([track], tempo, `${name} (${track.track})`);
      result.tracks[track.track] = {
        file_key: await saved.save(
          Readable.from(bytes),
          'audio/midi',
          `${name}.${track.track}.mid`,
          signal,
        ),
        note_count: track.notes.length,
      };
    }
    const merged = writeMidi(transcribed, tempo, name);
    result.merged_file_key = await saved.save(
      Readable.from(merged),
      'audio/midi',
      `${name}.mid`,
      signal,
    );
    result.failed_stems = Object.keys(failed).length > 0 ? failed : null;
    result.duration_seconds = Math.round(result.duration_seconds * 1000) / 1000;

    const splitDelivered = needsSplit && Object.keys(result.stem_audio).length > 0;
    const used = midiQuote(
      deps,
      { ...input, options: { ...input.options, split: splitDelivered } },
      result.duration_seconds,
    );
    reportUsage({
      credits: used.credits,
      audioDuration: result.duration_seconds,
      metadata: used.metadata,
    });
    progress({ percent: 100, stage: 'merge' });
    return result;
  } catch (error) {
    saved.discardAll();
    throw error;
  }
}

export const makeMidiJob = (deps: MusicDeps): JobHandler<MidiJobInput, MidiJobResult> => ({
  type: MIDI_JOB_TYPE,
  resource: 'inference',
  idempotent: true,
  input: midiJobInput,
  // The service probed the duration at creation (null: the one-minute minimum).
  price: (input) => midiQuote(deps, input, input.duration_seconds),
  run: (ctx) => runMidiJob({ ...ctx, deps }),
});
