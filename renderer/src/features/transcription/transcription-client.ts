/**
 * Typed calls for the Transcription page. Like the music tools, the page acts as the machine's
 * owner with the studio token: the engine is local and the models run here.
 */
import type { ContractApi } from '../../api/contract.ts';
import type { FetchLike } from '../../api/request.ts';
import { studioApi } from '../../api/studio-api.ts';
import type {
  ExportFormat,
  TranscriptionChoices,
  TranscriptionCreated,
  TranscriptionResult,
  TranscriptionRun,
} from './transcription-types.ts';

export class TranscriptionClient {
  private readonly api: ContractApi;

  constructor(fetchImpl?: FetchLike) {
    this.api = studioApi(fetchImpl);
  }

  /** Uploads the recording and starts the job (multipart: files, options as fields). */
  start(choices: TranscriptionChoices): Promise<TranscriptionCreated> {
    const form = new FormData();
    form.append('files', choices.file, choices.file.name);
    if (choices.language !== '') form.set('language', choices.language);
    form.set('enable_speaker_diarization', String(choices.speakers));
    return this.api.post('/transcription/transcribe-upload', { body: form });
  }

  async status(id: number, signal?: AbortSignal): Promise<TranscriptionRun> {
    const status = await this.api.get('/transcription/status/{transcription_job_id}', {
      params: { transcription_job_id: id },
      signal,
    });
    return { ...status, id };
  }

  result(id: number, signal?: AbortSignal): Promise<TranscriptionResult> {
    return this.api.get('/transcription/result/{transcription_job_id}', {
      params: { transcription_job_id: id },
      signal,
    });
  }

  /** Saves a corrected segment text; answers the whole result as it now stands. */
  editText(id: number, segmentId: number, text: string): Promise<TranscriptionResult> {
    return this.api.patch('/transcription/transcript/{transcription_job_id}', {
      params: { transcription_job_id: id },
      json: { segments: [{ id: segmentId, text }] },
    });
  }

  /** Names a speaker label in the transcript's project (remembered for its other transcripts). */
  async nameSpeaker(projectId: string, label: string, name: string): Promise<void> {
    await this.api.put('/transcription/projects/{transcript_project_id}/speakers/{speaker_label}', {
      params: { transcript_project_id: projectId, speaker_label: label },
      json: { name },
    });
  }

  /** The transcript as a document in `format`, with the file name the engine gives it. */
  async document(id: number, format: ExportFormat): Promise<{ blob: Blob; filename: string }> {
    const response = await this.api.send(
      'get',
      '/transcription/transcript/{transcription_job_id}',
      {
        params: { transcription_job_id: id },
        query: { format },
      },
    );
    const disposition = response.headers.get('content-disposition') ?? '';
    const named = /filename="?([^";]+)"?/.exec(disposition)?.[1];
    return { blob: await response.blob(), filename: named ?? `transcript.${format}` };
  }
}
