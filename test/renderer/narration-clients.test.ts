// The studio's narration and voice calls (renderer/src/features/audiobooks/narration-client.ts,
// renderer/src/features/voices/voices-client.ts): methods, paths, bodies, the studio token, and
// the engine's refusal kept as an ApiError with its code (the screens act on
// RIGHTS_NOT_ATTESTED and empty_selection). The engine side is covered end to end in
// test/e2e/narration.test.ts; here a recording fetch pins the wire shape.
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../../renderer/src/api/request.ts';
import { ApiError } from '../../renderer/src/api/errors.ts';
import { NarrationClient } from '../../renderer/src/features/audiobooks/narration-client.ts';
import { VoicesClient } from '../../renderer/src/features/voices/voices-client.ts';

interface Call {
  url: string;
  method: string;
  body: unknown;
  auth: string | undefined;
}

function recorder(answer: () => Response): { fetch: FetchLike; calls: Call[] } {
  const calls: Call[] = [];
  return {
    calls,
    fetch: async (url, init) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      calls.push({
        url,
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        auth: headers.Authorization,
      });
      return answer();
    },
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const options = (fetch: FetchLike) => ({
  baseUrl: async () => 'http://127.0.0.1:9/',
  getToken: async () => 'tok',
  fetch,
});

const P = 'http://127.0.0.1:9/api/v1/audiobook/projects/p%201';

describe('NarrationClient', () => {
  it('sends each narration call to its route with its body and the studio token', async () => {
    const r = recorder(() => json(200, {}));
    const c = new NarrationClient(options(r.fetch));
    await c.batch('p 1', {});
    await c.batch('p 1', { chapter_ids: ['c1'], include_completed: true });
    await c.narrateParagraph('p 1', 'g1', { speed: 1.25, voice_id: 7 });
    await c.progress('p 1');
    await c.cancel('p 1');
    await c.takes('p 1', 'g1');
    await c.activateTake('p 1', 'g1', 't/1');
    await c.setNarratorVoice('p 1', null);
    expect(r.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `POST ${P}/narration/batch`,
      `POST ${P}/narration/batch`,
      `POST ${P}/paragraphs/g1/narrate`,
      `GET ${P}/narration/progress`,
      `POST ${P}/narration/cancel`,
      `GET ${P}/paragraphs/g1/takes`,
      `POST ${P}/paragraphs/g1/takes/t%2F1/activate`,
      `PUT ${P}`,
    ]);
    expect(r.calls.map((call) => call.body)).toEqual([
      {},
      { chapter_ids: ['c1'], include_completed: true },
      { speed: 1.25, voice_id: 7 },
      undefined,
      undefined,
      undefined,
      undefined,
      { selected_voice_id: null },
    ]);
    expect(new Set(r.calls.map((call) => call.auth))).toEqual(new Set(['Bearer tok']));
  });

  it('keeps the engine’s refusal code for the screens to act on', async () => {
    const r = recorder(() =>
      json(400, { detail: 'Attest that you hold the rights.', code: 'RIGHTS_NOT_ATTESTED' }),
    );
    const refused = await new NarrationClient(options(r.fetch)).batch('p', {}).catch((e) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe('RIGHTS_NOT_ATTESTED');
    expect((refused as ApiError).status).toBe(400);
    expect((refused as ApiError).detail).toBe('Attest that you hold the rights.');
  });
});

describe('VoicesClient', () => {
  it('sends the filters that are set and leaves the empty ones out', async () => {
    const r = recorder(() => json(200, { voices: [], total: 0, hasMore: false }));
    const c = new VoicesClient(options(r.fetch));
    await c.list({ search: 'eng lish', language: 'en-US', engine: 'espeak', skip: 50, limit: 50 });
    await c.list({ search: undefined, skip: 0, limit: 50 });
    await c.preview(42);
    await c.available('pt-BR');
    await c.available(null);
    await c.languages();
    const base = 'http://127.0.0.1:9/api/v1';
    expect(r.calls.map((call) => call.url.replace(base, ''))).toEqual([
      '/voice/voice-profiles?search=eng+lish&language=en-US&engine=espeak&skip=50&limit=50',
      '/voice/voice-profiles?skip=0&limit=50',
      '/voice/voice-profiles/42/preview',
      '/audiobook/voices/available?language=pt-BR',
      '/audiobook/voices/available',
      '/audiobook/voices/languages',
    ]);
  });
});
