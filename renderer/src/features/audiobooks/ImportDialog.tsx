/**
 * Import a manuscript: upload a PDF, EPUB, DOCX or TXT (POST .../manuscript/upload, then
 * .../parse or .../append, a job) or paste the text (POST .../manuscript/paste, answered when
 * read). A parse is followed live: the job's events on GET /jobs/events move the bar, and the
 * project is polled for its status, which decides the end (ready, or failed with its
 * error_message). Closing the dialog does not stop a parse; the project page keeps polling.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useApi } from '../../api/context.tsx';
import { followJobEvents } from '../../api/job-events.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { FormMessages } from '../../components/Field.tsx';
import { Icon } from '../../components/Icon.tsx';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { formatBytes } from '../../lib/format.ts';
import { useAudiobooks } from './audiobooks-context.tsx';
import {
  MANUSCRIPT_ACCEPT,
  audiobookErrorText,
  approxRuntime,
  formatWords,
  importStageText,
  manuscriptFileProblem,
  plural,
} from './audiobook-format.ts';
import type { Project } from './audiobook-types.ts';
import { AbIcon } from './icons.tsx';
import {
  fromPaste,
  progressOf,
  withJobEvent,
  withProject,
  type ImportPhase,
} from './import-progress.ts';

const POLL_MS = 700;
const FORM_ID = 'import-form';

type Source = 'file' | 'paste';
type Mode = 'replace' | 'append';

export function ImportDialog({
  project,
  onClose,
  onImported,
}: {
  project: Project;
  onClose: () => void;
  onImported: () => void;
}) {
  const client = useAudiobooks();
  const api = useApi();
  const inputId = useId();
  // Fixed when the dialog opens: the project reloads under it once chapters are written.
  const [hasBook] = useState(() => (project.chapters?.length ?? project.total_chapters) > 0);
  const [source, setSource] = useState<Source>('file');
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [detectSpeakers, setDetectSpeakers] = useState(true);
  const [multiVoice, setMultiVoice] = useState(project.multi_voice);
  const [mode, setMode] = useState<Mode>('append');
  const [phase, setPhase] = useState<ImportPhase>({ kind: 'form' });
  const [formError, setFormError] = useState<string | null>(null);
  const chaptersBefore = useRef(project.total_chapters);
  const jobFailure = useRef<string | null>(null);

  const parsingJob = phase.kind === 'parsing' ? phase.jobId : null;
  const projectId = project.id;

  // Live progress from the job's events, and the project's status as the truth.
  useEffect(() => {
    if (parsingJob === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      try {
        const current = await client.getProject(projectId, false);
        if (stopped) return;
        setPhase((phase) =>
          withProject(phase, current, chaptersBefore.current, jobFailure.current),
        );
      } catch {
        // A missed poll is retried; the dialog shows the last known state meanwhile.
      }
      if (!stopped) timer = setTimeout(() => void check(), POLL_MS);
    };
    const stopEvents = followJobEvents({
      open: (signal) => api.openJobEvents(signal),
      onEvent: ({ job }) => {
        if (job.id !== parsingJob) return;
        if (job.status === 'failed') jobFailure.current = job.error_message ?? '';
        setPhase((phase) => withJobEvent(phase, job));
        if (job.status === 'completed' || job.status === 'failed') {
          clearTimeout(timer);
          void check();
        }
      },
    });
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stopEvents();
    };
  }, [api, client, projectId, parsingJob]);

  const done = phase.kind === 'done';
  useEffect(() => {
    if (done) onImported();
    // onImported is the parent's; only the transition to done matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [done]);

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0] ?? null;
    event.target.value = '';
    setFormError(picked ? manuscriptFileProblem(picked.name) : null);
    setFile(picked);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const flags = { detect_speakers: detectSpeakers, multi_voice: multiVoice };
    chaptersBefore.current = project.chapters?.length ?? project.total_chapters;
    jobFailure.current = null;
    if (source === 'paste') {
      if (text.trim() === '') return setFormError('Paste the book’s text first.');
      setPhase({ kind: 'reading' });
      try {
        const result = await client.pasteManuscript(projectId, {
          text,
          source: 'paste',
          ...flags,
          ...(hasBook && (mode === 'append' ? { append: true } : { reparse: true })),
        });
        setPhase(fromPaste(result));
      } catch (caught) {
        setPhase({ kind: 'form' });
        setFormError(audiobookErrorText(caught));
      }
      return;
    }
    if (!file) return setFormError('Choose a manuscript file first.');
    const problem = manuscriptFileProblem(file.name);
    if (problem) return setFormError(problem);
    setPhase({ kind: 'uploading', filename: file.name, bytes: file.size });
    try {
      const stored = await client.uploadManuscript(projectId, file, file.name);
      const body = { file_key: stored.file_key, filename: file.name, ...flags };
      const started =
        hasBook && mode === 'append'
          ? await client.appendManuscript(projectId, body)
          : await client.parseManuscript(projectId, { ...body, ...(hasBook && { reparse: true }) });
      setPhase({ kind: 'parsing', jobId: started.job_id, percent: null, stage: null });
    } catch (caught) {
      setPhase({ kind: 'form' });
      setFormError(audiobookErrorText(caught));
    }
  }

  return (
    <Dialog
      open
      title={hasBook ? 'Import more of the manuscript' : 'Import the manuscript'}
      onClose={onClose}
      testId="import-dialog"
      actions={
        phase.kind === 'form' ? (
          <>
            <button type="button" className="button button--ghost" onClick={onClose}>
              Cancel
            </button>
            <button
              type="submit"
              form={FORM_ID}
              className="button button--primary"
              data-testid="import-start"
            >
              <Icon name="upload" />
              Import
            </button>
          </>
        ) : phase.kind === 'failed' ? (
          <>
            <button type="button" className="button button--ghost" onClick={onClose}>
              Close
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => setPhase({ kind: 'form' })}
              data-testid="import-retry"
            >
              Try again
            </button>
          </>
        ) : (
          <button
            type="button"
            className={`button ${done ? 'button--primary' : 'button--ghost'}`}
            onClick={onClose}
            data-testid="import-close"
          >
            {done ? 'Open the manuscript' : 'Continue in the background'}
          </button>
        )
      }
    >
      <div className="ab-import" data-testid="import-body" data-phase={phase.kind}>
        {phase.kind === 'form' ? (
          <form id={FORM_ID} className="form" onSubmit={submit} noValidate>
            <div className="segmented" role="group" aria-label="Where the text comes from">
              <button
                type="button"
                className="segmented__item"
                aria-pressed={source === 'file'}
                onClick={() => setSource('file')}
                data-testid="import-source-file"
              >
                Upload a file
              </button>
              <button
                type="button"
                className="segmented__item"
                aria-pressed={source === 'paste'}
                onClick={() => setSource('paste')}
                data-testid="import-source-paste"
              >
                Paste text
              </button>
            </div>

            {source === 'file' ? (
              <div className="ab-drop">
                <input
                  id={inputId}
                  className="visually-hidden"
                  type="file"
                  accept={MANUSCRIPT_ACCEPT}
                  onChange={pick}
                  data-testid="import-file-input"
                />
                <label htmlFor={inputId} className="ab-drop__label">
                  <AbIcon name="file" size={22} />
                  {file ? (
                    <span className="ab-drop__text">
                      <strong className="text" data-testid="import-file-name">
                        {file.name}
                      </strong>
                      <span className="muted">{formatBytes(file.size)} · Choose another file</span>
                    </span>
                  ) : (
                    <span className="ab-drop__text">
                      <strong className="text">Choose a manuscript</strong>
                      <span className="muted">PDF, EPUB, DOCX or TXT</span>
                    </span>
                  )}
                </label>
              </div>
            ) : (
              <div className="field">
                <label className="field__label" htmlFor={`${inputId}-paste`}>
                  The book’s text
                </label>
                <textarea
                  id={`${inputId}-paste`}
                  className="input ab-textarea ab-textarea--paste"
                  rows={9}
                  value={text}
                  onChange={(event) => setText(event.target.value)}
                  placeholder={'CHAPTER I\n\nIt was a bright cold day in April…'}
                  data-testid="import-paste-text"
                />
                <p className="field__hint">
                  Chapters are found from headings such as “CHAPTER I” or “Chapter 2”.
                </p>
              </div>
            )}

            <fieldset className="fieldset">
              <legend className="field__label">Options</legend>
              <label className="toggle">
                <input
                  type="checkbox"
                  checked={detectSpeakers}
                  onChange={(event) => setDetectSpeakers(event.target.checked)}
                  data-testid="import-detect-speakers"
                />
                Detect speakers <span className="muted">— who says each line of dialogue</span>
              </label>
              <label className="toggle">
                <input
                  type="checkbox"
                  checked={multiVoice}
                  onChange={(event) => setMultiVoice(event.target.checked)}
                  data-testid="import-multi-voice"
                />
                Character voices <span className="muted">— give each character its own voice</span>
              </label>
            </fieldset>

            {hasBook && (
              <fieldset className="fieldset">
                <legend className="field__label">This book already has chapters</legend>
                <label className="radio">
                  <input
                    type="radio"
                    name="import-mode"
                    checked={mode === 'append'}
                    onChange={() => setMode('append')}
                    data-testid="import-mode-append"
                  />
                  Add the new chapters after the current ones
                </label>
                <label className="radio">
                  <input
                    type="radio"
                    name="import-mode"
                    checked={mode === 'replace'}
                    onChange={() => setMode('replace')}
                    data-testid="import-mode-replace"
                  />
                  Replace the whole manuscript
                </label>
                {mode === 'replace' && (
                  <div className="alert alert--warn">
                    <Icon name="alert" />
                    <div>
                      Replacing deletes every chapter and paragraph, with their speakers, locks and
                      directions.
                    </div>
                  </div>
                )}
              </fieldset>
            )}
            <FormMessages error={formError} testId="import-messages" />
          </form>
        ) : (
          <ImportProgress phase={phase} source={source} />
        )}
      </div>
    </Dialog>
  );
}

function ImportProgress({ phase, source }: { phase: ImportPhase; source: Source }) {
  const { value, indeterminate } = progressOf(phase);
  const step =
    phase.kind === 'uploading'
      ? `Uploading ${phase.filename} (${formatBytes(phase.bytes)})…`
      : phase.kind === 'reading'
        ? 'Reading the text and finding chapters…'
        : phase.kind === 'parsing'
          ? importStageText(phase.stage)
          : phase.kind === 'done'
            ? 'Ready for narration'
            : 'Import failed';
  return (
    <div className="ab-progress" aria-live="polite">
      <ol className="ab-steps" aria-label="Import steps">
        <Step
          label={source === 'file' ? 'Upload' : 'Text'}
          state={phase.kind === 'uploading' ? 'active' : 'done'}
        />
        <Step
          label="Chapters"
          state={
            phase.kind === 'done'
              ? 'done'
              : phase.kind === 'failed'
                ? 'failed'
                : phase.kind === 'uploading'
                  ? 'todo'
                  : 'active'
          }
        />
        <Step label="Ready" state={phase.kind === 'done' ? 'done' : 'todo'} />
      </ol>
      {phase.kind !== 'failed' && (
        <div className="ab-progress__bar">
          <ProgressBar
            value={value}
            label="Import progress"
            valueText={step}
            indeterminate={indeterminate}
            tone={phase.kind === 'done' ? 'done' : 'active'}
            testId="import-progress"
          />
          <span className="ab-progress__percent" aria-hidden="true">
            {indeterminate ? '' : `${Math.round(value)}%`}
          </span>
        </div>
      )}
      {phase.kind !== 'failed' && (
        <p className="ab-progress__step" data-testid="import-step">
          {step}
        </p>
      )}
      {phase.kind === 'done' && (
        <div className="alert alert--ok" data-testid="import-done">
          <Icon name="check" />
          <div>
            <strong className="text">
              {plural(phase.summary.chapters, 'chapter')} · {formatWords(phase.summary.words)} ·{' '}
              {approxRuntime(phase.summary.minutes)}
            </strong>
            {phase.summary.added !== null && phase.summary.added !== phase.summary.chapters && (
              <div>{plural(phase.summary.added, 'chapter')} added by this import.</div>
            )}
            {phase.summary.warnings.map((warning) => (
              <div key={warning} className="muted">
                {warning}
              </div>
            ))}
          </div>
        </div>
      )}
      {phase.kind === 'failed' && (
        <div className="alert alert--error" role="alert" data-testid="import-failed">
          <Icon name="alert" />
          <div>
            <strong>The manuscript could not be imported.</strong>
            <div data-testid="import-error-message">{phase.message}</div>
          </div>
        </div>
      )}
    </div>
  );
}

function Step({ label, state }: { label: string; state: 'todo' | 'active' | 'done' | 'failed' }) {
  return (
    <li
      className={`ab-step ab-step--${state}`}
      aria-current={state === 'active' ? 'step' : undefined}
    >
      <span className="ab-step__mark" aria-hidden="true">
        {state === 'done' ? <Icon name="check" size={12} /> : state === 'failed' ? '!' : ''}
      </span>
      {label}
    </li>
  );
}
