/**
 * An espeak-ng-data folder for generated ZipVoice packs (tests): the files the npm package of
 * eSpeak NG the engine already uses (@echogarden/espeak-ng-emscripten) carries in its data blob,
 * listed with their offsets in its loader script. Phoneme tables, intonations, every voice and
 * language definition, and the English dictionary: what sherpa-onnx's own eSpeak NG needs to
 * phonemize English for ZipVoice (the real pack ships its own folder).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const PACKAGE = '@echogarden/espeak-ng-emscripten';
const PREFIX = '/usr/share/espeak-ng-data/';

function wanted(relative: string): boolean {
  return !relative.endsWith('_dict') || relative === 'en_dict';
}

/** Writes the folder at `dir`; answers how many files it wrote. */
export function writeEspeakData(dir: string): number {
  const require = createRequire(import.meta.url);
  const script = require.resolve(`${PACKAGE}/espeak-ng.js`);
  const loader = fs.readFileSync(script, 'utf8');
  const blob = fs.readFileSync(path.join(path.dirname(script), 'espeak-ng.data'));
  const entry = /filename:"([^"]+)",start:(\d+),end:(\d+)/g;
  let count = 0;
  for (const [, name, start, end] of loader.matchAll(entry)) {
    if (!name?.startsWith(PREFIX)) continue;
    const relative = name.slice(PREFIX.length);
    if (!wanted(relative) || relative.split('/').includes('..')) continue;
    const target = path.join(dir, ...relative.split('/'));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, blob.subarray(Number(start), Number(end)));
    count += 1;
  }
  return count;
}
