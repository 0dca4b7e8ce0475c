/**
 * The model pass of speaker attribution (docs/api/audiobook.md, "The model pass"): the rules'
 * reading (readCast) stays the first pass; a language model then reads the book passage by
 * passage (model-windows.ts) with the character list and aliases the rules gathered, and names
 * the speaker of every quotation the rules cut out, from that list only (a JSON-schema enum), with
 * a confidence; for screenplay annotation it also gives each quotation a short direction. What is
 * kept where the rules and the model disagree is model-verdicts.ts's.
 *
 * Pure apart from the model it is handed (`LineModel`: the engine's language model fits), so the
 * attribution eval runs it on annotated books exactly as the engine runs it on yours.
 */
import type { CastCharacter, CastReading } from './context-pass.ts';
import { modelWindows, type ModelWindow } from './model-windows.ts';

/** What the pass needs of a language model (the language area's LanguageModel fits). */
export interface LineModel {
  contextTokens(signal?: AbortSignal): Promise<number>;
  countTokens(texts: string[], signal?: AbortSignal): Promise<number[]>;
  json<T>(task: {
    system: string;
    prompt: string;
    schema: { [key: string]: unknown };
    read: (value: unknown) => T;
    maxTokens: number;
    temperature?: number;
    signal?: AbortSignal | undefined;
    onProgress?: ((tokens: number) => void) | undefined;
  }): Promise<T>;
}

export type Confidence = 'high' | 'medium' | 'low';
export const CONFIDENCE: Record<Confidence, number> = { high: 0.9, medium: 0.7, low: 0.4 };

export interface ModelLine {
  /** Index of the paragraph in the book and of the line in the reading's paragraph. */
  paragraph: number;
  line: number;
  /** The model's speaker (a listed character's main name), or null: unknown. */
  speaker: string | null;
  confidence: Confidence;
  /** Annotation only: a short performance direction, or ''. */
  direction: string;
}

export interface LinePassInput {
  texts: string[];
  chapters: (string | null)[];
  reading: CastReading;
  language: string;
  /** Paragraph indexes whose quotations are decided (default: every one). */
  decide?: (index: number) => boolean;
  /** Speakers fixed by the user, shown with context paragraphs. */
  known?: (index: number) => string | null;
  directions?: boolean;
  model: LineModel;
  signal?: AbortSignal | undefined;
  /** Passages done of all, and answer tokens of the current one. */
  onProgress?: (done: number, total: number, tokens: number) => void;
  /** Each passage's lines as soon as the model answered (a job writes them at once). */
  onWindow?: (lines: ModelLine[]) => void;
}

export interface LinePassResult {
  lines: ModelLine[];
  windows: number;
  /** Paragraphs too long for one call (their lines keep the rules' speakers). */
  skipped: number[];
}

const UNKNOWN = 'unknown';
const MAX_CHARACTERS = 60;
const DIRECTION_CHARS = 60;

const SYSTEM =
  'You are an audiobook editor. You read passages of a novel and say which character speaks ' +
  'each marked quotation, using reporting clauses ("said Jane"), who is addressed, who is on ' +
  'stage and turn-taking. You answer with JSON only.';

function characterList(characters: CastCharacter[]): string {
  return characters
    .map((c) => `- ${c.name}${c.aliases.length > 0 ? ` (also: ${c.aliases.join(', ')})` : ''}`)
    .join('\n');
}

/** Marks every decided quotation with ⟦Qn⟧ where it starts. */
function markedText(text: string, starts: { at: number; label: string }[]): string {
  let out = '';
  let last = 0;
  for (const { at, label } of [...starts].sort((a, b) => a.at - b.at)) {
    out += `${text.slice(last, at)}⟦${label}⟧`;
    last = at;
  }
  return out + text.slice(last);
}

interface Question {
  paragraph: number;
  line: number;
  label: string;
}

function instructions(directions: boolean): string {
  const shape = directions
    ? '{"Q1": {"speaker": "...", "confidence": "high", "direction": "quietly, tired"}, ...}'
    : '{"Q1": {"speaker": "...", "confidence": "high"}, ...}';
  return (
    'For each marked quotation ⟦Qn⟧ give the character who says it, exactly as named in the ' +
    `list, or "${UNKNOWN}" when the text does not make it clear. confidence: "high" when the ` +
    'text names or clearly implies the speaker, "medium" when it follows from turn-taking, ' +
    '"low" otherwise.' +
    (directions
      ? ` direction: how the line is spoken, at most ${DIRECTION_CHARS} characters, in English ` +
        '(e.g. "whispered, afraid"; "" when plain).'
      : '') +
    `\nAnswer in this form: ${shape}`
  );
}

function schemaFor(questions: Question[], names: string[], directions: boolean) {
  const line = {
    type: 'object',
    properties: {
      speaker: { enum: [...names, UNKNOWN] },
      confidence: { enum: ['high', 'medium', 'low'] },
      ...(directions && { direction: { type: 'string', maxLength: DIRECTION_CHARS } }),
    },
    required: directions ? ['speaker', 'confidence', 'direction'] : ['speaker', 'confidence'],
    additionalProperties: false,
  };
  return {
    type: 'object',
    properties: Object.fromEntries(questions.map((q) => [q.label, line])),
    required: questions.map((q) => q.label),
    additionalProperties: false,
  };
}

function readAnswer(value: unknown, questions: Question[], names: Set<string>): ModelLine[] {
  if (value === null || typeof value !== 'object') throw new Error('not an object');
  const answer = value as Record<
    string,
    { speaker?: unknown; confidence?: unknown; direction?: unknown }
  >;
  return questions.map((q) => {
    const item = answer[q.label] ?? {};
    const speaker =
      typeof item.speaker === 'string' && names.has(item.speaker) ? item.speaker : null;
    const confidence =
      (['high', 'medium', 'low'] as const).find((c) => c === item.confidence) ?? 'low';
    const direction =
      typeof item.direction === 'string'
        ? [...item.direction.trim()].slice(0, DIRECTION_CHARS).join('')
        : '';
    return { paragraph: q.paragraph, line: q.line, speaker, confidence, direction };
  });
}

/** What planning a pass needs: token counts (the model's, or an estimate) and the context. */
export interface PlanCounter {
  countTokens(texts: string[], signal?: AbortSignal): Promise<number[]>;
  contextTokens(signal?: AbortSignal): Promise<number>;
}

export interface LinePlan {
  windows: ModelWindow[];
  skipped: number[];
  names: string[];
  dialogue: number[][];
  head: string;
  tail: string;
  /** Prompt tokens besides the passage, and answer tokens a quotation needs. */
  fixed: number;
  perLine: number;
  contextTokens: number;
  /** Prompt and answer tokens of the whole pass (for time estimates). */
  promptTokens: number;
  outputTokens: number;
}

/** The passages the pass will send and their tokens, without asking the model anything. */
export async function planLinePass(
  input: Omit<LinePassInput, 'model' | 'onProgress'>,
  counter: PlanCounter,
): Promise<LinePlan> {
  const { reading, texts, signal } = input;
  const directions = input.directions === true;
  const names = reading.characters.slice(0, MAX_CHARACTERS).map((c) => c.name);
  const decide = input.decide ?? (() => true);
  const dialogue = reading.paragraphs.map((p) =>
    p.lines.flatMap((l, k) => (l.kind === 'dialogue' ? [k] : [])),
  );
  const characters = reading.characters.slice(0, MAX_CHARACTERS);
  const head = `Language: ${input.language}\nCharacters:\n${characterList(characters)}\n\nPassage:\n`;
  const tail = `\n\n${instructions(directions)}`;
  const empty = { windows: [], skipped: [], names, dialogue, head, tail, fixed: 0, perLine: 0 };
  if (names.length === 0 || dialogue.every((d) => d.length === 0))
    return { ...empty, contextTokens: 0, promptTokens: 0, outputTokens: 0 };
  const longest = names.reduce((a, b) => (b.length > a.length ? b : a), UNKNOWN);
  const sampleAnswer = `"Q40": {"speaker": "${longest}", "confidence": "medium"${directions ? `, "direction": "${'x'.repeat(DIRECTION_CHARS)}"` : ''}}, `;
  const [fixedRaw = 0, perLineRaw = 0, ...paragraphTokens] = await counter.countTokens(
    [SYSTEM + head + tail, sampleAnswer, ...texts.map((t) => `${t}\n\n`)],
    signal,
  );
  const fixed = fixedRaw + 32;
  const perLine = perLineRaw + 2;
  const contextTokens = await counter.contextTokens(signal);
  // ~4 marker tokens per quotation; the answer's share is reserved by the windows.
  const shown = texts.map((_, i) => (paragraphTokens[i] ?? 0) + (dialogue[i]?.length ?? 0) * 4);
  const { windows, skipped } = modelWindows(
    texts.map((_, i) => ({
      tokens: shown[i] ?? 0,
      lines: decide(i) ? (dialogue[i]?.length ?? 0) : 0,
      chapter: input.chapters[i] ?? null,
    })),
    {
      passageTokens: contextTokens - fixed,
      tokensPerLine: perLine,
      contextTokens,
      fixedTokens: fixed,
    },
  );
  return {
    windows,
    skipped,
    names,
    dialogue,
    head,
    tail,
    fixed,
    perLine,
    contextTokens,
    promptTokens: windows.reduce((sum, w) => sum + fixed + w.passageTokens, 0),
    outputTokens: windows.reduce((sum, w) => sum + w.lines * perLine, 0),
  };
}

export async function attributeLinesWithModel(input: LinePassInput): Promise<LinePassResult> {
  const plan = await planLinePass(input, input.model);
  const nameSet = new Set(plan.names);
  const lines: ModelLine[] = [];
  for (const [w, window] of plan.windows.entries()) {
    input.onProgress?.(w, plan.windows.length, 0);
    const answer = await askWindow(window, {
      ...input,
      directions: input.directions === true,
      names: plan.names,
      nameSet,
      dialogue: plan.dialogue,
      head: plan.head,
      tail: plan.tail,
      perLine: plan.perLine,
      room: plan.contextTokens - plan.fixed - window.passageTokens - 16,
      w,
      total: plan.windows.length,
    });
    input.onWindow?.(answer);
    lines.push(...answer);
  }
  input.onProgress?.(plan.windows.length, plan.windows.length, 0);
  return { lines, windows: plan.windows.length, skipped: plan.skipped };
}

async function askWindow(
  window: ModelWindow,
  ctx: LinePassInput & {
    directions: boolean;
    names: string[];
    nameSet: Set<string>;
    dialogue: number[][];
    head: string;
    tail: string;
    perLine: number;
    /** Context left for the answer after the prompt. */
    room: number;
    w: number;
    total: number;
  },
): Promise<ModelLine[]> {
  const questions: Question[] = [];
  const decided = new Set(window.decide);
  const shown = [...new Set([...window.context, ...window.decide])].sort((a, b) => a - b);
  const passage = shown.map((index) => {
    const text = ctx.texts[index] ?? '';
    if (!decided.has(index)) {
      const known = ctx.known?.(index);
      return known ? `[${known} speaks here] ${text}` : text;
    }
    const marks = (ctx.dialogue[index] ?? []).map((line) => {
      const label = `Q${questions.length + 1}`;
      questions.push({ paragraph: index, line, label });
      return { at: ctx.reading.paragraphs[index]?.lines[line]?.start ?? 0, label };
    });
    return markedText(text, marks);
  });
  const prompt = `${ctx.head}${passage.join('\n\n')}${ctx.tail}`;
  return ctx.model.json({
    system: SYSTEM,
    prompt,
    schema: schemaFor(questions, ctx.names, ctx.directions),
    read: (value) => readAnswer(value, questions, ctx.nameSet),
    // The windows reserve perLine tokens a quotation; the answer may use all the context left
    // (a grammar-bound answer ends as soon as it is complete).
    maxTokens: Math.max(questions.length * ctx.perLine + 16, ctx.room),
    temperature: 0,
    signal: ctx.signal,
    onProgress: (tokens) => ctx.onProgress?.(ctx.w, ctx.total, tokens),
  });
}
