/**
 * The pack a refused translation asks for: 503 model_not_installed names it (as every tool
 * does), and 400 unsupported_combination names the first missing one in `pack`, with each
 * stage's problem in `problems[]` (docs/api/speech-translation.md, "Creating a translation").
 */
import { isApiError } from '../../api/errors.ts';
import { packNeededBy } from '../models/PackErrorAlert.tsx';

export function translationPackNeeded(error: unknown): string | null {
  const pack = packNeededBy(error);
  if (pack) return pack;
  if (!isApiError(error) || error.status !== 400) return null;
  const named = error.body?.pack;
  return typeof named === 'string' ? named : null;
}

/** The plain sentence of each stage's problem, when the engine listed them. */
export function translationProblems(error: unknown): string[] {
  if (!isApiError(error)) return [];
  const problems = error.body?.problems;
  if (!Array.isArray(problems)) return [];
  return problems
    .map((p: unknown) =>
      p && typeof p === 'object' ? (p as { message?: unknown }).message : undefined,
    )
    .filter((m): m is string => typeof m === 'string' && m !== '');
}
