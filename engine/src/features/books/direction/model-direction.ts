/**
 * Auto Direction with the language model (docs/api/audiobook.md, "Auto Direction"): the two
 * passes of document 2 asked of the model instead of read from word lists.
 * 1. The brief: the title, the author and the opening pages → the book's tone (an emotion), its
 *    pace and a one-sentence brief every note is anchored to.
 * 2. Per paragraph, passage by passage (libraries/speaker-attribution/model-windows.ts): an emotion and a short
 *    note. The note opens with delivery words from the narration lexicon (a schema enum), so
 *    every engine performs it (rate, pitch, energy, loudness); a free half-sentence follows.
 * The model never sees more than one call's context: passages are cut to the budget.
 */
import { directionLexicon } from '../../voices/index.ts';
import { modelWindows, type LineModel } from '../../../libraries/speaker-attribution/index.ts';
import type { DirectionBrief, Emotion, ParagraphDirection } from './heuristic-direction.ts';

export const EMOTIONS: readonly Emotion[] = [
  'whisper',
  'shout',
  'sad',
  'angry',
  'happy',
  'excited',
  'fearful',
  'surprised',
  'tender',
  'serious',
  'tired',
  'sarcastic',
  'mysterious',
  'calm',
];
const PACES = ['unhurried', 'measured', 'brisk'] as const;
const NOTE_CHARS = 70;
const BRIEF_CHARS = 240;
/** Openings longer than this many tokens are cut for the brief. */
const OPENING_SHARE = 0.6;

/**
 * Delivery words the engines perform: the lexicon's adverbs, and the three verbs a note most
 * needs (about 60 words: the list goes into every prompt, so it stays short).
 */
export function deliveryWords(): string[] {
  const words = directionLexicon().flatMap((entry) =>
    entry.words.filter(
      (w) => /^[a-z]+ly$/.test(w) || ['whispered', 'shouted', 'trembling'].includes(w),
    ),
  );
  return [...new Set(words)].sort();
}

const SYSTEM =
  'You are an audiobook director. You write short performance notes a narrator can follow, ' +
  'anchored to the brief of the book. You answer with JSON only.';

export async function modelBrief(
  model: LineModel,
  book: { title: string; author: string | null; opening: string[]; language: string },
  heuristic: DirectionBrief,
  signal?: AbortSignal,
): Promise<DirectionBrief> {
  const context = await model.contextTokens(signal);
  const counts = await model.countTokens(book.opening, signal);
  const opening: string[] = [];
  let used = 0;
  for (const [i, text] of book.opening.entries()) {
    used += counts[i] ?? 0;
    if (used > context * OPENING_SHARE) break;
    opening.push(text);
  }
  const answer = await model.json({
    system: SYSTEM,
    prompt:
      `Book: “${book.title}”${book.author ? ` by ${book.author}` : ''} (language ${book.language}).\n` +
      `Opening pages:\n${opening.join('\n\n')}\n\n` +
      'Give the narration brief: the prevailing tone (one emotion), the pace, and one sentence ' +
      'a narrator should keep in mind for the whole book. Answer in this form: ' +
      '{"tone": "mysterious", "pace": "measured", "brief": "..."}',
    schema: {
      type: 'object',
      properties: {
        tone: { enum: [...EMOTIONS] },
        pace: { enum: [...PACES] },
        brief: { type: 'string', minLength: 1, maxLength: BRIEF_CHARS },
      },
      required: ['tone', 'pace', 'brief'],
      additionalProperties: false,
    },
    read: (value) => {
      const v = value as { tone?: unknown; pace?: unknown; brief?: unknown };
      const tone = EMOTIONS.find((e) => e === v.tone) ?? heuristic.tone;
      const pace = PACES.find((p) => p === v.pace) ?? heuristic.pace;
      const text = typeof v.brief === 'string' && v.brief.trim() ? v.brief.trim() : heuristic.text;
      return { tone, pace, dialogueShare: heuristic.dialogueShare, text };
    },
    maxTokens: Math.max(160, context - used - 64),
    temperature: 0,
    signal,
  });
  return answer;
}

export interface DirectableParagraph {
  text: string;
  speaker: string | null;
  chapter: string;
  /** Directed in this run (else shown for context only). */
  direct: boolean;
}

/** One paragraph's answer → its direction (≤ 110 characters performed) and emotion. */
export function toDirection(
  answer: { emotion: Emotion; delivery: string[]; note: string },
  speaker: string | null,
): ParagraphDirection {
  const delivery = answer.delivery.join(', ');
  const who = speaker ? `dialogue as ${speaker}` : '';
  const rest = [answer.note.trim(), who].filter((s) => s !== '').join('; ');
  const note = [delivery, rest].filter((s) => s !== '').join('; ') || 'natural';
  return {
    emotion: answer.emotion,
    direction: note.length <= 110 ? note : `${note.slice(0, 107).replace(/[ ,;]+\S*$/, '')}…`,
  };
}

/**
 * Directs the paragraphs marked `direct`, passage by passage; `onPassage` receives each
 * passage's directions (paragraph index → direction) as soon as the model answered. Returns the
 * paragraphs too long for one call (the caller directs them from the text's own cues).
 */
export async function directWithModel(args: {
  model: LineModel;
  paragraphs: DirectableParagraph[];
  brief: DirectionBrief;
  signal?: AbortSignal;
  onPassage: (directions: Map<number, ParagraphDirection>) => void;
  onProgress?: (done: number, total: number) => void;
}): Promise<number[]> {
  const { model, paragraphs, brief, signal } = args;
  const words = deliveryWords();
  const head =
    `Brief: ${brief.text} (tone ${brief.tone}, pace ${brief.pace}).\n` +
    `Delivery words you may use: ${words.join(', ')}.\n\nPassage:\n`;
  const tail =
    '\n\nFor each marked paragraph [Pn] give its emotion, one to three delivery words from the ' +
    `list, and a note of at most ${NOTE_CHARS} characters on how to read it, anchored to the ` +
    'brief. Answer in this form: {"P1": {"emotion": "calm", "delivery": ["softly"], "note": "..."}}';
  const sample = `"P40": {"emotion": "mysterious", "delivery": ["whispering", "deliberately", "ominously"], "note": "${'x'.repeat(NOTE_CHARS)}"}, `;
  const [fixedRaw = 0, perRaw = 0, ...tokens] = await model.countTokens(
    [SYSTEM + head + tail, sample, ...paragraphs.map((p) => `[P40] ${p.text}\n\n`)],
    signal,
  );
  const context = await model.contextTokens(signal);
  const fixed = fixedRaw + 32;
  const per = perRaw + 2;
  const { windows, skipped } = modelWindows(
    paragraphs.map((p, i) => ({
      tokens: tokens[i] ?? 0,
      lines: p.direct ? 1 : 0,
      chapter: p.chapter,
    })),
    {
      passageTokens: context - fixed,
      tokensPerLine: per,
      contextTokens: context,
      fixedTokens: fixed,
    },
  );
  const line = {
    type: 'object',
    properties: {
      emotion: { enum: [...EMOTIONS] },
      delivery: { type: 'array', items: { enum: words }, minItems: 1, maxItems: 3 },
      note: { type: 'string', maxLength: NOTE_CHARS },
    },
    required: ['emotion', 'delivery', 'note'],
    additionalProperties: false,
  };
  for (const [w, window] of windows.entries()) {
    args.onProgress?.(w, windows.length);
    const labels = new Map(window.decide.map((index, k) => [index, `P${k + 1}`]));
    const shown = [...new Set([...window.context, ...window.decide])].sort((a, b) => a - b);
    const passage = shown
      .map((index) => {
        const p = paragraphs[index];
        const label = labels.get(index);
        const who = p?.speaker ? ` (${p.speaker} speaks)` : '';
        return label ? `[${label}]${who} ${p?.text ?? ''}` : (p?.text ?? '');
      })
      .join('\n\n');
    const decided = [...labels.entries()];
    const answer = await model.json({
      system: SYSTEM,
      prompt: head + passage + tail,
      schema: {
        type: 'object',
        properties: Object.fromEntries(decided.map(([, label]) => [label, line])),
        required: decided.map(([, label]) => label),
        additionalProperties: false,
      },
      read: (value) => {
        const out = new Map<number, ParagraphDirection>();
        const record = value as Record<
          string,
          { emotion?: unknown; delivery?: unknown; note?: unknown }
        >;
        for (const [index, label] of decided) {
          const item = record[label];
          if (!item) continue;
          const emotion = EMOTIONS.find((e) => e === item.emotion) ?? brief.tone;
          const delivery = Array.isArray(item.delivery)
            ? item.delivery.filter((d): d is string => typeof d === 'string' && words.includes(d))
            : [];
          const note =
            typeof item.note === 'string' ? [...item.note].slice(0, NOTE_CHARS).join('') : '';
          out.set(
            index,
            toDirection({ emotion, delivery, note }, paragraphs[index]?.speaker ?? null),
          );
        }
        return out;
      },
      maxTokens: Math.max(decided.length * per + 16, context - fixed - window.passageTokens - 16),
      temperature: 0,
      signal,
    });
    args.onPassage(answer);
  }
  args.onProgress?.(windows.length, windows.length);
  return skipped;
}
