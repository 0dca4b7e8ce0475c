/**
 * Kokoro's phoneme vocabulary: the `vocab` object of the model's config.json (hexgrad/Kokoro-82M,
 * shipped in the pack), IPA symbol → token id. Token ids go to the model with a 0 pad at both
 * ends; symbols outside the vocabulary are dropped (as kokoro-onnx does) and counted.
 *
 * eSpeak NG sometimes writes a symbol Kokoro was never trained on where a close one exists; those
 * few are substituted first (Kokoro's own v0.19 phonemize rules), and a precomposed letter the
 * vocabulary lacks is tried in its decomposed form (base + combining mark).
 */
import fs from 'node:fs';
import { z } from 'zod';
import { AppError } from '../../../../errors.ts';

export type KokoroVocab = ReadonlyMap<string, number>;

/** Kokoro's context is 512 tokens including the two pads. */
export const KOKORO_MAX_TOKENS = 510;

const configSchema = z.object({ vocab: z.record(z.string(), z.number().int().positive()) });

export function parseKokoroVocab(raw: unknown, source: string): KokoroVocab {
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success || Object.keys(parsed.data.vocab).length === 0) {
    throw new AppError('validation_error', `${source} has no Kokoro "vocab" object`, {
      details: { file: source },
    });
  }
  return new Map(Object.entries(parsed.data.vocab));
}

export function readKokoroVocab(file: string): KokoroVocab {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new AppError('validation_error', `cannot read Kokoro config ${file}`, {
      details: { file },
      cause: error,
    });
  }
  return parseKokoroVocab(raw, file);
}

/** eSpeak symbols Kokoro does not have, and what it was trained with instead. */
const SUBSTITUTES: Record<string, string> = { ʲ: 'j', r: 'ɹ', x: 'k', ɬ: 'l' };

export interface KokoroTokens {
  ids: number[];
  missing: Map<string, number>;
}

/** Phoneme string (any normalization) → token ids, without the pads. */
export function kokoroTokenize(phonemes: string, vocab: KokoroVocab): KokoroTokens {
  const ids: number[] = [];
  const missing = new Map<string, number>();
  const take = (symbol: string): boolean => {
    const id = vocab.get(symbol) ?? vocab.get(SUBSTITUTES[symbol] ?? '\u0000');
    if (id === undefined) return false;
    ids.push(id);
    return true;
  };
  for (const symbol of Array.from(phonemes.normalize('NFC'))) {
    if (take(symbol)) continue;
    const parts = Array.from(symbol.normalize('NFD'));
    if (parts.length > 1 && parts.every((p) => vocab.has(p))) {
      parts.forEach(take);
      continue;
    }
    missing.set(symbol, (missing.get(symbol) ?? 0) + 1);
  }
  return { ids, missing };
}

/**
 * Splits a token list longer than Kokoro's context at word boundaries (the space token), each
 * piece at most `max` tokens.
 */
export function splitTokens(
  ids: readonly number[],
  spaceId: number | undefined,
  max = KOKORO_MAX_TOKENS,
): number[][] {
  const pieces: number[][] = [];
  let rest = [...ids];
  while (rest.length > max) {
    let cut = spaceId === undefined ? -1 : rest.lastIndexOf(spaceId, max);
    if (cut <= 0) cut = max;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(rest[cut] === spaceId ? cut + 1 : cut);
  }
  if (rest.length > 0) pieces.push(rest);
  return pieces;
}
