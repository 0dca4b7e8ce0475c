/**
 * The export dialog (docs/api/export.md, POST .../export): format, credits (on/off, subtitle,
 * narrator, the full opening and closing text), cover (the book's uploaded covers, or upload one
 * here), and where the retail sample starts. Fields left empty use the engine's defaults.
 */
import { useEffect, useState } from 'react';
import { isApiError } from '../../../api/errors.ts';
import { FileButton } from '../../../ui/FileDrop.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { audiobookErrorText } from '../audiobook-format.ts';
import type { ExportClient } from './export-client.ts';
import { ExportNotReady, notReadyChapters } from './ExportNotReady.tsx';
import type { ExportRequest, NotReadyChapter, ProductionMedia } from './export-types.ts';

export function ExportDialog({
  projectId,
  client,
  onClose,
  onStart,
  onBookChanged,
}: {
  projectId: string;
  client: ExportClient;
  onClose: () => void;
  onStart: (body: ExportRequest) => Promise<void>;
  /** Chapters were marked skip_narration here: the page reloads its numbers. */
  onBookChanged?: () => void;
}) {
  const [format, setFormat] = useState<'mp3' | 'm4b'>('mp3');
  const [credits, setCredits] = useState(true);
  const [subtitle, setSubtitle] = useState('');
  const [narrator, setNarrator] = useState('');
  const [opening, setOpening] = useState('');
  const [closing, setClosing] = useState('');
  const [covers, setCovers] = useState<ProductionMedia[]>([]);
  const [cover, setCover] = useState('');
  const [sampleChapter, setSampleChapter] = useState('');
  const [sampleStart, setSampleStart] = useState('0');
  const [sampleSeconds, setSampleSeconds] = useState('180');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notReady, setNotReady] = useState<NotReadyChapter[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    client
      .settings(projectId, controller.signal)
      .then((s) => {
        setCovers(s.media.filter((m) => m.kind === 'cover'));
        setCover(s.cover_image_id ?? '');
        setCredits(s.narrate_credits);
        setOpening(s.opening_announcement ?? '');
        setClosing(s.closing_announcement ?? '');
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setError(audiobookErrorText(e));
      });
    return () => controller.abort();
  }, [client, projectId]);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    try {
      const media = await client.uploadCover(projectId, file);
      setCovers((list) => [...list, media]);
      setCover(media.id);
    } catch (e) {
      setError(audiobookErrorText(e));
    }
  };

  const request = (): ExportRequest => ({
    format,
    narrate_credits: credits,
    retail_sample_start_seconds: Number(sampleStart) || 0,
    retail_sample_seconds: Number(sampleSeconds) || 180,
    ...(subtitle.trim() && { subtitle: subtitle.trim() }),
    ...(narrator.trim() && { narrator: narrator.trim() }),
    ...(opening.trim() && { opening_credits: opening.trim() }),
    ...(closing.trim() && { closing_credits: closing.trim() }),
    ...(cover && { cover_image_id: cover }),
    ...(sampleChapter.trim() && { retail_sample_chapter: Number(sampleChapter) }),
  });

  /** Runs one way of starting the export; a not-ready answer lists its chapters instead. */
  const attempt = async (how: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await how();
    } catch (e) {
      const chapters =
        isApiError(e) && e.code === 'export_not_ready' ? notReadyChapters(e.body) : [];
      setNotReady(chapters);
      if (chapters.length === 0) setError(audiobookErrorText(e));
      setBusy(false);
    }
  };

  const submit = () => attempt(() => onStart(request()));

  const exportNarrated = () =>
    attempt(async () => {
      const skip = new Set(notReady.map((c) => c.chapter_id));
      const chapters = await client.chapters(projectId);
      const chosen = chapters.filter((c) => !c.skip_narration && !skip.has(c.id));
      if (chosen.length === 0) throw new Error('No chapter is narrated yet.');
      await onStart({ ...request(), chapter_ids: chosen.map((c) => c.id) });
    });

  const skipAndExport = () =>
    attempt(async () => {
      for (const chapter of notReady) await client.skipChapter(projectId, chapter.chapter_id);
      onBookChanged?.();
      await onStart(request());
    });

  return (
    <Dialog
      open
      title="Export for ACX"
      onClose={onClose}
      testId="export-dialog"
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void submit()}
            disabled={busy}
            data-testid="export-start"
          >
            Export
          </button>
        </>
      }
    >
      <div className="ab-export-form">
        <label className="field">
          <span className="field__label">Format</span>
          <select
            value={format}
            onChange={(e) => setFormat(e.target.value as 'mp3' | 'm4b')}
            data-testid="export-format"
          >
            <option value="mp3">ACX package (MP3 per chapter)</option>
            <option value="m4b">ACX package + M4B with chapter markers</option>
          </select>
        </label>
        <label className="field field--check">
          <input
            type="checkbox"
            checked={credits}
            onChange={(e) => setCredits(e.target.checked)}
            data-testid="export-credits"
          />
          <span>Narrated opening and closing credits</span>
        </label>
        {credits && (
          <>
            <label className="field">
              <span className="field__label">Subtitle</span>
              <input value={subtitle} onChange={(e) => setSubtitle(e.target.value)} />
            </label>
            <label className="field">
              <span className="field__label">Narrator name</span>
              <input
                value={narrator}
                placeholder="The narrator voice’s name"
                onChange={(e) => setNarrator(e.target.value)}
                data-testid="export-narrator"
              />
            </label>
            <label className="field">
              <span className="field__label">Opening credits text</span>
              <textarea
                rows={2}
                value={opening}
                placeholder="Title. Subtitle. Written by … Narrated by …"
                onChange={(e) => setOpening(e.target.value)}
              />
            </label>
            <label className="field">
              <span className="field__label">Closing credits text</span>
              <textarea
                rows={2}
                value={closing}
                placeholder="The End. …"
                onChange={(e) => setClosing(e.target.value)}
              />
            </label>
          </>
        )}
        <label className="field">
          <span className="field__label">Cover (square JPG or PNG, at least 2400×2400)</span>
          <select
            value={cover}
            onChange={(e) => setCover(e.target.value)}
            data-testid="export-cover"
          >
            <option value="">No cover (a warning in the manifest)</option>
            {covers.map((c) => (
              <option key={c.id} value={c.id}>
                {c.filename}
              </option>
            ))}
          </select>
          <FileButton
            accept="image/png,image/jpeg"
            onFile={(file) => void upload(file)}
            testId="export-cover-upload"
            size="sm"
          >
            Upload a cover…
          </FileButton>
        </label>
        <div className="ab-export-form__row">
          <label className="field">
            <span className="field__label">Sample chapter no.</span>
            <input
              inputMode="numeric"
              value={sampleChapter}
              placeholder="first"
              onChange={(e) => setSampleChapter(e.target.value)}
            />
          </label>
          <label className="field">
            <span className="field__label">Sample starts at (s)</span>
            <input
              inputMode="decimal"
              value={sampleStart}
              onChange={(e) => setSampleStart(e.target.value)}
              data-testid="export-sample-start"
            />
          </label>
          <label className="field">
            <span className="field__label">Sample length (s, ≤ 300)</span>
            <input
              inputMode="numeric"
              value={sampleSeconds}
              onChange={(e) => setSampleSeconds(e.target.value)}
            />
          </label>
        </div>
        {notReady.length > 0 && (
          <ExportNotReady
            chapters={notReady}
            busy={busy}
            onExportNarrated={() => void exportNarrated()}
            onSkipAndExport={() => void skipAndExport()}
          />
        )}
        {error && (
          <p className="ab-error-text" role="alert" data-testid="export-error">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}
