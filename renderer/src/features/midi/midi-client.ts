/**
 * Typed calls for the Audio to MIDI page. The page acts as the machine's owner with the studio
 * token (like the Stems and Noise reduction pages): the engine is local and the model runs here.
 * Downloads go through the job's presigned URLs, which need no credential.
 */
import { engineBaseUrl, studioToken } from '../../api/bridge.ts';
import { checked, fetchOrDefault, readJson, request, type FetchLike } from '../../api/request.ts';
import type { JobJson } from '../../../../engine/src/jobs/job-schema.ts';
import type { MidiJob, MidiOptions } from './midi-types.ts';

export class MidiClient {
  private readonly fetchImpl: FetchLike;

  constructor(fetchImpl?: FetchLike) {
    this.fetchImpl = fetchOrDefault(fetchImpl);
  }

  private async call(
    path: string,
    init: { method?: string; body?: FormData; signal?: AbortSignal } = {},
  ): Promise<Response> {
    const token = await studioToken();
    const url = `${await engineBaseUrl()}/api/v1${path}`;
    return checked(
      await request(this.fetchImpl, url, {
        method: init.method,
        token,
        body: init.body,
        signal: init.signal,
      }),
    );
  }

  /** Uploads the recording and starts the job (multipart: file, stems, options). */
  async start(file: File, stems: string[], options: MidiOptions): Promise<MidiJob> {
    const form = new FormData();
    form.set('stems', JSON.stringify(stems));
    form.set('options', JSON.stringify(options));
    form.set('file', file, file.name);
    const response = await this.call('/midi/convert', { method: 'POST', body: form });
    return readJson<MidiJob>(response, 'POST /midi/convert');
  }

  /** Progress from the native jobs route (the MIDI status route is limited to 60 calls a minute). */
  async progress(id: number, signal?: AbortSignal): Promise<JobJson> {
    return readJson<JobJson>(await this.call(`/jobs/${id}`, { signal }), 'GET /jobs');
  }

  async job(id: number, signal?: AbortSignal): Promise<MidiJob> {
    return readJson<MidiJob>(await this.call(`/midi/status/${id}`, { signal }), 'GET /midi/status');
  }

  async remove(id: number): Promise<void> {
    await this.call(`/midi/jobs/${id}`, { method: 'DELETE' });
  }

  /** The bytes of a .mid behind a presigned URL. */
  async midiBytes(url: string, signal?: AbortSignal): Promise<ArrayBuffer> {
    const response = await checked(await request(this.fetchImpl, url, { signal }));
    return response.arrayBuffer();
  }
}
