/**
 * The translation product area, built once per engine: text translation now (docs/api/
 * translation.md); speech translation (document 3's translation jobs) builds on it.
 */
import type { JobHandler } from '../../jobs/job-types.ts';
import { makeTextTranslationJob } from './text-translation-job.ts';
import { TextTranslationService } from './text-translation-service.ts';
import { TextTranslator } from './text-translator.ts';
import type { TranslationDeps } from './translation-deps.ts';

export interface TranslationArea {
  text: TextTranslationService;
  /** For other areas: translate texts with the installed packs. */
  translator: TextTranslator;
  jobs: JobHandler[];
}

export function createTranslationArea(deps: TranslationDeps): TranslationArea {
  const translator = new TextTranslator(deps);
  const text = new TextTranslationService(deps, translator);
  return {
    text,
    translator,
    jobs: [makeTextTranslationJob({ ...deps, translator })],
  };
}
