/**
 * Stage `recognize`: Whisper with word times and speaker turns (speech area), cut into the dub's
 * lines (dub-segments.ts). Whisper listens to the original mix, not to the separated speech:
 * it is trained on speech with music under it, and the embedded separator's speech stem loses
 * consonants that Whisper needs; with a neural separator the speech stem is clean and is used.
 * The language heard becomes the translation's source when none was given.
 */
import { AppError } from '../../../errors.ts';
import { fromWhisper, languageName } from '../dub-languages.ts';
import { dubSegments } from './dub-segments.ts';
import type { Stage } from './stage.ts';
import { recognizeData, separateData, type RecognizeData } from './stage-data.ts';

/** Shorter speech segments than a transcript's: each is a chance to re-align the dub. */
const MAX_SEGMENT_SECONDS = 15;

export const recognizeStage: Stage = {
  name: 'recognize',
  weight: 24,
  outputs: ['recognize.json'],
  async run(ctx) {
    const separation = ctx.folder.read('separate.json', separateData);
    const file = separation?.tier === 'neural' ? 'speech.wav' : 'source.wav';
    const given = ctx.row.sourceLanguage;
    const recognition = await ctx.deps.recognizer.recognize({
      path: ctx.folder.path(file),
      filename: ctx.row.originalFilename,
      language: given === null ? null : ctx.deps.recognizer.language(given),
      maxSegmentSeconds: MAX_SEGMENT_SECONDS,
      signal: ctx.signal,
      onProgress: (fraction) => ctx.progress(fraction),
    });
    const language = given ?? fromWhisper(recognition.language);
    if (language === null)
      throw new AppError(
        'invalid_audio',
        `The speech in ${ctx.row.originalFilename} is in a language (“${recognition.language}”) that cannot be translated here.`,
      );
    const segments = dubSegments(recognition.segments, recognition.turns, language);
    if (segments.length === 0)
      throw new AppError(
        'invalid_audio',
        `No speech was found in ${ctx.row.originalFilename} (${languageName(language)} was expected).`,
      );
    const data: RecognizeData = recognizeData.parse({
      language,
      detected: given === null,
      pack: recognition.pack,
      speakers: [...new Set(segments.map((s) => s.speaker))].sort(),
      segments,
    });
    ctx.folder.write('recognize.json', data);
  },
};
