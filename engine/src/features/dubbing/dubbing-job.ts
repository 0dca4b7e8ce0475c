/**
 * Job `speech_translation`: one attempt at a translation — its first run, a retry of a failed
 * one, or the re-render of an edited line. The attempt runs the stages in order and skips every
 * stage a previous attempt finished whose outputs are still there (pipeline/stage.ts), so a retry
 * resumes after the last finished stage and an edit re-speaks one line and re-mixes.
 *
 * Price (docs/api/speech-translation.md, "Credits"): `speech_translation` credits per started
 * minute of the recording for a run or a retry (a failed attempt is refunded whole, so a retry
 * charges once again what was refunded); a line's re-render costs the same rate for that line's
 * seconds, rounded up to a whole credit. Idempotent: after a crash the attempt re-runs and
 * resumes from its stages.
 */
import { z } from 'zod';
import { AppError, throwIfCancelled } from '../../errors.ts';
import type { JobHandler, JobQuote } from '../../jobs/job-types.ts';
import type { DubbingDeps } from './dubbing-deps.ts';
import type { DubbingRepo } from './dubbing-repo.ts';
import { extractStage } from './pipeline/extract-stage.ts';
import { fitStage } from './pipeline/fit-stage.ts';
import { mixStage } from './pipeline/mix-stage.ts';
import { muxStage } from './pipeline/mux-stage.ts';
import { recognizeStage } from './pipeline/recognize-stage.ts';
import { separateStage } from './pipeline/separate-stage.ts';
import { speakStage } from './pipeline/speak-stage.ts';
import type { Stage } from './pipeline/stage.ts';
import { recognizeData } from './pipeline/stage-data.ts';
import { transcriptStage } from './pipeline/transcript-stage.ts';
import { translateStage } from './pipeline/translate-stage.ts';
import { voicesStage } from './pipeline/voices-stage.ts';
import { WorkFolder } from './pipeline/work-folder.ts';
import { applyEdit, STAGES_AFTER_EDIT } from './line-edit.ts';

export const SPEECH_TRANSLATION_JOB = 'speech_translation';

export const STAGES: readonly Stage[] = [
  extractStage,
  separateStage,
  recognizeStage,
  translateStage,
  voicesStage,
  speakStage,
  fitStage,
  mixStage,
  muxStage,
  transcriptStage,
];

export const dubJobInput = z.object({
  translation_id: z.number().int().positive(),
  reason: z.enum(['create', 'retry', 'edit']),
  duration_seconds: z.number().min(0),
  /** An edit's line, its new words, and its seconds (what it is billed for). */
  segment_id: z.number().int().nullable(),
  text: z.string().nullable(),
  billed_seconds: z.number().min(0),
});

export type DubJobInput = z.infer<typeof dubJobInput>;

export interface DubJobResult {
  translation_id: number;
  reused_stages: string[];
  ran_stages: string[];
}

export function quoteDub(deps: Pick<DubbingDeps, 'pricing'>, input: DubJobInput): JobQuote {
  if (input.reason !== 'edit')
    return deps.pricing.quoteMinutes('speech_translation', input.duration_seconds);
  const perMinute = deps.pricing.multipliers().speech_translation;
  return {
    credits: Math.max(1, Math.ceil((perMinute * input.billed_seconds) / 60)),
    serviceType: 'speech_translation',
    audioDuration: input.billed_seconds,
    metadata: { credits_per_minute: perMinute, line: input.segment_id },
  };
}

export function makeDubbingJob(
  deps: DubbingDeps,
  repo: DubbingRepo,
): JobHandler<DubJobInput, DubJobResult> {
  return {
    type: SPEECH_TRANSLATION_JOB,
    resource: 'inference',
    idempotent: true,
    input: dubJobInput,
    price: (input) => quoteDub(deps, input),
    async run({ jobId, input, signal, progress }) {
      const row = repo.get(input.translation_id);
      if (!row) throw new AppError('not_found', 'This translation was deleted.');
      const folder = WorkFolder.of(deps.config.home, row.id);
      const inputPath = deps.files.pathOf(deps.files.get(row.ownerId, row.fileKey));
      const ffmpeg = await deps.ffmpeg.require();
      const total = STAGES.reduce((sum, s) => sum + s.weight, 0);
      let records = [...row.stages];
      if (input.reason === 'edit' && input.segment_id !== null && input.text !== null) {
        applyEdit(folder, input.segment_id, input.text);
        records = records.filter((r) => !(STAGES_AFTER_EDIT as readonly string[]).includes(r.name));
        repo.setStages(row.id, records);
      }
      let before = 0;
      const reused: string[] = [];
      const ran: string[] = [];
      for (const stage of STAGES) {
        throwIfCancelled(signal);
        const finished =
          records.some((r) => r.name === stage.name) &&
          stage.outputs.every((o) => folder.exists(o));
        const at = before;
        before += stage.weight;
        if (finished) {
          reused.push(stage.name);
          continue;
        }
        progress({ percent: (at / total) * 100, stage: stage.name });
        const started = Date.now();
        await stage.run({
          deps,
          row,
          folder,
          inputPath,
          ffmpeg,
          signal,
          progress: (fraction) =>
            progress({
              percent: ((at + stage.weight * Math.max(0, Math.min(1, fraction))) / total) * 100,
              stage: stage.name,
            }),
        });
        records = [
          ...records.filter((r) => r.name !== stage.name),
          {
            name: stage.name,
            task_id: jobId,
            finished_at: new Date().toISOString(),
            seconds: Math.round((Date.now() - started) / 100) / 10,
          },
        ];
        repo.setStages(row.id, records);
        ran.push(stage.name);
        if (stage.name === 'recognize') {
          const heard = folder.read('recognize.json', recognizeData);
          if (heard?.detected) repo.setDetected(row.id, heard.language);
        }
      }
      return { translation_id: row.id, reused_stages: reused, ran_stages: ran };
    },
  };
}
