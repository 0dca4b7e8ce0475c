/**
 * Crash-test starters (see crash-starters.ts) for the translation jobs: text translation
 * (POST /translation/text/jobs, docs/api/translation.md) and speech translation
 * (POST /translation/translations, docs/api/speech-translation.md). Both need a translation
 * pack: a generated Opus-MT de-en of the transformers.js export signature
 * (features/translation/generated-mt-pack.ts), installed over HTTP by a model_install job in
 * prepare like the other generated packs. German into English because the crash test's Whisper
 * pack (model-fixtures.ts) hears "Hallo Welt." in German in every segment; speech translation
 * also runs on that Whisper with the real Silero VAD and the generated diarization models, all
 * present already. The recording is one short LibriSpeech utterance (under 3 s), so the dub's
 * stages (separate, recognize, translate, speak, fit, mix) stay quick.
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeGeneratedMtPack } from '../../engine/src/features/translation/generated-mt-pack.ts';
import { installed } from './crash-starters-packs.ts';
import { postForm, postJson, type StartContext, type Starter } from './crash-starters.ts';
import { audioForm, speakerFile } from './voice-samples.ts';

const MT_PACK = 'mt-crash-de-en';

/** Writes the pack's files and manifest (before the engine reads the manifests folder). */
export function writeTranslationPack(dir: string, manifestsDir: string): Record<string, string> {
  const pack = writeGeneratedMtPack(dir, { id: MT_PACK, kind: { source: 'de', target: 'en' } });
  fs.writeFileSync(path.join(manifestsDir, `${MT_PACK}.json`), JSON.stringify(pack.manifest));
  return { mtSource: pack.source };
}

/** Installs the pack once, for whichever translation job prepares first. */
async function mtInstalled(ctx: StartContext): Promise<void> {
  if (ctx.state.mtInstalled) return;
  await installed(ctx, MT_PACK, ctx.state.mtSource ?? '');
  ctx.state.mtInstalled = 'yes';
}

export const TRANSLATION_STARTERS: Record<string, Starter> = {
  text_translation: {
    prepare: mtInstalled,
    start: async (ctx) => {
      const body = await postJson(ctx, '/translation/text/jobs', {
        text: 'Hallo Welt. Guten Morgen. Die Katze schläft und der Hund läuft.',
        source_language: 'de',
        target_language: 'en',
      });
      return Number(body.id);
    },
  },
  speech_translation: {
    prepare: mtInstalled,
    start: async (ctx) => {
      // One real utterance (2.8 s): VAD must find speech, or the dub fails before the hold.
      const utterance = speakerFile(process.env.TAPEHOUSE_DATA_DIR ?? '', '1688', 2);
      const body = await postForm(
        ctx,
        '/translation/translations',
        audioForm(utterance, 'file', { target_language: 'en' }),
      );
      return Number(body.task_id);
    },
  },
};
