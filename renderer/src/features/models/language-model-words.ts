/**
 * The language model's status (GET /language-model, docs/api/language-model.md) in plain words
 * for the Models page: where the model comes from, whether it is in memory, how fast it is.
 * Pure; the studio never shows file formats or token counts.
 */
import type { ResponseOf } from '../../api/contract.ts';
import { formatBytes } from '../../lib/format.ts';

export type LanguageModelStatus = ResponseOf<'get', '/language-model'>;

/**
 * Tokens are pieces of words; English prose averages about three quarters of a word per token,
 * so speeds are shown in words with "about".
 */
const WORDS_PER_TOKEN = 0.75;

/** The choice the chooser shows: `pack:<id>`, `file`, `url` or `off`. */
export type LanguageModelChoice = `pack:${string}` | 'file' | 'url' | 'off';

export function currentChoice(status: LanguageModelStatus): LanguageModelChoice | null {
  if (status.preference === 'off') return 'off';
  if (status.source === 'pack' && status.pack_id) return `pack:${status.pack_id}`;
  if (status.source === 'file' || status.source === 'url') return status.source;
  return null;
}

/** Where the model in use comes from. */
export function sourceWords(status: LanguageModelStatus): string {
  if (status.source === 'pack') return 'installed with the studio';
  if (status.source === 'file') return `your own model file (${status.model_file ?? ''})`;
  if (status.source === 'url') return `your chat server (${status.url ?? ''})`;
  return 'none';
}

export function stateWords(status: LanguageModelStatus): string {
  if (!status.ready) return status.preference === 'off' ? 'Turned off' : 'Not set up';
  if (status.source === 'url') return 'Runs on your chat server';
  if (status.loaded) {
    const memory =
      status.memory_bytes === null ? '' : `, using ${formatBytes(status.memory_bytes)}`;
    return `Loaded in memory${memory}`;
  }
  return 'Idle: it loads when a feature needs it';
}

export function idleWords(seconds: number): string {
  if (seconds === 0) return 'Stays in memory until you unload it.';
  const minutes = Math.round(seconds / 60);
  return minutes >= 1
    ? `Leaves memory after ${minutes} minute${minutes === 1 ? '' : 's'} unused.`
    : `Leaves memory after ${seconds} seconds unused.`;
}

function perSecond(tokens: number): string {
  const words = tokens * WORDS_PER_TOKEN;
  return words >= 10 ? String(Math.round(words)) : words.toFixed(1);
}

export function speedWords(status: LanguageModelStatus): string {
  const { speed } = status;
  const how = speed.measured ? 'measured' : 'estimated for this computer until its first use';
  return `Reads about ${perSecond(speed.prompt_tokens_per_second)} words a second and writes about ${perSecond(speed.output_tokens_per_second)} (${how}).`;
}

export function runsOnWords(status: LanguageModelStatus): string {
  if (status.source === 'url') return 'Your chat server';
  return status.gpu ? `Graphics card (${status.gpu.toUpperCase()})` : 'Processor';
}
