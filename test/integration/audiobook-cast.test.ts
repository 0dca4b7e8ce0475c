// The cast over real HTTP (document 2, "Character voices (cast)", "Cast member", rules 2–13):
// heuristic speaker detection, assign, alias and multi_voice. LLM detection and screenplay
// annotation: audiobook-cast-llm.test.ts.
import { describe, expect, it } from 'vitest';
import { registerUser } from '../helpers/accounts.ts';
import {
  bookText,
  client,
  createProject,
  paragraphsOf,
  paste,
  waitForJob,
  type Json,
} from '../helpers/audiobook.ts';
import {
  NARRATOR,
  NARRATOR_2,
  NARRATOR_3,
  ANNA_VOICE,
  MARCO_VOICE,
  LINE_VOICE,
  engine,
  api,
  type Member,
  dialogueBook,
  cast,
  useCastEngine,
} from '../helpers/audiobook-cast-suite.ts';

useCastEngine();

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
