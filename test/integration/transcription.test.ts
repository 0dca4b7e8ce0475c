// Document 2, "Transcription": uploads and source_urls on the real pipeline — real speech
// (LibriSpeech readers, Picovoice clips), the real Silero VAD, sherpa-onnx running a Whisper pair
// of the published export signature with a scripted decoder and the real tiktoken vocabulary.
// Uploads with repeated files, source_urls through the guarded fetcher, credits, and the bad
// inputs that must cost nothing. Speakers and webhooks: transcription-speakers.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { files as fileRows } from '../../engine/src/db/schema/files.ts';
import {
  engine,
  files,
  api,
  upload,
  finished,
  type Result,
  balance,
  useTranscriptionEngine,
} from '../helpers/transcription-suite.ts';
import { realData, realModel } from '../helpers/requirements.ts';

// Declared here as well as in the suite: `ready` narrows `speech` only for a const of this file.
const tiktoken = realModel('asr/whisper-assets/multilingual.tiktoken');
const vad = realModel('vad/silero_vad.onnx');
const speech = realData('speech');
const ready = tiktoken !== null && vad !== null && speech !== null;

useTranscriptionEngine();

describe('POST /transcription/transcribe-upload', () => {
  it(
    'transcribes repeated files into one result with word times, confidence and exports',
    { timeout: 120_000 },
    async () => {
      if (!ready) return;
      const clip = path.join(speech, 'picovoice_multilingual', 'test.wav');
      const before = await balance();
      const created = await upload([
        { name: 'files', file: clip, filename: 'one.wav' },
        { name: 'files', file: path.join(speech, 'picovoice_multilingual', 'test_de.wav') },
        { name: 'language', value: 'en' },
      ]);
      expect(created.status).toBe(202);
      expect(created.body).toMatchObject({
        status: 'PENDING',
        filenames: ['one.wav', 'test_de.wav'],
      });
      // 5.86 s + 5.26 s: one started minute at 20 credits (GET /credits/multipliers).
      expect(created.body.estimated_duration).toBeCloseTo(11.12, 1);
      expect(created.body.estimated_credits).toBe(20);
      const jobId = created.body.job_id as number;
      const status = await finished(jobId);
      expect(status).toMatchObject({
        status: 'COMPLETED',
        job_type: 'transcription',
        progress: 100,
      });
      expect(before - (await balance())).toBe(20);

      const { body: result } = await api<Result>('GET', `/transcription/result/${jobId}`);
      expect(result.text).toBe('Hello there. Hello there.');
      expect(result.segments.map((s) => s.file_index)).toEqual([0, 1]);
      expect(result.segments.map((s) => s.id)).toEqual([0, 1]);
      for (const s of result.segments) {
        expect(s.speaker).toBeNull();
        expect(s.start).toBeGreaterThan(0.2);
        expect(s.end).toBeGreaterThan(s.start + 3);
        // Word times come from forced alignment of the segment's text; its match is the confidence.
        expect(s.words.map((w) => w.word)).toEqual(['Hello', 'there']);
        expect(s.confidence).not.toBeNull();
        expect(s.words[0]!.start).toBeGreaterThanOrEqual(s.start);
      }
      expect(result.files[0]?.audio_url).toMatch(/\/api\/v1\/downloads\//);

      const job = await api<{ filenames: string[]; model_type: string; credits_reserved: number }>(
        'GET',
        `/transcription/jobs/${jobId}`,
      );
      expect(job.body).toMatchObject({
        model_type: 'standard',
        filenames: ['one.wav', 'test_de.wav'],
      });

      const srt = await api<string>('GET', `/transcription/transcript/${jobId}?format=srt`);
      // The second file's cues follow the first file (5.86 s later).
      expect(srt.body).toMatch(
        /^1\n00:00:00,\d{3} --> 00:00:05,\d{3}\nHello there\.\n\n2\n00:00:06,/,
      );
      const vtt = await api<string>('GET', `/transcription/transcript/${jobId}?format=vtt`);
      expect(vtt.body.startsWith('WEBVTT\n\n')).toBe(true);
      const txt = await api<string>('GET', `/transcription/transcript/${jobId}?format=txt`);
      expect(txt.body).toBe('Hello there. Hello there.\n');
      const json = await api<{ segments: { words: unknown[] }[] }>(
        'GET',
        `/transcription/transcript/${jobId}`,
      );
      expect(json.body.segments[0]?.words).toHaveLength(2);
    },
  );

  it('refuses neither files, both files and source_urls, junk, 0 bytes and a bad language — charging nothing', async () => {
    const before = await balance();
    const neither = await upload([{ name: 'language', value: 'en' }]);
    expect(neither.status).toBe(400);
    expect(neither.body.code).toBe('validation_error');
    expect(String(neither.body.detail)).toMatch(/files is required/);
    const wav = new Uint8Array(
      fs.readFileSync(path.join(speech ?? '', 'picovoice_multilingual', 'test.wav')),
    );
    const both = await upload([
      { name: 'files', bytes: wav, filename: 'a.wav' },
      { name: 'source_urls', value: `${files.url}/clip.wav` },
    ]);
    expect(both.status).toBe(400);
    expect(String(both.body.detail)).toMatch(/not both/);
    const junk = await upload([
      { name: 'files', bytes: new TextEncoder().encode('not audio'), filename: 'a.wav' },
    ]);
    expect(junk.status).toBe(400);
    expect(junk.body.code).toBe('invalid_audio');
    const empty = await upload([{ name: 'files', bytes: new Uint8Array(0), filename: 'a.wav' }]);
    expect(empty.status).toBe(400);
    expect(String(empty.body.detail)).toMatch(/empty/);
    if (!ready) return;
    const klingon = await upload([
      { name: 'files', bytes: wav, filename: 'a.wav' },
      { name: 'language', value: 'tlh' },
    ]);
    expect(klingon.status).toBe(400);
    const badCount = await upload([
      { name: 'files', bytes: wav, filename: 'a.wav' },
      { name: 'min_speakers', value: 'three' },
    ]);
    expect(badCount.status).toBe(400);
    expect(await balance()).toBe(before);
    // Nothing of the refused uploads stays in the caller's files.
    const kept = engine.engine.services.db.select().from(fileRows).all();
    const jobFiles = engine.engine.services.jobRepo
      .list({
        ownerId: 'local-owner',
        types: ['transcription', 'speaker_diarization'],
        limit: 100,
        offset: 0,
      })
      .rows.flatMap((j) =>
        (j.input as { files: { file_key: string }[] }).files.map((f) => f.file_key),
      );
    expect(kept.filter((f) => !jobFiles.includes(f.key))).toEqual([]);
  });
});

describe('POST /transcription/transcribe (source_urls)', () => {
  it('fetches through the guarded fetcher and transcribes', async () => {
    if (!ready) return;
    const created = await api<{ job_id: number; source_urls: string[] }>(
      'POST',
      '/transcription/transcribe',
      { source_urls: [`${files.url}/clip.wav`], enable_word_timestamps: false },
    );
    expect(created.status).toBe(202);
    expect((await finished(created.body.job_id)).status).toBe('COMPLETED');
    const { body } = await api<Result>('GET', `/transcription/result/${created.body.job_id}`);
    expect(body.files[0]?.source_url).toBe(`${files.url}/clip.wav`);
    expect(body.segments[0]?.words).toEqual([]);
  });

  it('refuses private addresses, other schemes, a 404 and an empty list, charging nothing', async () => {
    const before = await balance();
    for (const url of [
      'http://10.0.0.7/a.wav',
      'ftp://example.org/a.wav',
      `${files.url}/missing.wav`,
    ]) {
      const res = await api<{ code: string }>('POST', '/transcription/transcribe', {
        source_urls: [url],
      });
      expect(res.status, url).toBe(ready ? 400 : 503);
    }
    const none = await api<{ code: string }>('POST', '/transcription/transcribe', {
      source_urls: [],
    });
    expect(none.status).toBe(400);
    expect(await balance()).toBe(before);
  });
});
