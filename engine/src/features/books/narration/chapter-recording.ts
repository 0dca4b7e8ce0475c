/**
 * A narrator's own recording of a chapter, imported as takes (docs/api/narration.md, "Importing
 * a chapter recording"): the recording is aligned to the chapter's text by the speech area's
 * forced alignment (eSpeak NG + DTW, no download), cut at the paragraphs' first and last words
 * into one take per paragraph (FLAC, like narrated takes, with word timings for the highlight),
 * and where the reading departs from the text — skipped, replaced or added words — is reported
 * per paragraph and kept in the take's settings.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { decodeAudio } from '../../../audio/decode.ts';
import type { Ffmpeg } from '../../../audio/types.ts';
import { probeMedia } from '../../../audio/probe.ts';
import { defineRoute } from '../../../api/route.ts';
import type { Principal } from '../../../api/principal.ts';
import type { ParagraphRow } from '../../../db/schema/audiobook.ts';
import { AppError } from '../../../errors.ts';
import { storeMultipartUpload, type StoredFile } from '../../platform/index.ts';
import type { Books } from '../books.ts';
import { chapterParams } from '../chapters/chapter-schemas.ts';
import { ownProject, TAG, WRITE } from '../projects/project-routes.ts';
import type { WordAligner } from './line-narrator.ts';
import { takeRelativePath, writeTakeAudio } from './take-storage.ts';

/** Breath kept before a paragraph's first word and after its last, seconds. */
const LEAD_IN = 0.15;
const TAIL = 0.3;
/** A paragraph whose words match this poorly on average was not read (or read elsewhere). */
const NOT_READ_MATCH = 0.35;

const departureSchema = z.object({ text: z.string(), start: z.number(), end: z.number() });

export const chapterRecordingResponse = z
  .object({
    chapter_id: z.string(),
    duration: z.number(),
    language: z.string(),
    takes: z.array(
      z.object({
        paragraph_id: z.string(),
        take_id: z.string(),
        /** Where the paragraph is in the recording, seconds. */
        start: z.number(),
        end: z.number(),
        duration: z.number(),
        /** Mean word match 0–1. */
        match: z.number(),
        /** Stretches (in the take's own time) where the reading departs from the text. */
        departures: z.array(departureSchema),
      }),
    ),
    /** Paragraphs the recording does not seem to contain; no take was made for them. */
    not_read: z.array(z.object({ paragraph_id: z.string(), match: z.number() })),
  })
  .meta({ id: 'ChapterRecordingImport' });

type ImportResult = z.infer<typeof chapterRecordingResponse>;

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

interface Span {
  line: ParagraphRow;
  from: number;
  to: number;
}

/** The chapter's text as one string, with each paragraph's UTF-16 range in it. */
function chapterText(lines: ParagraphRow[]): { text: string; spans: Span[] } {
  const spans: Span[] = [];
  let text = '';
  for (const line of lines) {
    if (line.text.trim() === '') continue;
    if (text !== '') text += '\n\n';
    spans.push({ line, from: text.length, to: text.length + line.text.length });
    text += line.text;
  }
  return { text, spans };
}

/**
 * The quietest stretch of [from, to] s of the recording: 20 ms frames within 6 dB of the
 * quietest, around it.
 */
async function quietestStretch(
  ffmpeg: Ffmpeg,
  file: string,
  from: number,
  to: number,
  signal: AbortSignal,
): Promise<{ start: number; end: number; middle: number }> {
  const rate = 16_000;
  const pcm = await decodeAudio(ffmpeg, file, {
    sampleRate: rate,
    channels: 1,
    startSeconds: from,
    durationSeconds: to - from,
    signal,
  });
  const frame = rate / 50;
  const db: number[] = [];
  for (let f = 0; (f + 1) * frame <= pcm.samples.length; f++) {
    let sum = 0;
    for (let i = f * frame; i < (f + 1) * frame; i++) sum += pcm.samples[i]! ** 2;
    db.push(10 * Math.log10(sum / frame + 1e-12));
  }
  if (db.length === 0) return { start: from, end: to, middle: (from + to) / 2 };
  const quiet = Math.min(...db);
  const at = db.indexOf(quiet);
  let a = at;
  let b = at;
  while (a > 0 && db[a - 1]! < quiet + 6) a--;
  while (b < db.length - 1 && db[b + 1]! < quiet + 6) b++;
  const start = from + a / 50;
  const end = from + (b + 1) / 50;
  return { start, end, middle: (start + end) / 2 };
}

async function importRecording(
  books: Books,
  aligner: WordAligner,
  ownerId: string,
  ids: { project_id: string; chapter_id: string },
  upload: { file: StoredFile; language: string | null },
  signal: AbortSignal,
): Promise<ImportResult> {
  const project = books.projects.require(ownerId, ids.project_id);
  const chapter = books.repos.chapters.chapter(project.id, ids.chapter_id);
  if (!chapter) throw new AppError('not_found', `Chapter ${ids.chapter_id} not found.`);
  const { text, spans } = chapterText(books.repos.chapters.paragraphs(chapter.id));
  if (spans.length === 0) throw new AppError('validation_error', 'The chapter has no text.');
  const ffmpeg = await books.deps.ffmpeg.require();
  const source = books.deps.files.pathOf(books.deps.files.get(ownerId, upload.file.file_key));
  const info = await probeMedia(ffmpeg, source, { signal });
  if (!info.audio) throw new AppError('invalid_audio', 'The recording has no audio stream.');
  const language = upload.language ?? project.language ?? 'en';
  const aligned = await aligner.alignWords({ path: source }, text, language, signal, {
    paragraphsMayBeSkipped: true,
  });
  const takes: ImportResult['takes'] = [];
  const notRead: ImportResult['not_read'] = [];
  const words = aligned.words.map((w, index) => ({ ...w, index }));
  const read = spans.flatMap((span) => {
    const mine = words.filter((w) => w.offset >= span.from && w.offset < span.to);
    const match = mine.reduce((sum, w) => sum + w.match, 0) / Math.max(1, mine.length);
    if (mine.length > 0 && match >= NOT_READ_MATCH) return [{ span, mine, match }];
    notRead.push({ paragraph_id: span.line.id, match: round3(match) });
    return [];
  });
  // Between two paragraphs read in turn the cut goes into the pause between them, found in the
  // audio itself: word edges from alignment can run into a pause, a narrator's pause cannot.
  const cuts: { start: number; end: number }[] = read.map((r) => ({
    start: Math.max(0, r.mine[0]!.start - LEAD_IN),
    end: Math.min(aligned.duration, r.mine.at(-1)!.end + TAIL),
  }));
  for (let k = 1; k < read.length; k++) {
    const from = read[k - 1]!.mine.at(-1)!.start + 0.1;
    const to = Math.max(from + 0.05, read[k]!.mine[0]!.start + 0.1);
    const pause = await quietestStretch(ffmpeg, source, from, to, signal);
    cuts[k - 1]!.end = Math.min(cuts[k - 1]!.end, pause.start + TAIL, pause.middle);
    cuts[k]!.start = Math.max(cuts[k]!.start, pause.end - LEAD_IN, pause.middle);
  }
  for (const [k, { span, mine, match }] of read.entries()) {
    const { start, end } = cuts[k]!;
    const pcm = await decodeAudio(ffmpeg, source, {
      sampleRate: info.audio.sample_rate ?? 44_100,
      channels: 1,
      startSeconds: start,
      durationSeconds: end - start,
      signal,
    });
    const first = mine[0]!.index;
    const last = mine.at(-1)!.index;
    const departures = aligned.departures
      .filter((d) => d.last_word >= first && d.first_word <= last)
      .map((d) => ({
        text: d.text,
        start: round3(Math.max(0, d.start - start)),
        end: round3(Math.max(0, d.end - start)),
      }));
    const takeId = randomUUID();
    const relative = takeRelativePath(project.id, span.line.id, takeId);
    await writeTakeAudio(ffmpeg, books.deps.config.home, relative, pcm, signal);
    const duration = pcm.samples.length / pcm.sampleRate;
    const take = books.takes.repo.insert({
      id: takeId,
      projectId: project.id,
      paragraphId: span.line.id,
      jobId: null,
      // Not a voice of the catalog: the narrator's own voice.
      voiceId: 0,
      engine: 'recording',
      engineVoice: 'narrator',
      text: span.line.text,
      settings: {
        source: 'recording',
        filename: upload.file.filename,
        recording_start: round3(start),
        recording_end: round3(end),
        match: round3(match),
        departures,
      },
      audioPath: relative,
      sampleRate: pcm.sampleRate,
      durationSeconds: duration,
      timings: mine.map((w) => ({
        kind: 'word',
        textOffset: w.offset - span.from,
        textLength: w.length,
        startSeconds: round3(w.start - start),
      })),
      characters: span.line.text.length,
      credits: 0,
      billing: 'billed',
    });
    books.lineStatus.narrated(span.line, take);
    takes.push({
      paragraph_id: span.line.id,
      take_id: take.id,
      start: round3(start),
      end: round3(end),
      duration: round3(duration),
      match: round3(match),
      departures,
    });
  }
  books.status.refreshChapters(project.id, [chapter.id]);
  return { chapter_id: chapter.id, duration: aligned.duration, language, takes, not_read: notRead };
}

function ownerOf(principal: Principal | null): string {
  return principal?.userId ?? '';
}

export const chapterRecordingRoutes = [
  defineRoute({
    method: 'post',
    path: '/audiobook/projects/{project_id}/chapters/{chapter_id}/recording',
    summary:
      'Import a recording of the chapter: one take per paragraph, and where the reading departs from the text',
    tag: TAG,
    auth: 'user',
    scope: WRITE,
    params: chapterParams,
    authorize: ownProject,
    bodyKind: 'raw',
    rawTypes: ['multipart/form-data'],
    body: z.object({
      file: z.string().meta({ format: 'binary', description: 'The recording (up to 45 minutes).' }),
      language: z.string().optional().meta({ description: 'Default: the book’s language.' }),
    }),
    response: chapterRecordingResponse,
    errors: [
      'unauthorized',
      'forbidden',
      'not_found',
      'validation_error',
      'bad_request',
      'invalid_audio',
      'unsupported_media',
      'payload_too_large',
      'unsupported_media_type',
      'service_unavailable',
      'ffmpeg_unavailable',
    ],
    handler: async ({ params, principal, stream, headers, signal }, { books }) => {
      const owner = ownerOf(principal);
      const aligner = books.lines.aligner;
      if (aligner === null)
        throw new AppError('service_unavailable', 'Forced alignment is not available.');
      if (!stream) throw new AppError('validation_error', 'Send the recording as `file`.');
      const upload = await storeMultipartUpload(books.deps.files, owner, stream, headers, {
        maxFileBytes: books.deps.files.maxBytes,
        what: 'The recording',
        signal,
      });
      try {
        if (upload.file === null)
          throw new AppError('validation_error', 'file is required (multipart field "file").');
        const language = upload.fields.language?.trim() || null;
        return await importRecording(
          books,
          aligner,
          owner,
          params,
          { file: upload.file, language },
          signal,
        );
      } finally {
        // The takes keep their own cuts; the upload itself is not kept.
        if (upload.file) books.deps.files.discard(owner, upload.file.file_key);
      }
    },
  }),
];
