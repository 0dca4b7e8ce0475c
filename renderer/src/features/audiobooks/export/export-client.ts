/**
 * Typed calls for the ACX export (docs/api/export.md): start, status, download URL, and the
 * production settings' covers (list and upload) the dialog offers. Studio token, like the rest
 * of the audiobook area; a non-2xx answer becomes an ApiError with the engine's code.
 */
import { engineBaseUrl, studioToken } from '../../../api/bridge.ts';
import { fetchOrDefault, requestJson, type FetchLike } from '../../../api/request.ts';
import type {
  ExportDownload,
  ExportRequest,
  ExportStarted,
  ExportStatus,
  ProductionMedia,
  ProductionSettings,
} from './export-types.ts';

const PROJECTS = '/api/v1/audiobook/projects';

export class ExportClient {
  private readonly fetchImpl: FetchLike;

  constructor(
    private readonly baseUrl: () => Promise<string> = engineBaseUrl,
    private readonly getToken: () => Promise<string> = studioToken,
    fetchImpl?: FetchLike,
  ) {
    this.fetchImpl = fetchOrDefault(fetchImpl);
  }

  start(projectId: string, body: ExportRequest): Promise<ExportStarted> {
    return this.call('POST', `${project(projectId)}/export`, { json: body });
  }

  status(projectId: string, jobId: number, signal?: AbortSignal): Promise<ExportStatus> {
    return this.call('GET', `${project(projectId)}/export/${jobId}/status`, { signal });
  }

  download(projectId: string, jobId: number): Promise<ExportDownload> {
    return this.call('GET', `${project(projectId)}/export/${jobId}/download`, {});
  }

  settings(projectId: string, signal?: AbortSignal): Promise<ProductionSettings> {
    return this.call('GET', `${project(projectId)}/production-settings`, { signal });
  }

  uploadCover(projectId: string, file: File): Promise<ProductionMedia> {
    const form = new FormData();
    form.append('kind', 'cover');
    form.append('file', file, file.name);
    return this.call('POST', `${project(projectId)}/media/upload`, { body: form });
  }

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    spec: { json?: unknown; body?: FormData; signal?: AbortSignal | undefined },
  ): Promise<T> {
    const token = await this.getToken();
    const url = `${(await this.baseUrl()).replace(/\/+$/, '')}${path}`;
    return requestJson<T>(this.fetchImpl, url, { method, token, ...spec }, `${method} ${path}`);
  }
}

function project(id: string): string {
  return `${PROJECTS}/${encodeURIComponent(id)}`;
}
