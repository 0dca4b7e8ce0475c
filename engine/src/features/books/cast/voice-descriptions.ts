/**
 * Auto-cast's voice descriptions with the language model (docs/api/audiobook.md, "Auto-cast"):
 * for each character, a few of its lines and of the sentences that name it go to the model,
 * which answers the character's gender and age as the book shows them and one sentence on how
 * the voice should sound ("a gruff, weary sea captain; low and slow"). The gender and age steer
 * the voice pick where the names and pronouns left them open; the description is shown with the
 * cast. Several characters go in one call, as many as its context holds.
 */
import type { LanguageModel } from '../../language/index.ts';
import type { VoiceAge } from '../../voices/index.ts';

export interface VoiceDescription {
  gender: 'male' | 'female' | null;
  age: VoiceAge | null;
  description: string;
}

export interface CharacterEvidence {
  name: string;
  aliases: string[];
  /** Lines the character speaks, and narration that names it, in book order. */
  lines: string[];
  mentions: string[];
}

const DESCRIPTION_CHARS = 160;
const EXCERPT_CHARS = 300;
const PER_CHARACTER = 6;
const MAX_PER_CALL = 8;
const AGES = ['child', 'young', 'adult', 'senior'] as const;

const SYSTEM =
  'You are a casting director for audiobooks. From a few lines of a novel you describe how ' +
  'each character should sound. You answer with JSON only.';

function evidence(c: CharacterEvidence, label: string): string {
  const clip = (t: string) => (t.length > EXCERPT_CHARS ? `${t.slice(0, EXCERPT_CHARS)}…` : t);
  const also = c.aliases.length > 0 ? ` (also called ${c.aliases.join(', ')})` : '';
  return [
    `[${label}] ${c.name}${also}`,
    ...c.lines.slice(0, PER_CHARACTER).map((l) => `  says: ${clip(l)}`),
    ...c.mentions.slice(0, PER_CHARACTER / 2).map((m) => `  seen: ${clip(m)}`),
  ].join('\n');
}

export async function describeVoices(
  model: LanguageModel,
  characters: CharacterEvidence[],
  signal?: AbortSignal,
): Promise<Map<string, VoiceDescription>> {
  const out = new Map<string, VoiceDescription>();
  const context = await model.contextTokens(signal);
  const blocks = characters.map((c, i) => evidence(c, `C${i + 1}`));
  const [fixed = 0, ...sizes] = await model.countTokens(
    [SYSTEM + 'x'.repeat(600), ...blocks],
    signal,
  );
  const perAnswer = 90;
  let start = 0;
  while (start < characters.length) {
    let end = start;
    let used = fixed;
    while (
      end < characters.length &&
      end - start < MAX_PER_CALL &&
      (end === start || used + (sizes[end] ?? 0) + perAnswer * (end - start + 1) < context)
    ) {
      used += sizes[end] ?? 0;
      end += 1;
    }
    const group = characters.slice(start, end);
    const labels = group.map((_, k) => `C${k + 1}`);
    const item = {
      type: 'object',
      properties: {
        gender: { enum: ['male', 'female', 'unknown'] },
        age: { enum: [...AGES, 'unknown'] },
        description: { type: 'string', minLength: 1, maxLength: DESCRIPTION_CHARS },
      },
      required: ['gender', 'age', 'description'],
      additionalProperties: false,
    };
    const answer = await model.json({
      system: SYSTEM,
      prompt:
        group.map((c, k) => evidence(c, labels[k] ?? '')).join('\n\n') +
        '\n\nFor each character [Cn] give its gender and age as the text shows them ("unknown" ' +
        `when it does not) and one sentence of at most ${DESCRIPTION_CHARS} characters on how ` +
        'its voice should sound. Answer in this form: {"C1": {"gender": "male", "age": ' +
        '"senior", "description": "..."}}',
      schema: {
        type: 'object',
        properties: Object.fromEntries(labels.map((l) => [l, item])),
        required: labels,
        additionalProperties: false,
      },
      read: (value) =>
        value as Record<string, { gender?: unknown; age?: unknown; description?: unknown }>,
      maxTokens: Math.max(group.length * perAnswer, context - used - 32),
      temperature: 0,
      signal,
    });
    group.forEach((c, k) => {
      const a = answer[labels[k] ?? ''];
      if (!a) return;
      out.set(c.name, {
        gender: a.gender === 'male' || a.gender === 'female' ? a.gender : null,
        age: AGES.find((x) => x === a.age) ?? null,
        description:
          typeof a.description === 'string'
            ? [...a.description.replace(/\s+/g, ' ').trim()].slice(0, DESCRIPTION_CHARS).join('')
            : '',
      });
    });
    start = end;
  }
  return out;
}
