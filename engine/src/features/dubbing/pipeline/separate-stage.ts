/**
 * Stage `separate`: the speech apart from the music and effects (`speech.wav`,
 * `background.wav`), by the best installed separator — a neural stems pack when one is
 * installed, else the embedded DSP separator — and which one it was, which the translation's
 * view reports (music area, stems/speech-separation.ts).
 */
import path from 'node:path';
import { separateSpeech } from '../../music/index.ts';
import type { Stage } from './stage.ts';
import type { SeparateData } from './stage-data.ts';

export const separateStage: Stage = {
  name: 'separate',
  weight: 16,
  outputs: ['separate.json', 'speech.wav', 'background.wav'],
  async run(ctx) {
    const outDir = ctx.folder.path('separating', 'x');
    const result = await separateSpeech(ctx.deps.music, {
      filePath: ctx.folder.path('source.wav'),
      outDir: path.dirname(outDir),
      signal: ctx.signal,
      onProgress: (fraction) => ctx.progress(fraction),
    });
    ctx.folder.adopt(result.speech, 'speech.wav');
    ctx.folder.adopt(result.background, 'background.wav');
    ctx.folder.remove('separating');
    const data: SeparateData = { engine: result.engine, tier: result.tier, title: result.title };
    ctx.folder.write('separate.json', data);
  },
};
