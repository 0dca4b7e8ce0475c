/**
 * Whisper with word times and speaker turns on one file, for other areas (speech translation,
 * docs/api/speech-translation.md): the same pipeline as a transcription job (transcribe-file.ts:
 * Silero VAD, Whisper through sherpa-onnx, forced alignment where the pack gives no word times,
 * diarization), without a job of its own. The packs are checked first (`check`), so a caller
 * can refuse before it charges.
 */
import type { Ffmpeg } from '../../../audio/types.ts';
import type { ModelRegistry } from '../../../inference/model-registry.ts';
import type { AlignmentService } from '../alignment/alignment-service.ts';
import type { SherpaHost } from '../asr-engines/sherpa-host.ts';
import type { SpeakerTurn } from '../asr-engines/sherpa-protocol.ts';
import { resolveAsr, resolveDiarization } from './asr-packs.ts';
import { speakerLabel } from './speaker-labels.ts';
import { transcribeFile } from './transcribe-file.ts';
import type { FileTranscript } from './transcript-types.ts';
import { WHISPER_LANGUAGE_CODES, whisperLanguage } from './whisper-languages.ts';

export interface RecognizeOptions {
  path: string;
  filename: string;
  /** Whisper's code, or null: detected. */
  language: string | null;
  /** Longest speech segment handed to Whisper (shorter segments time a dub better). */
  maxSegmentSeconds: number;
  signal: AbortSignal;
  /** 0–1 of the file. */
  onProgress(fraction: number): void;
}

/** A speaker's stretch of talk, labelled like the transcript's segments (`SPEAKER_00`). */
export interface LabelledTurn {
  start: number;
  end: number;
  speaker: string;
}

export interface Recognition extends FileTranscript {
  /** The Whisper pack that listened. */
  pack: string;
  turns: LabelledTurn[];
}

export interface SpeechRecognizerDeps {
  models: ModelRegistry;
  sherpa: SherpaHost;
  alignment: AlignmentService;
  ffmpeg: () => Promise<Ffmpeg>;
}

export class SpeechRecognizer {
  constructor(private readonly deps: SpeechRecognizerDeps) {}

  /** Throws 503 model_not_installed naming the pack when Whisper, VAD or diarization is missing. */
  check(): { pack: string } {
    const asr = resolveAsr(this.deps.models);
    resolveDiarization(this.deps.models);
    return { pack: asr.pack };
  }

  /** Whisper's code for a language tag (`zh-cn` → `zh`), or null when Whisper has none. */
  language(tag: string): string | null {
    return whisperLanguage(tag);
  }

  knows(tag: string): boolean {
    return WHISPER_LANGUAGE_CODES.has(whisperLanguage(tag) ?? '');
  }

  async recognize(options: RecognizeOptions): Promise<Recognition> {
    const asr = resolveAsr(this.deps.models);
    const diarization = { ...resolveDiarization(this.deps.models), min: null, max: null };
    let turns: SpeakerTurn[] = [];
    const transcript = await transcribeFile(
      { sherpa: this.deps.sherpa, alignment: this.deps.alignment, ffmpeg: this.deps.ffmpeg },
      {
        path: options.path,
        filename: options.filename,
        asr,
        language: options.language,
        task: 'transcribe',
        wordTimestamps: true,
        maxSegmentSeconds: options.maxSegmentSeconds,
        diarization,
        signal: options.signal,
        onProgress: options.onProgress,
        onTurns: (found) => (turns = found),
      },
    );
    return {
      ...transcript,
      pack: asr.pack,
      turns: turns.map((t) => ({ start: t.start, end: t.end, speaker: speakerLabel(t.speaker) })),
    };
  }
}
