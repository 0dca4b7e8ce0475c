/**
 * Stage `translate`: every line translated on its own by the text translator (translation area:
 * the pair's installed pack, sentences batched in the worker pool), so each translation keeps
 * its line's time and speaker. A source detected by Whisper is checked here: a pair no installed
 * pack translates fails the job (refunded) with the pack to install.
 */
import { AppError } from '../../../errors.ts';
import { languageName } from '../dub-languages.ts';
import type { Stage } from './stage.ts';
import { recognizeData, type TranslateData } from './stage-data.ts';

export const translateStage: Stage = {
  name: 'translate',
  weight: 10,
  outputs: ['translate.json'],
  async run(ctx) {
    const heard = ctx.folder.read('recognize.json', recognizeData);
    if (!heard) throw new AppError('internal_error', 'The recognition stage left nothing.');
    const target = ctx.row.targetLanguage;
    if (heard.language === target)
      throw new AppError(
        'validation_error',
        `The recording is already in ${languageName(target)}: choose another target language.`,
        { details: { reason: 'same_language' } },
      );
    const plan = ctx.deps.translator.plan(heard.language, target);
    const texts = heard.segments.map((s) => s.text);
    const out = await ctx.deps.translator.translate(texts, plan, {
      signal: ctx.signal,
      onProgress: (percent) => ctx.progress(percent / 100),
    });
    const lines: TranslateData['lines'] = {};
    heard.segments.forEach((segment, i) => {
      const text = (out[i] ?? '').trim();
      lines[String(segment.id)] = { text, machine: text, edited: false };
    });
    const data: TranslateData = {
      engine: plan.engine,
      packs: plan.steps.map((s) => s.packId),
      lines,
    };
    ctx.folder.write('translate.json', data);
  },
};
