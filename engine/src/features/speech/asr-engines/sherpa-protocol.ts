/**
 * Messages between the engine and its sherpa-onnx child process (sherpa-host.ts ↔
 * sherpa-child.ts). One request at a time per child: the host sends audio in chunks and waits
 * for each `ack`, so neither side ever holds more than a chunk plus the current speech segment
 * (15-hour inputs run in bounded memory).
 */

export interface WhisperFiles {
  encoder: string;
  decoder: string;
  /** Whisper's tiktoken vocabulary (`<base64 token> <rank>` lines), sherpa's tokens format. */
  tokens: string;
}

export interface TranscribeConfig {
  whisper: WhisperFiles;
  /** ISO 639-1 code Whisper knows, or null to detect per segment. */
  language: string | null;
  task: 'transcribe' | 'translate';
  /** Silero VAD (v5/v6) model; speech segments of at most maxSegmentSeconds. */
  vadModel: string;
  maxSegmentSeconds: number;
  numThreads: number;
}

export interface DiarizeConfig {
  segmentation: string;
  embedding: string;
  /** Exact speaker count, or null to cluster by `threshold`. */
  numSpeakers: number | null;
  threshold: number;
}

export type ToChild =
  | { type: 'open'; config: TranscribeConfig }
  | { type: 'audio'; samples: Float32Array }
  /** A stretch of digital silence the host did not send: ends any speech, advances the clock. */
  | { type: 'silence'; samples: number }
  | { type: 'end' }
  | { type: 'diarize'; config: DiarizeConfig; samples: Float32Array }
  | { type: 'detect-language'; whisper: WhisperFiles; samples: Float32Array };

export interface RecognizedSegment {
  /** Seconds from the start of the audio. */
  start: number;
  end: number;
  text: string;
  language: string;
  /** Token strings and, when the model has attention outputs, their start times (seconds). */
  tokens: string[];
  timestamps: number[];
}

export interface SpeakerTurn {
  start: number;
  end: number;
  speaker: number;
}

export type FromChild =
  | { type: 'ready' }
  | { type: 'ack'; segments: RecognizedSegment[] }
  | { type: 'ended'; segments: RecognizedSegment[] }
  | { type: 'diarized'; turns: SpeakerTurn[] }
  | { type: 'language'; language: string }
  | { type: 'error'; message: string };
