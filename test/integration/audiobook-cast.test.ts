// The cast over real HTTP (document 2, "Character voices (cast)", "Cast member", rules 2–13):
// heuristic and LLM speaker detection (a real local OpenAI-compatible endpoint), the
// audiobook.cast.detected event, assign, alias, multi_voice, and screenplay annotation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../helpers/accounts.ts';
import {
  bookText,
  chaptersOf,
  client,
  createProject,
  paragraphsOf,
  paste,
  waitForJob,
  type Client,
  type Json,
} from '../helpers/audiobook.ts';
import { startChatServer, type ChatServer } from '../helpers/chat-server.ts';
import { UNPRIVILEGED_PORTS, startEngine, type TestEngine } from '../helpers/engine.ts';
import { NO_MODEL } from '../helpers/language-model.ts';
import { StandardVoices } from '../../engine/src/features/voices/catalog/standard-voices.ts';

/** Real catalog voices (the embedded engine's): ids are stable hashes, not small numbers. */
function voiceId(slug: string): number {
  const voice = new StandardVoices().resolve(slug);
  if (!voice) throw new Error(`no standard voice ${slug}`);
  return voice.id;
}
const NARRATOR = voiceId('en-us');
const NARRATOR_2 = voiceId('en-029');
const NARRATOR_3 = voiceId('en-us-nyc');
const ANNA_VOICE = voiceId('en-gb-x-rp');
const MARCO_VOICE = voiceId('en-gb-scotland');
const LINE_VOICE = voiceId('en-gb-x-gbclan');

let engine: TestEngine;
let chat: ChatServer;
let api: Client;

beforeAll(async () => {
  chat = await startChatServer();
  engine = await startEngine({ llmUrl: chat.url, webhooksLoopbackPorts: UNPRIVILEGED_PORTS });
  api = client(engine, engine.token);
});

afterAll(async () => {
  await engine.stop();
  await chat.stop();
});

const DIALOGUE = [
  'The harbour was grey and still when the ferry came in.',
  '“We should leave before the tide turns,” said Anna.',
  '“There is time yet,” replied Marco.',
  'A gull settled on the rail and watched them.',
  '“Then let us walk,” said Anna.',
];

interface Member {
  character_name: string | null;
  is_narrator: boolean;
  paragraph_count: number;
  voice_id: number | null;
  alias_of: string | null;
  sample_line: string | null;
  aliases: string[];
}

async function dialogueBook(
  extra: Json = {},
): Promise<{ id: string; lines: (Json & { id: string; text: string })[] }> {
  const project = await createProject(api, extra);
  const res = await paste(
    api,
    project.id,
    bookText([{ title: 'Chapter 1', paragraphs: DIALOGUE }]),
    {
      detect_speakers: false,
    },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const chapter = (await chaptersOf(api, project.id))[0];
  return { id: project.id, lines: await paragraphsOf(api, project.id, chapter?.id ?? '') };
}

interface CastList {
  members: Member[];
  named_speaker_count: number;
  multi_voice: boolean;
  narrator_voice: { voice_id: number; name: string; automatic: boolean } | null;
}

async function cast(projectId: string): Promise<CastList> {
  const res = await api.get<CastList>(`/audiobook/projects/${projectId}/cast`);
  expect(res.status).toBe(200);
  return res.body;
}

describe('heuristic detection and the cast', () => {
  it('names the automatic narrator voice when the book chose none (issue 14)', async () => {
    const book = await dialogueBook({ language: 'en-US' });
    const list = await cast(book.id);
    expect(list.members[0]).toMatchObject({ is_narrator: true, voice_id: null });
    expect(list.narrator_voice?.automatic).toBe(true);
    // It is the voice narration really uses: narrate the first line and read its take's voice.
    expect((await api.post(`/audiobook/projects/${book.id}/rights-attestation`)).status).toBe(200);
    const line = book.lines[0]!;
    const started = await api.post<{ task_id: number }>(
      `/audiobook/projects/${book.id}/paragraphs/${line.id}/narrate`,
      {},
    );
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect((await waitForJob(api, started.body.task_id, 120_000)).status).toBe('completed');
    const takes = await api.get<{ takes: { voice_id: number }[] }>(
      `/audiobook/projects/${book.id}/paragraphs/${line.id}/takes`,
    );
    expect(takes.body.takes.map((t) => t.voice_id)).toEqual([list.narrator_voice?.voice_id]);
  });

  it('attributes clear speech at once and lists the cast narrator first', async () => {
    const book = await dialogueBook({ selected_voice_id: NARRATOR });
    const res = await api.post<{ members: Member[] } & Json>(
      `/audiobook/projects/${book.id}/cast/detect?method=heuristic`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ method: 'heuristic', job_id: null });
    expect(Number(res.body.detected_paragraphs)).toBeGreaterThanOrEqual(3);
    const lines = await paragraphsOf(api, book.id, book.lines[0]?.chapter_id as string);
    expect(lines.map((l) => l.character_name)).toEqual(['', 'Anna', 'Marco', '', 'Anna']);
    const { members, named_speaker_count } = await cast(book.id);
    expect(members[0]).toMatchObject({
      is_narrator: true,
      character_name: null,
      paragraph_count: 2,
      voice_id: NARRATOR,
    });
    expect(members.slice(1).map((m) => [m.character_name, m.paragraph_count])).toEqual([
      ['Anna', 2],
      ['Marco', 1],
    ]);
    expect(named_speaker_count).toBe(2);
    expect((await cast(book.id)).narrator_voice).toMatchObject({
      voice_id: NARRATOR,
      automatic: false,
    });
    // The default method is heuristic.
    const again = await api.post(`/audiobook/projects/${book.id}/cast/detect`);
    expect(again.body).toMatchObject({ method: 'heuristic', detected_paragraphs: 0 });
  });

  it('never overwrites a set name, a locked line or a cleared speaker (rule 7)', async () => {
    const book = await dialogueBook();
    const [, anna, marco, , last] = book.lines;
    const url = (id?: string): string => `/audiobook/projects/${book.id}/paragraphs/${id ?? ''}`;
    await api.put(url(anna?.id), { character_name: 'Annabel' });
    await api.put(url(marco?.id), { locked: true });
    await api.put(url(last?.id), { character_name: '' });
    await api.post(`/audiobook/projects/${book.id}/cast/detect?method=heuristic`);
    expect((await api.get(url(anna?.id))).body.character_name).toBe('Annabel');
    expect((await api.get(url(marco?.id))).body.character_name).toBe('');
    expect((await api.get(url(last?.id))).body).toMatchObject({
      character_name: '',
      speaker_cleared: true,
    });
  });

  it('counts names case-insensitively and leaves skip_narration lines out', async () => {
    const book = await dialogueBook();
    const url = (i: number): string =>
      `/audiobook/projects/${book.id}/paragraphs/${book.lines[i]?.id ?? ''}`;
    await api.put(url(1), { character_name: 'ANNA' });
    await api.put(url(4), { character_name: 'anna' });
    await api.put(url(2), { character_name: 'Marco', skip_narration: true });
    const { members } = await cast(book.id);
    const anna = members.filter((m) => m.character_name?.toLowerCase() === 'anna');
    expect(anna).toHaveLength(1);
    expect(anna[0]?.paragraph_count).toBe(2);
    expect(members.find((m) => m.character_name === 'Marco')?.paragraph_count ?? 0).toBe(0);
  });
});

describe('assign, alias and multi_voice', () => {
  it('assigns a character voice on the cast, turning character voices on (rules 2, 3, 12)', async () => {
    const book = await dialogueBook({ selected_voice_id: NARRATOR });
    await api.post(`/audiobook/projects/${book.id}/cast/detect`);
    const res = await api.post(`/audiobook/projects/${book.id}/cast/assign`, {
      character_name: 'anna',
      voice_id: ANNA_VOICE,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      character_name: 'Anna',
      voice_id: ANNA_VOICE,
      lines_changed: 2,
      lines_with_audio: 0,
      narrator_changed: false,
      multi_voice: true,
      voices_picked: 1,
    });
    const { members, multi_voice } = await cast(book.id);
    expect(multi_voice).toBe(true);
    expect(members.find((m) => m.character_name === 'Anna')?.voice_id).toBe(ANNA_VOICE);
    // Rule 3: Marco gets a library voice of the book's language, never Anna's or the narrator's.
    const marco = members.find((m) => m.character_name === 'Marco')?.voice_id ?? null;
    expect(marco).not.toBeNull();
    expect([ANNA_VOICE, NARRATOR]).not.toContain(marco);
    expect((await api.get(`/voice/voices/${String(marco)}/status`)).body).toMatchObject({
      language: expect.stringMatching(/^en/),
    });
    // The voice is on the cast, not on the lines.
    const lines = await paragraphsOf(api, book.id, book.lines[0]?.chapter_id as string);
    expect(lines[1]?.voice_id).toBeNull();
  });

  it('assigns the narrator without turning character voices on (rule 12)', async () => {
    const book = await dialogueBook({ selected_voice_id: NARRATOR });
    const res = await api.post(`/audiobook/projects/${book.id}/cast/assign`, {
      narrator: true,
      voice_id: NARRATOR_2,
    });
    expect(res.body).toMatchObject({
      narrator_changed: true,
      character_name: null,
      multi_voice: false,
    });
    expect(res.body.lines_changed).toBe(5);
    const project = await api.get(`/audiobook/projects/${book.id}`);
    expect(project.body).toMatchObject({ selected_voice_id: NARRATOR_2, multi_voice: false });
    // Omitting character_name also means the narrator.
    const omitted = await api.post(`/audiobook/projects/${book.id}/cast/assign`, {
      voice_id: NARRATOR_3,
    });
    expect(omitted.body.narrator_changed).toBe(true);
    expect(
      (await api.post(`/audiobook/projects/${book.id}/cast/assign`, { character_name: 'Anna' }))
        .status,
    ).toBe(400);
    expect(
      (
        await api.post(`/audiobook/projects/${book.id}/cast/assign`, {
          character_name: 'x'.repeat(121),
          voice_id: NARRATOR,
        })
      ).status,
    ).toBe(400);
  });

  it('keeps a line’s own voice and locked lines when a character voice is assigned', async () => {
    const book = await dialogueBook();
    await api.post(`/audiobook/projects/${book.id}/cast/detect`);
    const url = (i: number): string =>
      `/audiobook/projects/${book.id}/paragraphs/${book.lines[i]?.id ?? ''}`;
    await api.put(url(1), { voice_id: LINE_VOICE });
    const res = await api.post(`/audiobook/projects/${book.id}/cast/assign`, {
      character_name: 'Anna',
      voice_id: ANNA_VOICE,
    });
    expect(res.body.lines_changed).toBe(1);
    expect((await api.get(url(1))).body.voice_id).toBe(LINE_VOICE);
  });

  it('merges an alias onto its main speaker and removes it again (rule 13)', async () => {
    const book = await dialogueBook();
    await api.post(`/audiobook/projects/${book.id}/cast/detect`);
    await api.put(`/audiobook/projects/${book.id}/paragraphs/${book.lines[4]?.id ?? ''}`, {
      character_name: 'Annie',
    });
    await api.post(`/audiobook/projects/${book.id}/cast/assign`, {
      character_name: 'Anna',
      voice_id: ANNA_VOICE,
    });
    const res = await api.post<{ members: Member[] } & Json>(
      `/audiobook/projects/${book.id}/cast/alias`,
      {
        character_name: 'Annie',
        alias_of: 'anna',
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      character_name: 'Annie',
      alias_of: 'Anna',
      lines_revoiced: 1,
    });
    const annie = res.body.members.find((m) => m.character_name === 'Annie');
    const anna = res.body.members.find((m) => m.character_name === 'Anna');
    expect(annie).toMatchObject({ alias_of: 'Anna', voice_id: ANNA_VOICE, paragraph_count: 1 });
    expect(anna?.paragraph_count).toBe(1);
    expect(anna?.aliases).toContain('Annie');
    const removed = await api.post(`/audiobook/projects/${book.id}/cast/alias`, {
      character_name: 'Annie',
    });
    expect(removed.body).toMatchObject({ alias_of: null, lines_revoiced: 1 });
  });

  it('never refuses a merge because of an alias the app made (issue 28)', async () => {
    const text = bookText([
      {
        title: 'Chapter 1',
        paragraphs: [
          'Anna Vale came down to the harbour.',
          '“We should leave before the tide turns,” said Anna Vale.',
          '“There is time yet,” replied Marco.',
          '“Then let us walk,” said Anna.',
        ],
      },
    ]);
    const project = await createProject(api);
    const res = await paste(api, project.id, text, { multi_voice: true, detect_speakers: false });
    await waitForJob(api, String(res.body.detection_job_id));
    const detected = (await cast(project.id)).members.find((m) => m.character_name === 'Anna');
    // The reading merged "Anna" onto "Anna Vale" itself.
    expect(detected?.alias_of).toBe('Anna Vale');
    // The user turns it round: "Anna Vale" is an alias of "Anna". Before, 400 alias_cycle.
    const merged = await api.post<{ members: Member[] } & Json>(
      `/audiobook/projects/${project.id}/cast/alias`,
      { character_name: 'Anna Vale', alias_of: 'Anna' },
    );
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const anna = merged.body.members.find((m) => m.character_name === 'Anna');
    expect(anna).toMatchObject({ alias_of: null, aliases: ['Anna Vale'] });
    // A user's own alias still answers 400 when a merge would chain onto it.
    const chained = await api.post(`/audiobook/projects/${project.id}/cast/alias`, {
      character_name: 'Marco',
      alias_of: 'Anna Vale',
    });
    expect(chained.status).toBe(400);
  });

  it('refuses an alias onto itself with 400', async () => {
    const book = await dialogueBook();
    const res = await api.post(`/audiobook/projects/${book.id}/cast/alias`, {
      character_name: 'Anna',
      alias_of: 'ANNA',
    });
    expect(res.status).toBe(400);
    expect(
      (await api.post(`/audiobook/projects/${book.id}/cast/alias`, { character_name: '' })).status,
    ).toBe(400);
  });

  it('turns character voices off keeping the cast, and on again (rules 2–4)', async () => {
    const book = await dialogueBook();
    await api.post(`/audiobook/projects/${book.id}/cast/detect`);
    await api.post(`/audiobook/projects/${book.id}/cast/assign`, {
      character_name: 'Marco',
      voice_id: MARCO_VOICE,
    });
    const off = await api.put(`/audiobook/projects/${book.id}`, { multi_voice: false });
    expect(off.body.multi_voice).toBe(false);
    const offCast = await cast(book.id);
    // Off: a character shows the voice most of its lines carry (none saved here).
    expect(offCast.members.find((m) => m.character_name === 'Marco')?.voice_id).toBeNull();
    await api.put(`/audiobook/projects/${book.id}`, { multi_voice: true });
    const onCast = await cast(book.id);
    expect(onCast.members.find((m) => m.character_name === 'Marco')?.voice_id).toBe(MARCO_VOICE);
  });

  it('404s the cast routes on another user’s book', async () => {
    const book = await dialogueBook();
    const bob = client(engine, (await registerUser(engine)).tokens.access_token);
    expect((await bob.get(`/audiobook/projects/${book.id}/cast`)).status).toBe(404);
    expect((await bob.post(`/audiobook/projects/${book.id}/cast/detect`)).status).toBe(404);
    expect(
      (await bob.post(`/audiobook/projects/${book.id}/cast/assign`, { voice_id: NARRATOR })).status,
    ).toBe(404);
    expect((await bob.post(`/audiobook/projects/${book.id}/cast/alias`, {})).status).toBe(404);
  });
});

describe('LLM speaker detection', () => {
  it('runs as a job, reports its status and fires audiobook.cast.detected', async () => {
    const hook = await api.post('/webhooks/endpoints', {
      url: 'http://127.0.0.1:1027/cast-hook',
      events: ['audiobook.cast.detected'],
    });
    expect(hook.status).toBe(201);
    const book = await dialogueBook();
    const res = await api.post<{ members: Member[] } & Json>(
      `/audiobook/projects/${book.id}/cast/detect?method=llm`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ method: 'llm', detected_paragraphs: 0 });
    expect(typeof res.body.job_id).toBe('string');
    const job = await waitForJob(api, String(res.body.job_id));
    expect(job.status, JSON.stringify(job)).toBe('completed');
    const status = await api.get(
      `/audiobook/projects/${book.id}/cast/detect/${String(res.body.job_id)}/status`,
    );
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      job_id: res.body.job_id,
      status: 'COMPLETED',
      progress: 100,
      error_message: null,
      result: {
        paragraphs_attributed: 3,
        characters: ['Anna', 'Marco'],
        aliases_added: 0,
        voices_picked: 0,
        targets: 5,
      },
    });
    const lines = await paragraphsOf(api, book.id, book.lines[0]?.chapter_id as string);
    expect(lines.map((l) => l.character_name)).toEqual(['', 'Anna', 'Marco', '', 'Anna']);
    // The event went to the subscribed endpoint (a stored delivery).
    const deliveries = await api.get<{ deliveries: { event_type: string; payload: Json }[] }>(
      `/webhooks/endpoints/${String(hook.body.id)}/deliveries`,
    );
    const event = deliveries.body.deliveries.find(
      (d) => d.event_type === 'audiobook.cast.detected',
    );
    expect(event?.payload).toMatchObject({
      project_id: book.id,
      method: 'llm',
      status: 'completed',
    });
  });

  it('runs the context-reading pass after an import when character voices are on (rule 8)', async () => {
    const text = bookText([{ title: 'Chapter 1', paragraphs: DIALOGUE }]);
    const off = await createProject(api);
    expect((await paste(api, off.id, text)).body.detection_job_id).toBeNull();
    const on = await createProject(api);
    const res = await paste(api, on.id, text, { multi_voice: true, detect_speakers: false });
    expect(res.status).toBe(200);
    expect(typeof res.body.detection_job_id).toBe('string');
    const job = await waitForJob(api, String(res.body.detection_job_id));
    expect(job).toMatchObject({ type: 'audiobook_cast_detection', status: 'completed' });
    const { members } = await cast(on.id);
    expect(members.map((m) => m.character_name)).toEqual([null, 'Anna', 'Marco']);
  });

  it('409s while a detection runs and shows PENDING/PROCESSING meanwhile', async () => {
    const book = await dialogueBook();
    let release = (): void => {};
    chat.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      const first = await api.post(`/audiobook/projects/${book.id}/cast/detect?method=llm`);
      expect(first.status).toBe(200);
      const second = await api.post(`/audiobook/projects/${book.id}/cast/detect?method=llm`);
      expect(second.status).toBe(409);
      const status = await api.get(
        `/audiobook/projects/${book.id}/cast/detect/${String(first.body.job_id)}/status`,
      );
      expect(['PENDING', 'PROCESSING']).toContain(status.body.status);
      expect(status.body.result).toBeNull();
      release();
      await waitForJob(api, String(first.body.job_id));
    } finally {
      release();
      chat.gate = null;
    }
  });

  it('fails cleanly when the endpoint errors, keeping the book', async () => {
    const book = await dialogueBook();
    const answer = chat.answer;
    chat.answer = () => ({ status: 500 });
    try {
      const res = await api.post(`/audiobook/projects/${book.id}/cast/detect?method=llm`);
      const job = await waitForJob(api, String(res.body.job_id));
      expect(job.status).toBe('failed');
      const status = await api.get(
        `/audiobook/projects/${book.id}/cast/detect/${String(res.body.job_id)}/status`,
      );
      expect(status.body.status).toBe('FAILED');
      expect(String(status.body.error_message)).toMatch(/language model/);
    } finally {
      chat.answer = answer;
    }
    expect((await paragraphsOf(api, book.id, book.lines[0]?.chapter_id as string)).length).toBe(5);
  });

  it('404s a status for another book’s or a non-detection job', async () => {
    const book = await dialogueBook();
    const other = await dialogueBook();
    const res = await api.post(`/audiobook/projects/${other.id}/cast/detect?method=llm`);
    await waitForJob(api, String(res.body.job_id));
    expect(
      (
        await api.get(
          `/audiobook/projects/${book.id}/cast/detect/${String(res.body.job_id)}/status`,
        )
      ).status,
    ).toBe(404);
    expect((await api.get(`/audiobook/projects/${book.id}/cast/detect/999999/status`)).status).toBe(
      404,
    );
  });

  it('answers 400 over the word limit', async () => {
    const project = await createProject(api);
    const words = Array.from({ length: 1000 }, (_, i) => `w${i}`).join(' ');
    const text = bookText(
      Array.from({ length: 4 }, (_, c) => ({
        title: `Chapter ${c + 1}`,
        paragraphs: Array.from({ length: 51 }, () => words),
      })),
    );
    const pasted = await paste(api, project.id, text, { detect_speakers: false });
    expect(Number(pasted.body.total_words)).toBeGreaterThan(200_000);
    const res = await api.post(`/audiobook/projects/${project.id}/cast/detect?method=llm`);
    expect(res.status).toBe(400);
    expect(res.body.word_limit).toBe(200_000);
  });

  it('answers 503 naming the pack for method=llm without a language model, and annotates without one', async () => {
    const bare = await startEngine({ llmUrl: null, llm: { ...NO_MODEL } });
    try {
      const bareApi = client(bare, bare.token);
      const project = await createProject(bareApi);
      const res = await bareApi.post(`/audiobook/projects/${project.id}/cast/detect?method=llm`);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 'model_not_installed', capability: 'language-model' });
      expect(String(res.body.detail)).toMatch(/needs the “.+” pack, which is not installed/);
      const mixed = [
        'Anna looked at the sea. “We should leave before the tide turns,” said Anna. She pulled her coat tight.',
        'The gulls wheeled over the harbour in long slow circles above the boats.',
      ];
      await paste(bareApi, project.id, bookText([{ title: 'Chapter 1', paragraphs: mixed }]), {
        detect_speakers: false,
      });
      const chapterId = (await chaptersOf(bareApi, project.id))[0]?.id ?? '';
      const before = await paragraphsOf(bareApi, project.id, chapterId);
      await bareApi.put(`/audiobook/projects/${project.id}/paragraphs/${before[1]?.id ?? ''}`, {
        locked: true,
      });
      // Rule 10 with no model: the context reading splits the mixed paragraph.
      const annotate = await bareApi.post(`/audiobook/projects/${project.id}/screenplay/annotate`);
      expect(annotate.status, JSON.stringify(annotate.body)).toBe(202);
      expect(annotate.body).toMatchObject({ chapters_in_scope: 1, paragraphs_in_scope: 1 });
      await waitForJob(bareApi, String(annotate.body.job_id));
      const status = await bareApi.get(
        `/audiobook/projects/${project.id}/screenplay/annotate/${String(annotate.body.job_id)}/status`,
      );
      expect(status.body).toMatchObject({
        status: 'COMPLETED',
        paragraphs_split: 1,
        speakers: ['Anna'],
        skipped_paragraphs: 0,
      });
      const lines = await paragraphsOf(bareApi, project.id, chapterId);
      expect(lines.map((l) => [l.text, l.character_name])).toEqual([
        ['Anna looked at the sea.', ''],
        ['“We should leave before the tide turns,”', 'Anna'],
        ['said Anna. She pulled her coat tight.', ''],
        [mixed[1], ''],
      ]);
      // The first line keeps the id; the locked line is untouched.
      expect(lines[0]?.id).toBe(before[0]?.id);
      expect(lines[3]).toMatchObject({ id: before[1]?.id, locked: true });
    } finally {
      await bare.stop();
    }
  });
});

describe('screenplay annotation', () => {
  const MIXED = [
    'Anna looked at the sea. “We should leave before the tide turns,” said Anna. She pulled her coat tight.',
    'The gulls wheeled over the harbour in long slow circles above the boats.',
  ];

  async function mixedBook(): Promise<{
    id: string;
    chapterId: string;
    lines: (Json & { id: string; text: string })[];
  }> {
    const project = await createProject(api);
    await paste(api, project.id, bookText([{ title: 'Chapter 1', paragraphs: MIXED }]), {
      detect_speakers: false,
    });
    const chapterId = (await chaptersOf(api, project.id))[0]?.id ?? '';
    return { id: project.id, chapterId, lines: await paragraphsOf(api, project.id, chapterId) };
  }

  it('splits mixed paragraphs, keeps the first id, and reports its counts', async () => {
    const book = await mixedBook();
    await api.put(`/audiobook/projects/${book.id}/paragraphs/${book.lines[1]?.id ?? ''}`, {
      direction: 'my own direction',
    });
    const res = await api.post(`/audiobook/projects/${book.id}/screenplay/annotate`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ chapters_in_scope: 1, paragraphs_in_scope: 2 });
    await waitForJob(api, String(res.body.job_id));
    const status = await api.get(
      `/audiobook/projects/${book.id}/screenplay/annotate/${String(res.body.job_id)}/status`,
    );
    expect(status.body).toMatchObject({
      status: 'COMPLETED',
      progress: 100,
      chapters_processed: 1,
      paragraphs_split: 1,
      speakers: ['Anna'],
      skipped_paragraphs: 0,
    });
    const lines = await paragraphsOf(api, book.id, book.chapterId);
    expect(lines.map((l) => [l.text, l.character_name])).toEqual([
      ['Anna looked at the sea.', ''],
      ['“We should leave before the tide turns,”', 'Anna'],
      ['said Anna. She pulled her coat tight.', ''],
      [MIXED[1], ''],
    ]);
    expect(lines[0]?.id).toBe(book.lines[0]?.id);
    expect(lines[3]?.id).toBe(book.lines[1]?.id);
    expect(lines.map((l) => l.position)).toEqual([1, 2, 3, 4]);
    expect(lines[1]?.direction).toBe('warmly');
    // A direction the caller wrote is kept.
    expect(lines[3]?.direction).toBe('my own direction');
    expect(lines[0]?.status).toBe('pending');
  });

  it('cuts lines from the text itself and keeps only speakers from the character list', async () => {
    const book = await mixedBook();
    const answer = chat.answer;
    // A model that names someone the book's list does not have: the rules' speaker stays.
    chat.answer = (request) => {
      const prompt = request.messages.at(-1)?.content ?? '';
      const labels = [...prompt.matchAll(/⟦(Q\d+)⟧/g)].map((m) => m[1] ?? '');
      return JSON.stringify(
        Object.fromEntries(
          labels.map((l) => [l, { speaker: 'Gull', confidence: 'high', direction: 'shrill' }]),
        ),
      );
    };
    try {
      const res = await api.post(`/audiobook/projects/${book.id}/screenplay/annotate`, {});
      await waitForJob(api, String(res.body.job_id));
      const status = await api.get(
        `/audiobook/projects/${book.id}/screenplay/annotate/${String(res.body.job_id)}/status`,
      );
      expect(status.body).toMatchObject({
        skipped_paragraphs: 0,
        paragraphs_split: 1,
        speakers: ['Anna'],
      });
    } finally {
      chat.answer = answer;
    }
    const lines = await paragraphsOf(api, book.id, book.chapterId);
    expect(lines.map((l) => l.text).join(' ')).toBe(MIXED.join(' '));
    expect(lines[1]).toMatchObject({ character_name: 'Anna', direction: 'shrill' });
  });

  it('never sends locked lines and rewrites hand-set names on the others', async () => {
    const book = await mixedBook();
    const url = (i: number): string =>
      `/audiobook/projects/${book.id}/paragraphs/${book.lines[i]?.id ?? ''}`;
    await api.put(url(0), { locked: true });
    await api.put(url(1), { character_name: 'Hand Set' });
    const before = chat.requests.length;
    const res = await api.post(`/audiobook/projects/${book.id}/screenplay/annotate`, {});
    expect(res.body.paragraphs_in_scope).toBe(1);
    await waitForJob(api, String(res.body.job_id));
    const sent = chat.requests
      .slice(before)
      .map((r) => r.messages.at(-1)?.content ?? '')
      .join('\n');
    expect(sent).not.toContain('Anna looked at the sea');
    expect((await api.get(url(1))).body.character_name).toBe('');
    expect((await api.get(url(0))).body.text).toBe(MIXED[0]);
  });

  it('answers empty_selection, 400 when nothing matches, and 409 while one runs', async () => {
    const book = await mixedBook();
    const empty = await api.post(`/audiobook/projects/${book.id}/screenplay/annotate`, {
      chapter_ids: [],
    });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('empty_selection');
    const other = await mixedBook();
    const none = await api.post(`/audiobook/projects/${book.id}/screenplay/annotate`, {
      chapter_ids: [other.chapterId],
    });
    expect(none.status).toBe(400);
    let release = (): void => {};
    chat.gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      const first = await api.post(`/audiobook/projects/${book.id}/screenplay/annotate`, {
        chapter_ids: [book.chapterId],
      });
      expect(first.status).toBe(202);
      expect(
        (await api.post(`/audiobook/projects/${book.id}/screenplay/annotate`, {})).status,
      ).toBe(409);
      const status = await api.get(
        `/audiobook/projects/${book.id}/screenplay/annotate/${String(first.body.job_id)}/status`,
      );
      expect(['PENDING', 'PROCESSING']).toContain(status.body.status);
      release();
      await waitForJob(api, String(first.body.job_id));
    } finally {
      release();
      chat.gate = null;
    }
  });

  it('409s when a paragraph in scope is being narrated', async () => {
    const book = await mixedBook();
    engine.engine.services.books.repos.chapters.updateLineState(book.lines[1]?.id ?? '', {
      status: 'narrating',
    });
    const res = await api.post(`/audiobook/projects/${book.id}/screenplay/annotate`, {});
    expect(res.status).toBe(409);
  });
});
