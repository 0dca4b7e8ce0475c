// Sync, offload, between two real engines (docs/api/sync.md, "Offload"): a studio without the
// GTCRN pack takes a noise-reduction request on its own route, the hosted engine (which has the
// pack, from TAPEHOUSE_MODELS_DIR) runs it with the real model, progress is mirrored into the
// local job, the hosted account pays, and the denoised file lands in the studio's data folder.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realData, realModel } from '../helpers/requirements.ts';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtp-peer.ts';
import {
  call,
  registerHostedUser,
  startHosted,
  startStudio,
  type HostedUser,
  type RestartableEngine,
} from '../helpers/sync-engines.ts';

const model = realModel('denoise/gtcrn_simple.onnx');
const noisyDir = realData('noise/pairs_voicebank_demand/noisy');
const ready = model !== null && noisyDir !== null;

let smtp: SmtpPeer;
let hosted: RestartableEngine;
let studio: RestartableEngine;
let owner: HostedUser;

type Json = Record<string, unknown>;

function noisyFile(): string {
  const name = fs.readdirSync(noisyDir ?? '').find((f) => f.endsWith('.wav'));
  if (!name) throw new Error(`no noisy .wav under ${noisyDir}`);
  return path.join(noisyDir ?? '', name);
}

async function submit(file: string): Promise<Response> {
  const form = new FormData();
  form.set('quality_mode', 'balanced');
  form.set('file', new Blob([fs.readFileSync(file)], { type: 'audio/wav' }), path.basename(file));
  return fetch(`${studio.api}/denoiser/denoise`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${studio.token}` },
    body: form,
  });
}

beforeAll(async () => {
  if (!ready) return;
  smtp = await startSmtpPeer();
  hosted = await startHosted(smtp);
  // The studio has no model folder and no installed packs: it cannot denoise by itself.
  studio = await startStudio(hosted.url, { env: { TAPEHOUSE_MODELS_DIR: '' } });
  owner = await registerHostedUser(hosted, smtp);
  const linked = await call(studio, studio.token, 'POST', '/sync/link', {
    email: owner.email,
    password: owner.password,
  });
  expect(linked.body).toMatchObject({ state: 'linked', offload: false });
});

afterAll(async () => {
  await studio?.stop();
  await hosted?.stop();
  await smtp?.stop();
});

describe.runIf(ready)('offload to the hosted service', () => {
  it('without the owner’s consent, a missing pack is still 503 model_not_installed', async () => {
    const res = await submit(noisyFile());
    expect(res.status).toBe(503);
    expect(((await res.json()) as Json).code).toBe('model_not_installed');
  });

  it('with it, the same route runs on the hosted engine and the output is local', async () => {
    const allowed = await call(studio, studio.token, 'PUT', '/sync/settings', { offload: true });
    expect(allowed.body).toMatchObject({ offload: true });
    const hostedBefore = await call(hosted, owner.access, 'GET', '/credits');
    const localBefore = await call(studio, studio.token, 'GET', '/credits');

    const res = await submit(noisyFile());
    expect(res.status).toBe(202);
    const created = (await res.json()) as Json;
    expect(created).toMatchObject({ status: 'PENDING', quality_mode: 'balanced', engine: 'GTCRN' });

    const stages = new Set<string>();
    let job: Json = created;
    const until = Date.now() + 180_000;
    while (job.status !== 'COMPLETED' && job.status !== 'FAILED') {
      if (Date.now() > until) throw new Error(`offloaded job still ${String(job.status)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await call(studio, studio.token, 'GET', `/denoiser/jobs/${String(created.id)}`)).body;
      if (typeof job.stage === 'string') stages.add(job.stage);
    }
    expect(job.status, JSON.stringify(job)).toBe('COMPLETED');
    // Progress came from the hosted job (upload, its stages, download), mirrored here.
    expect([...stages].some((s) => /^(upload|hosted|download)/.test(s))).toBe(true);

    // The output is served by the studio, from its own data folder.
    const url = new URL(String(job.denoised_audio_url));
    expect(url.origin).toBe(studio.url);
    const audio = await fetch(url);
    expect(audio.status).toBe(200);
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    const local = await call(studio, studio.token, 'GET', `/jobs/${String(created.id)}`);
    const result = local.body.result as { audio: { file_key: string }; hosted: { job_id: string } };
    const meta = await call(studio, studio.token, 'GET', `/files/${result.audio.file_key}`);
    expect(meta.status).toBe(200);
    expect(Number(job.noise_reduction_db)).toBeGreaterThan(0);

    // The hosted account paid; the local ledger did not.
    const hostedJob = await call(
      hosted,
      owner.access,
      'GET',
      `/denoiser/jobs/${result.hosted.job_id}`,
    );
    expect(hostedJob.body).toMatchObject({ status: 'COMPLETED' });
    const charged = Number(hostedJob.body.credits_used);
    expect(charged).toBeGreaterThan(0);
    expect(job.credits_used).toBe(charged);
    const hostedAfter = await call(hosted, owner.access, 'GET', '/credits');
    expect(Number(hostedAfter.body.total_available_credits)).toBe(
      Number(hostedBefore.body.total_available_credits) - charged,
    );
    const localAfter = await call(studio, studio.token, 'GET', '/credits');
    expect(localAfter.body.total_credits_used).toBe(localBefore.body.total_credits_used);
    expect(localAfter.body.total_available_credits).toBe(localBefore.body.total_available_credits);
  });
});
