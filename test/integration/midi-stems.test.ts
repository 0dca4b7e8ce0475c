// Audio to MIDI with the stems feature over real HTTP (document 3, "Audio to MIDI"): split: true
// on a real multi-instrument mix, and the from-stems route with its refusals.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectJobEvents } from '../helpers/sse.ts';
import {
  type Json,
  music,
  ready,
  engine,
  work,
  run,
  auth,
  form,
  convert,
  waitDone,
  creditsUsed,
  engineAlive,
  midiAt,
  useMidiEngine,
} from '../helpers/midi-suite.ts';

useMidiEngine();

describe.runIf(ready)('split: true and from-stems with the stems feature', () => {
  let mix = '';
  beforeAll(() => {
    // 8 s of the Slakh excerpt: bass, drums and other instruments, no vocals.
    mix = path.join(work.dir, 'slakh-mix.flac');
    run([
      '-i',
      path.join(music!, '../slakh_track00001/audio_excerpt_90-121s/mix.flac'),
      '-t',
      '8',
      mix,
    ]);
  });

  it('separates the requested stems, transcribes each, and never uses the mix for a stem it cannot make', async () => {
    const events = collectJobEvents(`${engine.api}/jobs/events`, engine.token);
    const before = await creditsUsed();
    const created = await convert(form({ stems: '["bass","piano","drums"]' }, mix, 'song.flac'));
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    expect(created.body.options).toMatchObject({ split: true });
    const job = await waitDone(created.body.id as number);
    events.close();
    expect(job.status, String(job.error_message)).toBe('COMPLETED');
    const stages = new Set(
      events.events.filter((e) => e.job.id === job.id).map((e) => e.job.stage),
    );
    expect(stages.has('split')).toBe(true);
    expect(stages.has('transcribe')).toBe(true);
    expect(job.skipped_stems).toEqual(['drums']);
    // The split delivered a stem: the stem separation base rate (660) + the add-on (165).
    expect((await creditsUsed()) - before).toBe(825);
    const engines = job.stem_engines as Record<string, { engine: string; tier: string }>;
    expect(Object.keys(job.midi_urls as Json)).toContain('bass');
    expect(engines.bass?.tier).toMatch(/^(dsp|neural)$/);
    // piano: transcribed only from a separator that makes it, else failed with the reason.
    if ((job.midi_urls as Json).piano === undefined) {
      expect((job.failed_stems as Record<string, string>).piano).toMatch(
        /no installed separation engine/,
      );
      expect(job.stem_urls).not.toHaveProperty('piano');
    } else {
      expect(engines.piano?.tier).toBe('neural');
    }
    const stemAudio = await fetch((job.stem_urls as Record<string, string>).bass!);
    expect(stemAudio.status).toBe(200);
    expect(stemAudio.headers.get('content-type')).toMatch(/audio\/wav/);
    const merged = await midiAt(job.merged_midi_url);
    expect(merged.tracks.map((t) => t.name)).toContain('Bass');
    // The separator's own files were handed over and removed; only the file store keeps them.
    const direct = path.join(engine.home, 'stems', 'direct');
    const left = fs.existsSync(direct) ? fs.readdirSync(direct) : [];
    expect(left).toEqual([]);
  });

  it('transcribes a finished stem job (no re-split), refuses stems it lacks, and 410 once purged', async () => {
    const body = new FormData();
    body.set('mode', 'four');
    body.set('file', new Blob([fs.readFileSync(mix)]), 'song.flac');
    const stem = await fetch(`${engine.api}/stem-extraction/api/extract`, {
      method: 'POST',
      headers: auth(),
      body,
    });
    expect(stem.status).toBe(202);
    const stemJobId = ((await stem.json()) as { job: { id: number } }).job.id;
    const until = Date.now() + 300_000;
    for (;;) {
      const job = (await (
        await fetch(`${engine.api}/jobs/${stemJobId}`, { headers: auth() })
      ).json()) as Json;
      if (job.status === 'completed') break;
      expect(['queued', 'running']).toContain(job.status);
      if (Date.now() > until) throw new Error('stem job did not finish');
      await new Promise((r) => setTimeout(r, 300));
    }
    const fromStems = (stems?: string[]) =>
      fetch(`${engine.api}/midi/convert/from-stems/${stemJobId}`, {
        method: 'POST',
        headers: { ...auth(), 'Content-Type': 'application/json' },
        body: JSON.stringify(stems ? { stems } : {}),
      });

    const lacking = await fromStems(['piano']);
    expect(lacking.status).toBe(400);
    expect(((await lacking.json()) as Json).detail).toMatch(/has no piano/);

    const created = await fromStems();
    const createdBody = (await created.json()) as Json;
    expect(created.status, JSON.stringify(createdBody)).toBe(202);
    expect(createdBody).toMatchObject({ mode: 'from_stems', source_job_id: stemJobId });
    expect(createdBody.stems_requested).toEqual(['bass', 'vocals', 'drums', 'other']);
    const job = await waitDone(createdBody.id as number);
    expect(job.status, String(job.error_message)).toBe('COMPLETED');
    expect(job.skipped_stems).toEqual(['drums', 'other']);
    expect(Object.keys(job.midi_urls as Json).sort()).toEqual(['bass', 'vocals']);
    expect(job.stem_urls).toEqual({});
    expect(job.tempo_source).toBe('detected');

    fs.rmSync(path.join(engine.home, 'stems', String(stemJobId)), { recursive: true, force: true });
    const gone = await fromStems();
    expect(gone.status).toBe(410);
    expect(((await gone.json()) as Json).code).toBe('gone');
    await engineAlive();
  });

  it('from-stems: 404 for a stem job that does not exist', async () => {
    const res = await fetch(`${engine.api}/midi/convert/from-stems/987654`, {
      method: 'POST',
      headers: { ...auth(), 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(404);
  });
});
