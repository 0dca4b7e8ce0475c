/**
 * The audiobook API over real HTTP for tests: a small JSON client bound to one credential,
 * multipart uploads, and polling helpers for jobs and parses.
 */
import { expect } from 'vitest';
import type { TestEngine } from './engine.ts';

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export type Json = Record<string, unknown>;

export interface Client {
  get<T = Json>(path: string): Promise<Answer<T>>;
  post<T = Json>(path: string, body?: unknown): Promise<Answer<T>>;
  put<T = Json>(path: string, body?: unknown): Promise<Answer<T>>;
  delete<T = Json>(path: string): Promise<Answer<T>>;
  form<T = Json>(path: string, form: FormData): Promise<Answer<T>>;
  headers: Record<string, string>;
}

/** `credential`: a studio or access token (Bearer), or `{ apiKey }`. */
export function client(
  engine: Pick<TestEngine, 'api'>,
  credential: string | { apiKey: string },
): Client {
  const headers: Record<string, string> =
    typeof credential === 'string'
      ? { Authorization: `Bearer ${credential}` }
      : { 'X-API-Key': credential.apiKey };
  const call = async <T>(method: string, path: string, body?: unknown): Promise<Answer<T>> => {
    const res = await fetch(`${engine.api}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
  };
  return {
    headers,
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body ?? {}),
    put: (path, body) => call('PUT', path, body ?? {}),
    delete: (path) => call('DELETE', path),
    form: async <T>(path: string, form: FormData) => {
      const res = await fetch(`${engine.api}${path}`, { method: 'POST', headers, body: form });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
    },
  };
}

export function fileForm(
  data: Buffer,
  filename: string,
  fields: Record<string, string> = {},
  type = 'application/octet-stream',
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(data)], { type }), filename);
  return form;
}

export async function createProject(api: Client, body: Json = {}): Promise<Json & { id: string }> {
  const res = await api.post<Json & { id: string }>('/audiobook/projects', {
    title: 'Test Book',
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

export interface JobJson {
  id: number;
  type: string;
  status: string;
  error_message: string | null;
  input: unknown;
  result: unknown;
  stage: string | null;
  progress: number;
}

export async function waitForJob(
  api: Client,
  id: number | string,
  timeoutMs = 60_000,
): Promise<JobJson> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await api.get<JobJson>(`/jobs/${id}`);
    expect(res.status).toBe(200);
    if (['completed', 'failed', 'cancelled'].includes(res.body.status)) return res.body;
    if (Date.now() > until) throw new Error(`job ${id} still ${res.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Uploads a manuscript, starts its parse and waits for the job; returns the job and project. */
export async function uploadAndParse(
  api: Client,
  projectId: string,
  data: Buffer,
  filename: string,
  parse: Json = {},
  route: 'parse' | 'append' = 'parse',
): Promise<{ job: JobJson; project: Json; upload: Json }> {
  const upload = await api.form(
    `/audiobook/projects/${projectId}/manuscript/upload`,
    fileForm(data, filename),
  );
  expect(upload.status, JSON.stringify(upload.body)).toBe(201);
  const started = await api.post<{ job_id: number }>(
    `/audiobook/projects/${projectId}/manuscript/${route}`,
    {
      file_key: upload.body.file_key,
      filename,
      ...parse,
    },
  );
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const job = await waitForJob(api, started.body.job_id);
  const project = await api.get(`/audiobook/projects/${projectId}?include_chapters=true`);
  expect(project.status).toBe(200);
  return { job, project: project.body, upload: upload.body };
}

export async function paste(
  api: Client,
  projectId: string,
  text: string,
  extra: Json = {},
): Promise<Answer> {
  return api.post(`/audiobook/projects/${projectId}/manuscript/paste`, { text, ...extra });
}

export async function chaptersOf(
  api: Client,
  projectId: string,
): Promise<(Json & { id: string })[]> {
  const res = await api.get<{ chapters: (Json & { id: string })[] }>(
    `/audiobook/projects/${projectId}/chapters?per_page=500`,
  );
  expect(res.status).toBe(200);
  return res.body.chapters;
}

export async function paragraphsOf(
  api: Client,
  projectId: string,
  chapterId: string,
): Promise<(Json & { id: string; text: string })[]> {
  const res = await api.get<{ paragraphs: (Json & { id: string; text: string })[] }>(
    `/audiobook/projects/${projectId}/chapters/${chapterId}/paragraphs`,
  );
  expect(res.status).toBe(200);
  return res.body.paragraphs;
}

/** A pasted book whose chapters are detected from "Chapter N" headings. */
export function bookText(chapters: { title: string; paragraphs: string[] }[]): string {
  return chapters.map((c) => `${c.title}\n\n${c.paragraphs.join('\n\n')}`).join('\n\n\n');
}
