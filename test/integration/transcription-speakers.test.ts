// Document 2, "Transcription": speakers on the real pipeline — sherpa's pyannote diarization
// pipeline on generated segmentation/embedding models of the published signatures
// (asr-engines/test-fixtures) over a real two-speaker conversation: min/max speakers, saved
// names, corrections, exports, and the webhooks. Uploads and source_urls: transcription.test.ts.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diarizationError } from '../../scripts/eval/diarization-error.ts';
import {
  ready,
  temp,
  conversation,
  reference,
  api,
  upload,
  finished,
  type Result,
  useTranscriptionEngine,
} from '../helpers/transcription-suite.ts';

useTranscriptionEngine();

describe('speakers', () => {
  let diarizedJob = 0;

  function turnsOf(result: Result) {
    return result.segments.map((s) => ({
      speaker: s.speaker_label ?? '',
      start: s.start,
      end: s.end,
    }));
  }

  it(
    'premium-diarized finds the three readers of a real conversation by clustering',
    { timeout: 120_000 },
    async () => {
      if (!ready) return;
      const created = await upload([
        { name: 'files', file: conversation },
        { name: 'model_type', value: 'premium-diarized' },
        { name: 'enable_word_timestamps', value: 'false' },
        { name: 'enable_confidence_scores', value: 'false' },
      ]);
      expect(created.status).toBe(202);
      // transcription (20/min) + speaker_diarization (30/min), 63 s → two started minutes.
      expect(created.body.estimated_credits).toBe(100);
      diarizedJob = created.body.job_id as number;
      const status = await finished(diarizedJob);
      expect(status).toMatchObject({ status: 'COMPLETED', job_type: 'speaker_diarization' });
      const { body } = await api<Result>('GET', `/transcription/result/${diarizedJob}`);
      expect(body.speakers.map((s) => s.label)).toEqual(['SPEAKER_00', 'SPEAKER_01', 'SPEAKER_02']);
      // Labels follow first appearance: the first reader is SPEAKER_00, and comes back at the end.
      expect(body.segments[0]?.speaker).toBe('SPEAKER_00');
      expect(body.segments.at(-1)?.speaker).toBe('SPEAKER_00');
      const der = diarizationError(reference, turnsOf(body));
      expect(der.der).toBeLessThan(0.3);
    },
  );

  it('honours min/max speakers and enable_speaker_diarization', { timeout: 240_000 }, async () => {
    if (!ready) return;
    const two = await upload([
      { name: 'files', file: conversation },
      { name: 'enable_speaker_diarization', value: 'true' },
      { name: 'max_speakers', value: '2' },
      { name: 'enable_word_timestamps', value: 'false' },
      { name: 'enable_confidence_scores', value: 'false' },
    ]);
    expect((await finished(two.body.job_id as number)).status).toBe('COMPLETED');
    const twoResult = await api<Result>('GET', `/transcription/result/${String(two.body.job_id)}`);
    expect(twoResult.body.speakers).toHaveLength(2);
    const four = await upload([
      { name: 'files', file: conversation },
      { name: 'min_speakers', value: '4' },
      { name: 'max_speakers', value: '4' },
      { name: 'enable_word_timestamps', value: 'false' },
      { name: 'enable_confidence_scores', value: 'false' },
    ]);
    expect((await finished(four.body.job_id as number)).status).toBe('COMPLETED');
    const fourResult = await api<Result>(
      'GET',
      `/transcription/result/${String(four.body.job_id)}`,
    );
    expect(fourResult.body.speakers.length).toBeGreaterThanOrEqual(3);
    const off = await upload([
      { name: 'files', file: conversation },
      { name: 'enable_speaker_diarization', value: 'false' },
      { name: 'enable_word_timestamps', value: 'false' },
      { name: 'enable_confidence_scores', value: 'false' },
    ]);
    const offStatus = await finished(off.body.job_id as number);
    expect(offStatus.job_type).toBe('transcription');
    const offResult = await api<Result>('GET', `/transcription/result/${String(off.body.job_id)}`);
    expect(offResult.body.speakers).toEqual([]);
    expect(offResult.body.segments.every((s) => s.speaker === null)).toBe(true);
    const inverted = await upload([
      { name: 'files', file: conversation },
      { name: 'min_speakers', value: '3' },
      { name: 'max_speakers', value: '2' },
    ]);
    expect(inverted.status).toBe(400);
  });

  it(
    'remembers names given to speakers per project, and keeps corrections beside the result',
    { timeout: 120_000 },
    async () => {
      if (!ready) return;
      const { body: first } = await api<Result>('GET', `/transcription/result/${diarizedJob}`);
      const project = first.project_id;
      const named = await api<{ speakers: { label: string; name: string }[] }>(
        'PUT',
        `/transcription/projects/${project}/speakers/SPEAKER_00`,
        { name: 'Narrator' },
      );
      expect(named.status).toBe(200);
      expect(named.body.speakers[0]).toMatchObject({ label: 'SPEAKER_00', name: 'Narrator' });
      const { body: renamed } = await api<Result>('GET', `/transcription/result/${diarizedJob}`);
      expect(renamed.segments[0]?.speaker).toBe('Narrator');
      expect(renamed.speakers[0]).toMatchObject({ name: 'Narrator', renamed: true });

      // A second recording in the same project gets the name without asking.
      const again = await upload([
        { name: 'files', file: conversation },
        { name: 'model_type', value: 'premium-diarized' },
        { name: 'project_id', value: project },
        { name: 'enable_word_timestamps', value: 'false' },
        { name: 'enable_confidence_scores', value: 'false' },
      ]);
      expect(again.body.project_id).toBe(project);
      await finished(again.body.job_id as number);
      const { body: second } = await api<Result>(
        'GET',
        `/transcription/result/${String(again.body.job_id)}`,
      );
      expect(second.segments[0]?.speaker).toBe('Narrator');
      const listed = await api<{ jobs: { id: number }[]; total: number }>(
        'GET',
        `/transcription/jobs?project_id=${project}`,
      );
      expect(listed.body.total).toBe(2);

      // Corrections: new text and another speaker for one segment.
      const edit = await api<Result>('PATCH', `/transcription/transcript/${diarizedJob}`, {
        segments: [{ id: 1, text: 'Good evening.', speaker_label: 'SPEAKER_02' }],
      });
      expect(edit.status).toBe(200);
      expect(edit.body.segments[1]).toMatchObject({
        text: 'Good evening.',
        speaker_label: 'SPEAKER_02',
        edited: true,
      });
      const txt = await api<string>('GET', `/transcription/transcript/${diarizedJob}?format=txt`);
      expect(txt.body.startsWith('Narrator: Hello there.\n\n')).toBe(true);
      expect(txt.body).toContain('Good evening.');
      const unknown = await api<{ code: string }>(
        'PATCH',
        `/transcription/transcript/${diarizedJob}`,
        {
          segments: [{ id: 999, text: 'x' }],
        },
      );
      expect(unknown.status).toBe(400);

      const forgotten = await api(
        'DELETE',
        `/transcription/projects/${project}/speakers/SPEAKER_00`,
      );
      expect(forgotten.status).toBe(200);
      const { body: plain } = await api<Result>('GET', `/transcription/result/${diarizedJob}`);
      expect(plain.segments[0]?.speaker).toBe('SPEAKER_00');
    },
  );
});

describe('webhooks', () => {
  it('announce job_type transcription and speaker_diarization', async () => {
    if (!ready) return;
    const endpoint = await api<{ id: string }>('POST', '/webhooks/endpoints', {
      url: 'http://127.0.0.1:9/hook',
      events: ['job.completed', 'job.failed'],
    });
    expect(endpoint.status).toBe(201);
    const plain = await upload([
      { name: 'files', file: path.join(temp.dir, 'clip.wav') },
      { name: 'enable_word_timestamps', value: 'false' },
      { name: 'enable_confidence_scores', value: 'false' },
    ]);
    const speakers = await upload([
      { name: 'files', file: path.join(temp.dir, 'clip.wav') },
      { name: 'enable_speaker_diarization', value: 'true' },
      { name: 'enable_word_timestamps', value: 'false' },
      { name: 'enable_confidence_scores', value: 'false' },
    ]);
    await finished(plain.body.job_id as number);
    await finished(speakers.body.job_id as number);
    const deliveries = await api<{
      deliveries: { payload: { job_id: number; job_type: string } }[];
    }>('GET', `/webhooks/endpoints/${endpoint.body.id}/deliveries`);
    const types = new Map(
      deliveries.body.deliveries.map((d) => [d.payload.job_id, d.payload.job_type]),
    );
    expect(types.get(plain.body.job_id as number)).toBe('transcription');
    expect(types.get(speakers.body.job_id as number)).toBe('speaker_diarization');
  });
});
