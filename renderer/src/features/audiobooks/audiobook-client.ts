/**
 * Typed calls for the audiobook routes (document 2). Same rules as ../../api/client.ts: the
 * studio token on every call, every non-2xx answer becomes an ApiError with the engine's
 * `{detail, code}`, and no React or DOM globals beyond fetch/FormData, so unit tests drive it
 * with a fake fetch. Paths, params and bodies are checked against the engine's contract
 * (../../api/contract.ts).
 */
import { contractApi, type ContractApi } from '../../api/contract.ts';
import type { FetchLike } from '../../api/request.ts';
import { tokenTransport } from '../../api/transports.ts';
import type {
  AliasResult,
  AssignResult,
  AppendRequest,
  Attestation,
  CastList,
  ChapterDetail,
  ChapterUpdate,
  CostEstimate,
  CreateProject,
  DetectResult,
  ImportResult,
  Paragraph,
  ParagraphPage,
  ParagraphUpdate,
  ParseRequest,
  ParseStarted,
  PasteRequest,
  Project,
  ProjectListQuery,
  ProjectPage,
  UploadedManuscript,
} from './audiobook-types.ts';

export interface AudiobookClientOptions {
  /** Engine origin ('' = the page's own), or a function resolving it once. */
  baseUrl: string | (() => Promise<string>);
  getToken: () => Promise<string>;
  fetch?: FetchLike;
}

const PROJECT = '/audiobook/projects/{project_id}';

export class AudiobookClient {
  private readonly api: ContractApi;

  constructor(options: AudiobookClientOptions) {
    this.api = contractApi(tokenTransport(options));
  }

  // ---- Projects ---------------------------------------------------------------------------

  listProjects(query: ProjectListQuery, signal?: AbortSignal): Promise<ProjectPage> {
    return this.api.get('/audiobook/projects', { query, signal });
  }

  createProject(body: CreateProject): Promise<Project> {
    return this.api.post('/audiobook/projects', { json: body });
  }

  getProject(id: string, includeChapters: boolean, signal?: AbortSignal): Promise<Project> {
    return this.api.get(PROJECT, {
      params: { project_id: id },
      query: includeChapters ? { include_chapters: true } : {},
      signal,
    });
  }

  deleteProject(id: string): Promise<void> {
    return this.api.delete(PROJECT, { params: { project_id: id } });
  }

  attestRights(id: string): Promise<Attestation> {
    return this.api.post(`${PROJECT}/rights-attestation`, { params: { project_id: id } });
  }

  costEstimate(id: string, signal?: AbortSignal): Promise<CostEstimate> {
    return this.api.get(`${PROJECT}/cost-estimate`, { params: { project_id: id }, signal });
  }

  // ---- Manuscript -------------------------------------------------------------------------

  /** POST .../manuscript/upload (multipart, field `file`); answers the file_key to parse. */
  uploadManuscript(
    id: string,
    file: Blob,
    filename: string,
    signal?: AbortSignal,
  ): Promise<UploadedManuscript> {
    const form = new FormData();
    form.append('file', file, filename);
    return this.api.post(`${PROJECT}/manuscript/upload`, {
      params: { project_id: id },
      body: form,
      signal,
    });
  }

  /** Starts the parse job; the project moves to `parsing` at once. */
  parseManuscript(id: string, body: ParseRequest): Promise<ParseStarted> {
    return this.api.post(`${PROJECT}/manuscript/parse`, { params: { project_id: id }, json: body });
  }

  /** Adds another file's chapters after the book's (a job, like parse). */
  appendManuscript(id: string, body: AppendRequest): Promise<ParseStarted> {
    return this.api.post(`${PROJECT}/manuscript/append`, {
      params: { project_id: id },
      json: body,
    });
  }

  /** Pasted text is read while the request waits: the answer carries the book's totals. */
  pasteManuscript(id: string, body: PasteRequest, signal?: AbortSignal): Promise<ImportResult> {
    return this.api.post(`${PROJECT}/manuscript/paste`, {
      params: { project_id: id },
      json: body,
      signal,
    });
  }

  // ---- Chapters and paragraphs ------------------------------------------------------------

  updateChapter(id: string, chapterId: string, body: ChapterUpdate): Promise<ChapterDetail> {
    return this.api.put(`${PROJECT}/chapters/{chapter_id}`, {
      params: { project_id: id, chapter_id: chapterId },
      json: body,
    });
  }

  /** Without `page` every paragraph comes back in one answer (opt-in pagination). */
  listParagraphs(
    id: string,
    chapterId: string,
    paging: { page: number; per_page: number } | null,
    signal?: AbortSignal,
  ): Promise<ParagraphPage> {
    return this.api.get(`${PROJECT}/chapters/{chapter_id}/paragraphs`, {
      params: { project_id: id, chapter_id: chapterId },
      query: paging ?? {},
      signal,
    });
  }

  getParagraph(id: string, paragraphId: string, signal?: AbortSignal): Promise<Paragraph> {
    return this.api.get(`${PROJECT}/paragraphs/{paragraph_id}`, {
      params: { project_id: id, paragraph_id: paragraphId },
      signal,
    });
  }

  /** 409 `conflict` while the paragraph is locked (unless the change is `locked: false`). */
  updateParagraph(id: string, paragraphId: string, body: ParagraphUpdate): Promise<Paragraph> {
    return this.api.put(`${PROJECT}/paragraphs/{paragraph_id}`, {
      params: { project_id: id, paragraph_id: paragraphId },
      json: body,
    });
  }

  // ---- Cast -------------------------------------------------------------------------------

  cast(id: string, signal?: AbortSignal): Promise<CastList> {
    return this.api.get(`${PROJECT}/cast`, { params: { project_id: id }, signal });
  }

  /** The instant pass: fills unnamed, unlocked paragraphs that are clearly speech. */
  detectSpeakers(id: string): Promise<DetectResult> {
    return this.api.post(`${PROJECT}/cast/detect`, {
      params: { project_id: id },
      query: { method: 'heuristic' },
    });
  }

  /**
   * A voice for one cast member (POST .../cast/assign): a character's goes on its main speaker's
   * cast row; `characterName` null sets the narrator's voice (selected_voice_id).
   */
  assignVoice(id: string, characterName: string | null, voiceId: number): Promise<AssignResult> {
    return this.api.post(`${PROJECT}/cast/assign`, {
      params: { project_id: id },
      json:
        characterName === null
          ? { narrator: true, voice_id: voiceId }
          : { character_name: characterName, voice_id: voiceId },
    });
  }

  /** alias_of null removes the alias; 400 when the alias is not allowed. */
  setAlias(id: string, characterName: string, aliasOf: string | null): Promise<AliasResult> {
    return this.api.post(`${PROJECT}/cast/alias`, {
      params: { project_id: id },
      json: { character_name: characterName, alias_of: aliasOf },
    });
  }
}

export { queryString } from '../../api/request.ts';
