/**
 * A real OpenAI-compatible chat endpoint for tests (`POST /v1/chat/completions`,
 * `GET /v1/models`), answering like a small, careful local model would: book outlines and
 * chapters for generation, speakers of numbered paragraphs, and screenplay splits. Tests can
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

/** The numbered paragraphs ("[3] text") of a prompt. */
export function numberedParagraphs(prompt: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const match of prompt.matchAll(/^\[(\d+)\](?: \(speaker: [^)]*\))? (.*)$/gm)) {
    out.set(Number(match[1]), match[2] ?? '');
  }
  return out;
}

export function speakerOf(text: string): string | null {
  return SPEECH_VERB.exec(text)?.[2] ?? VERB_FIRST.exec(text)?.[1] ?? null;
}

/** Quoted speech and the narration around it, in order, words untouched. */
export function splitSpeech(text: string): { text: string; speech: boolean }[] {
  const parts: { text: string; speech: boolean }[] = [];
  const re = /["“][^"”]*["”]/g;
  let last = 0;
  for (const match of text.matchAll(re)) {
    const before = text.slice(last, match.index).trim();
    if (before) parts.push({ text: before, speech: false });
    parts.push({ text: match[0], speech: true });
    last = (match.index ?? 0) + match[0].length;
  }
  const rest = text.slice(last).trim();
  if (rest) parts.push({ text: rest, speech: false });
  return parts;
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
    return [0, 1, 2].map((i) => `${words(per, i)}.`).join('\n\n');
  }
  if (prompt.includes('mainly a character speaking')) {
    const speakers: Record<string, string> = {};
    const genders: Record<string, string> = {};
    for (const [n, text] of numberedParagraphs(prompt)) {
      const who = speakerOf(text);
      if (who) {
        speakers[String(n)] = who;
        genders[who] = who.endsWith('a') ? 'female' : 'male';
      }
    }
    return `Here you are:\n\`\`\`json\n${JSON.stringify({ speakers, aliases: [], genders })}\n\`\`\``;
  }
  if (prompt.includes('Split each paragraph into lines')) {
    const paragraphs = [...numberedParagraphs(prompt)].map(([n, text]) => {
      const who = speakerOf(text);
      return {
        n,
        lines: splitSpeech(text).map((part) => ({
          text: part.text,
          speaker: part.speech ? who : null,
          direction: part.speech ? 'warmly' : 'even, unhurried',
        })),
      };
    });
    return JSON.stringify({ paragraphs });
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
