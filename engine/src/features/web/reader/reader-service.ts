/**
 * The article reader (document 3, "Article reader"; docs/api/reader.md): estimate, generate,
 * follow, list, delete, and the public view. A URL is fetched by THE fetcher (web pages only,
 * the configured limits) and read by Readability; the narration is a `reader` job.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AppError, isAppError } from '../../../errors.ts';
import type { JobRow } from '../../../jobs/job-repo.ts';
import { isResultDeleted } from '../../../jobs/job-repo.ts';
import type { JobContext, JobQuote } from '../../../jobs/job-types.ts';
import type { SpeakableVoice } from '../../voices/index.ts';
import type { WebContext } from '../web-deps.ts';
import { articleFromContent, countWords, extractArticle, type Article } from './article-extract.ts';
import type { ReaderCallbacks } from './callbacks/reader-callbacks.ts';
import {
  READER_CREDITS_PER_CHARACTER,
  READER_JOB,
  type ReaderInput,
  type ReaderResult,
} from './reader-job.ts';
import { narrateToMp3, narrationParts } from './reader-narrate.ts';

/** Standard narration: the embedded English voice every engine has. */
export const DEFAULT_VOICE = 'en-us';
/** An article page larger than this is not an article. */
const MAX_PAGE_BYTES = 5 * 1024 * 1024;
/** What an estimate assumes when the page could not be read ahead (a long read). */
export const BASELINE_WORDS = 1500;
const CHARS_PER_WORD = 6;

export interface ReaderSource {
  url?: string | undefined;
  content?: string | undefined;
  voice?: string | number | undefined;
}

function invalid(field: string, message: string): AppError {
  return new AppError('validation_error', message, {
    details: { fields: [{ loc: ['body', field], msg: message }] },
  });
}

export function characters(parts: { title: string; paragraphs: string[] }): number {
  return parts.title.length + parts.paragraphs.reduce((sum, p) => sum + p.length, 0);
}

export class ReaderService {
  constructor(
    private readonly deps: WebContext,
    readonly callbacks: ReaderCallbacks,
  ) {}

  /**
   * The voice to narrate with, among the voices `ownerId` may use: the catalog's library voices
   * and the owner's own designed or cloned ones (and public ones), by id, name or UUID, as
   * `GET /voice/voice-profiles` lists them for that owner.
   */
  voice(ref: string | number | undefined, ownerId: string): SpeakableVoice {
    const voice = this.deps.voices.catalog.resolve(ref ?? DEFAULT_VOICE, ownerId);
    if (!voice)
      throw new AppError('voice_not_found', `No voice "${String(ref)}".`, {
        details: { param: 'voice' },
      });
    return voice;
  }

  /**
   * Standard narration is eSpeak NG (the embedded voices and the voices designed on them) and
   * free; every voice a neural model speaks (a pack's, a Kokoro blend, a clone) is premium.
   */
  isPremium(voice: SpeakableVoice): boolean {
    return voice.engine !== 'espeak';
  }

  private checkSource(source: ReaderSource): void {
    if (Boolean(source.url) === Boolean(source.content))
      throw invalid('url', 'Send exactly one of url and content.');
  }

  async article(source: ReaderSource, signal: AbortSignal): Promise<Article> {
    this.checkSource(source);
    let article: Article | null;
    if (source.content) article = articleFromContent(source.content);
    else {
      const page = await this.deps.fetcher.text(source.url ?? '', {
        signal,
        accept: 'html',
        maxBytes: MAX_PAGE_BYTES,
      });
      article = extractArticle(page.text, page.url.toString());
    }
    if (!article || article.paragraphs.length === 0)
      throw new AppError('unsupported_media', 'No readable article was found there.', {
        details: { reason: 'no_article' },
      });
    return article;
  }

  async estimate(ownerId: string, source: ReaderSource, signal: AbortSignal) {
    this.checkSource(source);
    const voice = this.voice(source.voice, ownerId);
    const premium = this.isPremium(voice);
    const price = (chars: number): number => (premium ? chars * READER_CREDITS_PER_CHARACTER : 0);
    try {
      const article = await this.article(source, signal);
      const parts = narrationParts(article);
      const chars = characters(article);
      return {
        is_premium: premium,
        estimated_credits: price(chars),
        word_count: parts.reduce((sum, p) => sum + countWords(p), 0),
        char_count: chars,
        measured: true,
        title: article.title,
        note: premium
          ? 'Premium narration: credits per character, reserved on creation, refunded on failure.'
          : 'Standard narration: no credits are charged.',
      };
    } catch (error) {
      // Bad requests stay errors; a page that cannot be read ahead gives a baseline.
      if (!source.url || !isAppError(error) || error.code === 'voice_not_found') throw error;
      if (error.details?.reason === 'refused') throw error;
      return {
        is_premium: premium,
        estimated_credits: price(BASELINE_WORDS * CHARS_PER_WORD),
        word_count: BASELINE_WORDS,
        char_count: BASELINE_WORDS * CHARS_PER_WORD,
        measured: false,
        title: null,
        note: `The page could not be read ahead (${error.message}); this is a baseline and the narration follows the real length.`,
      };
    }
  }

  async generate(
    ownerId: string,
    request: ReaderSource & { title?: string; webhook_url?: string; show_branding: boolean },
    origin: string,
    signal: AbortSignal,
  ): Promise<{ row: JobRow; secret: string | null }> {
    const voice = this.voice(request.voice, ownerId);
    if (request.webhook_url) await this.callbacks.check(request.webhook_url);
    const article = await this.article(request, signal);
    const input: ReaderInput = {
      source_url: request.url ?? null,
      title: request.title ?? article.title,
      byline: article.byline,
      paragraphs: article.paragraphs,
      voice_id: voice.id,
      voice_name: voice.name,
      is_premium: this.isPremium(voice),
      show_branding: request.show_branding,
      origin,
      webhook_url: request.webhook_url ?? null,
    };
    const row = await this.deps.jobs.create(ownerId, READER_JOB, input);
    const secret = request.webhook_url
      ? this.callbacks.register(row.id, ownerId, request.webhook_url)
      : null;
    return { row, secret };
  }

  quote(input: ReaderInput): JobQuote {
    const chars = characters(input);
    return {
      credits: input.is_premium ? chars * READER_CREDITS_PER_CHARACTER : 0,
      serviceType: 'reader',
      metadata: { characters: chars, voice_id: input.voice_id, premium: input.is_premium },
    };
  }

  /** The caller's reader job; 404 for another user's, a deleted one or another kind. */
  job(ownerId: string, id: number): JobRow {
    const row = this.deps.jobRepo.get(id);
    if (!row || row.ownerId !== ownerId || row.type !== READER_JOB || isResultDeleted(row))
      throw new AppError('not_found', `Reader job ${id} not found.`);
    return row;
  }

  /** Any reader job by id, for the public view (deleted ones are gone). */
  publicJob(id: number): JobRow {
    const row = this.deps.jobRepo.get(id);
    if (!row || row.type !== READER_JOB || isResultDeleted(row))
      throw new AppError('not_found', `Reader job ${id} not found.`);
    return row;
  }

  list(ownerId: string, page: number, perPage: number): { rows: JobRow[]; total: number } {
    return this.deps.jobRepo.list({
      ownerId,
      type: READER_JOB,
      excludeDeleted: true,
      limit: perPage,
      offset: (page - 1) * perPage,
    });
  }

  /** Stops the narration if it runs, removes its audio, and ends its public view. */
  delete(ownerId: string, id: number): void {
    const row = this.job(ownerId, id);
    if (row.status === 'queued' || row.status === 'running') this.deps.jobs.cancel(id);
    const result = row.result as ReaderResult | null;
    if (row.status === 'completed' && result?.audio_file_key)
      this.deps.files.discard(ownerId, result.audio_file_key);
    this.deps.jobRepo.markResultDeleted(id, new Date(this.deps.clock.now()).toISOString());
    this.callbacks.forget(id);
  }

  async run(ctx: JobContext<ReaderInput>): Promise<ReaderResult> {
    const { input } = ctx;
    const voice = this.deps.voices.catalog.get(ctx.ownerId, input.voice_id);
    if (!voice)
      throw new AppError('voice_not_found', `Voice ${input.voice_name} is no longer installed.`);
    const ffmpeg = await this.deps.ffmpeg.require();
    const work = path.join(
      this.deps.config.home,
      'files',
      '.tmp',
      `reader-${ctx.jobId}-${randomUUID()}`,
    );
    fs.mkdirSync(work, { recursive: true });
    try {
      const out = path.join(work, 'narration.mp3');
      ctx.progress({ percent: 0, stage: 'narrate' });
      const narrated = await narrateToMp3(
        { synth: this.deps.voices.synth, ffmpeg },
        narrationParts(input),
        voice,
        out,
        {
          signal: ctx.signal,
          onProgress: (fraction) => ctx.progress({ percent: fraction * 97, stage: 'narrate' }),
        },
      );
      ctx.progress({ percent: 98, stage: 'store' });
      const saved = await this.deps.files.save(ctx.ownerId, fs.createReadStream(out), {
        contentType: 'audio/mpeg',
        filename: `${input.title.replace(/[\\/:*?"<>|]/g, '_').slice(0, 120) || 'article'}.mp3`,
      });
      ctx.reportUsage({ credits: this.quote(input).credits, audioDuration: narrated.seconds });
      return {
        audio_file_key: saved.file_key,
        audio_duration_seconds: Math.round(narrated.seconds * 100) / 100,
        word_count: narrated.narratedWords,
      };
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
}
