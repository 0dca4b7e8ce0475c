/**
 * One translation's folder, `<home>/translations/<id>/`: every stage's output (audio as WAV,
 * data as JSON) and the deliverables. A stage's JSON is written to a temporary name and renamed,
 * so a crash never leaves half a file that a resumed run would trust.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';

export const TRANSLATIONS_DIR = 'translations';

export class WorkFolder {
  constructor(readonly dir: string) {}

  static of(home: string, id: number): WorkFolder {
    return new WorkFolder(path.join(home, TRANSLATIONS_DIR, String(id)));
  }

  /** A path inside the folder (its parent folders made). */
  path(...parts: string[]): string {
    const file = path.join(this.dir, ...parts);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    return file;
  }

  exists(...parts: string[]): boolean {
    return fs.existsSync(path.join(this.dir, ...parts));
  }

  /** The JSON a stage wrote, checked against its schema; null when absent or not that shape. */
  read<T>(name: string, schema: z.ZodType<T>): T | null {
    const file = path.join(this.dir, name);
    if (!fs.existsSync(file)) return null;
    try {
      const parsed = schema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  write(name: string, value: unknown): void {
    const file = this.path(name);
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, JSON.stringify(value));
    fs.renameSync(temp, file);
  }

  /** Moves a finished file into place under `name` (same file system: a rename). */
  adopt(from: string, name: string): string {
    const file = this.path(name);
    fs.renameSync(from, file);
    return file;
  }

  remove(...parts: string[]): void {
    fs.rmSync(path.join(this.dir, ...parts), { recursive: true, force: true });
  }

  removeAll(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
