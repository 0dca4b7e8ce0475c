/**
 * The export dialog (docs/api/export.md, POST .../export): format, credits (on/off, subtitle,
 * narrator, the full opening and closing text), cover (the book's uploaded covers, or upload one
 * here), and where the retail sample starts. Fields left empty use the engine's defaults.
 */
import { useEffect, useState } from 'react';
import { errorMessage, isApiError } from '../../../api/errors.ts';
import { useContractQuery, useInvalidate, useStudioApi } from '../../../data/contract-query.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { FieldRow, NumberField, TextArea, TextField } from '../../../ui/Field.tsx';
import { FileButton } from '../../../ui/FileDrop.tsx';
import { Select } from '../../../ui/Select.tsx';
import { Toggle } from '../../../ui/Toggle.tsx';
import { BOOK_ROUTE, bookFamily } from '../book-queries.ts';
import { ExportNotReady, notReadyChapters } from './ExportNotReady.tsx';
import type { ExportRequest, NotReadyChapter } from './export-types.ts';
import styles from './Export.module.css';

type Format = 'mp3' | 'm4b';

export function ExportDialog({
  projectId,
  onClose,
  onStart,
}: {
  projectId: string;
  onClose: () => void;
  onStart: (body: ExportRequest) => Promise<void>;
}) {
  const api = useStudioApi();
  const invalidate = useInvalidate();
  const params = { project_id: projectId };
  const settings = useContractQuery(`${BOOK_ROUTE}/production-settings`, { params });
  const [format, setFormat] = useState<Format>('mp3');
  const [credits, setCredits] = useState(true);
  const [subtitle, setSubtitle] = useState('');
  const [narrator, setNarrator] = useState('');
  const [opening, setOpening] = useState('');
  const [closing, setClosing] = useState('');
  const [cover, setCover] = useState('');
  const [sampleChapter, setSampleChapter] = useState('');
  const [sampleStart, setSampleStart] = useState('0');
  const [sampleSeconds, setSampleSeconds] = useState('180');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [notReady, setNotReady] = useState<NotReadyChapter[]>([]);

  // The book's saved choices fill the form once they arrive.
  const saved = settings.data;
  useEffect(() => {
    if (!saved) return;
    setCover(saved.cover_image_id ?? '');
    setCredits(saved.narrate_credits);
    setOpening(saved.opening_announcement ?? '');
    setClosing(saved.closing_announcement ?? '');
  }, [saved]);
  const covers = (saved?.media ?? []).filter((m) => m.kind === 'cover');

  const upload = async (file: File) => {
    setError(null);
    setUploading(true);
    try {
      const form = new FormData();
      form.append('kind', 'cover');
      form.append('file', file, file.name);
      const media = await api.post(`${BOOK_ROUTE}/media/upload`, { params, body: form });
      await invalidate({ path: `${BOOK_ROUTE}/production-settings`, params });
      setCover(media.id);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setUploading(false);
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
      if (chapters.length === 0) setError(errorMessage(e));
      setBusy(false);
    }
  };

  const exportNarrated = () =>
    attempt(async () => {
      const skip = new Set(notReady.map((c) => c.chapter_id));
      const list = await api.get(`${BOOK_ROUTE}/chapters`, { params, query: { per_page: 500 } });
      const chosen = list.chapters.filter((c) => !c.skip_narration && !skip.has(c.id));
      if (chosen.length === 0) throw new Error('No chapter is narrated yet.');
      await onStart({ ...request(), chapter_ids: chosen.map((c) => c.id) });
    });

  const skipAndExport = () =>
    attempt(async () => {
      for (const chapter of notReady) {
        await api.put(`${BOOK_ROUTE}/chapters/{chapter_id}`, {
          params: { ...params, chapter_id: chapter.chapter_id },
          json: { skip_narration: true },
        });
      }
      await invalidate(bookFamily(projectId));
      await onStart(request());
    });

  return (
    <Dialog
      open
      title="Export for ACX"
      size="lg"
      onClose={onClose}
      testId="export-dialog"
      onSubmit={() => void attempt(() => onStart(request()))}
      actions={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" busy={busy} testId="export-start">
            Export
          </Button>
        </>
      }
    >
      <Select
        label="Format"
        value={format}
        onChange={setFormat}
        testId="export-format"
        options={[
          { value: 'mp3', label: 'ACX package (MP3 per chapter)' },
          { value: 'm4b', label: 'ACX package + M4B with chapter markers' },
        ]}
      />
      <Toggle plain checked={credits} onChange={setCredits} testId="export-credits">
        Narrated opening and closing credits
      </Toggle>
      {credits && (
        <>
          <FieldRow>
            <TextField
              label="Subtitle"
              optional
              value={subtitle}
              onChange={(e) => setSubtitle(e.target.value)}
            />
            <TextField
              label="Narrator name"
              optional
              value={narrator}
              placeholder="The narrator voice’s name"
              onChange={(e) => setNarrator(e.target.value)}
              testId="export-narrator"
            />
          </FieldRow>
          <TextArea
            label="Opening credits"
            optional
            rows={2}
            value={opening}
            placeholder="Title. Subtitle. Written by … Narrated by …"
            onChange={(e) => setOpening(e.target.value)}
          />
          <TextArea
            label="Closing credits"
            optional
            rows={2}
            value={closing}
            placeholder="The End. …"
            onChange={(e) => setClosing(e.target.value)}
          />
        </>
      )}
      <div className={styles.coverRow}>
        <Select
          label="Cover"
          value={cover}
          onChange={setCover}
          testId="export-cover"
          hint="A square JPG or PNG of at least 2400 × 2400 pixels."
          options={[
            { value: '', label: 'No cover (the export report warns about it)' },
            ...covers.map((c) => ({ value: c.id, label: c.filename })),
          ]}
        />
        <span className={styles.coverUpload}>
          <FileButton
            accept="image/png,image/jpeg"
            onFile={(file) => void upload(file)}
            disabled={uploading}
            testId="export-cover-upload"
          >
            {uploading ? 'Uploading…' : 'Upload a cover…'}
          </FileButton>
        </span>
      </div>
      <FieldRow>
        <NumberField
          label="Sample chapter"
          optional
          min={1}
          value={sampleChapter}
          placeholder="first"
          onChange={(e) => setSampleChapter(e.target.value)}
        />
        <NumberField
          label="Sample starts at"
          unit="seconds"
          min={0}
          step="any"
          value={sampleStart}
          onChange={(e) => setSampleStart(e.target.value)}
          testId="export-sample-start"
        />
        <NumberField
          label="Sample length"
          unit="seconds"
          min={1}
          max={300}
          value={sampleSeconds}
          hint="At most 300 seconds."
          onChange={(e) => setSampleSeconds(e.target.value)}
        />
      </FieldRow>
      {notReady.length > 0 && (
        <ExportNotReady
          chapters={notReady}
          busy={busy}
          onExportNarrated={() => void exportNarrated()}
          onSkipAndExport={() => void skipAndExport()}
        />
      )}
      {(error ?? settings.error) && (
        <p className={styles.error} role="alert" data-testid="export-error">
          {error ?? errorMessage(settings.error)}
        </p>
      )}
    </Dialog>
  );
}
