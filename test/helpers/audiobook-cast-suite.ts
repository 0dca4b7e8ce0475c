// The shared setup of the cast tests (test/integration/audiobook-cast*.test.ts): real catalog voice
// ids, an engine whose language model is a local OpenAI-compatible chat server, a dialogue book
// and the cast list read back over HTTP.
import { afterAll, beforeAll, expect } from 'vitest';
import {
  bookText,
  chaptersOf,
  client,
  createProject,
  paragraphsOf,
  paste,
  type Client,
  type Json,
} from './audiobook.ts';
import { startChatServer, type ChatServer } from './chat-server.ts';
import { UNPRIVILEGED_PORTS, startEngine, type TestEngine } from './engine.ts';
import { StandardVoices } from '../../engine/src/features/voices/catalog/standard-voices.ts';

/** Real catalog voices (the embedded engine's): ids are stable hashes, not small numbers. */
export function voiceId(slug: string): number {
  const voice = new StandardVoices().resolve(slug);
  if (!voice) throw new Error(`no standard voice ${slug}`);
  return voice.id;
}
export const NARRATOR = voiceId('en-us');
export const NARRATOR_2 = voiceId('en-029');
export const NARRATOR_3 = voiceId('en-us-nyc');
export const ANNA_VOICE = voiceId('en-gb-x-rp');
export const MARCO_VOICE = voiceId('en-gb-scotland');
export const LINE_VOICE = voiceId('en-gb-x-gbclan');

export let engine: TestEngine;
export let chat: ChatServer;
export let api: Client;

export const DIALOGUE = [
  'The harbour was grey and still when the ferry came in.',
  '“We should leave before the tide turns,” said Anna.',
  '“There is time yet,” replied Marco.',
  'A gull settled on the rail and watched them.',
  '“Then let us walk,” said Anna.',
];

export interface Member {
  character_name: string | null;
  is_narrator: boolean;
  paragraph_count: number;
  voice_id: number | null;
  alias_of: string | null;
  sample_line: string | null;
  aliases: string[];
}

export async function dialogueBook(
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

export interface CastList {
  members: Member[];
  named_speaker_count: number;
  multi_voice: boolean;
  narrator_voice: { voice_id: number; name: string; automatic: boolean } | null;
}

export async function cast(projectId: string): Promise<CastList> {
  const res = await api.get<CastList>(`/audiobook/projects/${projectId}/cast`);
  expect(res.status).toBe(200);
  return res.body;
}

/** One engine per test file, its chat endpoint a real local OpenAI-compatible server. */
export function useCastEngine(): void {
  beforeAll(async () => {
    chat = await startChatServer();
    engine = await startEngine({ llmUrl: chat.url, webhooksLoopbackPorts: UNPRIVILEGED_PORTS });
    api = client(engine, engine.token);
  });
  afterAll(async () => {
    await engine.stop();
    await chat.stop();
  });
}
