/**
 * Crash-test starters (see crash-starters.ts) for the jobs that need installed model packs:
 * voice cloning and voice conversion (generated packs of the published formats: PocketTTS, the
 * OpenVoice converter; installed over HTTP by model_install jobs in prepare), and the model
 * manager's own install and verify jobs.
 * Install and verify are io jobs that copy or hash a few small files; the restarted engine must
 * run them again to the end over what the held run already installed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeGeneratedPocketPack } from '../../engine/src/features/voices/cloning/generated/generated-clone-packs.ts';
import { writeGeneratedConversionPack } from '../../engine/src/features/voices/conversion/generated-openvoice-pack.ts';
import { fixtureFiles, manifestFor } from '../integration/models-fixtures.ts';
import { postForm, postJson, waitJob, type StartContext, type Starter } from './crash-starters.ts';
import { audioForm } from './voice-samples.ts';

const CLONE_PACK = 'clone-generated';
const CONVERSION_PACK = 'conversion-generated';
/** A pack no job selects (task "denoise" packs are chosen by id), for the install job. */
const SPARE_PACK = 'crash-spare';

/**
 * Writes the packs' sources and their manifests (before the engine starts, which reads the
 * manifests folder once); answers the source folders for the starters' state.
 */
export function writeCrashPacks(dir: string, manifestsDir: string): Record<string, string> {
  const clone = writeGeneratedPocketPack(path.join(dir, 'clone-pack'), CLONE_PACK);
  const conversion = writeGeneratedConversionPack(
    path.join(dir, 'conversion-pack'),
    CONVERSION_PACK,
  );
  const spareSource = path.join(dir, 'spare-pack');
  const files = fixtureFiles(7, 'spare');
  for (const file of files) {
    fs.mkdirSync(path.join(spareSource, path.dirname(file.path)), { recursive: true });
    fs.writeFileSync(path.join(spareSource, file.path), file.content);
  }
  // Installed from its folder, so no Hub listing to check: the sha256 pins stand alone.
  const cloneManifest = {
    ...clone.manifest,
    files: clone.manifest.files.map(({ hubVerified: _hub, ...file }) => file),
  };
  const manifests = [cloneManifest, conversion.manifest, manifestFor(SPARE_PACK, files)];
  for (const manifest of manifests)
    fs.writeFileSync(path.join(manifestsDir, `${manifest.id}.json`), JSON.stringify(manifest));
  return { cloneSource: clone.source, conversionSource: conversion.source, spareSource };
}

async function install(ctx: StartContext, pack: string, from: string): Promise<number> {
  const body = await postJson(ctx, `/model-packs/${pack}/install`, { from });
  return Number(body.id);
}

export async function installed(ctx: StartContext, pack: string, from: string): Promise<void> {
  const done = await waitJob(ctx, await install(ctx, pack, from), 120_000);
  if (done.status !== 'completed')
    throw new Error(`installing ${pack}: ${JSON.stringify(done).slice(0, 300)}`);
}

export const PACK_STARTERS: Record<string, Starter> = {
  voice_cloning: {
    prepare: async (ctx) => {
      await installed(ctx, CLONE_PACK, ctx.state.cloneSource ?? '');
    },
    start: async (ctx) => {
      const body = await postForm(
        ctx,
        '/voice/voice-profiles',
        audioForm(ctx.inputs.voiceSample, 'file', {
          name: `Crash ${Date.now()}`,
          denoise: 'false',
        }),
      );
      if (typeof body.clone_job_id !== 'number')
        throw new Error(`POST /voice/voice-profiles: no clone_job_id in ${JSON.stringify(body)}`);
      return body.clone_job_id;
    },
  },
  voice_conversion: {
    prepare: async (ctx) => {
      await installed(ctx, CONVERSION_PACK, ctx.state.conversionSource ?? '');
      const made = await postJson(ctx, '/voice/design', {
        design_prompt: 'A calm middle-aged woman with a warm, low voice.',
        num_samples: 1,
        seed: 1,
      });
      const previews = made.previews as { preview_id: string }[];
      const published = await postJson(ctx, '/voice/design/publish', {
        preview_id: previews[0]?.preview_id,
        name: 'Crash target',
      });
      ctx.state.conversionTarget = String(published.uuid);
    },
    start: async (ctx) => {
      const body = await postForm(
        ctx,
        '/voice/voice-convert',
        audioForm(ctx.inputs.speech, 'file', { voice_uuid: ctx.state.conversionTarget ?? '' }),
      );
      return Number(body.id);
    },
  },
  model_install: {
    start: async (ctx) => install(ctx, SPARE_PACK, ctx.state.spareSource ?? ''),
  },
  model_verify: {
    start: async (ctx) => Number((await postJson(ctx, `/model-packs/${CLONE_PACK}/verify`)).id),
  },
};

/**
 * One more io job, started once every io slot holds a held job: it is killed while queued, and
 * the restarted engine must run it (a queued job survives a crash as much as a running one).
 */
export const QUEUED_STARTER = {
  type: 'model_verify',
  start: async (ctx: StartContext): Promise<number> =>
    Number((await postJson(ctx, `/model-packs/${CONVERSION_PACK}/verify`)).id),
};
