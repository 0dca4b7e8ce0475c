/**
 * One line into a take (document 2, "Voice order for a narrated paragraph", Narration rules):
 * which voice speaks it, the text pipeline and engine that render it, the FLAC kept on disk and
 * the take row that becomes the line's active audio. Used by the narration job; the export asks
 * it for the book's narrator voice.
 */
import { randomUUID } from 'node:crypto';
import type { EngineConfig } from '../../../config.ts';
import type { ParagraphRow, ProjectRow } from '../../../db/schema/audiobook.ts';
import type { TakeRow } from '../../../db/schema/narration.ts';
import { AppError } from '../../../errors.ts';
import type { FfmpegStatus } from '../../../ffmpeg-status.ts';
import {
  DEFAULT_TRAILING_SILENCE_MS,
  DIRECTION_CHARACTERS,
  speakParagraph,
  suitedVoices,
  type LocalVoiceCatalog,
  type SpeakableVoice,
  type TtsTiming,
  type VoiceSynthesizer,
} from '../../voices/index.ts';
import type { Books } from '../books.ts';
import { resolveVoice } from '../cast/rules/index.ts';
import type { NarrateOverride } from './narration-job-input.ts';
import { billingForTake, characterCount, takeCredits } from './narration-pricing.ts';
import type { TakeRepo } from './take-repo.ts';
import { takeRelativePath, writeTakeAudio } from './take-storage.ts';

export const DEFAULT_LANGUAGE = 'en-US';

/**
 * Forced alignment, given to the narrator at wiring time (engine.ts; the speech area's
 * AlignmentService): word timings for engines that report none (Piper, Kokoro).
 */
export interface WordAligner {
  alignWords(
    audio: { path: string },
    text: string,
    language: string,
    signal?: AbortSignal,
    options?: { paragraphsMayBeSkipped?: boolean },
  ): Promise<{
    duration: number;
    words: { offset: number; length: number; start: number; end: number; match: number }[];
    departures: {
      first_word: number;
      last_word: number;
      text: string;
      start: number;
      end: number;
    }[];
  }>;
}

export interface LineNarratorDeps {
  config: EngineConfig;
  books: Books;
  takes: TakeRepo;
  voices: LocalVoiceCatalog;
  synth: VoiceSynthesizer;
  ffmpeg: FfmpegStatus;
}

export class LineNarrator {
  private wordAligner: WordAligner | null = null;

  constructor(private readonly deps: LineNarratorDeps) {}

  /** Engines without word timings get them from this aligner (set once by engine.ts). */
  useAligner(aligner: WordAligner): void {
    this.wordAligner = aligner;
  }

  get aligner(): WordAligner | null {
    return this.wordAligner;
  }

  /**
   * The take's timings: the engine's own, plus word timings from forced alignment of the take
   * against its text when the engine gave none (neural voices report sentences only), so every
   * take gets the word highlight eSpeak takes have. An alignment that fails leaves the engine's.
   */
  private async withWordTimings(
    timings: TtsTiming[],
    file: string,
    text: string,
    language: string,
    signal: AbortSignal,
  ): Promise<TtsTiming[]> {
    if (this.wordAligner === null || timings.some((t) => t.kind === 'word')) return timings;
    try {
      const aligned = await this.wordAligner.alignWords({ path: file }, text, language, signal);
      const words: TtsTiming[] = aligned.words.map((w) => ({
        kind: 'word',
        textOffset: w.offset,
        textLength: w.length,
        startSeconds: w.start,
      }));
      return [...timings, ...words].sort(
        (a, b) => a.startSeconds - b.startSeconds || (a.kind === 'sentence' ? -1 : 1),
      );
    } catch (error) {
      if (signal.aborted) throw error;
      return timings;
    }
  }

  requireVoice(id: number): SpeakableVoice {
    const voice = this.deps.voices.get('', id);
    if (!voice)
      throw new AppError('voice_not_found', `No voice with id ${id}.`, {
        details: { voice_id: id },
      });
    return voice;
  }

  /** The book's default narrator when no voice is set anywhere: the best voice for its language. */
  defaultVoice(language: string): SpeakableVoice {
    const voices = this.deps.voices.list();
    const chosen =
      suitedVoices(voices, language)[0] ?? voices.find((v) => v.name === 'en-us') ?? voices[0];
    if (!chosen) throw new AppError('voice_not_found', 'No voice is available.');
    return chosen;
  }

  /** Narrates one line into a new take (which becomes the active one). */
  async narrateLine(
    project: ProjectRow,
    line: ParagraphRow,
    options: {
      batchVoiceId: number | null;
      override: NarrateOverride | null;
      jobId: number;
      signal: AbortSignal;
    },
  ): Promise<TakeRow> {
    const { override } = options;
    const ctx = this.deps.books.cast.voiceContext(project);
    const characterName = override?.character_name ?? line.characterName;
    const resolved = resolveVoice({
      multiVoice: project.multiVoice,
      narrateVoiceId: override?.voice_id ?? null,
      batchVoiceId: options.batchVoiceId,
      paragraphVoiceId: line.voiceId,
      paragraphVoiceSetByUser: line.voiceSetBy === 'user' || line.locked,
      castVoiceId: characterName ? ctx.castVoice(characterName) : null,
      hasCharacter: Boolean(characterName),
      chapterVoiceId: ctx.chapterVoice(line.chapterId),
      projectVoiceId: ctx.projectVoiceId,
    });
    const language = project.language ?? DEFAULT_LANGUAGE;
    const voice =
      resolved.voiceId === null ? this.defaultVoice(language) : this.requireVoice(resolved.voiceId);
    const text = override?.text ?? line.text;
    const speed = override?.speed ?? line.speed ?? project.speed;
    const emotion = override?.emotion ?? line.emotion;
    const direction = (override?.direction ?? line.direction).slice(0, DIRECTION_CHARACTERS);
    const style = override?.narration_style ?? line.deliveryStyle ?? project.narrationStyle;
    const trailingSilenceMs = line.trailingSilenceMs ?? DEFAULT_TRAILING_SILENCE_MS;
    const audio = await speakParagraph(this.deps.synth, {
      text,
      language,
      voice,
      speed,
      emotion,
      direction,
      style,
      pronunciations: this.deps.books.repos.production.pronunciations(project.id),
      trailingSilenceMs,
      signal: options.signal,
    });
    const ffmpeg = await this.deps.ffmpeg.require();
    const takeId = randomUUID();
    const relative = takeRelativePath(project.id, line.id, takeId);
    const file = await writeTakeAudio(
      ffmpeg,
      this.deps.config.home,
      relative,
      audio,
      options.signal,
    );
    const timings = await this.withWordTimings(audio.timings, file, text, language, options.signal);
    const characters = characterCount(text);
    const billing = billingForTake(line.takeCount);
    const take = this.deps.takes.insert({
      id: takeId,
      projectId: project.id,
      paragraphId: line.id,
      jobId: options.jobId,
      voiceId: voice.id,
      engine: voice.engine,
      engineVoice: voice.engineVoice,
      text,
      settings: {
        speed,
        emotion,
        direction,
        narration_style: style,
        character_name: characterName ?? null,
        trailing_silence_ms: trailingSilenceMs,
        voice_source: resolved.source === 'none' ? 'default' : resolved.source,
        // What the line itself said (an override may differ): stale audio compares with these.
        line_text: line.text,
        line_character_name: line.characterName ?? null,
        line_direction: line.direction.slice(0, DIRECTION_CHARACTERS),
        dropped_hints: audio.dropped,
      },
      audioPath: relative,
      sampleRate: audio.sampleRate,
      durationSeconds: audio.durationSeconds,
      timings,
      characters,
      credits: takeCredits(characters, billing),
      billing,
    });
    // Voices sent with the request are saved on the line (voice order: "narration saves the voice
    // it used"); voices derived from the chapter, book or cast are not pinned (docs/api/narration.md).
    const save = resolved.source === 'narrate' || resolved.source === 'batch';
    this.deps.books.lineStatus.narrated(
      line,
      take,
      save && line.voiceSetBy !== 'user'
        ? { voiceId: voice.id, voiceSetBy: 'narration' as const }
        : undefined,
    );
    return take;
  }
}
