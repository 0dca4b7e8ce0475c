/**
 * POST .../manuscript/generate: a book written from a prompt by the language model (an
 * installed pack, the owner's model file or chat server; docs/api/audiobook.md). First an
 * outline (title, then a title and summary per chapter), then each chapter as paragraphs, every
 * answer constrained to a JSON schema. A chapter longer than one call's context allows is
 * written in parts, each part given the plan and the last paragraphs written before it.
 */
import { AppError, throwIfCancelled } from '../../../errors.ts';
import type { LanguageModel } from '../../language/index.ts';
import { countWords } from '../text-stats.ts';
import type { ExtractedBook } from '../../../libraries/manuscript/index.ts';

export interface GenerateRequest {
  prompt: string;
  title: string;
  audience: string | null;
  tone: string;
  chapterCount: number;
  wordsPerChapter: number;
  /** The book's locale, or null (then English). */
  language: string | null;
}

const SYSTEM =
  'You are a novelist writing books that will be narrated as audiobooks. Write clean prose ' +
  'for the ear: no markdown, no headings, no lists, no notes to the reader. You answer with ' +
  'JSON only.';

/** Paragraphs of a part: a paragraph is at most this long. */
const PARAGRAPH_CHARS = 1500;
/** Words one paragraph has on average, to bound how many a part may have. */
const WORDS_PER_PARAGRAPH = 40;
/** The outline's longest strings, in characters. */
const OUTLINE_TITLE_CHARS = 120;
const CHAPTER_TITLE_CHARS = 80;
const SUMMARY_CHARS = 300;

const SAMPLE =
  'The harbour light was warm and slow as the boats came home at dusk, and she watched them ' +
  'from the wall, counting sails the way her father had taught her.';

/** Clean prose: blank lines split paragraphs; headings and markdown emphasis are dropped. */
export function proseParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split('\n')
        .filter(
          (line) =>
            !/^\s*#{1,6}\s/.test(line) &&
            !/^\s*(chapter|kapitel|chapitre|capitolo)\b.{0,60}$/i.test(line),
        )
        .join(' ')
        .replace(/\*\*|__/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((p) => p !== '');
}

/**
 * The paragraphs written whole in an answer cut off by its token limit
 * (`{"paragraphs": ["…", "…", "…` keeps the first two).
 */
export function wholeParagraphs(partial: string): string[] {
  const start = partial.indexOf('[', partial.indexOf('"paragraphs"'));
  if (start === -1) return [];
  const out: string[] = [];
  for (const match of partial.slice(start).matchAll(/"((?:[^"\\]|\\.)*)"\s*[,\]]/g)) {
    try {
      out.push(JSON.parse(`"${match[1] ?? ''}"`) as string);
    } catch {
      break;
    }
  }
  return out.flatMap((p) => proseParagraphs(p));
}

interface Plan {
  title: string;
  chapters: { title: string; summary: string }[];
}

/**
 * What an outline cut off by its token ceiling still says (a small model may ramble inside one
 * string): its title and the chapters whose strings were written, each string as far as it got
 * and no longer than the schema allows. Chapters it never reached are planned by the writer.
 */
function salvageOutline(partial: string): Plan | null {
  const strings = [...partial.matchAll(/"(title|summary)"\s*:\s*"((?:[^"\\]|\\.)*)/g)].map((m) => ({
    key: m[1],
    value: (m[2] ?? '').replace(/\\(.)/g, '$1').replace(/\s+/g, ' ').trim(),
  }));
  const [first, ...rest] = strings;
  if (first?.key !== 'title') return null;
  const chapters: Plan['chapters'] = [];
  for (const { key, value } of rest) {
    if (key === 'title') chapters.push({ title: value.slice(0, CHAPTER_TITLE_CHARS), summary: '' });
    else if (chapters.length > 0)
      chapters[chapters.length - 1]!.summary = value.slice(0, SUMMARY_CHARS);
  }
  return { title: first.value.slice(0, OUTLINE_TITLE_CHARS), chapters };
}

export class BookGenerator {
  constructor(private readonly language: LanguageModel) {}

  private brief(request: GenerateRequest): string {
    return [
      `Book idea: ${request.prompt}`,
      `Working title: ${request.title}`,
      request.audience ? `Audience: ${request.audience}` : null,
      `Tone: ${request.tone}`,
      `Language: ${request.language ?? 'en-US'}`,
    ]
      .filter((line): line is string => line !== null)
      .join('\n');
  }

  private async outline(request: GenerateRequest, signal?: AbortSignal): Promise<Plan> {
    const n = request.chapterCount;
    // The longest answer the schema allows, in this model's tokens: a model whose tokenizer
    // spends a token a character (a byte vocabulary, some scripts) would otherwise be cut off
    // inside a summary. The answer ends as soon as it is complete, so this is only a ceiling.
    const [sample = 1] = await this.language.countTokens([SAMPLE], signal);
    const tokensPerChar = Math.max(0.25, sample / SAMPLE.length);
    const longest = OUTLINE_TITLE_CHARS + n * (CHAPTER_TITLE_CHARS + SUMMARY_CHARS + 40) + 40;
    return this.language.json({
      system: SYSTEM,
      prompt:
        `${this.brief(request)}\n\nPlan this book in exactly ${n} chapters. Answer in this ` +
        'form: {"title": "...", "chapters": [{"title": "...", "summary": "..."}]}',
      schema: {
        type: 'object',
        properties: {
          title: { type: 'string', minLength: 1, maxLength: OUTLINE_TITLE_CHARS },
          chapters: {
            type: 'array',
            minItems: n,
            maxItems: n,
            items: {
              type: 'object',
              properties: {
                title: { type: 'string', minLength: 1, maxLength: CHAPTER_TITLE_CHARS },
                summary: { type: 'string', maxLength: SUMMARY_CHARS },
              },
              required: ['title', 'summary'],
              additionalProperties: false,
            },
          },
        },
        required: ['title', 'chapters'],
        additionalProperties: false,
      },
      read: (value) => {
        const v = value as { title?: unknown; chapters?: { title?: unknown; summary?: unknown }[] };
        const text = (x: unknown) => (typeof x === 'string' ? x.replace(/\s+/g, ' ').trim() : '');
        return {
          title: text(v.title),
          chapters: (Array.isArray(v.chapters) ? v.chapters : []).map((c) => ({
            title: text(c.title),
            summary: text(c.summary),
          })),
        };
      },
      maxTokens: Math.min(
        Math.max(200 + n * 160, Math.ceil(longest * tokensPerChar) + 32),
        Math.max(200, (await this.language.contextTokens(signal)) - 512),
      ),
      temperature: 0.7,
      signal,
      salvage: salvageOutline,
    });
  }

  /** Words one part may hold: what the context leaves after the prompt, in this language. */
  private async partWords(request: GenerateRequest, signal?: AbortSignal): Promise<number> {
    const context = await this.language.contextTokens(signal);
    const [sample = 1, prompt = 0] = await this.language.countTokens(
      [SAMPLE, `${SYSTEM}\n${this.brief(request)}\n${'x'.repeat(1200)}`],
      signal,
    );
    const tokensPerWord = Math.max(1, sample / countWords(SAMPLE)) * 1.3;
    return Math.max(60, Math.floor((context - prompt - 64) / tokensPerWord));
  }

  private async part(
    request: GenerateRequest,
    plan: Plan,
    index: number,
    words: number,
    before: string[],
    signal?: AbortSignal,
  ): Promise<string[]> {
    const chapter = plan.chapters[index];
    const chapterTitle = chapter?.title || `Chapter ${index + 1}`;
    const maxItems = Math.max(1, Math.ceil(words / WORDS_PER_PARAGRAPH));
    const context = await this.language.contextTokens(signal);
    const continuing =
      before.length > 0
        ? `\nThe chapter so far ends with:\n${before.slice(-2).join('\n\n')}\nContinue it.`
        : '';
    const prompt =
      `${this.brief(request)}\nBook title: ${plan.title}\n\nWrite chapter ${index + 1} of ` +
      `${request.chapterCount}, “${chapterTitle}”${chapter?.summary ? ` (${chapter.summary})` : ''}` +
      `, about ${words} words in plain paragraphs; do not repeat the chapter title.${continuing}\n` +
      'Answer in this form: {"paragraphs": ["...", "..."]}';
    const [promptTokens = 0] = await this.language.countTokens([SYSTEM + prompt], signal);
    return this.language.json({
      system: SYSTEM,
      prompt,
      schema: {
        type: 'object',
        properties: {
          paragraphs: {
            type: 'array',
            minItems: 1,
            maxItems: maxItems,
            items: { type: 'string', minLength: 1, maxLength: PARAGRAPH_CHARS },
          },
        },
        required: ['paragraphs'],
        additionalProperties: false,
      },
      read: (value) => {
        const list = (value as { paragraphs?: unknown }).paragraphs;
        return (Array.isArray(list) ? list : [])
          .filter((p): p is string => typeof p === 'string')
          .flatMap((p) => proseParagraphs(p));
      },
      maxTokens: Math.max(64, context - promptTokens - 32),
      temperature: 0.8,
      signal,
      // A model that writes past the limit keeps the paragraphs it finished.
      salvage: (partial) => {
        const kept = wholeParagraphs(partial);
        return kept.length > 0 ? kept : null;
      },
    });
  }

  async generate(
    request: GenerateRequest,
    signal?: AbortSignal,
    onProgress?: (step: string) => void,
  ): Promise<ExtractedBook> {
    this.language.require('Writing a book');
    const language = request.language ?? 'en-US';
    onProgress?.('planning the book');
    const plan = await this.outline(request, signal);
    const title = plan.title || request.title;
    const partWords = await this.partWords(request, signal);
    const chapters: ExtractedBook['chapters'] = [];
    for (let i = 0; i < request.chapterCount; i += 1) {
      const paragraphs: string[] = [];
      let written = 0;
      while (written < request.wordsPerChapter * 0.9) {
        throwIfCancelled(signal);
        onProgress?.(`writing chapter ${i + 1} of ${request.chapterCount}`);
        const words = Math.min(partWords, request.wordsPerChapter - written);
        const part = await this.part(request, { ...plan, title }, i, words, paragraphs, signal);
        const added = part.reduce((sum, p) => sum + countWords(p), 0);
        paragraphs.push(...part);
        written += added;
        // A part that adds (almost) nothing ends the chapter rather than loop.
        if (added < Math.min(20, words / 4)) break;
      }
      if (paragraphs.length === 0) {
        throw new AppError(
          'service_unavailable',
          `The language model (${this.language.label() ?? 'none'}) wrote an empty chapter ${i + 1}; try again.`,
        );
      }
      chapters.push({
        title: plan.chapters[i]?.title || `Chapter ${i + 1}`,
        kind: 'chapter',
        paragraphs,
      });
    }
    return {
      format: 'txt',
      title,
      author: null,
      language: language.split('-')[0] ?? 'en',
      chapters,
      warnings: [],
    };
  }
}
