/**
 * Phonemes → model input ids exactly as Piper does (piper1-gpl `phonemes_to_ids`): the start
 * symbol "^", then every known phoneme followed by the pad "_", then the end symbol "$".
 * Phonemes missing from the voice's map are skipped and counted (Piper logs them too), and the
 * voice's `phoneme_map` substitutions are applied first.
 */
import type { PiperVoiceConfig } from './piper-voice-config.ts';

export const PAD = '_';
export const BOS = '^';
export const EOS = '$';

export interface PhonemeIds {
  ids: number[];
  /** Phonemes the voice does not know, with how often each was skipped. */
  missing: Map<string, number>;
}

export function applyPhonemeMap(
  phonemes: readonly string[],
  phonemeMap: PiperVoiceConfig['phoneme_map'],
): string[] {
  if (Object.keys(phonemeMap).length === 0) return [...phonemes];
  return phonemes.flatMap((p) => phonemeMap[p] ?? [p]);
}

export function phonemesToIds(
  phonemes: readonly string[],
  config: Pick<PiperVoiceConfig, 'phoneme_id_map' | 'phoneme_map'>,
): PhonemeIds {
  const map = config.phoneme_id_map;
  const pad = map[PAD] ?? [];
  const ids: number[] = [...(map[BOS] ?? []), ...pad];
  const missing = new Map<string, number>();
  for (const phoneme of applyPhonemeMap(phonemes, config.phoneme_map)) {
    const found = map[phoneme];
    if (found === undefined) {
      missing.set(phoneme, (missing.get(phoneme) ?? 0) + 1);
      continue;
    }
    ids.push(...found, ...pad);
  }
  ids.push(...(map[EOS] ?? []));
  return { ids, missing };
}
