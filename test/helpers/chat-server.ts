/**
 * A real OpenAI-compatible chat endpoint for tests (`POST /v1/chat/completions`,
 * `GET /v1/models`), answering the engine's prompts like a small, careful local model would:
 * book outlines and chapters for generation, the speaker of each marked quotation (with a
 * direction for annotation), the direction brief and notes, and voice descriptions. Tests can
 * replace the answerer, hold answers back (to see a job running) or make it fail.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatMessage {
  role: string;
  content: string;
}

export interface ChatRequestLog {
  model: string;
  messages: ChatMessage[];
}

export type Answerer = (
  request: ChatRequestLog,
) => string | { status: number } | Promise<string | { status: number }>;

export interface ChatServer {
  /** Base URL to configure as llmUrl (ends in /v1). */
  url: string;
  requests: ChatRequestLog[];
  answer: Answerer;
  /** While set, every answer waits for it. */
  gate: Promise<void> | null;
  stop(): Promise<void>;
}

const SPEECH_VERB = /["“]([^"”]+)[”"],?\s+(?:said|asked|replied|cried|whispered)\s+([A-Z][a-z]+)/;
const VERB_FIRST = /([A-Z][a-z]+)\s+(?:said|asked|replied|cried|whispered),?\s*["“]/;

export function speakerOf(text: string): string | null {
  return SPEECH_VERB.exec(text)?.[2] ?? VERB_FIRST.exec(text)?.[1] ?? null;
}

function words(n: number, seed: number): string {
  const vocabulary = [
    'the',
    'harbour',
    'light',
    'was',
    'warm',
    'and',
    'slow',
    'as',
    'boats',
    'came',
    'home',
    'at',
    'dusk',
  ];
  return Array.from({ length: n }, (_, i) => vocabulary[(i + seed) % vocabulary.length]).join(' ');
}

/** The characters listed in a speaker prompt ("- Name (also: …)"). */
export function listedCharacters(prompt: string): string[] {
  const list = /Characters:\n([\s\S]*?)\n\n/.exec(prompt)?.[1] ?? '';
  return [...list.matchAll(/^- (.+?)(?: \(also: .*\))?$/gm)].map((m) => m[1] ?? '');
}

/** The passage's paragraphs with the labels (⟦Q1⟧, [P1], [C1]) each holds. */
export function labelledParagraphs(
  prompt: string,
  pattern: RegExp,
): { labels: string[]; text: string }[] {
  const passage =
    /(?:Passage:\n)?([\s\S]*?)\n\n(?:For each)/.exec(
      prompt.split('Passage:\n')[1] ?? prompt,
    )?.[1] ?? '';
  return passage.split(/\n\n/).map((text) => ({
    labels: [...text.matchAll(pattern)].map((m) => m[1] ?? ''),
    text: text.replace(/⟦Q\d+⟧/g, ''),
  }));
}

function answerSpeakers(prompt: string): string {
  const names = listedCharacters(prompt);
  const withDirection = prompt.includes('"direction"');
  const out: Record<string, Record<string, string>> = {};
  for (const { labels, text } of labelledParagraphs(prompt, /⟦(Q\d+)⟧/g)) {
    const who = speakerOf(text);
    for (const label of labels) {
      out[label] = {
        speaker: who && names.includes(who) ? who : 'unknown',
        confidence: who ? 'high' : 'low',
        ...(withDirection && { direction: 'warmly' }),
      };
    }
  }
  return JSON.stringify(out);
}

/** The default answerer: deterministic, reads the engine's prompts like a model would. */
export const bookAnswerer: Answerer = ({ messages }) => {
  const prompt = messages.at(-1)?.content ?? '';
  const plan = /exactly (\d+) chapters/.exec(prompt);
  if (plan) {
    const n = Number(plan[1]);
    return JSON.stringify({
      title: 'The Harbour Lights',
      chapters: Array.from({ length: n }, (_, i) => ({
        title: `Tide ${i + 1}`,
        summary: `Part ${i + 1}`,
      })),
    });
  }
  const chapter = /Write chapter (\d+) of \d+.*?about (\d+) words/s.exec(prompt);
  if (chapter) {
    const total = Number(chapter[2]);
    const per = Math.max(5, Math.round(total / 3));
    return JSON.stringify({ paragraphs: [0, 1, 2].map((i) => `${words(per, i)}.`) });
  }
  if (prompt.includes('⟦Q')) return answerSpeakers(prompt);
  if (prompt.includes('Give the narration brief')) {
    return JSON.stringify({ tone: 'calm', pace: 'measured', brief: 'A steady, warm reading.' });
  }
  if (prompt.includes('Delivery words you may use')) {
    const list = /Delivery words you may use: ([^.]*)\./.exec(prompt)?.[1]?.split(', ') ?? [];
    const delivery = list.includes('softly') ? 'softly' : (list[0] ?? 'softly');
    const out: Record<string, unknown> = {};
    for (const { labels } of labelledParagraphs(prompt, /\[(P\d+)\]/g)) {
      for (const label of labels)
        out[label] = { emotion: 'calm', delivery: [delivery], note: 'steady' };
    }
    return JSON.stringify(out);
  }
  if (prompt.includes('how its voice should sound')) {
    const out: Record<string, unknown> = {};
    for (const m of prompt.matchAll(/^\[(C\d+)\]/gm)) {
      out[m[1] ?? ''] = { gender: 'unknown', age: 'adult', description: 'a warm, steady voice' };
    }
    return JSON.stringify(out);
  }
  return 'I am not sure what you want.';
};

export async function startChatServer(answer: Answerer = bookAnswerer): Promise<ChatServer> {
  const state: ChatServer = {
    url: '',
    requests: [],
    answer,
    gate: null,
    stop: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        if (req.method === 'GET' && req.url === '/v1/models') {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(
            JSON.stringify({ object: 'list', data: [{ id: 'test-model', object: 'model' }] }),
          );
          return;
        }
        if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
          res.writeHead(404).end();
          return;
        }
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequestLog;
        state.requests.push({ model: body.model, messages: body.messages });
        if (state.gate) await state.gate;
        const reply = await state.answer(body);
        if (typeof reply !== 'string') {
          res.writeHead(reply.status, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ error: { message: 'test failure' } }));
          return;
        }
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            id: `chatcmpl-${state.requests.length}`,
            object: 'chat.completion',
            model: body.model,
            choices: [
              { index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' },
            ],
          }),
        );
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}/v1`;
  state.stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
