// Audio to MIDI over real HTTP (document 3, "Audio to MIDI"): real ffmpeg and the real Basic
// Pitch model (nmp.onnx) through ONNX Runtime on a real piano render with MIDI ground truth,
// both input modes (file upload and url from a local server the owner allowed), the downloads
// parsed back as MIDI, and delete purging the outputs. Refusals: midi-refusals.test.ts; stems:
// midi-stems.test.ts.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchNotes } from '../../engine/src/features/music/midi/note-matching.ts';
import { startEngine } from '../helpers/engine.ts';
import { collectJobEvents } from '../helpers/sse.ts';
import {
  type Json,
  ready,
  engine,
  work,
  serverUrl,
  piano,
  tenHours,
  run,
  auth,
  form,
  convert,
  waitDone,
  engineAlive,
  groundTruth,
  midiAt,
  useMidiEngine,
} from '../helpers/midi-suite.ts';

useMidiEngine();

describe.runIf(ready)('POST /midi/convert with the real model', () => {
  let completed: Json;

  it('transcribes an uploaded piano render (split: false) with stages, tempo and downloads', async () => {
    const events = collectJobEvents(`${engine.api}/jobs/events`, engine.token);
    const created = await convert(
      form(
        { stems: '["piano"]', options: JSON.stringify({ split: false }) },
        piano,
        'Bach Prelude.flac',
      ),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    expect(created.body).toMatchObject({
      status: 'PENDING',
      mode: 'standalone',
      source_job_id: null,
      stems_requested: ['piano'],
      skipped_stems: [],
      original_filename: 'Bach Prelude.flac',
    });
    const job = await waitDone(created.body.id as number);
    events.close();
    expect(job.status, String(job.error_message)).toBe('COMPLETED');
    completed = job;
    const stages = new Set(
      events.events.filter((e) => e.job.id === job.id).map((e) => e.job.stage),
    );
    expect(stages.has('transcribe')).toBe(true);
    expect(stages.has('merge')).toBe(true);
    expect(job.progress).toBe(100);
    expect(job.stage).toBeNull();
    expect(job.failed_stems).toBeNull();
    expect(job.duration).toBe(20);
    expect(job.tempo_source).toBe('detected');
    expect(job.detected_tempo_bpm as number).toBeGreaterThan(30);
    expect(Object.keys(job.midi_urls as Json)).toEqual(['piano']);
    expect(job.stem_urls).toEqual({});

    const stem = await midiAt((job.midi_urls as Json).piano);
    expect(stem.tracks).toHaveLength(1);
    expect(stem.tracks[0]!.name).toBe('Piano');
    expect(stem.tracks[0]!.instrument.number).toBe(0);
    const estimated = stem.tracks[0]!.notes.map((n) => ({ onset: n.time, pitch: n.midi }));
    expect(estimated.length).toBe((job.note_counts as Json).piano);
    const scores = matchNotes(
      groundTruth(20),
      estimated.filter((n) => n.onset < 19.5),
    );
    expect(scores.recall).toBeGreaterThan(0.9);
    expect(scores.f1).toBeGreaterThan(0.6);

    const merged = await midiAt(job.merged_midi_url);
    expect(merged.header.tempos[0]!.bpm).toBeCloseTo(job.detected_tempo_bpm as number, 1);
    expect(merged.tracks[0]!.notes).toHaveLength(estimated.length);
  });

  it('honours tempo_bpm and the thresholds', async () => {
    const created = await convert(
      form(
        {
          stems: '["piano"]',
          options: JSON.stringify({
            split: false,
            tempo_bpm: 96,
            onset_threshold: 0.9,
            min_note_len_ms: 500,
          }),
        },
        piano,
      ),
    );
    expect(created.status).toBe(202);
    const job = await waitDone(created.body.id as number);
    expect(job.status).toBe('COMPLETED');
    expect(job.detected_tempo_bpm).toBe(96);
    expect(job.tempo_source).toBe('override');
    const merged = await midiAt(job.merged_midi_url);
    expect(merged.header.tempos[0]!.bpm).toBeCloseTo(96, 3);
    const strict = (job.note_counts as Record<string, number>).piano!;
    expect(strict).toBeLessThan((completed.note_counts as Record<string, number>).piano!);
    expect(merged.tracks[0]!.notes.every((n) => n.duration > 0.45)).toBe(true);
  });

  it('fetches a url input from a local server (redirect followed) and names the track by the stem', async () => {
    const created = await convert(
      form({ url: `${serverUrl}/moved`, stems: '["bass","drums"]', options: '{"split":false}' }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(202);
    expect(created.body.original_filename).toBe('bach.flac');
    expect(created.body.skipped_stems).toEqual(['drums']);
    const job = await waitDone(created.body.id as number);
    expect(job.status).toBe('COMPLETED');
    expect(Object.keys(job.midi_urls as Json)).toEqual(['bass']);
    const midi = await midiAt((job.midi_urls as Json).bass);
    expect(midi.tracks[0]!.name).toBe('Bass');
    expect(midi.tracks[0]!.instrument.number).toBe(33);
  });

  it('refuses a loopback url when the owner has not opted in', async () => {
    const plain = await startEngine();
    try {
      const res = await convert(
        form({ url: `${serverUrl}/bach.flac`, options: '{"split":false}' }),
        plain,
      );
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_error');
      expect(String(res.body.detail)).toMatch(/loopback|this machine|not a public/i);
    } finally {
      await plain.stop();
    }
  });

  it('lists jobs newest first with skip and limit, and deletes one, purging its outputs', async () => {
    const list = (await (
      await fetch(`${engine.api}/midi/jobs?skip=0&limit=2`, { headers: auth() })
    ).json()) as Json;
    expect(list.total as number).toBeGreaterThanOrEqual(3);
    expect((list.jobs as Json[]).length).toBe(2);
    expect(list.has_more).toBe(true);
    const ids = (list.jobs as Json[]).map((j) => j.id as number);
    expect(ids[0]).toBeGreaterThan(ids[1]!);

    const id = completed.id as number;
    const fresh = (await (
      await fetch(`${engine.api}/midi/status/${id}`, { headers: auth() })
    ).json()) as Json;
    const url = fresh.merged_midi_url as string;
    expect((await fetch(url)).status).toBe(200);
    const del = await fetch(`${engine.api}/midi/jobs/${id}`, { method: 'DELETE', headers: auth() });
    expect(del.status).toBe(204);
    expect((await fetch(`${engine.api}/midi/status/${id}`, { headers: auth() })).status).toBe(404);
    expect([404, 410]).toContain((await fetch(url)).status);
    const after = (await (
      await fetch(`${engine.api}/midi/jobs?limit=100`, { headers: auth() })
    ).json()) as Json;
    expect((after.jobs as Json[]).some((j) => j.id === id)).toBe(false);
    expect(after.total).toBe((list.total as number) - 1);
    expect(
      (await fetch(`${engine.api}/midi/jobs/${id}`, { method: 'DELETE', headers: auth() })).status,
    ).toBe(404);
  });

  it('transcribes short silence to a correct empty result', async () => {
    const silence = path.join(work.dir, 'silence.wav');
    run(['-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=stereo', '-t', '5', silence]);
    const created = await convert(
      form({ stems: '["piano"]', options: '{"split":false}' }, silence),
    );
    const job = await waitDone(created.body.id as number);
    expect(job.status).toBe('COMPLETED');
    expect(job.note_counts).toEqual({ piano: 0 });
    expect(job.detected_tempo_bpm).toBeNull();
    expect(job.tempo_source).toBe('default');
    const midi = await midiAt(job.merged_midi_url);
    expect(midi.tracks[0]!.notes).toHaveLength(0);
    expect(midi.header.tempos[0]!.bpm).toBeCloseTo(120, 3);
  });

  it('refuses ten hours of silence as too long, before charging', async () => {
    const res = await convert(form({ options: '{"split":false}' }, tenHours));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_audio');
    expect(String(res.body.detail)).toMatch(/at most 30 minutes/);
    await engineAlive();
  });
});
