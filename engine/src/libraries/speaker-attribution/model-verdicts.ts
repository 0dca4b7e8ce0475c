/**
 * What is kept when the rules and the model pass (model-lines.ts) both read a quotation: the
 * speaker each line ends with and how sure the engine is of it (docs/api/audiobook.md, "The model
 * pass"). The rules are precise when they speak (≥ 0.9 on every corpus) and silent on about half
 * of the dialogue; the model speaks on every line. So:
 * - both name the same speaker: kept, 0.95;
 * - the rules are silent: the model's name when it is at least "medium" sure, at its confidence;
 * - they disagree: the model's name only when it is "high" sure (0.8), else the rules' (0.5);
 * - the model does not know: the rules' name (0.6), or nobody.
 * The paragraph's one speaker then follows rule 6's share, as in the rules' own reading: at least
 * 60 percent of its words are speech, all of it one speaker's.
 */
import type { CastReading } from './context-pass.ts';
import { CONFIDENCE, type ModelLine } from './model-lines.ts';
import { SPEECH_SHARE } from './paragraph-analysis.ts';
import { countWords } from './speech-spans.ts';

export interface LineVerdict {
  paragraph: number;
  line: number;
  rules: string | null;
  model: string | null;
  speaker: string | null;
  /** How sure the engine is of `speaker` (0–1); 0 when the line stays unattributed. */
  confidence: number;
  source: 'both' | 'model' | 'rules' | 'none';
  direction: string;
}

export function mergeVerdict(rules: string | null, model: ModelLine): LineVerdict {
  const base = {
    paragraph: model.paragraph,
    line: model.line,
    rules,
    model: model.speaker,
    direction: model.direction,
  };
  const sure = CONFIDENCE[model.confidence];
  if (model.speaker !== null && model.speaker === rules)
    return { ...base, speaker: rules, confidence: 0.95, source: 'both' };
  if (model.speaker !== null && rules === null && model.confidence !== 'low')
    return { ...base, speaker: model.speaker, confidence: sure, source: 'model' };
  if (model.speaker !== null && rules !== null && model.confidence === 'high')
    return { ...base, speaker: model.speaker, confidence: 0.8, source: 'model' };
  if (rules !== null)
    return {
      ...base,
      speaker: rules,
      confidence: model.speaker === null ? 0.6 : 0.5,
      source: 'rules',
    };
  return { ...base, speaker: null, confidence: 0, source: 'none' };
}

/** Every model line merged with the rules' speaker of the same line. */
export function mergeVerdicts(reading: CastReading, modelLines: ModelLine[]): LineVerdict[] {
  return modelLines.map((m) => {
    const rules = reading.paragraphs[m.paragraph]?.lines[m.line]?.speaker ?? null;
    return mergeVerdict(rules, m);
  });
}

/**
 * The paragraph's one speaker after the merge (rule 6's share), for paragraphs with a verdict;
 * a paragraph mixing speakers, or mostly narration, gets none.
 */
export function paragraphSpeakers(
  reading: CastReading,
  verdicts: LineVerdict[],
): Map<number, string | null> {
  const byParagraph = new Map<number, LineVerdict[]>();
  for (const v of verdicts)
    byParagraph.set(v.paragraph, [...(byParagraph.get(v.paragraph) ?? []), v]);
  const out = new Map<number, string | null>();
  for (const [index, list] of byParagraph) {
    const paragraph = reading.paragraphs[index];
    if (!paragraph) continue;
    const decided = new Map(list.map((v) => [v.line, v.speaker]));
    let speech = 0;
    let total = 0;
    const speakers = new Set<string | null>();
    paragraph.lines.forEach((line, k) => {
      const words = countWords(line.text);
      total += words;
      if (line.kind !== 'dialogue') return;
      speech += words;
      speakers.add(decided.has(k) ? (decided.get(k) ?? null) : line.speaker);
    });
    const only = speakers.size === 1 ? ([...speakers][0] ?? null) : null;
    out.set(index, total > 0 && speech >= SPEECH_SHARE * total ? only : null);
  }
  return out;
}
