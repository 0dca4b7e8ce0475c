/**
 * Job `voice_cloning` (the contract's job type; webhooks announce it): a custom voice made from
 * one or several samples goes PROCESSING → COMPLETED here. The samples were checked when the
 * request came in; the job cleans them (DeepFilterNet3, the `denoise` flag), measures them in
 * full (DNSMOS included), cuts the voice's prompt from the best of them (voice-prompt.ts; its
 * words typed or heard by Whisper for ZipVoice), keeps the reference audio and, with the
 * similarity pack, scores how close the new voice sounds. A failure marks the voice FAILED with
 * the reason and refunds the credits.
 *
 * Price: `voice_cloning_generation` credits (GET /credits/multipliers) per voice, plus
 * `denoise_audio` per started minute of samples when denoising. Idempotent: a re-run redoes the
 * same work into the same files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { cleanRecording } from '../../cleanup/index.ts';
import { AppError, isAppError } from '../../../errors.ts';
import type { JobContext, JobHandler } from '../../../jobs/job-types.ts';
import { clonePackById } from '../cloning/clone-packs.ts';
import type { SampleReport } from '../samples/sample-analyzer.ts';
import type { SampleKind } from '../samples/sample-rules.ts';
import type { CustomVoiceDeps } from './custom-deps.ts';
import { speakableCustomVoice } from './custom-voice-views.ts';
import {
  cloneSimilarity,
  genderFromF0,
  median,
  preparePrompt,
  writeReference,
} from './voice-processing.ts';
import { bestSampleIndex } from './voice-prompt.ts';

export const VOICE_CLONING_JOB = 'voice_cloning';

export const voiceCloningInput = z.object({
  voice_id: z.number().int().positive(),
  denoise: z.boolean(),
  /** The words of the first sample, when the caller gave them (ZipVoice's prompt text). */
  reference_text: z.string().nullable().optional(),
});

export type VoiceCloningInput = z.infer<typeof voiceCloningInput>;

export interface VoiceCloningResult {
  voice_id: number;
  uuid: string;
  status: 'COMPLETED';
  speech_seconds: number;
  speaker_similarity: number | null;
}

function sampleSeconds(report: SampleReport | null): number {
  return (report?.files ?? []).reduce((sum, f) => sum + f.duration_seconds, 0);
}

export function quoteVoiceCloning(deps: CustomVoiceDeps, denoise: boolean, seconds: number) {
  const base = deps.pricing.multipliers().voice_cloning_generation;
  const cleaning = denoise ? deps.pricing.quoteMinutes('denoise_audio', seconds).credits : 0;
  return {
    credits: base + cleaning,
    serviceType: VOICE_CLONING_JOB,
    audioDuration: seconds,
    metadata: { voice_cloning_generation: base, denoise_audio: cleaning },
  };
}

async function processVoice(deps: CustomVoiceDeps, ctx: JobContext<VoiceCloningInput>) {
  const { input, signal, progress } = ctx;
  const row = deps.repo.get(input.voice_id);
  if (!row) throw new AppError('not_found', `Voice ${input.voice_id} no longer exists.`);
  const prior = row.report as SampleReport | null;
  const names = (prior?.files ?? []).map((f) => f.filename);
  let files = deps.folders.samples(row.uuid);
  if (files.length === 0) throw new AppError('not_found', `Voice ${row.id} has no samples.`);
  const dir = path.dirname(path.dirname(files[0] ?? ''));
  if (input.denoise) {
    const cleaned: string[] = [];
    for (const [index, file] of files.entries()) {
      const out = path.join(dir, 'cleaned', `sample-${index + 1}.wav`);
      fs.mkdirSync(path.dirname(out), { recursive: true });
      const cleaner = { ...deps, ffmpeg: { require: deps.ffmpeg } };
      await cleanRecording(cleaner, file, out, {
        signal,
        onProgress: (p) =>
          progress({ percent: ((index + p / 100) / files.length) * 40, stage: 'denoise' }),
      });
      cleaned.push(out);
    }
    files = cleaned;
  }
  progress({ percent: 40, stage: 'measure' });
  const kind: SampleKind = row.kind === 'multi_sample' ? 'multi_sample' : 'sample';
  const report = await deps.analyzer.analyze(
    kind,
    files.map((file, i) => ({ path: file, filename: names[i] ?? path.basename(file) })),
    { denoised: input.denoise, signal },
  );
  progress({ percent: 70, stage: 'prompt' });
  const pack = clonePackById(deps.models, row.packId ?? '');
  const referenceText = input.reference_text ?? null;
  // Typed words belong to the first sample; otherwise the best sample gives the prompt.
  const source = files[referenceText ? 0 : bestSampleIndex(report)] ?? files[0] ?? '';
  await preparePrompt(deps, pack, source, dir, {
    referenceText,
    language: row.language,
    signal,
  });
  progress({ percent: 85, stage: 'reference' });
  const reference = path.join(dir, 'reference.wav');
  await writeReference(deps, files[0] ?? '', reference, signal);
  const f0 = median(report.files.map((f) => f.f0_hz));
  const done = deps.repo.update(row.id, {
    status: 'COMPLETED',
    packId: pack.id,
    audioPath: path.posix.join(row.folder, 'reference.wav'),
    report: { ...report },
    f0,
    gender: row.gender ?? genderFromF0(f0),
    processedAt: new Date().toISOString(),
    error: null,
  });
  deps.catalog.refresh();
  deps.previews.forget(row.id);
  progress({ percent: 92, stage: 'similarity' });
  const similarity = done
    ? await cloneSimilarity(deps, speakableCustomVoice(done), files[0] ?? '', signal)
    : null;
  if (similarity !== null)
    deps.repo.update(row.id, { report: { ...report, speaker_similarity: similarity } });
  const seconds = sampleSeconds(report);
  ctx.reportUsage({
    credits: quoteVoiceCloning(deps, input.denoise, seconds).credits,
    audioDuration: seconds,
    metadata: { voice_id: row.id },
  });
  return {
    voice_id: row.id,
    uuid: row.uuid,
    status: 'COMPLETED' as const,
    speech_seconds: report.total_speech_seconds,
    speaker_similarity: similarity,
  };
}

export const makeVoiceCloningJob = (
  deps: CustomVoiceDeps,
): JobHandler<VoiceCloningInput, VoiceCloningResult> => ({
  type: VOICE_CLONING_JOB,
  resource: 'inference',
  idempotent: true,
  input: voiceCloningInput,
  price(input) {
    const row = deps.repo.get(input.voice_id);
    return quoteVoiceCloning(
      deps,
      input.denoise,
      sampleSeconds((row?.report ?? null) as SampleReport | null),
    );
  },
  async run(ctx) {
    try {
      return await processVoice(deps, ctx);
    } catch (error) {
      const message = ctx.signal.aborted
        ? 'cancelled'
        : isAppError(error) || error instanceof Error
          ? error.message
          : String(error);
      deps.repo.update(ctx.input.voice_id, { status: 'FAILED', error: message });
      deps.catalog.refresh();
      throw error;
    }
  },
});
