// Issue 25, defect 9: a narration take is encoded to a partial file and renamed; a crash in
// between left the partial behind for good (1 of 3 kills in the attacker's probe). A start
// removes what a crash left under <data dir>/narration — encodeAudio's `.<take>.<hex>.partial`
// and the `<take>.flac.partial.flac` older builds wrote — and never a finished take.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeTakeAudio } from '../../engine/src/features/books/narration/take-storage.ts';
import { startEngine } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';

const temp = makeTempDir('crash-leftovers-');
afterAll(() => temp.cleanup());

function filesUnder(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('partial take files after a crash', () => {
  it('are removed at the next start; finished takes stay', async () => {
    const home = path.join(temp.dir, 'home');
    const first = await startEngine({ home });
    // A real take, written the way narration writes it.
    const ffmpeg = await first.engine.services.ffmpeg.require();
    const take = path.posix.join('narration', 'p1', 'para1', 'take-a.flac');
    const samples = new Float32Array(8000).map((_, i) => Math.sin(i / 10) * 0.2);
    await writeTakeAudio(ffmpeg, home, take, { samples, sampleRate: 16000 });
    expect(filesUnder(path.join(home, 'narration'))).toEqual(['p1/para1/take-a.flac']);
    await first.stop();

    // What a kill during encoding leaves.
    const folder = path.join(home, 'narration', 'p1', 'para2');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, '.take-b.flac.3f9a0c1d.partial'), 'half');
    fs.writeFileSync(path.join(folder, 'take-c.flac.partial.flac'), 'half');
    fs.writeFileSync(path.join(folder, '.take-c.flac.partial.flac.0badc0de.partial'), 'half');

    const second = await startEngine({ home });
    try {
      expect(filesUnder(path.join(home, 'narration'))).toEqual(['p1/para1/take-a.flac']);
    } finally {
      await second.stop();
    }
  });
});
