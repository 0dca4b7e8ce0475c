// The real transformers.js 4.3.2 translation pipeline on generated models of the Marian and
// M2M100 export signatures (generated-mt-pack.ts), on sessions from the engine's session cache.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../../../test/helpers/temp-dir.ts';
import { SessionCache } from '../../inference/session-cache.ts';
import { loadTransformers } from '../../inference/transformers-runtime.ts';
import {
  generatedM2M100,
  generatedMarian,
  MT_FILES,
  writeGeneratedMtFiles,
} from './generated-mt-pack.ts';
import { loadMtModel, type MtModelFiles } from './mt-model.ts';
import type { MtFamily } from '../../inference/translator-spec.ts';

const temp = makeTempDir('tapehouse-mt-model-');
const sessions = new SessionCache({ providers: ['cpu'], intraOpNumThreads: 1 });
afterAll(async () => {
  await sessions.disposeAll();
  temp.cleanup();
});

function files(
  id: string,
  family: MtFamily,
  pack: ReturnType<typeof generatedMarian>,
): MtModelFiles {
  const written = writeGeneratedMtFiles(temp.dir, id, pack, 'https://example.com');
  const at = (name: string) =>
    path.join(temp.dir, written.find((f) => f.name === name)?.path ?? '');
  return {
    family,
    config: at(MT_FILES.config),
    generation: at(MT_FILES.generation),
    tokenizer: at(MT_FILES.tokenizer),
    tokenizerConfig: at(MT_FILES.tokenizerConfig),
    encoder: at(MT_FILES.encoder),
    decoder: at(MT_FILES.decoder),
  };
}

const signal = new AbortController().signal;
const plain = { sourceCode: null, targetCode: null, targetToken: null, signal };

describe('transformers.js translation on generated models', () => {
  it('runs on the engine’s onnxruntime-node and never fetches', async () => {
    const tf = await loadTransformers();
    expect(tf.env.allowRemoteModels).toBe(false);
    await expect(tf.env.fetch('https://huggingface.co/x')).rejects.toThrow(/never downloads/);
  });

  it('translates a Marian pair, a batch of unequal sentences kept apart', async () => {
    const model = await loadMtModel(
      files('marian-en-de', 'marian', generatedMarian({ source: 'en', target: 'de' })),
      sessions,
    );
    const out = await model.translate(
      ['Hello world.', 'The cat sleeps and the dog runs.', 'Good morning, Zorro!'],
      plain,
    );
    expect(out).toEqual([
      'hallo welt.',
      'die katze schläft und die hund läuft.',
      'guten morgen, zorro!',
    ]);
  });

  it('prepends a multi-target model’s target token', async () => {
    const model = await loadMtModel(
      files(
        'marian-en-fr',
        'marian',
        generatedMarian({ source: 'en', target: 'fr', targetToken: '>>fra<<' }),
      ),
      sessions,
    );
    const out = await model.translate(['thank you'], { ...plain, targetToken: '>>fra<<' });
    expect(out).toEqual(['merci toi']);
  });

  it('translates many-to-many with M2M100 language tokens', async () => {
    const model = await loadMtModel(files('m2m', 'm2m100', generatedM2M100()), sessions);
    const de = await model.translate(['Hello world.', 'Thank you!'], {
      ...plain,
      sourceCode: 'en',
      targetCode: 'de',
    });
    expect(de).toEqual(['hallo welt.', 'danke dir!']);
    const fr = await model.translate(['Hola mundo.'], {
      ...plain,
      sourceCode: 'es',
      targetCode: 'fr',
    });
    expect(fr).toEqual(['bonjour monde.']);
  });
});
