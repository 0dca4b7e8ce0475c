// The article reader (document 3) against a realistic article page on a local server: a site
// with navigation, ads, a related-stories aside, comments and a footer. Readability (over
// linkedom) finds the article, the embedded eSpeak NG voice narrates it (standard narration,
// free), and the narrated word count stays within 5 % of the body's. The public view needs no
// credential and shows nothing but title, audio and duration; the per-job webhook_url gets a
// callback signed like our webhooks.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTICLE_BODY,
  ARTICLE_TITLE,
  articlePage,
  bodyWordCount,
  FURNITURE_PHRASES,
} from '../helpers/article-page.ts';
import { systemFfmpeg } from '../helpers/audio-fixtures.ts';
import { UNPRIVILEGED_PORTS, startEngine, type TestEngine } from '../helpers/engine.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import {
  startWebhookReceiver,
  verifySignature,
  type WebhookReceiver,
} from '../helpers/webhook-receiver.ts';
import { startLocalWeb, type LocalWeb } from '../helpers/web-server.ts';

type Json = Record<string, unknown>;

let engine: TestEngine;
let web: LocalWeb;
let receiver: WebhookReceiver;
const temp = makeTempDir();

async function call(method: string, route: string, body?: unknown, auth = true) {
  const res = await fetch(`${engine.api}${route}`, {
    method,
    headers: {
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
      ...(auth && { Authorization: `Bearer ${engine.token}` }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    json: (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : {}) as Json,
  };
}

async function waitForJob(id: unknown): Promise<void> {
  for (;;) {
    const job = await call('GET', `/jobs/${String(id)}`);
    if (['completed', 'failed', 'cancelled'].includes(String(job.json.status))) {
      expect(job.json.error_message).toBeNull();
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  web = await startLocalWeb(path.join(temp.dir, 'site'));
  web.page('/island/night-ferry', articlePage());
  receiver = await startWebhookReceiver(null);
  engine = await startEngine({
    fetchAllowLoopback: [web.port],
    fetchTimeoutSeconds: 4,
    webhooksLoopbackPorts: UNPRIVILEGED_PORTS,
  });
}, 120_000);

afterAll(async () => {
  await engine?.stop();
  await web?.close();
  await receiver?.close();
  temp.cleanup();
});

describe('article reader', { timeout: 240_000 }, () => {
  let jobId = 0;

  it('estimates without charging: measured from the page, or a baseline when unreachable', async () => {
    const measured = await call('POST', '/reader/estimate', {
      url: `${web.url}/island/night-ferry`,
    });
    expect(measured.status).toBe(200);
    expect(measured.json).toMatchObject({
      is_premium: false,
      estimated_credits: 0,
      measured: true,
    });
    expect(measured.json.title).toBe(ARTICLE_TITLE);
    const words = measured.json.word_count as number;
    expect(Math.abs(words - bodyWordCount()) / bodyWordCount()).toBeLessThan(0.05);

    const unreachable = await call('POST', '/reader/estimate', { url: `${web.url}/gone` });
    expect(unreachable.status).toBe(200);
    expect(unreachable.json.measured).toBe(false);
    expect(String(unreachable.json.note)).toMatch(/baseline/);

    const both = await call('POST', '/reader/estimate', { url: `${web.url}/x`, content: 'text' });
    expect(both.status).toBe(400);
  });

  it('narrates the article and nothing else, within 5 % of its word count', async () => {
    const res = await call('POST', '/reader/generate', {
      url: `${web.url}/island/night-ferry`,
      webhook_url: `${receiver.url}/reader-hook`,
      show_branding: false,
    });
    expect(res.status).toBe(202);
    expect(res.json.status).toBe('processing');
    expect(String(res.json.webhook_secret)).toMatch(/^whsec_/);
    receiver.secret = String(res.json.webhook_secret);
    jobId = res.json.id as number;

    // What the job will speak: the body, and none of the page's furniture.
    const input = engine.engine.services.jobRepo.get(jobId)?.input as { paragraphs: string[] };
    const spoken = input.paragraphs.join('\n');
    expect(spoken).toContain(ARTICLE_BODY[0]!.slice(0, 60));
    expect(spoken).toContain(ARTICLE_BODY.at(-1)!.slice(-60));
    for (const phrase of FURNITURE_PHRASES) expect(spoken).not.toContain(phrase);

    await waitForJob(jobId);
    const done = await call('GET', `/reader/${jobId}`);
    expect(done.json.status).toBe('completed');
    expect(done.json.title).toBe(ARTICLE_TITLE);
    const narrated = done.json.word_count as number;
    expect(Math.abs(narrated - bodyWordCount()) / bodyWordCount()).toBeLessThan(0.05);
    expect(done.json.audio_duration_seconds as number).toBeGreaterThan(60);

    const audio = await fetch(String(done.json.audio_url));
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    const file = path.join(temp.dir, 'article.mp3');
    fs.writeFileSync(file, Buffer.from(await audio.arrayBuffer()));
    let described = '';
    try {
      execFileSync(systemFfmpeg(), ['-hide_banner', '-i', file], { stdio: 'pipe' });
    } catch (error) {
      described = String((error as { stderr?: Buffer }).stderr);
    }
    expect(described).toMatch(/Audio: mp3/);
    // Standard narration is free.
    expect(done.json.credits_reserved).toBe(0);
  });

  it('sends the job’s callback, signed like our webhooks', async () => {
    await receiver.waitFor(1, 20_000);
    const hook = receiver.received[0]!;
    expect(hook.headers['x-service-event']).toBe('job.completed');
    expect(verifySignature(receiver.secret, hook.headers, hook.rawBody)).toBe(true);
    expect(hook.body).toMatchObject({
      job_id: jobId,
      job_type: 'reader',
      status: 'completed',
      title: ARTICLE_TITLE,
    });
    expect(String(hook.body.audio_url)).toContain('/api/v1/downloads/');
  });

  it('the public view needs no credential and shows only title, audio and duration', async () => {
    const view = await call('GET', `/reader/public/${jobId}`, undefined, false);
    expect(view.status).toBe(200);
    expect(Object.keys(view.json).sort()).toEqual(
      ['audio_duration_seconds', 'audio_url', 'id', 'show_branding', 'status', 'title'].sort(),
    );
    const audio = await fetch(String(view.json.audio_url));
    expect(audio.status).toBe(200);

    const embed = await call('GET', `/reader/public/${jobId}/embed`, undefined, false);
    expect(embed.status).toBe(200);
    expect(embed.headers.get('content-type')).toMatch(/text\/html/);
    expect(embed.headers.get('content-security-policy')).toMatch(/frame-ancestors \*/);
    expect(embed.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(embed.headers.get('x-frame-options')).toBeNull();
    expect(embed.text).toContain('<audio controls');
    expect(embed.text).not.toContain('Narrated with Tapehouse'); // show_branding: false
    expect(embed.text).not.toContain('<script');

    // The studio keeps refusing to be framed.
    const studio = await fetch(`${engine.url}/`);
    expect(studio.headers.get('x-frame-options')).toBe('DENY');
  });

  it('narrates pasted content with a title override; lists and deletes', async () => {
    const res = await call('POST', '/reader/generate', {
      content: 'Short note\n\nThe tide turns twice a day.\n\nThe ferry leaves at ten.',
      title: 'Tide note',
    });
    expect(res.status).toBe(202);
    await waitForJob(res.json.id);
    const list = await call('GET', '/reader/?per_page=10');
    expect((list.json.items as Json[]).map((j) => j.title)).toEqual(['Tide note', ARTICLE_TITLE]);
    expect(list.json.total).toBe(2);

    const audioUrl = String((await call('GET', `/reader/${res.json.id}`)).json.audio_url);
    expect((await call('DELETE', `/reader/${res.json.id}`)).status).toBe(204);
    expect((await call('GET', `/reader/${res.json.id}`)).status).toBe(404);
    expect((await call('GET', `/reader/public/${res.json.id}`, undefined, false)).status).toBe(404);
    expect((await fetch(audioUrl)).status).toBe(410);
    expect((await call('GET', '/reader/')).json.total).toBe(1);
  });

  it('narrates with a designed voice by its name, id or UUID, as the voice list shows it', async () => {
    // The defect (issue 29): the reader looked voices up without the owner, so a designed voice
    // the Voices page and the cast pickers offered ("Morag") gave "No voice".
    const made = await call('POST', '/voice/design', {
      design_prompt: 'A gentle Scottish woman in her fifties, speaking slowly and warmly.',
      num_samples: 1,
      seed: 3,
    });
    expect(made.status, made.text).toBe(200);
    const previews = made.json.previews as { preview_id: string }[];
    const published = await call('POST', '/voice/design/publish', {
      preview_id: previews[0]?.preview_id,
      name: 'Morag',
    });
    expect(published.status, published.text).toBeLessThan(300);
    const listed = await call('GET', '/voice/voice-profiles?voice_type=CUSTOM');
    const morag = (listed.json.voices as Json[]).find((v) => v.name === 'Morag');
    expect(morag, 'the designed voice is in the caller’s voice list').toBeDefined();

    for (const voice of ['Morag', Number(morag?.voice_id), String(published.json.uuid)]) {
      const estimate = await call('POST', '/reader/estimate', { content: 'A line.', voice });
      expect(estimate.status, `${String(voice)}: ${estimate.text}`).toBe(200);
    }
    const res = await call('POST', '/reader/generate', {
      content: 'Morag reads\n\nThe harbour lights came on one by one.',
      voice: 'Morag',
    });
    expect(res.status, res.text).toBe(202);
    await waitForJob(res.json.id);
    const done = await call('GET', `/reader/${String(res.json.id)}`);
    expect(done.json.status).toBe('completed');
    expect(Number(done.json.audio_duration_seconds)).toBeGreaterThan(1);
    expect((await call('DELETE', `/reader/${String(res.json.id)}`)).status).toBe(204);
  });

  it('refuses a private webhook_url and an unknown voice before anything is made', async () => {
    const hook = await call('POST', '/reader/generate', {
      content: 'A line to read.',
      webhook_url: 'https://10.1.2.3/hook',
    });
    expect(hook.status).toBe(400);
    expect(String(hook.json.detail)).toMatch(/webhook_url/);
    const voice = await call('POST', '/reader/generate', {
      content: 'A line.',
      voice: 'no-such-voice',
    });
    expect(voice.status).toBe(404);
  });
});
