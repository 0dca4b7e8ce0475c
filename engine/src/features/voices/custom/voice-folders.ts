/**
 * Where a custom voice's files live: `<data dir>/custom-voices/<uuid>/` (samples/, cleaned/,
 * prompt.wav and prompt.txt, reference.wav, preview audio), and the private folders uploads stream into before
 * a voice exists (`custom-voices/.incoming/<random>/`, removed on every exit path and swept at
 * start). Paths stored in the database are relative to the data dir.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const VOICES_DIR = 'custom-voices';

export class VoiceFolders {
  readonly root: string;

  constructor(readonly home: string) {
    this.root = path.join(home, VOICES_DIR);
  }

  /** A fresh folder for an upload in flight. */
  incoming(): string {
    const dir = path.join(this.root, '.incoming', randomUUID());
    fs.mkdirSync(dir, { recursive: true });
    return dir;
  }

  /** Removes uploads a crash left behind. */
  sweepIncoming(): void {
    fs.rmSync(path.join(this.root, '.incoming'), { recursive: true, force: true });
  }

  /** Data-dir-relative folder of a voice. */
  relative(uuid: string): string {
    return path.posix.join(VOICES_DIR, uuid);
  }

  absolute(relative: string): string {
    return path.join(this.home, ...relative.split('/'));
  }

  /** The prompt a cloned voice speaks from (voice-prompt.ts). */
  promptPath(uuid: string): string {
    return path.join(this.root, uuid, 'prompt.wav');
  }

  /** Moves an upload folder into place as the voice's `samples/`. */
  adopt(incoming: string, uuid: string): string {
    const dir = path.join(this.root, uuid);
    fs.mkdirSync(dir, { recursive: true });
    const samples = path.join(dir, 'samples');
    fs.rmSync(samples, { recursive: true, force: true });
    fs.renameSync(incoming, samples);
    return dir;
  }

  remove(uuid: string): void {
    fs.rmSync(path.join(this.root, uuid), { recursive: true, force: true });
  }

  /** The sample files of a voice, in upload order. */
  samples(uuid: string): string[] {
    const dir = path.join(this.root, uuid, 'samples');
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((name) => name.startsWith('sample-'))
      .sort((a, b) => Number(/\d+/.exec(a)?.[0] ?? 0) - Number(/\d+/.exec(b)?.[0] ?? 0))
      .map((name) => path.join(dir, name));
  }
}
