// Sync, forwarded webhooks, between two real engines (docs/api/sync.md, "Events"): a studio's
// narration `job.completed` reaches a signed receiver registered on the hosted account; with the
// hosted service stopped the studio keeps working and its queue grows, and once it is back every
// event is delivered exactly once, in order. The receiver checks signatures with its own code.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSineWav } from '../helpers/audio-fixtures.ts';
import { client, createProject, paragraphsOf, paste, waitForJob } from '../helpers/audiobook.ts';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtp-peer.ts';
import {
  call,
  registerHostedUser,
  startHosted,
  startStudio,
  type HostedUser,
  type RestartableEngine,
} from '../helpers/sync-engines.ts';
import { makeTempDir } from '../helpers/temp-dir.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

let smtp: SmtpPeer;
let receiver: WebhookReceiver;
let hosted: RestartableEngine;
let studio: RestartableEngine;
let owner: HostedUser;
let endpointId = '';
const temp = makeTempDir();

beforeAll(async () => {
  smtp = await startSmtpPeer();
  receiver = await startWebhookReceiver(null);
  hosted = await startHosted(smtp, { receiverPort: receiver.port });
  studio = await startStudio(hosted.url);
  owner = await registerHostedUser(hosted, smtp);
  const endpoint = await call(hosted, owner.access, 'POST', '/webhooks/endpoints', {
    url: receiver.url,
    events: ['job.completed', 'job.failed', 'job.cancelled'],
  });
  expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
  endpointId = String(endpoint.body.id);
  receiver.secret = String(endpoint.body.secret);
  const linked = await call(studio, studio.token, 'POST', '/sync/link', {
    email: owner.email,
    password: owner.password,
  });
  expect(linked.body).toMatchObject({ state: 'linked' });
});

afterAll(async () => {
  await studio?.stop();
  await hosted?.stop();
  await receiver?.close();
  await smtp?.stop();
  temp.cleanup();
});

/** Waits until the studio's outbox is empty (the runner forwards soon after each event). */
async function drained(): Promise<Record<string, unknown>> {
  const until = Date.now() + 20_000;
  for (;;) {
    const status = await call(studio, studio.token, 'POST', '/sync/run');
    if (status.body.queue_length === 0) return status.body;
    if (Date.now() > until) throw new Error(`queue still ${String(status.body.queue_length)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function analyse(name: string): Promise<number> {
  const api = client(studio, studio.token);
  const upload = await fetch(`${studio.api}/files`, {
    method: 'POST',
    headers: { ...api.headers, 'Content-Type': 'audio/wav' },
    body: fs.readFileSync(makeSineWav(temp.dir, name, 1)),
  });
  expect(upload.status).toBe(201);
  const { file_key } = (await upload.json()) as { file_key: string };
  const job = await api.post<{ id: number }>('/analysis', { file_key });
  expect(job.status).toBe(202);
  const done = await waitForJob(api, job.body.id);
  expect(done.status).toBe('completed');
  return job.body.id;
}

describe('forwarded job events', () => {
  it('a local narration’s job.completed reaches the receiver on the hosted account, signed', async () => {
    const api = client(studio, studio.token);
    const project = await createProject(api, { title: 'Forwarded' });
    expect((await paste(api, project.id, 'Chapter 1\n\nThe tide came in slowly.')).status).toBe(
      200,
    );
    expect((await api.post(`/audiobook/projects/${project.id}/rights-attestation`)).status).toBe(
      200,
    );
    const chapters = await api.get<{ chapters: { id: string }[] }>(
      `/audiobook/projects/${project.id}/chapters`,
    );
    const [line] = await paragraphsOf(api, project.id, chapters.body.chapters[0]?.id ?? '');
    const started = await api.post<{ task_id: number }>(
      `/audiobook/projects/${project.id}/paragraphs/${line?.id ?? ''}/narrate`,
    );
    expect(started.status).toBe(202);
    expect((await waitForJob(api, started.body.task_id)).status).toBe('completed');

    const [hook] = await receiver.waitFor(1, 30_000);
    expect(hook?.signatureValid).toBe(true);
    expect(hook?.body).toMatchObject({
      event_type: 'job.completed',
      job_id: started.body.task_id,
      job_type: 'audiobook',
      status: 'completed',
    });
    expect(hook?.headers['x-service-event-id']).toBe(hook?.body.event_id);
    expect(hook?.headers['x-service-event']).toBe('job.completed');
    const status = await drained();
    expect(status).toMatchObject({ forwarded_total: 1, last_error: null });
  });

  it('hosted down: local work goes on and the queue grows; back: each event once, in order', async () => {
    await hosted.halt();
    const jobs: number[] = [];
    for (const name of ['one.wav', 'two.wav', 'three.wav']) jobs.push(await analyse(name));

    // Sync answers at once and says what is wrong; nothing local waited for the hosted service.
    const offline = await call(studio, studio.token, 'POST', '/sync/run');
    expect(offline.status).toBe(200);
    expect(offline.body).toMatchObject({ state: 'linked', queue_length: 3 });
    expect(String(offline.body.last_error)).toMatch(/could not be reached/);
    expect((await call(studio, studio.token, 'GET', '/credits')).status).toBe(200);
    expect(receiver.received).toHaveLength(1);

    await hosted.restart();
    const status = await drained();
    expect(status).toMatchObject({ queue_length: 0, forwarded_total: 4, last_error: null });
    const hooks = (await receiver.waitFor(4, 30_000)).slice(1);
    expect(hooks.every((h) => h.signatureValid)).toBe(true);
    expect(hooks.map((h) => h.body.job_id).sort()).toEqual([...jobs].sort());

    // In order: the hosted service queued them as they happened on the studio.
    const log = await call(
      hosted,
      owner.access,
      'GET',
      `/webhooks/endpoints/${endpointId}/deliveries`,
    );
    const queued = (log.body.deliveries as { payload: { job_id: number } }[])
      .map((d) => d.payload.job_id)
      .reverse();
    expect(queued.slice(1)).toEqual(jobs);
    const created = hooks.map((h) => String(h.body.created_at));
    expect([...created].sort()).toEqual(
      jobs.map((id) => String(hooks.find((h) => h.body.job_id === id)?.body.created_at)),
    );

    // A batch sent again (an answer lost on the way) is recognised: nobody hears it twice.
    const tokens = JSON.parse(
      Object.values(
        (
          JSON.parse(fs.readFileSync(`${studio.home}/sync-credentials.json`, 'utf8')) as {
            secrets: Record<string, string>;
          }
        ).secrets,
      )[0] ?? '{}',
    ) as { access_token: string };
    const again = await call(hosted, tokens.access_token, 'POST', '/webhooks/ingest', {
      events: hooks.map((h) => ({
        event_id: h.body.event_id,
        event_type: h.body.event_type,
        created_at: h.body.created_at,
        payload: h.body,
      })),
    });
    expect(again.status).toBe(200);
    expect((again.body.results as { outcome: string }[]).map((r) => r.outcome)).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.received).toHaveLength(4);
    expect(new Set(receiver.received.map((h) => h.body.event_id)).size).toBe(4);
  });

  it('the ingest route takes sessions only, and only job events', async () => {
    const key = await call(hosted, owner.access, 'POST', '/auth/api-keys', {
      name: 'script',
      scopes: ['*'],
    });
    const event = {
      event_id: '4c7f6a9e-1c2b-4f7e-9a51-0b3c2d1e0f99',
      event_type: 'job.completed',
      created_at: new Date().toISOString(),
      payload: {},
    };
    const byKey = await fetch(`${hosted.api}/webhooks/ingest`, {
      method: 'POST',
      headers: { 'X-API-Key': String(key.body.api_key), 'Content-Type': 'application/json' },
      body: JSON.stringify({ events: [event] }),
    });
    expect(byKey.status).toBe(403);
    const test = await call(hosted, owner.access, 'POST', '/webhooks/ingest', {
      events: [{ ...event, event_type: 'webhook.test' }],
    });
    expect(test.status).toBe(400);
  });
});
