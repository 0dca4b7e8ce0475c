// Audio to MIDI's refusals over real HTTP (document 3, "Audio to MIDI"): validation errors, bad
// audio that must fail clearly while the engine keeps serving, and other users' jobs.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ready,
  engine,
  work,
  serverUrl,
  run,
  auth,
  form,
  convert,
  waitDone,
  engineAlive,
  useMidiEngine,
} from '../helpers/midi-suite.ts';

useMidiEngine();

describe('POST /midi/convert refusals', () => {
  it('400 when both file and url are sent, and when neither is', async () => {
    const wav = path.join(work.dir, 'tone.wav');
    run(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', wav]);
    const both = await convert(
      form({ url: `${serverUrl}/bach.flac`, options: '{"split":false}' }, wav),
    );
    expect(both.status).toBe(400);
    expect(both.body.code).toBe('validation_error');
    expect(String(both.body.detail)).toMatch(/not both/);
    const neither = await convert(form({ stems: '["piano"]' }));
    expect(neither.status).toBe(400);
    expect(String(neither.body.detail)).toMatch(/file.*url/);
  });

  it.each([
    [
      'onset_threshold above 0.95',
      { options: '{"onset_threshold":0.99,"split":false}' },
      /onset_threshold/,
    ],
    [
      'frame_threshold below 0.05',
      { options: '{"frame_threshold":0.01,"split":false}' },
      /frame_threshold/,
    ],
    [
      'min_note_len_ms below 10',
      { options: '{"min_note_len_ms":5,"split":false}' },
      /min_note_len_ms/,
    ],
    ['tempo_bpm below 30', { options: '{"tempo_bpm":20,"split":false}' }, /tempo_bpm/],
    ['an unknown option', { options: '{"onset":0.5,"split":false}' }, /onset/],
    ['options that are not JSON', { options: '{split:false' }, /JSON/],
    ['an unknown stem', { stems: '["kazoo"]', options: '{"split":false}' }, /stems/],
    [
      'only skipped stems',
      { stems: '["drums","other"]', options: '{"split":false}' },
      /never transcribed/,
    ],
  ])('400 for %s', async (_name, fields, message) => {
    const wav = path.join(work.dir, 'tone.wav');
    run(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', wav]);
    const res = await convert(form(fields, wav));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
    expect(String(res.body.detail)).toMatch(message);
  });

  it('400 for a file that is not audio, and for an empty one; the engine keeps serving', async () => {
    const text = path.join(work.dir, 'list.wav');
    fs.writeFileSync(text, 'this is a shopping list, not a recording\n'.repeat(50));
    const notAudio = await convert(form({ options: '{"split":false}' }, text));
    expect(notAudio.status).toBe(400);
    expect(notAudio.body.code).toBe('invalid_audio');
    expect(String(notAudio.body.detail)).toMatch(/list\.wav/);
    const empty = path.join(work.dir, 'empty.wav');
    fs.writeFileSync(empty, '');
    const zero = await convert(form({ options: '{"split":false}' }, empty));
    expect(zero.status).toBe(400);
    expect(String(zero.body.detail)).toMatch(/empty/);
    await engineAlive();
  });

  it.runIf(ready)(
    'fails a corrupt MP3 clearly (at creation or as a FAILED job) and keeps serving',
    async () => {
      const good = path.join(work.dir, 'good.mp3');
      run(['-f', 'lavfi', '-i', 'sine=frequency=300:duration=3', '-c:a', 'libmp3lame', good]);
      const bytes = fs.readFileSync(good);
      const corrupt = Buffer.alloc(bytes.length);
      bytes.copy(corrupt, 0, 0, 64);
      for (let i = 64; i < corrupt.length; i++) corrupt[i] = (i * 7919) % 251;
      const file = path.join(work.dir, 'corrupt.mp3');
      fs.writeFileSync(file, corrupt);
      const res = await convert(form({ options: '{"split":false}' }, file));
      if (res.status === 202) {
        const job = await waitDone(res.body.id as number);
        expect(job.status).toBe('FAILED');
        expect(String(job.error_message)).toMatch(/damaged|not a media file|no audio|transcribed/i);
      } else {
        expect(res.status).toBe(400);
        expect(['invalid_audio', 'unsupported_media']).toContain(res.body.code);
      }
      await engineAlive();
    },
  );

  it('404 for another job id on status and delete', async () => {
    expect((await fetch(`${engine.api}/midi/status/999999`, { headers: auth() })).status).toBe(404);
    const del = await fetch(`${engine.api}/midi/jobs/999999`, {
      method: 'DELETE',
      headers: auth(),
    });
    expect(del.status).toBe(404);
  });
});
