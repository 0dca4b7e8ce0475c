// Auto-cast over real HTTP (document 2: "cast/auto designs a new voice per character;
// prepaid"; docs/api/audiobook.md "Auto-cast"): one embedded character preset per character,
// never the narrator's, the caller's choice kept, the price held and charged per voice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StandardVoices } from '../../engine/src/features/voices/catalog/standard-voices.ts';
import {
  bookText,
  chaptersOf,
  client,
  createProject,
  paragraphsOf,
  paste,
  waitForJob,
  type Client,
} from '../helpers/audiobook.ts';
import { startEngine, type TestEngine } from '../helpers/engine.ts';

const narratorVoice = new StandardVoices().resolve('en-us');
if (!narratorVoice) throw new Error('no standard voice en-us');
const NARRATOR = narratorVoice.id;

let engine: TestEngine;
let api: Client;

beforeAll(async () => {
  engine = await startEngine();
  api = client(engine, engine.token);
});

afterAll(async () => {
  await engine.stop();
});

const DIALOGUE = [
  'The harbour was grey and still when the ferry came in.',
  '“We should leave before the tide turns,” said Anna.',
  '“There is time yet,” replied Marco.',
  '“Come along, children,” said Old Tom.',
  'A gull settled on the rail and watched them.',
  '“Then let us walk,” said Anna.',
];

interface Designed {
  character_name: string;
  voice_id: number;
  preset: string;
  age_hint: string | null;
}

describe('cast/auto', () => {
  it('designs a distinct preset voice per character, prepaid per voice', async () => {
    const project = await createProject(api, { selected_voice_id: NARRATOR });
    const base = `/audiobook/projects/${project.id}`;
    await paste(api, project.id, bookText([{ title: 'Chapter 1', paragraphs: DIALOGUE }]), {
      detect_speakers: true,
    });
    // A name that says the speaker's age ("Old …"), set by hand on its line.
    const chapterId = (await chaptersOf(api, project.id))[0]?.id ?? '';
    const lines = await paragraphsOf(api, project.id, chapterId);
    await api.put(`${base}/paragraphs/${lines[3]?.id ?? ''}`, { character_name: 'Old Tom' });
    const before = (await api.get<{ credits_balance: number }>('/credits')).body.credits_balance;
    const started = await api.post<{
      job_id: string;
      characters: string[];
      estimated_credits: number;
    }>(`${base}/cast/auto`, {});
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect([...started.body.characters].sort()).toEqual(['Anna', 'Marco', 'Old Tom']);
    expect(started.body.estimated_credits).toBe(450);
    await waitForJob(api, started.body.job_id);
    const status = await api.get<{
      status: string;
      result: { characters: Designed[]; voices_designed: number; credits_charged: number } | null;
    }>(`${base}/cast/auto/${started.body.job_id}/status`);
    expect(status.body.status).toBe('COMPLETED');
    const designed = status.body.result?.characters ?? [];
    expect(designed).toHaveLength(3);
    expect(status.body.result?.credits_charged).toBe(450);
    for (const d of designed) {
      expect(d.preset).not.toBe('');
      expect(d.voice_id).not.toBe(NARRATOR);
    }
    expect(new Set(designed.map((d) => d.voice_id)).size).toBe(3);
    expect(designed.find((d) => d.character_name === 'Old Tom')?.age_hint).toBe('senior');
    const after = (await api.get<{ credits_balance: number }>('/credits')).body.credits_balance;
    expect(before - after).toBe(450);

    // The cast shows the designed voices; character voices are on.
    const cast = await api.get<{
      multi_voice: boolean;
      members: { character_name: string | null; voice_id: number | null }[];
    }>(`${base}/cast`);
    expect(cast.body.multi_voice).toBe(true);
    for (const d of designed) {
      expect(cast.body.members.find((m) => m.character_name === d.character_name)?.voice_id).toBe(
        d.voice_id,
      );
    }

    // A voice the caller chose is kept: Anna is not offered again.
    await api.post(`${base}/cast/assign`, {
      character_name: 'Anna',
      voice_id: designed[0]?.voice_id,
    });
    const again = await api.post<{ characters: string[] }>(`${base}/cast/auto`, {
      character_names: ['anna'],
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ reason: 'no_characters' });
  });
});
