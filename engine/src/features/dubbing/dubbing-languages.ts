/**
 * GET /translation/languages (ours; docs/api/speech-translation.md, "Languages"): for each of
 * the 21 codes, what this machine can do with it now — recognise it (Whisper), translate into
 * it (an installed text-translation pack), clone a speaker in it (a cloning pack that speaks
 * it), speak it with a catalog voice — and, for a `source` → `target` pair, whether a
 * translation would run and, when not, every reason with the pack that fixes it.
 */
import { planDub } from './dub-plan.ts';
import type { DubbingDeps } from './dubbing-deps.ts';
import { DUB_LANGUAGES, dubLanguage, languageName } from './dub-languages.ts';
import { invalid } from './translation-request.ts';
import type { z } from 'zod';
import type { languagesSchema } from './dubbing-schemas.ts';

type LanguagesJson = z.infer<typeof languagesSchema>;

function code(raw: string | undefined, field: string): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  const found = dubLanguage(raw);
  if (found === null)
    throw invalid(
      field,
      `${field} "${raw}" is not one of the 21 codes (${DUB_LANGUAGES.join(', ')}).`,
      'unsupported_language',
    );
  return found;
}

export function dubbingLanguages(
  deps: DubbingDeps,
  query: { source?: string | undefined; target?: string | undefined },
): LanguagesJson {
  let whisperReady = true;
  try {
    deps.recognizer.check();
  } catch {
    whisperReady = false;
  }
  const languages = DUB_LANGUAGES.map((lang) => {
    const into = deps.translator.into(lang);
    const cloning = deps.voices.prompts.packsFor(lang);
    const catalog = deps.voices.distinctVoices(lang, { count: 1000 });
    return {
      code: lang,
      name: languageName(lang),
      recognition: {
        supported: deps.recognizer.knows(lang),
        installed: whisperReady && deps.recognizer.knows(lang),
      },
      translation: { into: into.installed.length > 0, packs: into.installed },
      cloning: {
        supported: cloning.length > 0,
        installed: deps.voices.prompts.packFor(lang, null) !== null,
        packs: cloning.map((p) => p.id),
      },
      catalog_voice: {
        available: catalog.length > 0,
        voices: catalog.length,
        neural: catalog.some((v) => v.tier === 'neural'),
      },
    };
  });
  const source = code(query.source, 'source');
  const target = code(query.target, 'target');
  const plan = target === null ? null : planDub(deps, source, target);
  return {
    languages,
    conversion: { installed: deps.voices.timbre.installed(), packs: deps.voices.timbre.known() },
    separation: plan?.separation ?? planDub(deps, null, 'en').separation,
    pair: plan && {
      source: plan.source,
      target: plan.target,
      possible: plan.problems.length === 0,
      speech: plan.speech,
      translation: plan.translation,
      recognition: plan.recognition,
      problems: plan.problems,
    },
  };
}
