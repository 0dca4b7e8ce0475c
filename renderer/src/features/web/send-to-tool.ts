/**
 * "Use in…": a finished download handed straight to another tool, with no upload from the
 * browser: stems read its stored file, MIDI and noise reduction its signed URL; transcription
 * (the OpenAI-compatible route, answered at once) gets its bytes.
 */
import type { ContractApi } from '../../api/contract.ts';
import type { DownloadJob, UseIn } from './web-types.ts';

/** A job to follow on its tool's page, or a transcript. */
export type UseInResult = { jobId: number; page: string } | { text: string };

export async function sendToTool(
  api: ContractApi,
  tool: UseIn,
  job: DownloadJob,
): Promise<UseInResult> {
  const url = job.download_url ?? '';
  if (tool === 'stems') {
    const created = await api.post('/stem-extraction/api/extract', {
      json: { file_key: job.file_key ?? '', mode: 'two' },
    });
    return { jobId: created.job.id, page: '/music/stems' };
  }
  if (tool === 'midi' || tool === 'denoise') {
    const form = new FormData();
    form.set('url', url);
    if (tool === 'denoise') form.set('quality_mode', 'balanced');
    const created =
      tool === 'midi'
        ? await api.post('/midi/convert', { body: form })
        : await api.post('/denoiser/denoise', { body: form });
    return { jobId: created.id, page: tool === 'midi' ? '/music/midi' : '/music/denoise' };
  }
  const bytes = await fetch(url).then((res) => res.blob());
  const form = new FormData();
  form.set('file', bytes, job.filename ?? 'download');
  form.set('model', 'whisper-1');
  // The default response_format is json: `{ text }`.
  const answer: unknown = await api.post('/audio/transcriptions', { body: form });
  const text = (answer as { text?: unknown } | undefined)?.text;
  return { text: typeof text === 'string' ? text : '' };
}
