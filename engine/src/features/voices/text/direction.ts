/**
 * A paragraph's direction ("whispered, slowly"), emotion ("sad") and delivery style, turned into
 * prosody hints a synthesizer can act on. Document 2 accepts 500 characters of direction and
 * performs the first 110 (DIRECTION_PERFORMED_CHARACTERS); what is performed is what this small
 * lexicon recognizes, in English (Auto Direction writes English notes). The lexicon is
 * documented in docs/api/narration-text.md; unknown words are ignored, never an error.
 *
 * Hints combine: rates and energies multiply, pitch shifts and gains add; "very" strengthens
 * the next cue by half, "slightly" / "a little" / "a bit" / "somewhat" halve it, "not" / "no"
 * cancel it. The result is clamped so no direction can make speech unintelligible.
 */

/** Document 2: a direction is performed from its first 110 characters. */
export const DIRECTION_PERFORMED_CHARACTERS = 110;

export interface ProsodyHints {
  /** Pace multiplier on top of the requested speed (1 = as requested). */
  rate: number;
  /** Pitch shift in semitones (0 = the voice's own). */
  pitchSemitones: number;
  /** Livelier (> 1) or flatter (< 1) delivery: intonation range and variation. */
  energy: number;
  /** Loudness change in dB, applied by the renderer after synthesis (works for every engine). */
  gainDb: number;
  /** The strongest recognised delivery style ("whisper", "sad", …), or null. */
  style: string | null;
}

export const NEUTRAL_PROSODY: Readonly<ProsodyHints> = Object.freeze({
  rate: 1,
  pitchSemitones: 0,
  energy: 1,
  gainDb: 0,
  style: null,
});

/** Limits of what a direction may do. */
export const PROSODY_LIMITS = {
  rate: [0.75, 1.3],
  pitchSemitones: [-4, 4],
  energy: [0.5, 1.6],
  gainDb: [-12, 6],
} as const;

interface Cue {
  rate?: number;
  pitch?: number;
  energy?: number;
  gain?: number;
  style?: string;
}

/**
 * The lexicon: comma-separated words and phrases (the forms a note uses: "whispered",
 * "angrily") → cue.
 */
const LEXICON_SOURCE: readonly [string, Cue][] = [
  [
    'whisper, whispers, whispered, whispering, whispery, breathy',
    { rate: 0.92, pitch: -1, energy: 0.6, gain: -10, style: 'whisper' },
  ],
  [
    'soft, softly, quiet, quietly, gently, gentle, hushed, murmured, murmuring, under breath',
    { rate: 0.95, energy: 0.85, gain: -5, style: 'soft' },
  ],
  [
    'shout, shouts, shouted, shouting, yell, yelled, yelling, scream, screamed, screaming, loud, loudly, bellowed, cried out',
    { rate: 1.05, pitch: 3, energy: 1.35, gain: 5, style: 'shout' },
  ],
  [
    'angry, angrily, furious, furiously, rage, enraged, irritated, annoyed, frustrated, heated',
    { rate: 1.08, pitch: 1, energy: 1.25, gain: 3, style: 'angry' },
  ],
  [
    'sad, sadly, sorrowful, sorrowfully, mournful, mournfully, grief, grieving, melancholy, somber, sombre, tearful, tearfully, heartbroken, despairing',
    { rate: 0.88, pitch: -2, energy: 0.8, gain: -2, style: 'sad' },
  ],
  [
    'happy, happily, cheerful, cheerfully, joyful, joyfully, delighted, warm, warmly, bright, brightly, playful, playfully, amused, smiling',
    { rate: 1.05, pitch: 1.5, energy: 1.15, gain: 1, style: 'happy' },
  ],
  [
    'excited, excitedly, eager, eagerly, enthusiastic, enthusiastically, thrilled, energetic, animated',
    { rate: 1.12, pitch: 2.5, energy: 1.3, gain: 2, style: 'excited' },
  ],
  [
    'fearful, afraid, scared, frightened, nervous, nervously, anxious, anxiously, trembling, terrified, panicked, worried',
    { rate: 1.08, pitch: 1.5, energy: 1.2, gain: -2, style: 'fearful' },
  ],
  [
    'surprised, astonished, amazed, shocked, incredulous, disbelief',
    { rate: 1.05, pitch: 2.5, energy: 1.25, style: 'surprised' },
  ],
  [
    'calm, calmly, relaxed, soothing, serene, steady, neutral, even, matter-of-fact, composed',
    { rate: 0.96, pitch: -0.5, energy: 0.85, style: 'calm' },
  ],
  [
    'serious, seriously, grave, gravely, stern, sternly, firm, firmly, authoritative, solemn, solemnly, cold, coldly',
    { rate: 0.95, pitch: -1.5, energy: 0.9, gain: 1, style: 'serious' },
  ],
  [
    'tender, tenderly, loving, lovingly, affectionate, affectionately, intimate, kind, kindly, reassuring',
    { rate: 0.92, pitch: -0.5, energy: 0.9, gain: -3, style: 'tender' },
  ],
  [
    'sarcastic, sarcastically, dry, dryly, wry, wryly, mocking, mockingly, ironic, ironically, teasing',
    { rate: 0.95, energy: 1.1, style: 'sarcastic' },
  ],
  [
    'tired, weary, wearily, exhausted, sleepy, drowsy, bored, flat',
    { rate: 0.87, pitch: -1.5, energy: 0.7, gain: -3, style: 'tired' },
  ],
  [
    'mysterious, mysteriously, ominous, ominously, menacing, menacingly, sinister, dark, darkly, suspenseful, tense',
    { rate: 0.92, pitch: -2, energy: 0.95, gain: -2, style: 'mysterious' },
  ],
  [
    'slow, slowly, deliberate, deliberately, measured, unhurried, drawn out, lingering',
    { rate: 0.85 },
  ],
  [
    'fast, quickly, quick, rapid, rapidly, hurried, hurriedly, rushed, breathless, urgent, urgently',
    { rate: 1.15 },
  ],
  ['high, high-pitched, squeaky, shrill', { pitch: 3 }],
  ['deep, low, low-pitched, gruff, husky', { pitch: -3 }],
  [
    'dramatic, dramatically, intense, intensely, passionate, passionately, emphatic, emphatically',
    { energy: 1.3, gain: 1, style: 'dramatic' },
  ],
];

const LEXICON: readonly [readonly string[], Cue][] = LEXICON_SOURCE.map(([words, cue]) => [
  words.split(',').map((w) => w.trim()),
  cue,
]);

/** Every word the lexicon knows, with its cue (multi-word phrases included). */
const CUES = new Map<string, Cue>();
for (const [words, cue] of LEXICON) for (const word of words) CUES.set(word, cue);

const STRONGER = new Set(['very', 'really', 'extremely', 'so', 'quite', 'deeply', 'utterly']);
const WEAKER = new Set(['slightly', 'somewhat', 'mildly', 'little', 'bit', 'barely', 'faintly']);
/** Words that may stand between a modifier and its cue ("a little bit too", "very, very"). */
const FILLERS = new Set([
  'a',
  'an',
  'the',
  'and',
  'but',
  'in',
  'of',
  'too',
  'more',
  'voice',
  'tone',
  'her',
  'his',
]);
const NEGATIONS = new Set(['not', 'no', 'never', 'without', "don't", 'isn’t', "isn't"]);

/** The lexicon's entries, for the docs and the studio. */
export function directionLexicon(): { words: readonly string[]; cue: Readonly<Cue> }[] {
  return LEXICON.map(([words, cue]) => ({ words, cue }));
}

/** The part of a direction that is performed. */
export function performedDirection(direction: string | null | undefined): string {
  return [...(direction ?? '')].slice(0, DIRECTION_PERFORMED_CHARACTERS).join('');
}

interface Found {
  cue: Cue;
  weight: number;
  word: string;
}

function findCues(text: string): Found[] {
  const tokens = text.toLowerCase().match(/[\p{L}'’-]+/gu) ?? [];
  const found: Found[] = [];
  let weight = 1;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    const pair = `${token} ${tokens[i + 1] ?? ''}`;
    const cue = CUES.get(pair) ?? CUES.get(token);
    if (cue) {
      if (weight !== 0) found.push({ cue, weight, word: CUES.has(pair) ? pair : token });
      if (CUES.has(pair)) i += 1;
      weight = 1;
    } else if (STRONGER.has(token)) weight = weight === 0 ? 0 : 1.5;
    else if (WEAKER.has(token)) weight = weight === 0 ? 0 : 0.5;
    else if (NEGATIONS.has(token)) weight = 0;
    else if (!FILLERS.has(token)) weight = 1;
  }
  return found;
}

function clamp(value: number, [lo, hi]: readonly [number, number]): number {
  return Math.min(hi, Math.max(lo, value));
}

export interface DirectionInput {
  direction?: string | null;
  emotion?: string | null;
  /** The paragraph's delivery style, read with the same lexicon. */
  style?: string | null;
}

/**
 * Prosody hints for a paragraph. The emotion, then the delivery style, then the performed
 * part of the direction are read in that order; the style tag is the last one named (the
 * direction is the most specific).
 */
export function directionToProsody(input: DirectionInput): ProsodyHints & { cues: string[] } {
  const text = [input.emotion ?? '', input.style ?? '', performedDirection(input.direction)].join(
    ' . ',
  );
  let rate = 1;
  let pitch = 0;
  let energy = 1;
  let gain = 0;
  let style: string | null = null;
  const cues: string[] = [];
  for (const { cue, weight, word } of findCues(text)) {
    cues.push(word);
    // A weight scales the distance from neutral: "very slowly" is slower than "slowly".
    if (cue.rate !== undefined) rate *= 1 + (cue.rate - 1) * weight;
    if (cue.energy !== undefined) energy *= 1 + (cue.energy - 1) * weight;
    if (cue.pitch !== undefined) pitch += cue.pitch * weight;
    if (cue.gain !== undefined) gain += cue.gain * weight;
    if (cue.style) style = cue.style;
  }
  return {
    rate: round(clamp(rate, PROSODY_LIMITS.rate)),
    pitchSemitones: round(clamp(pitch, PROSODY_LIMITS.pitchSemitones)),
    energy: round(clamp(energy, PROSODY_LIMITS.energy)),
    gainDb: round(clamp(gain, PROSODY_LIMITS.gainDb)),
    style,
    cues,
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
