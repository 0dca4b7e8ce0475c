/**
 * Auto Direction without a language model (document 2, "Direction"): the two passes the contract
 * describes, read from the text itself.
 * - The brief: the book's tone (scene words of its opening pages), pace (sentence length) and
 *   how much of it is dialogue, as one note every paragraph is anchored to.
 * - Per paragraph: a performance note and an emotion. Dialogue is directed as dialogue: the
 *   reporting verb or adverb beside the quote ("whispered", "shouted", "sobbed", "coldly"), else
 *   the speech's own punctuation (exclamations, a trailing dash or ellipsis, capitals); narration
 *   follows its scene words ("darkness", "blood", "laughter"), else the brief's tone.
 * Notes start with words of the voices area's direction lexicon (voices/text/direction.ts), so
 * the TTS engines perform them as rate, pitch, energy and loudness; the emotion is one of the
 * lexicon's style names. Pure and deterministic.
 */

export type Emotion =
  | 'whisper'
  | 'shout'
  | 'sad'
  | 'angry'
  | 'happy'
  | 'excited'
  | 'fearful'
  | 'surprised'
  | 'tender'
  | 'serious'
  | 'tired'
  | 'sarcastic'
  | 'mysterious'
  | 'calm';

export interface DirectionBrief {
  /** The book's prevailing tone (an emotion name; `calm` when nothing stands out). */
  tone: Emotion;
  pace: 'unhurried' | 'measured' | 'brisk';
  /** Share of the opening's words inside quotes or dialogue dashes, 0–1. */
  dialogueShare: number;
  /** The brief as a sentence (shown to the user, stored on the job). */
  text: string;
}

export interface ParagraphDirection {
  /** ≤ 110 characters: what the engines perform. */
  direction: string;
  emotion: Emotion;
}

/** Reporting verbs and adverbs beside a quote → emotion and the note's performed words. */
const DELIVERY: readonly [RegExp, Emotion, string][] = [
  [
    /\b(whisper(?:s|ed|ing)?|murmur(?:s|ed|ing)?|breathed|hissed|under (?:his|her|their) breath)\b/i,
    'whisper',
    'whispered, softly',
  ],
  [
    /\b(shout(?:s|ed|ing)?|yell(?:s|ed|ing)?|scream(?:s|ed|ing)?|roar(?:s|ed|ing)?|bellow(?:s|ed|ing)?|cried out|thunder(?:ed|ing))\b/i,
    'shout',
    'shouted, loudly',
  ],
  [
    /\b(sob(?:s|bed|bing)?|wept|weeping|tearful(?:ly)?|mournful(?:ly)?|sorrowful(?:ly)?|sadly)\b/i,
    'sad',
    'sadly, tearfully, slowly',
  ],
  [
    /\b(angri(?:ly)|furious(?:ly)?|snapped|snarled|growled|fumed|raged)\b/i,
    'angry',
    'angrily, heated',
  ],
  [
    /\b(laugh(?:s|ed|ing)?|chuckl(?:es|ed|ing)|giggl(?:es|ed|ing)|cheerful(?:ly)?|merrily|gaily|smil(?:es|ed|ing))\b/i,
    'happy',
    'cheerfully, warmly',
  ],
  [/\b(eager(?:ly)?|excited(?:ly)?|breathless(?:ly)?)\b/i, 'excited', 'excitedly, quickly'],
  [
    /\b(trembl(?:es|ed|ing)|stammer(?:s|ed|ing)?|stutter(?:s|ed|ing)?|falter(?:s|ed|ing)?|nervous(?:ly)?|fearful(?:ly)?|anxious(?:ly)?)\b/i,
    'fearful',
    'nervously, trembling',
  ],
  [
    /\b(gasp(?:s|ed|ing)?|exclaim(?:s|ed|ing)?|astonish(?:ed|ment)|amazed)\b/i,
    'surprised',
    'surprised, astonished',
  ],
  [/\b(gently|tenderly|kindly|softly|affectionately)\b/i, 'tender', 'gently, tenderly'],
  [/\b(coldly|sternly|gravely|firmly|solemnly)\b/i, 'serious', 'sternly, firmly'],
  [/\b(sigh(?:s|ed|ing)?|wearily|yawn(?:s|ed|ing)?)\b/i, 'tired', 'wearily, slowly'],
  [
    /\b(sneer(?:s|ed|ing)?|mock(?:s|ed|ing|ingly)|dryly|drily|sarcastic(?:ally)?|ironic(?:ally)?)\b/i,
    'sarcastic',
    'dryly, sarcastically',
  ],
];

/** Scene words in narration → the mood it is read in. */
const SCENE: readonly [RegExp, Emotion, string][] = [
  [
    /\b(dark(?:ness)?|shadows?|midnight|blood(?:y)?|dead|death|corpse|murder(?:ed)?|ghost(?:ly)?|horror|dread|grave|fog)\b/gi,
    'mysterious',
    'mysterious, tense, slowly',
  ],
  [/\b(tears|grief|funeral|mourning|weeping|sorrow|lonely|despair)\b/gi, 'sad', 'sombre, slowly'],
  [/\b(fear|terror|afraid|trembled|panic|fled|scream(?:ed)?)\b/gi, 'fearful', 'tense, quickly'],
  [
    /\b(laughter|sunshine|merry|delight(?:ed)?|joy(?:ful)?|festive|dance|dancing|smiled)\b/gi,
    'happy',
    'bright, warmly',
  ],
  [/\b(rage|fury|furious|battle|fight(?:ing)?|struck|roared)\b/gi, 'angry', 'intense, heated'],
];

const TONE_NOTE: Record<Emotion, string> = {
  whisper: 'softly, hushed',
  shout: 'intense',
  sad: 'sombre, measured',
  angry: 'intense, firm',
  happy: 'warm, bright',
  excited: 'lively, animated',
  fearful: 'tense',
  surprised: 'lively',
  tender: 'gentle, warm',
  serious: 'serious, measured',
  tired: 'quiet, slow',
  sarcastic: 'dry, wry',
  mysterious: 'mysterious, measured',
  calm: 'calm, measured',
};

const QUOTED = /[“"«„‘][^”"»“’]*[”"»’]?/g;
const DASH_LINE = /^\s*[—–-]\s/;

/** The quoted (spoken) parts and the rest (the reporting clause, the narration). */
export function speechParts(text: string): { speech: string; rest: string } {
  if (DASH_LINE.test(text)) {
    // Dash dialogue: "— Vieni, — disse Lucia." The clause after a second dash is narration.
    const [, spoken = '', clause = ''] = /^\s*[—–-]\s*([^—–]*)(?:[—–]\s*(.*))?$/s.exec(text) ?? [];
    return { speech: spoken, rest: clause };
  }
  const speech = (text.match(QUOTED) ?? []).join(' ');
  return { speech, rest: text.replace(QUOTED, ' ') };
}

function words(text: string): number {
  return text.split(/\s+/).filter((w) => /\p{L}|\p{N}/u.test(w)).length;
}

function firstCue(
  text: string,
  cues: readonly [RegExp, Emotion, string][],
): [Emotion, string] | null {
  for (const [pattern, emotion, note] of cues) {
    pattern.lastIndex = 0;
    if (pattern.test(text)) return [emotion, note];
  }
  return null;
}

/** The scene cue with the most hits (ties: the list's order), or null. */
function sceneCue(text: string): [Emotion, string] | null {
  let best: [Emotion, string] | null = null;
  let bestHits = 0;
  for (const [pattern, emotion, note] of SCENE) {
    const hits = text.match(pattern)?.length ?? 0;
    if (hits > bestHits) {
      best = [emotion, note];
      bestHits = hits;
    }
  }
  return best;
}

/** The narration brief from the book's metadata and opening paragraphs. */
export function bookBrief(args: {
  title: string;
  author: string | null;
  opening: readonly string[];
}): DirectionBrief {
  const text = args.opening.join('\n');
  const total = Math.max(1, words(text));
  const spoken = args.opening.reduce((sum, p) => sum + words(speechParts(p).speech), 0);
  const dialogueShare = Math.min(1, spoken / total);
  const sentences = Math.max(1, (text.match(/[.!?…]+(?=\s|$)/g) ?? []).length);
  const perSentence = total / sentences;
  const pace = perSentence > 24 ? 'unhurried' : perSentence < 12 ? 'brisk' : 'measured';
  // A tone needs a few hits per thousand words to be the book's, not one scene's.
  const counts = SCENE.map(
    ([pattern, emotion]) => [emotion, text.match(pattern)?.length ?? 0] as const,
  );
  const [topEmotion, topHits] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['calm', 0];
  const tone: Emotion = topHits >= Math.max(3, total / 400) ? topEmotion : 'calm';
  const by = args.author ? ` by ${args.author}` : '';
  const share = Math.round(dialogueShare * 100);
  return {
    tone,
    pace,
    dialogueShare,
    text:
      `A ${pace}, ${TONE_NOTE[tone].split(',')[0] ?? 'calm'} reading of “${args.title}”${by}: ` +
      `narration ${TONE_NOTE[tone]}; dialogue (${share} % of the opening) performed in ` +
      `character, following each reporting verb and the scene.`,
  };
}

const PACE_WORD: Record<DirectionBrief['pace'], string> = {
  unhurried: 'unhurried',
  measured: 'measured',
  brisk: 'brisk',
};

function clip(note: string): string {
  return note.length <= 110 ? note : `${note.slice(0, 107).replace(/[ ,;]+\S*$/, '')}…`;
}

/** One paragraph's note and emotion, anchored to the brief. */
export function directParagraph(
  text: string,
  brief: DirectionBrief,
  options: { speaker: string | null },
): ParagraphDirection {
  const { speech, rest } = speechParts(text);
  // A line that opens with speech, or one mostly speech, is directed as dialogue.
  const opensWithSpeech = /^\s*[“"«„‘—–]/.test(text) && words(speech) > 0;
  const isDialogue =
    options.speaker !== null || opensWithSpeech || words(speech) >= words(text) * 0.5;
  if (isDialogue) {
    const spoken = speech || text;
    // Only the reporting clause counts: a verb inside the speech is what the character says.
    const cue = firstCue(rest, DELIVERY);
    const who = options.speaker ? ` as ${options.speaker}` : '';
    if (cue) return { emotion: cue[0], direction: clip(`${cue[1]}; dialogue${who}`) };
    const letters = spoken.replace(/[^\p{L}]/gu, '');
    if (letters.length >= 6 && letters === letters.toUpperCase() && /\p{Lu}/u.test(letters)) {
      return { emotion: 'shout', direction: clip(`shouted, loudly; dialogue${who}`) };
    }
    const bangs = (spoken.match(/!/g) ?? []).length;
    if (bangs >= 2)
      return { emotion: 'excited', direction: clip(`excitedly, emphatic; dialogue${who}`) };
    if (/(…|\.\.\.|[—–]-?)\s*[”"»’]?\s*$/.test(spoken.trim())) {
      return {
        emotion: 'fearful',
        direction: clip(`hesitant, slowly, trailing off; dialogue${who}`),
      };
    }
    if (bangs === 1)
      return { emotion: 'excited', direction: clip(`animated, emphatic; dialogue${who}`) };
    const scene = sceneCue(rest);
    if (scene) return { emotion: scene[0], direction: clip(`${scene[1]}; dialogue${who}`) };
    if (/\?\s*[”"»’]?\s*$/.test(spoken.trim())) {
      return { emotion: 'calm', direction: clip(`curious, questioning; dialogue${who}`) };
    }
    return { emotion: 'calm', direction: clip(`natural, conversational; dialogue${who}`) };
  }
  const scene = sceneCue(text);
  if (scene) return { emotion: scene[0], direction: clip(`${scene[1]}; narration`) };
  return {
    emotion: brief.tone,
    direction: clip(`${TONE_NOTE[brief.tone]}, ${PACE_WORD[brief.pace]}; narration`),
  };
}
