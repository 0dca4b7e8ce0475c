/**
 * The translation area's public surface (docs/api/translation.md): its routes, its builder and
 * the text translator other areas use.
 */
import { translationRoutes } from './translation-routes.ts';

export { createTranslationArea, type TranslationArea } from './translation-area.ts';
export type { TranslationDeps, TranscriptSource } from './translation-deps.ts';
export { TextTranslator, type TranslateOptions } from './text-translator.ts';
export type { MtPlan, MtEngine } from './mt-packs.ts';
export { MT_LANGUAGES, languageCode, type MtLanguage } from './mt-languages.ts';

export const translationAreaRoutes = translationRoutes;
