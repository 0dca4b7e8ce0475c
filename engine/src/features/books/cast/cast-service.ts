/**
 * The cast (document 2, "Character voices (cast)", rules 1–13): who speaks which line, which
 * voice each character has, aliases, and switching character voices on and off. Speaker
 * attribution and voice picking are the cast library's (cast/index.ts); this service reads and
 * writes the book around it.
 */
import type { CastRow, ParagraphRow, ProjectRow } from '../../../db/schema/audiobook.ts';
import { AppError } from '../../../errors.ts';
import type { DistinctVoiceOptions, VoiceAge, VoiceCatalog } from '../../voices/index.ts';
import { ageHint } from './cast-age.ts';
import { appAliasesInTheWay } from './rules/app-aliases.ts';
import type { SpeakerPass } from '../manuscript/book-import.ts';
import {
  buildCastMembers,
  namedSpeakerCount,
  pickCastVoices,
  validateAlias,
  type CastAlias,
  type CastMember,
} from './rules/index.ts';
import type { CastReading } from '../../../libraries/speaker-attribution/index.ts';
import { nameKey, type CastRepo } from './cast-repo.ts';
import type { AliasBody, AssignBody } from './cast-schemas.ts';
import type { ChapterRepo } from '../chapters/chapter-repo.ts';
import type { ProjectRepo } from '../projects/project-repo.ts';
import { requireOwnedProject, type MultiVoiceSwitch } from '../projects/project-service.ts';
import { savedVoice, type VoiceContext } from './voice-order.ts';
import { DEFAULT_LANGUAGE } from '../projects/views.ts';
import {
  readingInput,
  type BookReading,
  type BookReadingInput,
} from './rules/book-reading-task.ts';

/**
 * Reads a whole book's speakers (speakers/book-reading-task.ts). books.ts runs it in the worker
 * pool: on a novel it is seconds of CPU that must not stall the engine's event loop.
 */
export type BookReader = (input: BookReadingInput) => Promise<BookReading>;

/** A voice distinctVoices offered: `preset` is its embedded character preset, if it is one. */
export interface DistinctVoice {
  id: number;
  name: string;
  preset: string | null;
}

/** The voices area's part in casting (books.ts builds it from voices' index.ts). */
export interface CastVoiceSource {
  /** Voices for `language` that sound unlike the excluded ones, best first (distinctVoices). */
  distinct(language: string, options: DistinctVoiceOptions): DistinctVoice[];
  /** The voice the narrator reads in when the book sets none: the default for its language. */
  defaultNarrator(language: string): number | null;
}

export class CastService implements MultiVoiceSwitch, SpeakerPass {
  constructor(
    private readonly projects: ProjectRepo,
    private readonly chapters: ChapterRepo,
    private readonly cast: CastRepo,
    private readonly voices: VoiceCatalog,
    private readonly castVoices: CastVoiceSource,
    private readonly readBook: BookReader,
  ) {}

  require(ownerId: string, projectId: string): ProjectRow {
    return requireOwnedProject(this.projects, ownerId, projectId);
  }

  // ---- reading the cast --------------------------------------------------------------------

  /** The main speaker's row for a name (an alias resolves to the name it is merged onto). */
  private mainRow(rows: Map<string, CastRow>, name: string): CastRow | undefined {
    const row = rows.get(nameKey(name));
    if (row?.aliasOfKey) return rows.get(row.aliasOfKey) ?? row;
    return row;
  }

  private castRows(projectId: string): Map<string, CastRow> {
    return new Map(this.cast.list(projectId).map((row) => [row.nameKey, row]));
  }

  /** What the voice order needs about a book: its cast, chapter and narrator voices. */
  voiceContext(project: ProjectRow, rows = this.castRows(project.id)): VoiceContext {
    const chapterVoices = new Map(
      this.chapters.listChapters(project.id).map((c) => [c.id, c.voiceId] as const),
    );
    return {
      multiVoice: project.multiVoice,
      projectVoiceId: project.selectedVoiceId,
      chapterVoice: (id) => chapterVoices.get(id) ?? null,
      castVoice: (name) => this.mainRow(rows, name)?.voiceId ?? null,
    };
  }

  /** Aliases as the cast library takes them: alternate name → main speaker's name. */
  private aliases(rows: CastRow[]): CastAlias[] {
    const byKey = new Map(rows.map((r) => [r.nameKey, r.name]));
    return rows
      .filter((r) => r.aliasOfKey !== null)
      .map((r) => ({
        name: r.name,
        alias_of: byKey.get(r.aliasOfKey ?? '') ?? r.aliasOfKey ?? '',
      }));
  }

  /** The book's aliases as the cast library takes them (the caller's and detected ones). */
  castAliases(projectId: string): CastAlias[] {
    return this.aliases(this.cast.list(projectId));
  }

  /**
   * Rule 8 from a context reading: the name variants it found merged as aliases (never over one
   * the caller set) and its gender hints recorded. Returns how many aliases were added.
   */
  applyReading(project: ProjectRow, reading: CastReading): number {
    let added = 0;
    for (const alias of reading.aliases) {
      if (this.addDetectedAlias(project, alias.name, alias.alias_of)) added += 1;
    }
    for (const character of reading.characters) {
      if (character.gender) this.recordGender(project, character.name, character.gender);
    }
    return added;
  }

  members(project: ProjectRow): CastMember[] {
    const rows = this.cast.list(project.id);
    const castVoices = new Map<string, number>();
    for (const row of rows) if (row.voiceId !== null) castVoices.set(row.name, row.voiceId);
    return buildCastMembers({
      paragraphs: this.chapters.narratedParagraphs(project.id).map((p) => ({
        text: p.text,
        character_name: p.characterName,
        voice_id: p.voiceId,
        skip_narration: p.skipNarration,
      })),
      aliases: this.aliases(rows),
      castVoices,
      multiVoice: project.multiVoice,
      projectVoiceId: project.selectedVoiceId,
    });
  }

  list(ownerId: string, projectId: string) {
    const project = this.require(ownerId, projectId);
    const members = this.members(project);
    return {
      members,
      named_speaker_count: namedSpeakerCount(members),
      multi_voice: project.multiVoice,
    };
  }

  // ---- character voices on and off (rules 2–4) ----------------------------------------------

  /** Every speaker named in the book gets a cast row (rule 3). */
  ensureRows(project: ProjectRow): void {
    const seen = new Set<string>();
    for (const p of this.chapters.bookParagraphs(project.id)) {
      if (!p.characterName) continue;
      const key = nameKey(p.characterName);
      if (seen.has(key)) continue;
      seen.add(key);
      this.cast.ensure(project.id, p.characterName);
    }
  }

  /** Dialogue lines per main speaker key (an alias's lines count for its main speaker). */
  lineCounts(projectId: string, rows: CastRow[]): Map<string, number> {
    const mainOf = new Map(rows.map((r) => [r.nameKey, r.aliasOfKey ?? r.nameKey]));
    const counts = new Map<string, number>();
    for (const p of this.chapters.narratedParagraphs(projectId)) {
      if (!p.characterName) continue;
      const key = mainOf.get(nameKey(p.characterName)) ?? nameKey(p.characterName);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  }

  /**
   * Rule 3: each character without a cast voice gets its own library voice, the one that sounds
   * most unlike the narrator (the set voice, else the book's default one), the chapter voices and
   * the voices already cast: the voices area's distinctVoices, asked for the character's gender
   * hint and the age its names suggest (then for any gender). Characters with the most lines
   * choose first. A catalog without a distinct voice left falls back to the cast library's plain
   * pick on the same terms; none left: the character reads in the narrator voice. Deterministic.
   * Returns how many were picked.
   */
  pickVoices(project: ProjectRow): number {
    this.ensureRows(project);
    const all = this.cast.list(project.id);
    const rows = all.filter((r) => r.aliasOfKey === null);
    const language = project.language ?? DEFAULT_LANGUAGE;
    const narrator = project.selectedVoiceId ?? this.castVoices.defaultNarrator(language);
    const taken = new Set<number>();
    if (narrator !== null) taken.add(narrator);
    for (const chapter of this.chapters.listChapters(project.id)) {
      if (chapter.voiceId !== null) taken.add(chapter.voiceId);
    }
    for (const row of rows) if (row.voiceId !== null) taken.add(row.voiceId);
    const lines = this.lineCounts(project.id, all);
    const waiting = rows
      .map((row, order) => ({ row, order, lines: lines.get(row.nameKey) ?? 0 }))
      .filter((w) => w.row.voiceId === null)
      .sort((a, b) => b.lines - a.lines || a.order - b.order);
    let picked = 0;
    for (const { row } of waiting) {
      const names = [
        row.name,
        ...all.filter((r) => r.aliasOfKey === row.nameKey).map((r) => r.name),
      ];
      const voice = this.voiceFor(project, row.genderHint, ageHint(names), taken);
      if (voice === null) continue;
      this.cast.update(row.id, { voiceId: voice, voiceSetBy: 'pick' });
      taken.add(voice);
      picked += 1;
    }
    return picked;
  }

  private voiceFor(
    project: ProjectRow,
    gender: 'male' | 'female' | null,
    age: VoiceAge | null,
    taken: ReadonlySet<number>,
  ): number | null {
    const language = project.language ?? DEFAULT_LANGUAGE;
    const ask = (withGender: boolean) =>
      this.castVoices.distinct(language, {
        count: 1,
        exclude: [...taken],
        ...(withGender && gender !== null && { gender }),
        ...(age !== null && { age }),
      })[0]?.id;
    const distinct = ask(true) ?? (gender !== null ? ask(false) : undefined);
    if (distinct !== undefined) return distinct;
    // Custom voices and catalogs without embedded presets: the plain pick, taken voices out.
    const picks = pickCastVoices({
      bookLanguage: language,
      narratorVoiceId: null,
      characters: [
        ...[...taken].map((id, i) => ({ name: `#taken${i}`, castVoiceId: id, genderHint: null })),
        { name: '#character', castVoiceId: null, genderHint: gender },
      ],
      catalog: this.voices.list(project.ownerId).map((v) => ({
        id: v.id,
        language: v.language,
        supportedLanguages: v.supportedLanguages,
        gender: v.gender === 'male' || v.gender === 'female' ? v.gender : null,
      })),
    });
    return picks.get('#character') ?? null;
  }

  /** Rules 2–4: saves multi_voice; turning on (again) fills the cast. The cast is kept when off. */
  setMultiVoice(project: ProjectRow, on: boolean): number {
    const updated = this.projects.update(project.id, { multiVoice: on }) ?? project;
    return on ? this.pickVoices(updated) : 0;
  }

  // ---- speaker detection ------------------------------------------------------------------

  /**
   * Rules 6–8 without a model: the context reading (readCast: descriptors and pronouns resolved,
   * name variants merged, dash dialogue) gives a paragraph its speaker when it is mostly one
   * character's speech; the instant pass fills what the reading leaves. Only unnamed, unlocked,
   * uncleared paragraphs are written (rule 7); the reading's aliases and gender hints are kept.
   */
  async heuristic(project: ProjectRow): Promise<{ attributed: number; characters: string[] }> {
    const { reading, instant } = await this.readingOf(project);
    const attributions = new Map(instant);
    for (const p of reading.paragraphs) if (p.speaker) attributions.set(p.id, p.speaker);
    // Rule 7 is judged on the book as it is now: it may have been edited during the reading.
    const attributed = this.attribute(
      this.chapters.bookParagraphs(project.id),
      attributions,
      'detection',
    );
    this.applyReading(project, reading);
    const characters: string[] = [];
    for (const name of attributions.values()) {
      if (!characters.some((c) => nameKey(c) === nameKey(name))) characters.push(name);
    }
    return { attributed, characters };
  }

  /** The rules' reading of the whole book (worker pool), with the rows it read, in order. */
  async readingOf(project: ProjectRow): Promise<BookReading & { rows: ParagraphRow[] }> {
    const paragraphs = this.chapters.bookParagraphs(project.id);
    const result = await this.readBook(
      readingInput(project, paragraphs, this.chapters.listChapters(project.id), {
        language: project.language ?? DEFAULT_LANGUAGE,
        aliases: this.castAliases(project.id),
      }),
    );
    return { ...result, rows: paragraphs };
  }

  /**
   * Writes attributions under rule 7 (re-checked here, so no pass can overwrite a set name, a
   * locked line or a cleared speaker). Returns the number written.
   */
  attribute(
    paragraphs: ParagraphRow[],
    attributions: Map<string, string>,
    setBy: 'detection' | 'annotation',
  ): number {
    const byName = new Map<string, string[]>();
    for (const p of paragraphs) {
      const name = attributions.get(p.id)?.trim();
      if (!name || p.characterName || p.locked || p.speakerCleared) continue;
      const ids = byName.get(name) ?? [];
      ids.push(p.id);
      byName.set(name, ids);
    }
    let written = 0;
    for (const [name, ids] of byName) {
      this.chapters.updateParagraphs(ids, {
        characterName: name.slice(0, 120),
        characterSetBy: setBy,
      });
      written += ids.length;
    }
    return written;
  }

  async afterImport(
    project: ProjectRow,
    options: { detectSpeakers: boolean; multiVoice: boolean | undefined },
  ): Promise<{ speakersDetected: number }> {
    const detected = options.detectSpeakers ? (await this.heuristic(project)).attributed : 0;
    const current = this.projects.get(project.id) ?? project;
    if (options.multiVoice !== undefined) this.setMultiVoice(current, options.multiVoice);
    else if (current.multiVoice) this.pickVoices(current);
    return { speakersDetected: detected };
  }

  async detectHeuristic(ownerId: string, projectId: string) {
    const project = this.require(ownerId, projectId);
    const { attributed } = await this.heuristic(project);
    if (project.multiVoice) this.pickVoices(project);
    const members = this.members(this.projects.get(project.id) ?? project);
    return {
      detected_paragraphs: attributed,
      members,
      named_speaker_count: namedSpeakerCount(members),
      method: 'heuristic' as const,
      job_id: null,
    };
  }

  /** Rule 8: a detected gender hint, used only while the character has no cast voice. */
  recordGender(project: ProjectRow, name: string, hint: 'male' | 'female'): void {
    const row = this.cast.ensure(project.id, name);
    if (row.voiceId === null && row.genderHint !== hint)
      this.cast.update(row.id, { genderHint: hint });
  }

  /**
   * Rule 8: a detected alternate name, merged unless the caller already set an alias for it
   * or the merge is not allowed. Returns whether an alias was added.
   */
  addDetectedAlias(project: ProjectRow, name: string, aliasOf: string): boolean {
    if (nameKey(name) === nameKey(aliasOf)) return false;
    const rows = this.castRows(project.id);
    const existing = rows.get(nameKey(name));
    if (existing?.aliasSetBy === 'user' || existing?.aliasOfKey) return false;
    const main = this.mainRow(rows, aliasOf);
    const mainKey = main?.nameKey ?? nameKey(aliasOf);
    if (mainKey === nameKey(name)) return false;
    try {
      validateAlias(name, main?.name ?? aliasOf, this.aliases([...rows.values()]));
    } catch {
      return false;
    }
    this.cast.ensure(project.id, aliasOf);
    const row = this.cast.ensure(project.id, name);
    this.cast.update(row.id, { aliasOfKey: mainKey, aliasSetBy: 'detection' });
    return true;
  }

  // ---- assign and alias (rules 12–13) -------------------------------------------------------

  /** A name as the book spells it (names are grouped case-insensitively), else as sent. */
  private spelled(paragraphs: ParagraphRow[], name: string): string {
    const key = nameKey(name);
    return (
      paragraphs.find((p) => p.characterName && nameKey(p.characterName) === key)?.characterName ??
      name
    );
  }

  private voicesOf(project: ProjectRow, lines: ParagraphRow[]): Map<string, number | null> {
    const ctx = this.voiceContext(project);
    return new Map(lines.map((p) => [p.id, savedVoice(p, ctx)]));
  }

  /** 404 `voice_not_found` unless the voice is in the owner's catalog. */
  checkVoice(ownerId: string, voiceId: number): void {
    if (this.voices.available && this.voices.get(ownerId, voiceId) === null) {
      throw new AppError('voice_not_found', `Voice ${voiceId} is not in your voice catalog.`);
    }
  }

  assign(ownerId: string, projectId: string, body: AssignBody) {
    const project = this.require(ownerId, projectId);
    this.checkVoice(ownerId, body.voice_id);
    const paragraphs = this.chapters.bookParagraphs(project.id);
    if (body.narrator || body.character_name === undefined) {
      // Rule 12: the narrator's voice is selected_voice_id; character voices stay as they are.
      const narratorLines = paragraphs.filter((p) => !p.characterName);
      const before = this.voicesOf(project, narratorLines);
      const updated =
        this.projects.update(project.id, { selectedVoiceId: body.voice_id }) ?? project;
      const after = this.voicesOf(updated, narratorLines);
      const changed = narratorLines.filter((p) => before.get(p.id) !== after.get(p.id));
      return {
        character_name: null,
        voice_id: body.voice_id,
        lines_changed: changed.length,
        lines_with_audio: changed.filter((p) => p.audioKey !== null).length,
        narrator_changed: true,
        multi_voice: updated.multiVoice,
        voices_picked: 0,
      };
    }
    const name = body.character_name;
    const rows = this.castRows(project.id);
    const main =
      this.mainRow(rows, name) ?? this.cast.ensure(project.id, this.spelled(paragraphs, name));
    const speakerKeys = new Set([
      main.nameKey,
      ...[...rows.values()].filter((r) => r.aliasOfKey === main.nameKey).map((r) => r.nameKey),
    ]);
    const lines = paragraphs.filter(
      (p) => p.characterName && speakerKeys.has(nameKey(p.characterName)),
    );
    const before = this.voicesOf(project, lines);
    // Rule 12: the voice goes on the cast, not on lines; later-attributed lines take it too.
    this.cast.update(main.id, { voiceId: body.voice_id, voiceSetBy: 'user' });
    let picked = 0;
    let current = project;
    if (!project.multiVoice) {
      // Rule 2/3: choosing a character voice turns character voices on; the others are picked
      // on the same terms and the chosen character keeps its voice.
      current = this.projects.update(project.id, { multiVoice: true }) ?? project;
      picked = this.pickVoices(current);
    }
    const after = this.voicesOf(current, lines);
    const changed = lines.filter((p) => before.get(p.id) !== after.get(p.id));
    return {
      character_name: main.name,
      voice_id: body.voice_id,
      lines_changed: changed.length,
      lines_with_audio: changed.filter((p) => p.audioKey !== null).length,
      narrator_changed: false,
      multi_voice: true,
      voices_picked: picked,
    };
  }

  alias(ownerId: string, projectId: string, body: AliasBody) {
    const project = this.require(ownerId, projectId);
    const rows = this.castRows(project.id);
    const aliasOf = body.alias_of ?? null;
    // Detected aliases give way to the user's merge (rules/app-aliases.ts); the user's stay.
    const moves = appAliasesInTheWay(body.character_name, aliasOf, [...rows.values()]);
    // Rule 13: 400 when not allowed (self, chains and cycles; the cast library's rules).
    validateAlias(body.character_name, aliasOf, this.aliases(moves.after));
    for (const r of moves.changed) {
      this.cast.update(r.id, { aliasOfKey: r.aliasOfKey, aliasSetBy: r.aliasSetBy });
    }
    const paragraphs = this.chapters.bookParagraphs(project.id);
    const lines = paragraphs.filter(
      (p) => p.characterName && nameKey(p.characterName) === nameKey(body.character_name),
    );
    const before = this.voicesOf(project, lines);
    const row = this.cast.ensure(project.id, this.spelled(paragraphs, body.character_name));
    let mainName: string | null = null;
    if (aliasOf === null) {
      this.cast.update(row.id, { aliasOfKey: null, aliasSetBy: 'user' });
    } else {
      const main =
        rows.get(nameKey(aliasOf)) ??
        this.cast.ensure(project.id, this.spelled(paragraphs, aliasOf));
      mainName = main.name;
      this.cast.update(row.id, { aliasOfKey: main.nameKey, aliasSetBy: 'user' });
    }
    const after = this.voicesOf(project, lines);
    return {
      character_name: row.name,
      alias_of: mainName,
      lines_revoiced: lines.filter((p) => before.get(p.id) !== after.get(p.id)).length,
      members: this.members(project),
    };
  }
}
