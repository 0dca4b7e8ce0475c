/**
 * Typed calls for the Audio to MIDI page. The page acts as the machine's owner with the studio
 * token (like the Stems and Noise reduction pages): the engine is local and the model runs here.
 * Downloads go through the job's presigned URLs, which need no credential.
 */
import type { ContractApi } from '../../api/contract.ts';
import { checked, fetchOrDefault, request, type FetchLike } from '../../api/request.ts';
import { studioApi } from '../../api/studio-api.ts';
import type { MidiJob, MidiOptions } from './midi-types.ts';

export class MidiClient {
  private readonly fetchImpl: FetchLike;
  private readonly api: ContractApi;

  constructor(fetchImpl?: FetchLike) {
    this.fetchImpl = fetchOrDefault(fetchImpl);
    this.api = studioApi(fetchImpl);
  }

  /** Uploads the recording and starts the job (multipart: file, stems, options). */
  start(file: File, stems: string[], options: MidiOptions): Promise<MidiJob> {
    const form = new FormData();
    form.set('stems', JSON.stringify(stems));
    form.set('options', JSON.stringify(options));
    form.set('file', file, file.name);
    return this.api.post('/midi/convert', { body: form });
  }

  job(id: number, signal?: AbortSignal): Promise<MidiJob> {
    return this.api.get('/midi/status/{midi_job_id}', { params: { midi_job_id: id }, signal });
  }

  async remove(id: number): Promise<void> {
    await this.api.delete('/midi/jobs/{midi_job_id}', { params: { midi_job_id: id } });
  }

  /** The bytes of a .mid behind a presigned URL. */
  async midiBytes(url: string, signal?: AbortSignal): Promise<ArrayBuffer> {
    const response = await checked(await request(this.fetchImpl, url, { signal }));
    return response.arrayBuffer();
  }
}
