// A real EPUB with dialogue through the whole engine, no language model configured (issue 14):
// Standard Ebooks' Pride and Prejudice from TAPEHOUSE_DATA_DIR is uploaded and parsed with
// character voices on; the cast must give every speaking character a voice of its own, never
// the narrator's, merge title variants ("Mr. Darcy" / "Darcy") into one cast member, and
// screenplay annotation must split a mixed paragraph into dialogue and narration lines.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StandardVoices } from '../../engine/src/features/voices/catalog/standard-voices.ts';
import {
  chaptersOf,
  client,
  createProject,
  paragraphsOf,
  uploadAndParse,
  waitForJob,
  type Client,
} from '../helpers/audiobook.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';
import { realData } from '../helpers/requirements.ts';

const dir = realData('books/epub');
const FILE = 'se_jane-austen_pride-and-prejudice.epub';
const narratorVoice = new StandardVoices().resolve('en-gb-x-rp');
if (!narratorVoice) throw new Error('no standard voice en-gb-x-rp');
const NARRATOR = narratorVoice.id;

interface Member {
  character_name: string | null;
  is_narrator: boolean;
  paragraph_count: number;
  voice_id: number | null;
  alias_of: string | null;
  aliases: string[];
}

let engine: TestEngine;
let api: Client;

beforeAll(async () => {
  engine = await startEngine();
  api = client(engine, engine.token);
});

afterAll(async () => {
  await engine.stop();
});

describe.skipIf(!dir)(
  'Pride and Prejudice EPUB: cast, voices and annotation without a model',
  () => {
    it('casts distinct voices, merges title variants and splits a mixed paragraph', async () => {
      const project = await createProject(api, {
        title: 'Pride and Prejudice',
        selected_voice_id: NARRATOR,
      });
      const data = fs.readFileSync(path.join(dir as string, FILE));
      const { job } = await uploadAndParse(api, project.id, data, FILE, {
        multi_voice: true,
        detect_speakers: true,
      });
      expect(job.status, JSON.stringify(job)).toBe('completed');

      const cast = await api.get<{ members: Member[]; multi_voice: boolean }>(
        `/audiobook/projects/${project.id}/cast`,
      );
      expect(cast.status).toBe(200);
      expect(cast.body.multi_voice).toBe(true);
      const characters = cast.body.members.filter((m) => !m.is_narrator && m.character_name);
      const main = characters.filter((m) => m.alias_of === null);

      // Title variants are one cast member: "Mr. Darcy" is Darcy's alias, with Darcy's voice.
      const darcy = main.find((m) => m.character_name === 'Darcy');
      expect(darcy, JSON.stringify(main.map((m) => m.character_name))).toBeDefined();
      const mrDarcy = characters.find((m) => m.character_name === 'Mr. Darcy');
      if (mrDarcy) expect(mrDarcy).toMatchObject({ alias_of: 'Darcy', voice_id: darcy?.voice_id });
      expect(main.filter((m) => /darcy/i.test(m.character_name ?? ''))).toHaveLength(1);
      expect(main.find((m) => m.character_name === 'Mr. Bennet')).toBeDefined();
      expect(main.find((m) => m.character_name === 'Mrs. Bennet')).toBeDefined();

      // Every speaking character has its own voice, none of them the narrator's.
      const voiced = main.filter((m) => m.voice_id !== null);
      expect(voiced.length).toBe(main.length);
      expect(main.length).toBeGreaterThanOrEqual(10);
      for (const member of characters) expect(member.voice_id).not.toBe(NARRATOR);
      expect(new Set(voiced.map((m) => m.voice_id)).size).toBe(voiced.length);

      // Annotation with no model configured: a mixed paragraph becomes dialogue + narration.
      const chapters = await chaptersOf(api, project.id);
      let chapterId = '';
      let target = '';
      let wordsBefore = 0;
      for (const chapter of chapters.slice(0, 4)) {
        const lines = await paragraphsOf(api, project.id, chapter.id);
        const found = lines.find((l) => l.text.includes('you may cough as much as you'));
        if (found) {
          chapterId = chapter.id;
          target = found.id;
          wordsBefore = lines.reduce((sum, l) => sum + Number(l.word_count), 0);
          break;
        }
      }
      expect(target).not.toBe('');
      const started = await api.post<{ job_id: string }>(
        `/audiobook/projects/${project.id}/screenplay/annotate`,
        { chapter_ids: [chapterId] },
      );
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      await waitForJob(api, started.body.job_id, 120_000);
      const status = await api.get<{ status: string; paragraphs_split: number }>(
        `/audiobook/projects/${project.id}/screenplay/annotate/${started.body.job_id}/status`,
      );
      expect(status.body.status).toBe('COMPLETED');
      expect(status.body.paragraphs_split).toBeGreaterThan(0);
      const after = await paragraphsOf(api, project.id, chapterId);
      const at = after.findIndex((l) => l.id === target);
      expect(after[at]?.text).toMatch(/you may cough as much as you/);
      expect(after[at]?.character_name).toBe('Mr. Bennet');
      expect(after[at + 1]?.text).toMatch(/^said Mr\. Bennet; and, as he spoke, he left the room/);
      expect(after[at + 1]?.character_name ?? '').toBe('');
      // Every split line is in the chapter, in reading order: no word lost, positions 1..n.
      expect(after.reduce((sum, l) => sum + Number(l.word_count), 0)).toBe(wordsBefore);
      expect(after.map((l) => l.position)).toEqual(after.map((_, i) => i + 1));
    }, 300_000);
  },
);
