/**
 * The 45-entry stem catalog of document 3 ("Stem separation", catalog ids): 7 core stems on
 * every plan, 4 specialty vocal stems and 34 instruments from Creator up. Each entry's pricing
 * group (stem-pricing.ts) follows the contract's rules: the two outputs of a vocal pair share a
 * group, lead and rhythm guitar share one, every other instrument is its own group.
 */
import type { PlanTier } from './stem-plan.ts';

export type CatalogGroup = 'core' | 'specialty_vocals' | 'instruments';

export interface CatalogStem {
  id: string;
  label: string;
  description: string;
  group: CatalogGroup;
  public_tier: PlanTier;
  /** May be named in exclude_stems (the mix without it is produced). */
  excludable: boolean;
  /** Pricing group id (stem-pricing.ts). */
  priceGroup: string;
}

const core = (id: string, label: string, description: string, excludable = true): CatalogStem => ({
  id,
  label,
  description,
  group: 'core',
  public_tier: 'basic',
  excludable,
  priceGroup: 'core',
});

const vocal = (id: string, label: string, description: string, pair: string): CatalogStem => ({
  id,
  label,
  description,
  group: 'specialty_vocals',
  public_tier: 'creator',
  excludable: false,
  priceGroup: pair,
});

const INSTRUMENTS: readonly [string, string][] = [
  ['acoustic_guitar', 'Acoustic guitar'],
  ['electric_guitar', 'Electric guitar'],
  ['lead_guitar', 'Lead guitar'],
  ['rhythm_guitar', 'Rhythm guitar'],
  ['bagpipes', 'Bagpipes'],
  ['banjo', 'Banjo'],
  ['bassoon', 'Bassoon'],
  ['brass', 'Brass section'],
  ['braam', 'Braam (cinematic hits)'],
  ['celesta', 'Celesta'],
  ['cello', 'Cello'],
  ['choir', 'Choir'],
  ['clarinet', 'Clarinet'],
  ['double_bass', 'Double bass'],
  ['flute', 'Flute'],
  ['french_horn', 'French horn'],
  ['fx', 'Sound effects'],
  ['harp', 'Harp'],
  ['harmonica', 'Harmonica'],
  ['keys', 'Keys and synths'],
  ['mandolin', 'Mandolin'],
  ['oboe', 'Oboe'],
  ['organ', 'Organ'],
  ['percussion', 'Percussion'],
  ['plucked_strings', 'Plucked strings'],
  ['strings', 'String section'],
  ['saxophone', 'Saxophone'],
  ['trombone', 'Trombone'],
  ['trumpet', 'Trumpet'],
  ['tuba', 'Tuba'],
  ['viola', 'Viola'],
  ['violin', 'Violin'],
  ['woodwind', 'Woodwinds'],
  ['xylophone', 'Xylophone'],
];

export const STEM_CATALOG: readonly CatalogStem[] = [
  core('vocals', 'Vocals', 'All sung and spoken voices.'),
  core('backing_track', 'Backing track', 'Everything except the vocals (instrumental).', false),
  core('drums', 'Drums', 'Drum kit and percussive hits.'),
  core('bass', 'Bass', 'Bass guitar, synth bass and other low-end lines.'),
  core('guitar', 'Guitar', 'All guitars together.'),
  core('piano', 'Piano', 'Acoustic and electric piano.'),
  core('other', 'Other', 'Everything not in the other core stems.'),
  vocal('lead_vocal', 'Lead vocal', 'The main sung line.', 'vocal_lead_backing'),
  vocal('backing_vocal', 'Backing vocals', 'Harmonies and backing voices.', 'vocal_lead_backing'),
  vocal('male_vocal', 'Male vocals', 'Voices in the male register.', 'vocal_male_female'),
  vocal('female_vocal', 'Female vocals', 'Voices in the female register.', 'vocal_male_female'),
  ...INSTRUMENTS.map(([id, label]): CatalogStem => ({
    id,
    label,
    description: `${label} isolated from the mix.`,
    group: 'instruments',
    public_tier: 'creator',
    excludable: false,
    priceGroup: id === 'lead_guitar' || id === 'rhythm_guitar' ? 'guitar_lead_rhythm' : id,
  })),
];

const BY_ID = new Map(STEM_CATALOG.map((entry) => [entry.id, entry]));

export function catalogStem(id: string): CatalogStem | undefined {
  return BY_ID.get(id);
}
