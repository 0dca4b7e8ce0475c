/**
 * Language: the engine's one language model — an installed pack or the owner's GGUF file run by
 * node-llama-cpp in its own process, or the owner's OpenAI-compatible chat server — and its
 * routes (docs/api/language-model.md). Books reads and writes text through `LanguageModel`.
 */
import { Language, type LanguageDeps } from './language-area.ts';

export { Language, type LanguageDeps } from './language-area.ts';
export { languageRoutes } from './language-routes.ts';
export type { JsonTask, LanguageModel } from './language-model.ts';
export type { JsonSchema } from './embedded/llm-protocol.ts';

export function createLanguage(deps: LanguageDeps): Language {
  return new Language(deps);
}
