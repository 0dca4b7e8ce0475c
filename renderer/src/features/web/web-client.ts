/**
 * Typed calls for the "From the web" page, as the machine's owner (studio token): media info and
 * downloads, handing a download to another tool, the article reader, and the yt-dlp tool pack.
 */
import type { ContractApi } from '../../api/contract.ts';
import type { FetchLike } from '../../api/request.ts';
import { studioApi } from '../../api/studio-api.ts';
import type {
  DownloadCreated,
  DownloadFormat,
  DownloadJob,
  ReaderEstimate,
  ReaderJob,
  ReaderList,
  ToolStatus,
  UseIn,
  VideoInfo,
} from './web-types.ts';

export interface DownloadChoice {
  format: DownloadFormat;
  quality: string;
  audioOnly: boolean;
  includeThumbnail: boolean;
  formatSelector: string;
}

/** What "Use in…" started: a job to follow on its tool's page, or a transcript. */
export type UseInResult = { jobId: number; page: string } | { text: string };

export class WebClient {
  private readonly api: ContractApi;

  constructor(private readonly fetchImpl?: FetchLike) {
    this.api = studioApi(fetchImpl);
  }

  info(url: string, signal?: AbortSignal): Promise<VideoInfo> {
    return this.api.post('/video/info', { json: { url, include_formats: true }, signal });
  }

  download(url: string, choice: DownloadChoice): Promise<DownloadCreated> {
    return this.api.post('/video/download', {
      json: {
        url,
        format: choice.format,
        audio_only: choice.audioOnly,
        include_thumbnail: choice.includeThumbnail,
        ...(choice.quality && { quality: choice.quality }),
        ...(choice.formatSelector && { format_selector: choice.formatSelector }),
      },
    });
  }

  downloadJob(id: number, signal?: AbortSignal): Promise<DownloadJob> {
    return this.api.get('/video/video-download/jobs/{download_job_id}', {
      params: { download_job_id: id },
      signal,
    });
  }

  /** Hands a finished download to a tool: its stored file or its signed URL, no re-upload. */
  async useIn(tool: UseIn, job: DownloadJob): Promise<UseInResult> {
    const url = job.download_url ?? '';
    if (tool === 'stems') {
      const created = await this.api.post('/stem-extraction/api/extract', {
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
          ? await this.api.post('/midi/convert', { body: form })
          : await this.api.post('/denoiser/denoise', { body: form });
      return { jobId: created.id, page: tool === 'midi' ? '/music/midi' : '/music/denoise' };
    }
    // Transcription answers at once (OpenAI-compatible route): send the file's bytes.
    const bytes = await (this.fetchImpl ?? fetch)(url).then((res) => res.blob());
    const form = new FormData();
    form.set('file', bytes, job.filename ?? 'download');
    form.set('model', 'whisper-1');
    // The default response_format is json: `{ text }`.
    const answer: unknown = await this.api.post('/audio/transcriptions', { body: form });
    const text = (answer as { text?: unknown } | undefined)?.text;
    return { text: typeof text === 'string' ? text : '' };
  }

  estimate(source: { url?: string; content?: string }, voice: string): Promise<ReaderEstimate> {
    return this.api.post('/reader/estimate', { json: { ...source, ...(voice && { voice }) } });
  }

  narrate(source: { url?: string; content?: string }, voice: string): Promise<ReaderJob> {
    return this.api.post('/reader/generate', { json: { ...source, ...(voice && { voice }) } });
  }

  readerList(signal?: AbortSignal): Promise<ReaderList> {
    return this.api.get('/reader/', { query: { per_page: 50 }, signal });
  }

  deleteReader(id: number): Promise<unknown> {
    return this.api.delete('/reader/{reader_job_id}', { params: { reader_job_id: id } });
  }

  tool(signal?: AbortSignal): Promise<ToolStatus> {
    return this.api.get('/web/tools/yt-dlp', { signal });
  }

  installTool(version: 'latest' | null): Promise<{ job_id: number }> {
    return this.api.post('/web/tools/yt-dlp/install', {
      json: version === null ? {} : { version },
    });
  }

  setToolPreference(preference: string): Promise<ToolStatus> {
    return this.api.put('/web/tools/yt-dlp', { json: { preference } });
  }
}
