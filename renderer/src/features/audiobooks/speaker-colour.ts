/**
 * One colour per speaker, the same on every screen and every launch: derived from the name
 * alone (document 2 groups names case-insensitively, so "Alice" and "ALICE" match). The
 * narrator has no colour of its own; it uses the theme's neutral chip.
 */

export interface SpeakerColour {
  /** 0–359, for tests and for data attributes. */
  hue: number;
  /** Text and swatch colour: light enough for the dark theme (WCAG AA on the chip). */
  text: string;
  background: string;
  border: string;
}

/** Hues are spread on 24 steps of 15°, so two names never get nearly-identical colours. */
const HUE_STEPS = 24;

/** The key a name is coloured by: trimmed, inner spaces collapsed, case-folded. */
export function speakerKey(name: string | null | undefined): string {
  return (name ?? '').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');
}

/** FNV-1a over the UTF-16 code units: small, fast and well spread for short names. */
export function hashName(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** null for the narrator (an empty name). */
export function speakerColour(name: string | null | undefined): SpeakerColour | null {
  const key = speakerKey(name);
  if (key === '') return null;
  const hue = (hashName(key) % HUE_STEPS) * (360 / HUE_STEPS);
  // Yellow-greens read brighter than blues at the same lightness: dim them a little.
  const lightness = hue >= 45 && hue <= 150 ? 66 : 74;
  return {
    hue,
    text: `hsl(${hue} 70% ${lightness}%)`,
    background: `hsl(${hue} 70% 60% / 0.14)`,
    border: `hsl(${hue} 70% 60% / 0.42)`,
  };
}

/**
 * The name a line is coloured by: an alias takes its main speaker's colour, so merged names
 * look like one person. `aliases` maps an alias key to its main speaker's name.
 */
export function colourName(name: string, aliases: ReadonlyMap<string, string>): string {
  return aliases.get(speakerKey(name)) ?? name;
}
