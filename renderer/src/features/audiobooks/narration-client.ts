/**
 * Typed calls for narration (document 2, "Narration"): batch and single-paragraph narrate,
 * progress, cancel, the take history, and the book's narrator voice (PUT project
 * `selected_voice_id`). Studio token, like the rest of the audiobook area; every non-2xx
 * answer becomes an ApiError carrying the engine's `{detail, code}` (RIGHTS_NOT_ATTESTED,
 * empty_selection, conflict …) for the screens to act on.
 */
import { fetchOrDefault, requestJson, type FetchLike } from '../../api/request.ts';
import type { Project } from './audiobook-types.ts';
import type {
  ActivatedTake,
  BatchRequest,
  BatchStarted,
  CancelResult,
  NarrateRequest,
  NarrateStarted,
  NarrationProgress,
  TakeList,
} from './narration-types.ts';

export interface NarrationClientOptions {
  /** The engine origin ('' = the page's own): the studio passes api/bridge.ts's engineBaseUrl. */
  baseUrl: () => Promise<string>;
  /** The studio passes api/bridge.ts's studioToken. */
  getToken: () => Promise<string>;
  fetch?: FetchLike;
}

const PROJECTS = '/api/v1/audiobook/projects';

export class NarrationClient {
  private readonly baseUrl: () => Promise<string>;
  private readonly getToken: () => Promise<string>;
  private readonly fetchImpl: FetchLike;

  constructor(options: NarrationClientOptions) {
    this.baseUrl = options.baseUrl;
    this.getToken = options.getToken;
    this.fetchImpl = fetchOrDefault(options.fetch);
  }

  /** The engine origin ('' when the studio is served by the engine itself). */
  origin(): Promise<string> {
    return this.baseUrl();
  }

  setNarratorVoice(projectId: string, voiceId: number | null): Promise<Project> {
    return this.call('PUT', project(projectId), { selected_voice_id: voiceId });
  }

  /** `{}` narrates the whole book; 202 with the job and the estimate. */
  batch(projectId: string, body: BatchRequest): Promise<BatchStarted> {
    return this.call('POST', `${project(projectId)}/narration/batch`, body);
  }

  narrateParagraph(
    projectId: string,
    paragraphId: string,
    body: NarrateRequest,
  ): Promise<NarrateStarted> {
    return this.call('POST', `${paragraph(projectId, paragraphId)}/narrate`, body);
  }

  progress(projectId: string, signal?: AbortSignal): Promise<NarrationProgress> {
    return this.call('GET', `${project(projectId)}/narration/progress`, undefined, signal);
  }

  cancel(projectId: string): Promise<CancelResult> {
    return this.call('POST', `${project(projectId)}/narration/cancel`);
  }

  takes(projectId: string, paragraphId: string, signal?: AbortSignal): Promise<TakeList> {
    return this.call('GET', `${paragraph(projectId, paragraphId)}/takes`, undefined, signal);
  }

  activateTake(projectId: string, paragraphId: string, takeId: string): Promise<ActivatedTake> {
    return this.call(
      'POST',
      `${paragraph(projectId, paragraphId)}/takes/${encodeURIComponent(takeId)}/activate`,
    );
  }

  private async call<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    json?: unknown,
    signal?: AbortSignal,
  ): Promise<T> {
    const token = await this.getToken();
    const url = `${(await this.baseUrl()).replace(/\/+$/, '')}${path}`;
    return requestJson<T>(
      this.fetchImpl,
      url,
      { method, token, json, signal },
      `${method} ${path}`,
    );
  }
}

function project(id: string): string {
  return `${PROJECTS}/${encodeURIComponent(id)}`;
}

function paragraph(projectId: string, paragraphId: string): string {
  return `${project(projectId)}/paragraphs/${encodeURIComponent(paragraphId)}`;
}
