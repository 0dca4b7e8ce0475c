/**
 * Narrates an article into one MP3: the title, the byline, then every paragraph, each spoken by
 * the voices area (`speakParagraph`: normalisation, sentence pauses, the voice's engine) and
 * streamed straight into ffmpeg's encoder, so an hour-long article never sits in memory as PCM.
 * Progress follows the words spoken; the word count reported is what the engine actually said
 * (its word timings), not what the page held.
 */
import { startFfmpeg, type Ffmpeg } from '../../../audio/index.ts';
import { CancelledError } from '../../../errors.ts';
import {
  speakParagraph,
  type ParagraphAudio,
  type SpeakableVoice,
  type VoiceSynthesizer,
} from '../../voices/index.ts';
import { countWords } from './article-extract.ts';

export const PARAGRAPH_PAUSE_MS = 700;
export const MP3_KBPS = 64;

export interface NarrationResult {
  seconds: number;
  narratedWords: number;
}

function toBytes(samples: Float32Array): Uint8Array {
  return new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength);
}

/** What the narration speaks, in order. */
export function narrationParts(article: {
  title: string;
  byline: string | null;
  paragraphs: string[];
}): string[] {
  return [
    article.title,
    ...(article.byline
      ? [article.byline.startsWith('By ') ? article.byline : `By ${article.byline}`]
      : []),
    ...article.paragraphs,
  ];
}

export async function narrateToMp3(
  deps: { synth: VoiceSynthesizer; ffmpeg: Ffmpeg },
  parts: string[],
  voice: SpeakableVoice,
  out: string,
  options: { signal: AbortSignal; onProgress: (fraction: number) => void },
): Promise<NarrationResult> {
  const totalWords = Math.max(
    1,
    parts.reduce((sum, p) => sum + countWords(p), 0),
  );
  let spokenWords = 0;
  let narratedWords = 0;
  let samples = 0;
  const speak = (text: string): Promise<ParagraphAudio> =>
    speakParagraph(deps.synth, {
      text,
      language: voice.language,
      voice,
      speed: 1,
      emotion: null,
      direction: '',
      style: null,
      pronunciations: [],
      trailingSilenceMs: PARAGRAPH_PAUSE_MS,
      signal: options.signal,
    });
  const account = (text: string, audio: ParagraphAudio): void => {
    const words = audio.timings.filter((t) => t.kind === 'word').length;
    narratedWords += words > 0 ? words : countWords(text);
    spokenWords += countWords(text);
    samples += audio.samples.length;
    options.onProgress(Math.min(1, spokenWords / totalWords));
  };
  const first = await speak(parts[0] ?? '');
  account(parts[0] ?? '', first);
  const sampleRate = first.sampleRate;
  // ffmpeg only sees the end of its input: a failed paragraph must fail the narration, not
  // end it early, so the generator's error is kept and thrown once ffmpeg has stopped.
  let failure: unknown = null;
  async function* pcm(): AsyncGenerator<Uint8Array> {
    try {
      yield toBytes(first.samples);
      for (const text of parts.slice(1)) {
        if (options.signal.aborted) throw new CancelledError();
        const audio = await speak(text);
        account(text, audio);
        yield toBytes(audio.samples);
      }
    } catch (error) {
      failure = error;
    }
  }
  const encoder = startFfmpeg(
    deps.ffmpeg,
    [
      '-f',
      'f32le',
      '-ar',
      String(sampleRate),
      '-ac',
      '1',
      '-i',
      'pipe:0',
      '-c:a',
      'libmp3lame',
      '-b:a',
      `${MP3_KBPS}k`,
      '-y',
      out,
    ],
    { input: pcm(), stdout: 'ignore', signal: options.signal, what: 'encoding the narration' },
  );
  await encoder.done;
  if (failure !== null) throw failure;
  return { seconds: samples / sampleRate, narratedWords };
}
