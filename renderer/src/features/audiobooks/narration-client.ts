/**
 * Typed calls for narration (document 2, "Narration"): batch and single-paragraph narrate,
 * progress, cancel, the take history, and the book's narrator voice (PUT project
 * `selected_voice_id`). Studio token, like the rest of the audiobook area; every non-2xx
 * answer becomes an ApiError carrying the engine's `{detail, code}` (RIGHTS_NOT_ATTESTED,
 * empty_selection, conflict …) for the screens to act on.
 */
import { contractApi, type ContractApi } from '../../api/contract.ts';
import type { FetchLike } from '../../api/request.ts';
import { tokenTransport } from '../../api/transports.ts';
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

const BOOK = '/audiobook/projects/{project_id}';
const LINE = '/audiobook/projects/{project_id}/paragraphs/{paragraph_id}';

export class NarrationClient {
  private readonly api: ContractApi;
  private readonly baseUrl: () => Promise<string>;

  constructor(options: NarrationClientOptions) {
    this.baseUrl = options.baseUrl;
    this.api = contractApi(tokenTransport(options));
  }

  /** The engine origin ('' when the studio is served by the engine itself). */
  origin(): Promise<string> {
    return this.baseUrl();
  }

  setNarratorVoice(projectId: string, voiceId: number | null): Promise<Project> {
    return this.api.put(BOOK, {
      params: { project_id: projectId },
      json: { selected_voice_id: voiceId },
    });
  }

  /** `{}` narrates the whole book; 202 with the job and the estimate. */
  batch(projectId: string, body: BatchRequest): Promise<BatchStarted> {
    return this.api.post(`${BOOK}/narration/batch`, {
      params: { project_id: projectId },
      json: body,
    });
  }

  narrateParagraph(
    projectId: string,
    paragraphId: string,
    body: NarrateRequest,
  ): Promise<NarrateStarted> {
    return this.api.post(`${LINE}/narrate`, {
      params: { project_id: projectId, paragraph_id: paragraphId },
      json: body,
    });
  }

  progress(projectId: string, signal?: AbortSignal): Promise<NarrationProgress> {
    return this.api.get(`${BOOK}/narration/progress`, {
      params: { project_id: projectId },
      signal,
    });
  }

  cancel(projectId: string): Promise<CancelResult> {
    return this.api.post(`${BOOK}/narration/cancel`, { params: { project_id: projectId } });
  }

  takes(projectId: string, paragraphId: string, signal?: AbortSignal): Promise<TakeList> {
    return this.api.get(`${LINE}/takes`, {
      params: { project_id: projectId, paragraph_id: paragraphId },
      signal,
    });
  }

  activateTake(projectId: string, paragraphId: string, takeId: string): Promise<ActivatedTake> {
    return this.api.post(`${LINE}/takes/{take_id}/activate`, {
      params: { project_id: projectId, paragraph_id: paragraphId, take_id: takeId },
    });
  }
}
