/**
 * `audiobook_auto_cast` (POST .../cast/auto): designs one voice per named character
 * (auto-cast.ts). Prepaid: the price of every named character is held at creation; only the
 * voices actually designed are charged, the rest is released. Idempotent: designing again from
 * the start gives the same voices and the settlement charges once.
 */
import { z } from 'zod';
import { AppError, throwIfCancelled } from '../../../errors.ts';
import type { JobHandler } from '../../../jobs/job-types.ts';
import { JOB_TYPES } from '../book-jobs.ts';
import type { Books } from '../books.ts';
import type { AutoCastResult } from './auto-cast-schemas.ts';
import { AUTO_CAST_CREDITS } from './auto-cast.ts';
import { describeVoices, type VoiceDescription } from './voice-descriptions.ts';

const input = z.object({
  project_id: z.string().uuid(),
  character_names: z.array(z.string()).min(1),
});

export const makeAutoCastJob = (
  books: Books,
): JobHandler<z.infer<typeof input>, AutoCastResult> => ({
  type: JOB_TYPES.autoCast,
  resource: 'io',
  idempotent: true,
  input,
  price(input) {
    return {
      credits: input.character_names.length * AUTO_CAST_CREDITS,
      serviceType: 'audiobook_auto_cast',
      metadata: { characters: input.character_names.length },
    };
  },
  async run({ ownerId, input, signal, progress, reportUsage }) {
    const project = books.repos.projects.owned(ownerId, input.project_id);
    if (!project) throw new AppError('not_found', 'The project was deleted.');
    throwIfCancelled(signal);
    const model = books.language.available() ? books.language.label() : null;
    let described = new Map<string, VoiceDescription>();
    if (model !== null) {
      progress({ percent: 5, stage: `describing voices with ${model}` });
      described = await describeVoices(
        books.language,
        books.autoCast.evidence(project, input.character_names),
        signal,
      );
      throwIfCancelled(signal);
    }
    progress({ percent: 90, stage: 'designing voices' });
    const characters = books.autoCast.design(project, input.character_names, described);
    const credits = characters.length * AUTO_CAST_CREDITS;
    reportUsage({ credits, metadata: { voices_designed: characters.length } });
    return {
      characters,
      model,
      voices_designed: characters.length,
      credits_charged: credits,
    };
  },
});
