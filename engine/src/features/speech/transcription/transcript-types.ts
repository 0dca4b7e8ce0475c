/** The transcript a transcription job produces (stored as the job's result). */
export interface TranscriptWord {
  word: string;
  start: number;
  end: number;
  /** 0–1 where the engine gives one (alignment match for Whisper packs without attention). */
  confidence: number | null;
}

export interface TranscriptSegment {
  id: number;
  start: number;
  end: number;
  text: string;
  speaker: string | null;
  confidence: number | null;
  words: TranscriptWord[];
}

export interface FileTranscript {
  filename: string;
  duration: number;
  language: string;
  text: string;
  segments: TranscriptSegment[];
}

export interface TranscriptionResult {
  model: string;
  task: 'transcribe' | 'translate';
  language: string;
  duration: number;
  text: string;
  files: FileTranscript[];
  speakers: string[];
}
