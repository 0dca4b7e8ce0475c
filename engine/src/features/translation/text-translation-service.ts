/**
 * Text translation requests (ours; docs/api/translation.md): checks the languages (detecting the
 * source when not given), the size and the pack before anything is charged, then runs a
 * `text_translation` job — waited for by `POST /translation/text`, followed through
 * `/translation/text/jobs/{id}` otherwise.
 */
import { AppError, type ErrorCode } from '../../errors.ts';
import type { JobRow } from '../../jobs/job-repo.ts';
import { waitForJob } from '../../jobs/job-wait.ts';
import { languageCode } from './mt-languages.ts';
import type { TextTranslator } from './text-translator.ts';
import {
  TEXT_TRANSLATION_JOB,
  type TextTranslationInput,
  type TextTranslationResult,
} from './text-translation-job.ts';
import type { TranslationDeps } from './translation-deps.ts';
import { JOB_MAX_CHARACTERS, SYNC_MAX_CHARACTERS } from './translation-schemas.ts';

export interface TranslateRequest {
  text?: string | string[] | undefined;
  transcript_id?: number | undefined;
  target_language: string;
  source_language?: string | undefined;
  engine?: string | undefined;
}

const STATUS = {
  queued: 'PENDING',
  running: 'PROCESSING',
  completed: 'COMPLETED',
  failed: 'FAILED',
  cancelled: 'CANCELLED',
} as const;

const FAILURES: Record<string, ErrorCode> = {
  model_not_installed: 'model_not_installed',
  invalid_input: 'validation_error',
};

function invalid(param: string, reason: string, message: string): AppError {
  return new AppError('validation_error', message, {
    details: { reason, param, fields: [{ loc: ['body', param], msg: reason }] },
  });
}

function language(raw: string, param: string): string {
  const code = languageCode(raw);
  if (code === null)
    throw invalid(
      param,
      'unsupported_language',
      `${param} "${raw}" is not a language this engine translates (GET /translation/text/languages).`,
    );
  return code;
}

export class TextTranslationService {
  constructor(
    private readonly deps: TranslationDeps,
    readonly translator: TextTranslator,
  ) {}

  /** The job input for a request, every check done; nothing is charged yet. */
  private prepare(
    ownerId: string,
    body: TranslateRequest,
    maxCharacters: number,
  ): TextTranslationInput {
    if ((body.text === undefined) === (body.transcript_id === undefined))
      throw invalid(
        'text',
        'text_or_transcript',
        'Send either "text" or "transcript_id", not both.',
      );
    const target = language(body.target_language, 'target_language');
    let texts: string[];
    let source: string | null = body.source_language
      ? language(body.source_language, 'source_language')
      : null;
    if (body.transcript_id !== undefined) {
      const transcript = this.deps.transcripts.segments(ownerId, body.transcript_id);
      source ??= languageCode(transcript.language);
      texts = transcript.segments.map((s) => s.text);
    } else texts = typeof body.text === 'string' ? [body.text] : [...(body.text ?? [])];
    const characters = texts.reduce((n, t) => n + t.length, 0);
    if (characters > maxCharacters)
      throw new AppError(
        'payload_too_large',
        `The text has ${characters} characters; at most ${maxCharacters} here.`,
        {
          details: { characters, limit: maxCharacters },
        },
      );
    const detected = source === null;
    source ??= this.translator.detect(texts);
    if (source === null)
      throw invalid(
        'source_language',
        'language_not_detected',
        'The text’s language could not be told apart with confidence: send source_language.',
      );
    if (source === target)
      throw invalid('target_language', 'same_language', `The text is already in ${target}.`);
    const engine = body.engine && body.engine !== 'auto' ? body.engine : null;
    this.translator.plan(source, target, engine);
    return {
      texts: body.transcript_id === undefined ? texts : null,
      transcript_id: body.transcript_id ?? null,
      source_language: source,
      source_detected: detected,
      target_language: target,
      engine,
      characters,
    };
  }

  /** POST /translation/text: translate now, in a job the request waits for. */
  async translateNow(ownerId: string, body: TranslateRequest, signal: AbortSignal) {
    const input = this.prepare(ownerId, { ...body, transcript_id: undefined }, SYNC_MAX_CHARACTERS);
    const row = await this.deps.jobs.create(ownerId, TEXT_TRANSLATION_JOB, input);
    const done = await waitForJob(this.deps, row.id, signal);
    if (done.status !== 'completed')
      throw new AppError(
        FAILURES[done.failureReason ?? ''] ?? 'internal_error',
        done.errorMessage ?? 'The translation failed.',
      );
    const result = this.resultOf(done);
    if (!result) throw new AppError('internal_error', 'The translation finished without a result.');
    return result;
  }

  /** POST /translation/text/jobs: a job to follow. */
  async createJob(ownerId: string, body: TranslateRequest) {
    const input = this.prepare(ownerId, body, JOB_MAX_CHARACTERS);
    return this.view(await this.deps.jobs.create(ownerId, TEXT_TRANSLATION_JOB, input));
  }

  /** The caller's text-translation job, or 404 (others' and other kinds look missing). */
  job(ownerId: string, id: number): JobRow {
    const row = this.deps.jobRepo.get(id);
    if (!row || row.ownerId !== ownerId || row.type !== TEXT_TRANSLATION_JOB)
      throw new AppError('not_found', `Text translation ${id} not found.`);
    return row;
  }

  list(ownerId: string, query: { skip: number; limit: number }) {
    const { rows, total } = this.deps.jobRepo.list({
      ownerId,
      type: TEXT_TRANSLATION_JOB,
      limit: query.limit,
      offset: query.skip,
    });
    return { jobs: rows.map((r) => this.view(r)), total };
  }

  view(row: JobRow) {
    const input = row.input as TextTranslationInput;
    return {
      id: row.id,
      status: STATUS[row.status],
      progress: Math.round(row.progress * 10) / 10,
      stage: row.stage,
      source_language: input.source_language,
      target_language: input.target_language,
      characters: input.characters,
      transcript_id: input.transcript_id,
      created_at: row.createdAt,
      completed_at: row.status === 'completed' ? row.finishedAt : null,
      error_message:
        row.status === 'failed'
          ? (row.errorMessage ?? 'failed')
          : row.status === 'cancelled'
            ? 'cancelled'
            : null,
      result: this.resultOf(row),
    };
  }

  private resultOf(row: JobRow) {
    if (row.status !== 'completed' || !row.result) return null;
    const input = row.input as TextTranslationInput;
    const result = row.result as TextTranslationResult;
    return {
      job_id: row.id,
      source_language: input.source_language,
      source_detected: input.source_detected,
      target_language: input.target_language,
      engine: result.engine,
      packs: result.packs,
      characters: input.characters,
      credits_charged: row.creditsReserved,
      translations: result.translations,
      segments: result.segments,
    };
  }
}
