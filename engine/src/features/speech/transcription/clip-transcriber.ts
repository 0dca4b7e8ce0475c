/**
 * Whisper for the voices area: the words of a cloned voice's prompt (a few seconds), which
 * ZipVoice needs beside its audio (docs/api/voices-custom.md, "Cloning packs"). The same pipeline
 * as a transcription job (VAD cuts, Whisper in the sherpa child), without a job or a transcript
 * project: the engine lends it to voices (engine.ts), which may not import this area.
 */
import type { Ffmpeg } from '../../../audio/types.ts';
import type { ModelRegistry } from '../../../inference/model-registry.ts';
import type { ClipTranscriber } from '../../voices/index.ts';
import type { AlignmentService } from '../alignment/alignment-service.ts';
import type { SherpaHost } from '../asr-engines/sherpa-host.ts';
import { resolveAsr } from './asr-packs.ts';
import { transcribeFile } from './transcribe-file.ts';
import { whisperLanguage } from './whisper-languages.ts';

export interface ClipTranscriberDeps {
  models: ModelRegistry;
  sherpa: SherpaHost;
  alignment: AlignmentService;
  ffmpeg: () => Promise<Ffmpeg>;
}

export function makeClipTranscriber(deps: ClipTranscriberDeps): ClipTranscriber {
  const ready = (): boolean => {
    try {
      resolveAsr(deps.models);
      return true;
    } catch {
      return false;
    }
  };
  return {
    ready,
    async transcribe(file, language, signal) {
      if (!ready()) return null;
      const transcript = await transcribeFile(deps, {
        path: file,
        filename: 'prompt.wav',
        asr: resolveAsr(deps.models),
        language: language === null ? null : whisperLanguage(language),
        task: 'transcribe',
        wordTimestamps: false,
        maxSegmentSeconds: 28,
        diarization: null,
        signal: signal ?? new AbortController().signal,
        onProgress: () => {},
      });
      return transcript.text.trim() || null;
    },
  };
}
