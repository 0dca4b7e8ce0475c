/**
 * Job `voice_conversion` (the contract's job type): re-voices an uploaded recording to a custom
 * voice with the installed conversion pack (convert-task.ts), writes the result as WAV into the
 * owner's files. Price: `voice_conversion` credits per started minute of the recording (GET
 * /credits/multipliers), reserved at creation, refunded on failure (a pack removed meanwhile
 * included). Idempotent: a re-run converts the same input again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { decodeAudio, encodeAudio } from '../../../audio/index.ts';
import { AppError } from '../../../errors.ts';
import type { JobHandler } from '../../../jobs/job-types.ts';
import type { ConversionDeps } from './conversion-deps.ts';
import { requireConversionPack } from './conversion-packs.ts';
import { CONVERT_TASK, type ConvertTaskInput, type ConvertTaskResult } from './convert-task.ts';
import { CONVERTER_RATE } from './spectrogram.ts';

export const VOICE_CONVERSION_JOB = 'voice_conversion';

export const conversionInput = z.object({
  file_key: z.string().uuid(),
  filename: z.string(),
  voice_id: z.number().int(),
  voice_uuid: z.string(),
  voice_name: z.string(),
  duration_seconds: z.number(),
});

export type ConversionInput = z.infer<typeof conversionInput>;

export interface ConversionResult {
  file_key: string;
  filename: string;
  duration_seconds: number;
  pack: string;
}

export const makeConversionJob = (
  deps: ConversionDeps,
): JobHandler<ConversionInput, ConversionResult> => ({
  type: VOICE_CONVERSION_JOB,
  resource: 'inference',
  idempotent: true,
  input: conversionInput,
  price: (input) => deps.pricing.quoteMinutes('voice_conversion', input.duration_seconds),
  async run({ input, ownerId, signal, progress, reportUsage }) {
    const pack = requireConversionPack(deps.models);
    const voice = deps.repo.get(input.voice_id);
    if (!voice?.audioPath)
      throw new AppError('voice_not_found', `The target voice ${input.voice_uuid} is gone.`);
    const ffmpeg = await deps.ffmpeg();
    const source = deps.files.pathOf(deps.files.get(ownerId, input.file_key));
    progress({ percent: 5, stage: 'decode' });
    const decode = (file: string) =>
      decodeAudio(ffmpeg, file, { sampleRate: CONVERTER_RATE, channels: 1, signal });
    const [src, tgt] = [await decode(source), await decode(deps.folders.absolute(voice.audioPath))];
    const task: ConvertTaskInput = {
      converterPath: pack.converterPath,
      extractorPath: pack.extractorPath,
      source: src.samples,
      target: tgt.samples,
      tau: 0.3,
      executionProviders: deps.config.executionProviders,
    };
    const out = await deps.workers.run<ConvertTaskResult>(CONVERT_TASK, task, {
      signal,
      onProgress: (percent, stage) =>
        progress({ percent: 10 + percent * 0.8, stage: stage ?? 'convert' }),
    });
    progress({ percent: 92, stage: 'store' });
    const dir = deps.folders.incoming();
    try {
      const wav = path.join(dir, 'converted.wav');
      await encodeAudio(
        ffmpeg,
        { samples: out.samples, sampleRate: CONVERTER_RATE, channels: 1 },
        wav,
        {
          format: 'wav',
          signal,
        },
      );
      const base = path.basename(input.filename, path.extname(input.filename)) || 'recording';
      const saved = await deps.files.save(ownerId, fs.createReadStream(wav), {
        filename: `${base} (${voice.name}).wav`,
        contentType: 'audio/wav',
      });
      const seconds = out.samples.length / CONVERTER_RATE;
      reportUsage({
        credits: deps.pricing.quoteMinutes('voice_conversion', seconds).credits,
        audioDuration: seconds,
        metadata: { voice_id: input.voice_id },
      });
      return {
        file_key: saved.file_key,
        filename: saved.filename,
        duration_seconds: seconds,
        pack: pack.packId,
      };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
});
