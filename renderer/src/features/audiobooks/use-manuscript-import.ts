/**
 * The import dialog's work: a paste (read while the request waits), or an upload followed by a
 * parse or append job. The job is followed on the studio's event stream (`useJob`, no polling):
 * its events move the bar, and when it has ended the project is read, because its status is the
 * truth (document 2: "Parse completion: poll GET project … Check status before error_message").
 * The phases themselves are the pure rules of ./import-progress.ts.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStudioApi } from '../../data/contract-query.ts';
import { useJob } from '../../data/use-job.ts';
import { BOOK_ROUTE } from './book-queries.ts';
import { audiobookErrorText, manuscriptFileProblem } from './audiobook-format.ts';
import type { Project } from './audiobook-types.ts';
import { fromPaste, withJobEvent, withProject, type ImportPhase } from './import-progress.ts';

/** How soon the project is read again when it still says `parsing` after its job ended. */
const RECHECK_MS = 700;

export type Source = 'file' | 'paste';
export type Mode = 'replace' | 'append';

export interface ImportRequest {
  source: Source;
  file: File | null;
  text: string;
  detectSpeakers: boolean;
  multiVoice: boolean;
  mode: Mode;
}

export interface ManuscriptImport {
  phase: ImportPhase;
  /** Why the form was not sent (nothing chosen, a file type the engine cannot read, a refusal). */
  formError: string | null;
  setFormError: (message: string | null) => void;
  submit: (request: ImportRequest) => Promise<void>;
  /** Back to the form after a failure. */
  retry: () => void;
}

export function useManuscriptImport(project: Project, hasBook: boolean): ManuscriptImport {
  const api = useStudioApi();
  const [phase, setPhase] = useState<ImportPhase>({ kind: 'form' });
  const [formError, setFormError] = useState<string | null>(null);
  const chaptersBefore = useRef(project.total_chapters);
  const jobFailure = useRef<string | null>(null);
  const projectId = project.id;

  const parsingJob = phase.kind === 'parsing' ? phase.jobId : null;
  const live = useJob(parsingJob);
  const liveJob = live.job;

  // The job's events move the bar (never backwards; the end is the project's to say).
  useEffect(() => {
    if (!liveJob) return;
    if (liveJob.status === 'failed') jobFailure.current = liveJob.error_message ?? '';
    setPhase((current) => withJobEvent(current, liveJob));
  }, [liveJob]);

  // Once the job has ended, the project decides: ready (with its totals) or failed.
  useEffect(() => {
    if (parsingJob === null || !live.finished) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      try {
        const current = await api.get(BOOK_ROUTE, { params: { project_id: projectId } });
        if (stopped) return;
        setPhase((now) => withProject(now, current, chaptersBefore.current, jobFailure.current));
        if (current.status !== 'parsing') return;
      } catch {
        // A missed read is tried again; the dialog shows the last known state meanwhile.
      }
      if (!stopped) timer = setTimeout(() => void check(), RECHECK_MS);
    };
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, projectId, parsingJob, live.finished]);

  const submit = useCallback(
    async (request: ImportRequest) => {
      setFormError(null);
      const flags = { detect_speakers: request.detectSpeakers, multi_voice: request.multiVoice };
      chaptersBefore.current = project.chapters?.length ?? project.total_chapters;
      jobFailure.current = null;
      if (request.source === 'paste') {
        if (request.text.trim() === '') return setFormError('Paste the book’s text first.');
        setPhase({ kind: 'reading' });
        try {
          const result = await api.post(`${BOOK_ROUTE}/manuscript/paste`, {
            params: { project_id: projectId },
            json: {
              text: request.text,
              source: 'paste',
              ...flags,
              ...(hasBook && (request.mode === 'append' ? { append: true } : { reparse: true })),
            },
          });
          setPhase(fromPaste(result));
        } catch (caught) {
          setPhase({ kind: 'form' });
          setFormError(audiobookErrorText(caught));
        }
        return;
      }
      const { file } = request;
      if (!file) return setFormError('Choose a manuscript file first.');
      const problem = manuscriptFileProblem(file.name);
      if (problem) return setFormError(problem);
      setPhase({ kind: 'uploading', filename: file.name, bytes: file.size });
      try {
        const form = new FormData();
        form.append('file', file, file.name);
        const params = { project_id: projectId };
        const stored = await api.post(`${BOOK_ROUTE}/manuscript/upload`, { params, body: form });
        const body = { file_key: stored.file_key, filename: file.name, ...flags };
        const started =
          hasBook && request.mode === 'append'
            ? await api.post(`${BOOK_ROUTE}/manuscript/append`, { params, json: body })
            : await api.post(`${BOOK_ROUTE}/manuscript/parse`, {
                params,
                json: { ...body, ...(hasBook && { reparse: true }) },
              });
        setPhase({ kind: 'parsing', jobId: started.job_id, percent: null, stage: null });
      } catch (caught) {
        setPhase({ kind: 'form' });
        setFormError(audiobookErrorText(caught));
      }
    },
    [api, project, projectId, hasBook],
  );

  const retry = useCallback(() => setPhase({ kind: 'form' }), []);
  return { phase, formError, setFormError, submit, retry };
}
