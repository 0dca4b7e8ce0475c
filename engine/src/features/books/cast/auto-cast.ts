/**
 * POST .../cast/auto and GET .../cast/auto/{job_id}/status (document 2: "designs a new voice per
 * character; prepaid"; the body, price and status are ours, docs/api/audiobook.md "Auto-cast").
 * Each character in scope gets a voice designed from its gender hint and the age its names
 * suggest: with no voice-design pack installed, one of the embedded eSpeak NG character presets
 * (variant formants, pitch and pace) that sounds most unlike the narrator and every voice
 * already cast (the voices area's distinctVoices). Characters whose voice the caller chose are
 * left alone. Prepaid: AUTO_CAST_CREDITS per character is held when the job is created and
 * charged only for the voices designed. Running it turns character voices on (rule 2).
 */
import type { CastRow, ProjectRow } from '../../../db/schema/audiobook.ts';
import { AppError } from '../../../errors.ts';
import type { JobRunner } from '../../../jobs/job-runner.ts';
import { JOB_TYPES, type BookJobs } from '../book-jobs.ts';
import type { ProjectRepo } from '../projects/project-repo.ts';
import { DEFAULT_LANGUAGE } from '../projects/views.ts';
import { ageHint } from './cast-age.ts';
import { contractError, contractStatus } from './cast-detection.ts';
import { nameKey, type CastRepo } from './cast-repo.ts';
import type { CastService, CastVoiceSource } from './cast-service.ts';
import { autoCastResultSchema, type AutoCastCharacter } from './auto-cast-schemas.ts';
import type { ChapterRepo } from '../chapters/chapter-repo.ts';
import type { CharacterEvidence, VoiceDescription } from './voice-descriptions.ts';

/** Credits per designed character voice (0.02 USD at 7 500 credits per USD). */
export const AUTO_CAST_CREDITS = 150;

/** How many ranked candidates are looked through for a character preset. */
const CANDIDATES = 12;

export class AutoCast {
  constructor(
    private readonly cast: CastService,
    private readonly castRows: CastRepo,
    private readonly projects: ProjectRepo,
    private readonly bookJobs: BookJobs,
    private readonly jobs: JobRunner,
    private readonly voices: CastVoiceSource,
    private readonly chapters: ChapterRepo,
  ) {}

  /** Main characters with lines, most lines first, minus those whose voice the caller chose. */
  private targets(project: ProjectRow, names: string[] | undefined): CastRow[] {
    this.cast.ensureRows(project);
    const all = this.castRows.list(project.id);
    const lines = this.cast.lineCounts(project.id, all);
    const wanted = names ? new Set(names.map(nameKey)) : null;
    return all
      .filter((r) => r.aliasOfKey === null && r.voiceSetBy !== 'user')
      .filter((r) => (lines.get(r.nameKey) ?? 0) > 0)
      .filter((r) => wanted === null || wanted.has(r.nameKey))
      .sort((a, b) => (lines.get(b.nameKey) ?? 0) - (lines.get(a.nameKey) ?? 0));
  }

  async start(ownerId: string, projectId: string, names: string[] | undefined) {
    const project = this.cast.require(ownerId, projectId);
    if (this.bookJobs.active(project.id, [JOB_TYPES.autoCast]).length > 0) {
      throw new AppError('conflict', 'Auto-cast is already running for this book.', {
        details: { reason: 'auto_cast_running' },
      });
    }
    const targets = this.targets(project, names);
    if (targets.length === 0) {
      throw new AppError(
        'bad_request',
        'No character to cast: detect speakers first, or name characters of this book whose voice you did not choose.',
        { details: { reason: 'no_characters' } },
      );
    }
    const characterNames = targets.map((r) => r.name);
    const job = await this.jobs.create(ownerId, JOB_TYPES.autoCast, {
      project_id: project.id,
      character_names: characterNames,
    });
    return {
      job_id: String(job.id),
      characters: characterNames,
      estimated_credits: characterNames.length * AUTO_CAST_CREDITS,
    };
  }

  /** What the language model reads of each character: its lines and narration naming it. */
  evidence(project: ProjectRow, names: string[]): CharacterEvidence[] {
    const all = this.castRows.list(project.id);
    const paragraphs = this.chapters.narratedParagraphs(project.id);
    return names.map((name) => {
      const key = nameKey(name);
      const aliases = all.filter((r) => r.aliasOfKey === key).map((r) => r.name);
      const keys = new Set([key, ...aliases.map(nameKey)]);
      const lines = paragraphs
        .filter((p) => p.characterName && keys.has(nameKey(p.characterName)))
        .slice(0, 6)
        .map((p) => p.text);
      const words = [name, ...aliases].map((n) => n.toLowerCase());
      const mentions = paragraphs
        .filter((p) => !p.characterName && words.some((w) => p.text.toLowerCase().includes(w)))
        .slice(0, 3)
        .map((p) => p.text);
      return { name, aliases, lines, mentions };
    });
  }

  /**
   * The job's work: one designed voice per named character, in order. `described`: the language
   * model's reading of each character (gender and age where the book's names and pronouns left
   * them open, and a description kept with the result).
   */
  design(
    project: ProjectRow,
    names: string[],
    described: Map<string, VoiceDescription> = new Map(),
  ): AutoCastCharacter[] {
    const language = project.language ?? DEFAULT_LANGUAGE;
    const all = this.castRows.list(project.id);
    const byKey = new Map(all.map((r) => [r.nameKey, r]));
    const targets = names
      .map((n) => byKey.get(nameKey(n)))
      .filter((r): r is CastRow => r !== undefined && r.voiceSetBy !== 'user');
    const targetKeys = new Set(targets.map((r) => r.nameKey));
    const taken = new Set<number>();
    const narrator = project.selectedVoiceId ?? this.voices.defaultNarrator(language);
    if (narrator !== null) taken.add(narrator);
    for (const r of all) {
      if (r.voiceId !== null && !targetKeys.has(r.nameKey)) taken.add(r.voiceId);
    }
    const designed: AutoCastCharacter[] = [];
    for (const row of targets) {
      const aliases = all.filter((r) => r.aliasOfKey === row.nameKey).map((r) => r.name);
      const description = described.get(row.name);
      const age = ageHint([row.name, ...aliases]) ?? description?.age ?? null;
      const gender = row.genderHint ?? description?.gender ?? null;
      const ask = (gender: 'male' | 'female' | null) =>
        this.voices
          .distinct(language, {
            count: CANDIDATES,
            exclude: [...taken],
            ...(gender !== null && { gender }),
            ...(age !== null && { age }),
          })
          .find((v) => v.preset !== null);
      const voice = ask(gender) ?? (gender !== null ? ask(null) : undefined);
      if (!voice) continue;
      this.castRows.update(row.id, { voiceId: voice.id, voiceSetBy: 'pick' });
      taken.add(voice.id);
      designed.push({
        character_name: row.name,
        voice_id: voice.id,
        voice_name: voice.name,
        preset: voice.preset ?? '',
        gender_hint: gender,
        age_hint: age,
        voice_description: description?.description ?? null,
      });
    }
    const current = this.projects.update(project.id, { multiVoice: true }) ?? project;
    this.cast.pickVoices(current);
    return designed;
  }

  status(ownerId: string, projectId: string, jobId: number) {
    const project = this.cast.require(ownerId, projectId);
    const row = this.bookJobs.find(ownerId, project.id, JOB_TYPES.autoCast, jobId);
    if (!row) throw new AppError('not_found', `Auto-cast job ${jobId} not found.`);
    const result = autoCastResultSchema.safeParse(row.result);
    return {
      job_id: String(row.id),
      status: contractStatus(row.status),
      progress: Math.round(row.progress * 10) / 10,
      current_step: row.stage,
      error_message: contractError(row),
      result: result.success ? result.data : null,
    };
  }
}
