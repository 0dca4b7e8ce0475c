/**
 * Typed calls for the audiobook routes (document 2). Same rules as ../../api/client.ts: the
 * studio token on every call, every non-2xx answer becomes an ApiError with the engine's
 * `{detail, code}`, and no React or DOM globals beyond fetch/FormData, so unit tests drive it
 * with a fake fetch. The shared ApiClient only speaks GET/POST; these routes also need PUT,
 * DELETE and multipart uploads, so the feature keeps its own small client.
 */
import {
  checked,
  fetchOrDefault,
  queryString,
  readJson,
  request,
  type FetchLike,
  type Query,
} from '../../api/request.ts';
import type {
  AliasResult,
  Attestation,
  CastList,
  Chapter,
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

interface Call {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  json?: unknown;
  form?: FormData;
  query?: Query;
  signal?: AbortSignal | undefined;
}

const PROJECTS = '/api/v1/audiobook/projects';

export class AudiobookClient {
  private readonly baseUrl: () => Promise<string>;
  private readonly getToken: () => Promise<string>;
  private readonly fetchImpl: FetchLike;

  constructor(options: AudiobookClientOptions) {
    const base = options.baseUrl;
    let resolved: Promise<string> | null = null;
    this.baseUrl =
      typeof base === 'string'
        ? () => Promise.resolve(base.replace(/\/+$/, ''))
        : () => (resolved ??= base().then((url) => url.replace(/\/+$/, '')));
    this.getToken = options.getToken;
    this.fetchImpl = fetchOrDefault(options.fetch);
  }

  // ---- Projects ---------------------------------------------------------------------------

  listProjects(query: ProjectListQuery, signal?: AbortSignal): Promise<ProjectPage> {
    return this.json(PROJECTS, { query: { ...query }, signal });
  }

  createProject(body: CreateProject): Promise<Project> {
    return this.json(PROJECTS, { method: 'POST', json: body });
  }

  getProject(id: string, includeChapters: boolean, signal?: AbortSignal): Promise<Project> {
    return this.json(project(id), {
      query: includeChapters ? { include_chapters: true } : {},
      signal,
    });
  }

  deleteProject(id: string): Promise<void> {
    return this.empty(project(id), { method: 'DELETE' });
  }

  attestRights(id: string): Promise<Attestation> {
    return this.json(`${project(id)}/rights-attestation`, { method: 'POST' });
  }

  costEstimate(id: string, signal?: AbortSignal): Promise<CostEstimate> {
    return this.json(`${project(id)}/cost-estimate`, { signal });
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
    return this.json(`${project(id)}/manuscript/upload`, { method: 'POST', form, signal });
  }

  /** Starts the parse job; the project moves to `parsing` at once. */
  parseManuscript(id: string, body: ParseRequest): Promise<ParseStarted> {
    return this.json(`${project(id)}/manuscript/parse`, { method: 'POST', json: body });
  }

  /** Adds another file's chapters after the book's (a job, like parse). */
  appendManuscript(id: string, body: Omit<ParseRequest, 'reparse'>): Promise<ParseStarted> {
    return this.json(`${project(id)}/manuscript/append`, { method: 'POST', json: body });
  }

  /** Pasted text is read while the request waits: the answer carries the book's totals. */
  pasteManuscript(id: string, body: PasteRequest, signal?: AbortSignal): Promise<ImportResult> {
    return this.json(`${project(id)}/manuscript/paste`, { method: 'POST', json: body, signal });
  }

  // ---- Chapters and paragraphs ------------------------------------------------------------

  updateChapter(id: string, chapterId: string, body: ChapterUpdate): Promise<Chapter> {
    return this.json(`${project(id)}/chapters/${enc(chapterId)}`, { method: 'PUT', json: body });
  }

  /** Without `page` every paragraph comes back in one answer (opt-in pagination). */
  listParagraphs(
    id: string,
    chapterId: string,
    paging: { page: number; per_page: number } | null,
    signal?: AbortSignal,
  ): Promise<ParagraphPage> {
    return this.json(`${project(id)}/chapters/${enc(chapterId)}/paragraphs`, {
      query: paging ?? {},
      signal,
    });
  }

  getParagraph(id: string, paragraphId: string, signal?: AbortSignal): Promise<Paragraph> {
    return this.json(`${project(id)}/paragraphs/${enc(paragraphId)}`, { signal });
  }

  /** 409 `conflict` while the paragraph is locked (unless the change is `locked: false`). */
  updateParagraph(id: string, paragraphId: string, body: ParagraphUpdate): Promise<Paragraph> {
    return this.json(`${project(id)}/paragraphs/${enc(paragraphId)}`, {
      method: 'PUT',
      json: body,
    });
  }

  // ---- Cast -------------------------------------------------------------------------------

  cast(id: string, signal?: AbortSignal): Promise<CastList> {
    return this.json(`${project(id)}/cast`, { signal });
  }

  /** The instant pass: fills unnamed, unlocked paragraphs that are clearly speech. */
  detectSpeakers(id: string): Promise<DetectResult> {
    return this.json(`${project(id)}/cast/detect`, {
      method: 'POST',
      query: { method: 'heuristic' },
    });
  }

  /** alias_of null removes the alias; 400 when the alias is not allowed. */
  setAlias(id: string, characterName: string, aliasOf: string | null): Promise<AliasResult> {
    return this.json(`${project(id)}/cast/alias`, {
      method: 'POST',
      json: { character_name: characterName, alias_of: aliasOf },
    });
  }

  // ---- Plumbing ---------------------------------------------------------------------------

  private async json<T>(path: string, call: Call): Promise<T> {
    const response = await this.send(path, call);
    return readJson<T>(response, `${call.method ?? 'GET'} ${path}`);
  }

  private async empty(path: string, call: Call): Promise<void> {
    await this.send(path, call);
  }

  private async send(path: string, call: Call): Promise<Response> {
    const token = await this.getToken();
    const url = (await this.baseUrl()) + path + queryString(call.query);
    return checked(
      await request(this.fetchImpl, url, {
        method: call.method,
        token,
        json: call.json,
        body: call.form, // fetch writes the multipart Content-Type with its boundary
        signal: call.signal,
      }),
    );
  }
}

function enc(id: string): string {
  return encodeURIComponent(id);
}

function project(id: string): string {
  return `${PROJECTS}/${enc(id)}`;
}

export { queryString } from '../../api/request.ts';
