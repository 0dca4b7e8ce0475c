/**
 * What this machine can transcribe, so the form greys out what would fail after the upload:
 * the Basic Pitch pack (without it nothing transcribes) and, for a mix, which stems the
 * installed separators can produce (the stems catalog's `available`; piano needs a neural
 * pack, the built-in DSP separator does not make it).
 */
import { useContractQuery } from '../../data/contract-query.ts';
import { useModelPacks } from '../models/use-model-packs.ts';

export const BASIC_PITCH_PACK = 'basic-pitch';

export interface MidiAvailability {
  /** null while unknown. */
  transcriber: boolean | null;
  /** Whether a separator makes this stem; true while unknown. */
  separable: (stem: string) => boolean;
}

export function useMidiAvailability(): MidiAvailability {
  const packs = useModelPacks();
  const catalog = useContractQuery('/stem-extraction/catalog', {});
  const available = catalog.data
    ? new Set(catalog.data.filter((entry) => entry.available).map((entry) => entry.id))
    : null;
  const pack = packs.pack(BASIC_PITCH_PACK);
  return {
    transcriber: packs.list === null ? null : pack?.ready === true,
    separable: (stem) => available === null || available.has(stem),
  };
}
