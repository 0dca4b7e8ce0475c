// A whole real book narrated end to end with the embedded engine (issue "voices and narration",
// Done means): Alice's Adventures in Wonderland (Project Gutenberg EPUB from
// $TAPEHOUSE_DATA_DIR/books) is imported, narration of the whole book is cancelled part way —
// finished takes are kept and billed, the rest released — and a second `{}` batch narrates only
// what is left. Every non-skipped paragraph then has exactly one take, and the pace is plausible
// (120–220 words per minute at speed 1.0).
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StandardVoices } from '../../engine/src/features/voices/catalog/standard-voices.ts';
import {
  client,
  createProject,
  paragraphsOf,
  uploadAndParse,
  waitForJob,
  type Client,
} from '../helpers/audiobook.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { realData } from '../helpers/requirements.ts';

const BOOK = realData('books/epub/pg_alice-in-wonderland.epub');
const EN_GB = new StandardVoices().resolve('en-gb-x-rp')?.id ?? 0;
/** The narration's default pause after a paragraph (features/voices/speech/speak-text.ts). */
const TRAILING_SECONDS = 0.8;

let engine: TestEngine;
let api: Client;

beforeAll(async () => {
  engine = await startEngine();
  api = client(engine, engine.token);
});
afterAll(async () => {
  await engine.stop();
});

interface Line {
  id: string;
  status: string;
  audio_key: string | null;
  duration_seconds: number | null;
  word_count: number;
  skip_narration: boolean;
  text: string;
}

async function balance(): Promise<number> {
  return (await api.get<{ credits_balance: number }>('/credits')).body.credits_balance;
}

describe.skipIf(BOOK === null)('a real book, narrated end to end', () => {
  it(
    'cancels mid-book keeping finished audio, then finishes; every line has one take at a plausible pace',
    { timeout: 900_000 },
    async () => {
      const project = await createProject(api, {
        title: 'Alice',
        selected_voice_id: EN_GB,
        language: 'en-GB',
      });
      const { job } = await uploadAndParse(
        api,
        project.id,
        fs.readFileSync(BOOK ?? ''),
        'alice.epub',
      );
      expect(job.status).toBe('completed');
      await api.post(`/audiobook/projects/${project.id}/rights-attestation`);

      const start = await balance();
      const first = await api.post<{
        job_id: number;
        total_paragraphs: number;
        estimated_credits: number;
      }>(`/audiobook/projects/${project.id}/narration/batch`, {});
      expect(first.status, JSON.stringify(first.body)).toBe(202);
      const total = first.body.total_paragraphs;
      expect(total).toBeGreaterThan(300);
      for (;;) {
        const p = await api.get<{ completed: number }>(
          `/audiobook/projects/${project.id}/narration/progress`,
        );
        if (p.body.completed >= Math.floor(total / 4)) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      await api.post(`/audiobook/projects/${project.id}/narration/cancel`);
      expect((await waitForJob(api, first.body.job_id)).status).toBe('cancelled');
      const afterCancel = await api.get<{
        completed: number;
        queued: number;
        narrating: number;
        pending: number;
      }>(`/audiobook/projects/${project.id}/narration/progress`);
      expect(afterCancel.body.queued + afterCancel.body.narrating).toBe(0);
      expect(afterCancel.body.completed).toBeGreaterThanOrEqual(Math.floor(total / 4));
      expect(afterCancel.body.pending).toBeGreaterThan(0);
      const spentFirst = start - (await balance());
      expect(spentFirst).toBeGreaterThan(0);
      expect(spentFirst).toBeLessThan(first.body.estimated_credits);

      // The rest: a second `{}` narrates only the lines without audio.
      const second = await api.post<{
        job_id: number;
        total_paragraphs: number;
        skipped: { completed: number };
      }>(`/audiobook/projects/${project.id}/narration/batch`, {});
      expect(second.body.total_paragraphs).toBe(afterCancel.body.pending);
      expect(second.body.skipped.completed).toBe(afterCancel.body.completed);
      expect((await waitForJob(api, second.body.job_id, 900_000)).status).toBe('completed');
      expect(start - (await balance())).toBe(first.body.estimated_credits);

      const chapters = await api.get<{
        chapters: { id: string; skip_narration: boolean; status: string }[];
      }>(`/audiobook/projects/${project.id}/chapters?per_page=500`);
      let words = 0;
      let seconds = 0;
      let checked = 0;
      const paces: { wpm: number; id: string; text: string }[] = [];
      const chapterPaces: { wpm: number; id: string }[] = [];
      for (const chapter of chapters.body.chapters) {
        const lines = (await paragraphsOf(api, project.id, chapter.id)) as unknown as Line[];
        let chapterWords = 0;
        let chapterSeconds = 0;
        for (const line of lines) {
          if (chapter.skip_narration || line.skip_narration) {
            expect(line.audio_key).toBeNull();
            continue;
          }
          expect(line.status).toBe('completed');
          const takes = await api.get<{ takes: unknown[] }>(
            `/audiobook/projects/${project.id}/paragraphs/${line.id}/takes`,
          );
          expect(takes.body.takes).toHaveLength(1);
          const spoken = (line.duration_seconds ?? 0) - TRAILING_SECONDS;
          words += line.word_count;
          seconds += spoken;
          chapterWords += line.word_count;
          chapterSeconds += spoken;
          if (line.word_count >= 20) {
            paces.push({
              wpm: line.word_count / (spoken / 60),
              id: line.id,
              text: line.text,
            });
            checked += 1;
          }
        }
        if (!chapter.skip_narration) expect(chapter.status).toBe('completed');
        if (chapterWords >= 500)
          chapterPaces.push({ id: chapter.id, wpm: chapterWords / (chapterSeconds / 60) });
      }
      paces.sort((a, b) => a.wpm - b.wpm);
      const median = paces[Math.floor(paces.length / 2)]?.wpm ?? 0;
      console.log(
        `[narration] paragraph pace (>= 20 words): min ${paces[0]?.wpm.toFixed(0)}, median ${median.toFixed(0)}, max ${paces.at(-1)?.wpm.toFixed(0)} wpm`,
      );
      // A single paragraph's pace varies with its words and punctuation (long words, many
      // clauses), as a human narrator's does: each must be speech, not silence or a clipped take;
      // the 120–220 window applies to whole chapters and the book.
      for (const pace of paces) {
        expect(pace.wpm, `paragraph ${pace.id}: ${pace.text.slice(0, 80)}`).toBeGreaterThan(80);
        expect(pace.wpm, `paragraph ${pace.id}: ${pace.text.slice(0, 80)}`).toBeLessThan(300);
      }
      for (const chapter of chapterPaces) {
        expect(chapter.wpm, `chapter ${chapter.id}`).toBeGreaterThan(120);
        expect(chapter.wpm, `chapter ${chapter.id}`).toBeLessThan(220);
      }
      const bookWpm = words / (seconds / 60);
      console.log(
        `[narration] ${total} paragraphs, ${words} words, ${(seconds / 3600).toFixed(2)} h of speech, ${bookWpm.toFixed(0)} wpm overall, ${checked} long paragraphs checked`,
      );
      expect(bookWpm).toBeGreaterThan(120);
      expect(bookWpm).toBeLessThan(220);
      expect(
        (await api.get<{ status: string }>(`/audiobook/projects/${project.id}`)).body.status,
      ).toBe('narrated');
    },
  );
});
