/**
 * "Improve speakers with the language model" (`cast/detect?method=llm`; docs/api/audiobook.md,
 * "The model pass"): the rules read the whole book first (the instant, free pass, in the worker
 * pool); the language model then reads it passage by passage with the character list and aliases
 * the rules gathered and names the speaker of every quotation; model-verdicts.ts decides what is
 * kept, with a confidence per line. Paragraphs are written as each passage returns, so a
 * cancelled or failed job keeps what it wrote. The caller's own speakers, locked lines and
 * cleared speakers are never touched (rule 7); names the rules or an earlier pass wrote may be
 * corrected.
 */
import type { ParagraphRow, ProjectRow } from '../../../db/schema/audiobook.ts';
import { throwIfCancelled } from '../../../errors.ts';
import type { LanguageModel } from '../../language/index.ts';
import type { ChapterRepo } from '../chapters/chapter-repo.ts';
import type { ProjectRepo } from '../projects/project-repo.ts';
import { DEFAULT_LANGUAGE } from '../projects/views.ts';
import type { CastService } from './cast-service.ts';
import type { DetectionJobResult, DetectionLine } from './cast-schemas.ts';
import {
  attributeLinesWithModel,
  mergeVerdicts,
  nameKey,
  paragraphSpeakers,
  planLinePass,
  type CastReading,
  type LineVerdict,
} from '../../../libraries/speaker-attribution/index.ts';

/** A chat server's or an unloaded model's tokens, estimated from characters. */
const CHARS_PER_TOKEN = 3.2;
const EXCERPT = 200;

/** Rule 7 for the model pass: what the caller set or protected is never rewritten. */
export function refinable(p: Pick<ParagraphRow, 'locked' | 'speakerCleared' | 'characterSetBy'>) {
  return !p.locked && !p.speakerCleared && p.characterSetBy !== 'user';
}

export interface ModelDetectionProgress {
  (update: { percent: number; stage: string }): void;
}

export class ModelDetection {
  constructor(
    private readonly cast: CastService,
    private readonly chapters: ChapterRepo,
    private readonly projects: ProjectRepo,
    private readonly language: LanguageModel,
  ) {}

  private async read(project: ProjectRow) {
    const { reading, rows } = await this.cast.readingOf(project);
    const narrated = new Set(this.chapters.narratedParagraphs(project.id).map((p) => p.id));
    return {
      reading,
      rows,
      input: {
        texts: rows.map((r) => r.text),
        chapters: rows.map((r) => r.chapterId),
        reading,
        language: project.language ?? DEFAULT_LANGUAGE,
        decide: (i: number) => {
          const row = rows[i];
          return row !== undefined && narrated.has(row.id) && refinable(row);
        },
        known: (i: number) =>
          rows[i]?.characterSetBy === 'user' ? (rows[i]?.characterName ?? null) : null,
      },
    };
  }

  /** How long the pass would take on this book, from the measured (else guessed) speed. */
  async estimate(project: ProjectRow) {
    const { input } = await this.read(project);
    const plan = await planLinePass(input, {
      countTokens: (texts) =>
        Promise.resolve(texts.map((t) => Math.ceil(t.length / CHARS_PER_TOKEN))),
      contextTokens: () => Promise.resolve(this.language.plannedContextTokens()),
    });
    const { seconds, measured } = this.language.estimateSeconds(
      plan.promptTokens,
      plan.outputTokens,
    );
    return {
      lines: plan.windows.reduce((sum, w) => sum + w.lines, 0),
      passages: plan.windows.length,
      prompt_tokens: plan.promptTokens,
      output_tokens: plan.outputTokens,
      estimated_seconds: Math.ceil(seconds),
      speed_measured: measured,
    };
  }

  async run(
    project: ProjectRow,
    signal: AbortSignal,
    progress: ModelDetectionProgress,
  ): Promise<DetectionJobResult> {
    progress({ percent: 1, stage: 'reading the book' });
    const { reading, rows, input } = await this.read(project);
    throwIfCancelled(signal);
    const targets = rows.filter((r, i) => input.decide(i) && !r.characterName).length;
    const counts = { attributed: 0, refined: 0 };
    const verdicts: LineVerdict[] = [];
    const model = this.language.label() ?? 'the language model';
    progress({ percent: 3, stage: `loading ${model}` });
    const pass = await attributeLinesWithModel({
      ...input,
      model: this.language,
      signal,
      onProgress: (done, total) =>
        progress({
          percent: 5 + (total === 0 ? 90 : (done / total) * 90),
          stage: `reading speakers with ${model} (${Math.min(done + 1, total)}/${total})`,
        }),
      onWindow: (lines) => {
        throwIfCancelled(signal);
        const merged = mergeVerdicts(reading, lines);
        verdicts.push(...merged);
        this.write(rows, reading, merged, counts);
      },
    });
    const aliasesAdded = this.cast.applyReading(project, reading);
    const latest = this.projects.get(project.id) ?? project;
    const picked = latest.multiVoice ? this.cast.pickVoices(latest) : 0;
    const characters: string[] = [];
    for (const v of verdicts) {
      if (v.speaker && !characters.some((c) => nameKey(c) === nameKey(v.speaker ?? '')))
        characters.push(v.speaker);
    }
    return {
      paragraphs_attributed: counts.attributed,
      characters,
      aliases_added: aliasesAdded,
      voices_picked: picked,
      targets,
      model: this.language.label(),
      lines_read: verdicts.length,
      paragraphs_refined: counts.refined,
      passages: pass.windows,
      long_paragraphs_skipped: pass.skipped.length,
      lines: verdicts.map((v) => lineView(v, rows, reading)),
    };
  }

  /** One passage's paragraph speakers, written under rule 7 as the book is now. */
  private write(
    rows: ParagraphRow[],
    reading: CastReading,
    merged: LineVerdict[],
    counts: { attributed: number; refined: number },
  ): void {
    const speakers = paragraphSpeakers(reading, merged);
    const wanted = new Map<string, string>();
    for (const [index, speaker] of speakers) {
      const id = rows[index]?.id;
      if (id && speaker) wanted.set(id, speaker);
    }
    const current = this.chapters.paragraphsByIds([...wanted.keys()]);
    this.chapters.transaction(() => {
      for (const row of current) {
        const speaker = wanted.get(row.id);
        if (!speaker || !refinable(row) || row.characterName === speaker) continue;
        if (row.characterName) counts.refined += 1;
        else counts.attributed += 1;
        this.chapters.updateParagraph(row.id, {
          characterName: speaker.slice(0, 120),
          characterSetBy: 'detection',
        });
      }
    });
  }
}

function lineView(v: LineVerdict, rows: ParagraphRow[], reading: CastReading): DetectionLine {
  const row = rows[v.paragraph];
  const line = reading.paragraphs[v.paragraph]?.lines[v.line];
  return {
    paragraph_id: row?.id ?? '',
    chapter_id: row?.chapterId ?? '',
    text: (line?.text ?? '').slice(0, EXCERPT),
    rules_speaker: v.rules,
    model_speaker: v.model,
    speaker: v.speaker,
    confidence: Math.round(v.confidence * 100) / 100,
    source: v.source,
  };
}
