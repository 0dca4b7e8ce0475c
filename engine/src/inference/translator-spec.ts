/**
 * How a text-translation pack (task `translation`) is driven (features/translation;
 * docs/api/translation.md): the model family, and for a one-pair model (Opus-MT) its pair.
 * Language codes are the engine's (features/translation/mt-languages.ts: `en`, `zh-cn`…);
 * many-to-many packs list theirs in the manifest's `languages`.
 */
import { z } from 'zod';

export const MT_FAMILIES = ['marian', 'm2m100', 'nllb'] as const;
export type MtFamily = (typeof MT_FAMILIES)[number];

const code = z
  .string()
  .regex(/^[a-z]{2,3}(-[a-z]{2,4})?$/, 'a language code such as "en" or "zh-cn"');

export const translatorSchema = z.strictObject({
  family: z
    .enum(MT_FAMILIES)
    .describe(
      'marian: Opus-MT (one pair); m2m100: M2M100; nllb: NLLB-200 (transformers.js exports).',
    ),
  source: code.optional().describe('marian: the source language.'),
  target: code.optional().describe('marian: the target language.'),
  targetToken: z
    .string()
    .regex(/^>>\w+<<$/)
    .optional()
    .describe(
      'marian multi-target models: the token each sentence starts with, e.g. ">>cmn_Hans<<".',
    ),
});

export type TranslatorSpec = z.infer<typeof translatorSchema>;

/** Problems of a translator spec in its manifest (attached to `translator` by the caller). */
export function translatorProblems(
  task: string,
  spec: TranslatorSpec,
  languages: readonly string[] | undefined,
): string[] {
  const problems: string[] = [];
  if (task !== 'translation') problems.push('translator is only for task "translation"');
  if (spec.family === 'marian' && (spec.source === undefined || spec.target === undefined))
    problems.push('a marian translator names its source and target');
  if (spec.family !== 'marian' && (languages === undefined || languages.length < 2))
    problems.push(`a ${spec.family} translator lists its languages in "languages"`);
  return problems;
}
