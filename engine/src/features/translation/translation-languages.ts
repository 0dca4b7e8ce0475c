/**
 * GET /translation/text/languages (ours): every language the engine translates, the packs that
 * read or write it (installed or not), and for a pair what would run now and every option in
 * the order the engine tries them (mt-packs.ts).
 */
import { AppError } from '../../errors.ts';
import type { ModelRegistry } from '../../inference/model-registry.ts';
import { languageCode, MT_LANGUAGES } from './mt-languages.ts';
import { candidates, translationPacks } from './mt-packs.ts';

export function languagesView(
  models: ModelRegistry,
  query: { source?: string | undefined; target?: string | undefined },
) {
  const packs = translationPacks(models);
  const ready = new Map(packs.map((p) => [p.id, models.status(p.id).ready]));
  const covers = (pack: (typeof packs)[number], code: string) =>
    pack.translator.family === 'marian'
      ? pack.translator.source === code || pack.translator.target === code
      : (pack.languages ?? []).includes(code);
  let pair = null;
  if (query.source !== undefined || query.target !== undefined) {
    const source = languageCode(query.source ?? '');
    const target = languageCode(query.target ?? '');
    if (source === null || target === null)
      throw new AppError(
        'validation_error',
        'Give both source and target as language codes of this list.',
        {
          details: { reason: 'unsupported_language' },
        },
      );
    const options = candidates(packs, source, target).map((c) => ({
      engine: c.engine,
      packs: c.steps.map((s) => s.packId),
      installed: c.steps.every((s) => ready.get(s.packId) === true),
    }));
    pair = {
      source_language: source,
      target_language: target,
      chosen: options.find((o) => o.installed) ?? null,
      options,
    };
  }
  return {
    languages: MT_LANGUAGES.map((l) => {
      const ids = packs.filter((p) => covers(p, l.code)).map((p) => p.id);
      return { code: l.code, name: l.name, packs: ids, installed: ids.some((id) => ready.get(id)) };
    }),
    packs: packs.map((p) => ({
      id: p.id,
      title: p.title,
      family: p.translator.family,
      licence: p.licence,
      installed: ready.get(p.id) === true,
      source_language: p.translator.source ?? null,
      target_language: p.translator.target ?? null,
      languages: p.languages ?? [p.translator.source ?? '', p.translator.target ?? ''],
    })),
    pair,
  };
}
