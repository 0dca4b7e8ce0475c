/**
 * The separation modes of document 3 and the stems each asks for. `required` stems must be
 * producible by an installed engine or the request is refused (never a copy of the mix under
 * a stem's name); `optional` stems are delivered when an engine can make them ("counts are a
 * ceiling; the real count depends on the track") and listed as unavailable otherwise.
 */
import type { PlanTier } from './stem-plan.ts';

export const STEM_MODES = [
  'single',
  'two',
  'four',
  'six',
  'producer',
  'studio',
  'mastering',
] as const;
export type StemMode = (typeof STEM_MODES)[number];

/** Stems `single` mode accepts (document 3: core stems on this route). */
export const SINGLE_MODE_STEMS = ['vocals', 'drums', 'bass', 'guitar', 'piano', 'other'] as const;

export interface ModeDefinition {
  tier: PlanTier;
  /** The contract's ceiling on the number of outputs. */
  maxStems: number;
  description: string;
  required: readonly string[];
  optional: readonly string[];
}

const KIT = ['kick', 'snare', 'hihat'];

export const MODES: Record<Exclude<StemMode, 'single'>, ModeDefinition> = {
  two: {
    tier: 'basic',
    maxStems: 2,
    description: 'vocals and no_vocals (instrumental)',
    required: ['vocals', 'no_vocals'],
    optional: [],
  },
  four: {
    tier: 'basic',
    maxStems: 4,
    description: 'vocals, drums, bass, other',
    required: ['vocals', 'drums', 'bass', 'other'],
    optional: [],
  },
  six: {
    tier: 'basic',
    maxStems: 6,
    description: 'vocals, drums, bass, guitar, piano, other',
    required: ['vocals', 'drums', 'bass', 'guitar', 'piano', 'other'],
    optional: [],
  },
  producer: {
    tier: 'creator',
    maxStems: 8,
    description: 'drums split into kick, snare and hi-hat; up to 8 stems',
    required: ['vocals', 'bass', 'other', ...KIT],
    optional: ['guitar', 'piano'],
  },
  studio: {
    tier: 'pro',
    maxStems: 12,
    description: 'the drum kit and a bass frequency split (sub and upper bass); up to 12 stems',
    required: ['vocals', 'other', ...KIT, 'sub_bass', 'bass_upper'],
    optional: ['guitar', 'piano'],
  },
  mastering: {
    tier: 'pro',
    maxStems: 16,
    description:
      'the drum kit, the bass split and the vocals split into centre and sides; up to 16',
    required: ['vocals_center', 'vocals_sides', 'other', ...KIT, 'sub_bass', 'bass_upper'],
    optional: ['guitar', 'piano'],
  },
};

/** `single` mode: the named stem and everything else (`no_<stem>`). */
export function singleModeStems(stem: string): ModeDefinition {
  return {
    tier: 'basic',
    maxStems: 2,
    description: `${stem} and everything else`,
    required: [stem, `no_${stem}`],
    optional: [],
  };
}
