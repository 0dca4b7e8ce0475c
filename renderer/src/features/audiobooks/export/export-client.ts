/**
 * Typed calls for the ACX export (docs/api/export.md): start, status, download URL, and the
 * production settings' covers (list and upload) the dialog offers. Studio token, like the rest
 * of the audiobook area; a non-2xx answer becomes an ApiError with the engine's code.
 */
import { engineBaseUrl, studioToken } from '../../../api/bridge.ts';
import { contractApi, type ContractApi } from '../../../api/contract.ts';
import type { FetchLike } from '../../../api/request.ts';
import { tokenTransport } from '../../../api/transports.ts';
import type {
  ExportChapter,
  ExportDownload,
  ExportRequest,
  ExportStarted,
  ExportStatus,
  ProductionMedia,
  ProductionSettings,
} from './export-types.ts';

const BOOK = '/audiobook/projects/{project_id}';

export class ExportClient {
  private readonly api: ContractApi;

  constructor(
    baseUrl: () => Promise<string> = engineBaseUrl,
    getToken: () => Promise<string> = studioToken,
    fetchImpl?: FetchLike,
  ) {
    this.api = contractApi(tokenTransport({ baseUrl, getToken, fetch: fetchImpl }));
  }

  start(projectId: string, body: ExportRequest): Promise<ExportStarted> {
    return this.api.post(`${BOOK}/export`, { params: { project_id: projectId }, json: body });
  }

  status(projectId: string, jobId: number, signal?: AbortSignal): Promise<ExportStatus> {
    return this.api.get(`${BOOK}/export/{export_job_id}/status`, {
      params: { project_id: projectId, export_job_id: jobId },
      signal,
    });
  }

  download(projectId: string, jobId: number): Promise<ExportDownload> {
    return this.api.get(`${BOOK}/export/{export_job_id}/download`, {
      params: { project_id: projectId, export_job_id: jobId },
    });
  }

  /** The book's chapters (id, number, title, skip_narration), for "export narrated only". */
  async chapters(projectId: string): Promise<ExportChapter[]> {
    const list = await this.api.get(`${BOOK}/chapters`, {
      params: { project_id: projectId },
      query: { per_page: 500 },
    });
    return list.chapters;
  }

  /** One-click skip: marks a chapter skip_narration through the chapter route. */
  async skipChapter(projectId: string, chapterId: string): Promise<void> {
    await this.api.put(`${BOOK}/chapters/{chapter_id}`, {
      params: { project_id: projectId, chapter_id: chapterId },
      json: { skip_narration: true },
    });
  }

  settings(projectId: string, signal?: AbortSignal): Promise<ProductionSettings> {
    return this.api.get(`${BOOK}/production-settings`, {
      params: { project_id: projectId },
      signal,
    });
  }

  uploadCover(projectId: string, file: File): Promise<ProductionMedia> {
    const form = new FormData();
    form.append('kind', 'cover');
    form.append('file', file, file.name);
    return this.api.post(`${BOOK}/media/upload`, { params: { project_id: projectId }, body: form });
  }
}
