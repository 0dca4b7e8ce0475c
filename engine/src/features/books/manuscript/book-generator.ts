/**
 * POST .../manuscript/generate: a book written from a prompt by the configured chat endpoint
 * (chat-client.ts). Two steps so each answer stays short enough for a small local model: an
 * outline (title and one line per chapter, as JSON), then each chapter as plain prose.
 */
import { z } from 'zod';
import { AppError, throwIfCancelled } from '../../../errors.ts';
import type { ChatClient } from '../llm/chat-client.ts';
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

const outlineSchema = z.object({
  title: z.string().optional(),
  chapters: z
    .array(
      z.union([
        z.string(),
        z.object({ title: z.string().optional(), summary: z.string().optional() }),
      ]),
    )
    .optional(),
});

const SYSTEM =
  'You are a novelist writing books that will be narrated as audiobooks. Write clean prose ' +
  'for the ear: no markdown, no headings, no lists, no notes to the reader.';

/** Prose → paragraphs: blank lines split; headings and markdown emphasis are dropped. */
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

export class BookGenerator {
  constructor(private readonly chat: ChatClient) {}

  async generate(request: GenerateRequest, signal?: AbortSignal): Promise<ExtractedBook> {
    this.chat.require('Book generation (POST .../manuscript/generate)');
    const language = request.language ?? 'en-US';
    const brief = [
      `Book idea: ${request.prompt}`,
      `Working title: ${request.title}`,
      request.audience ? `Audience: ${request.audience}` : null,
      `Tone: ${request.tone}`,
      `Language: ${language}`,
    ]
      .filter((line): line is string => line !== null)
      .join('\n');
    const outlineReply = await this.chat.completeJson(
      [
        { role: 'system', content: SYSTEM },
        {
          role: 'user',
          content:
            `${brief}\n\nPlan this book in exactly ${request.chapterCount} chapters. Answer with ` +
            'JSON only, in this form: {"title": "...", "chapters": [{"title": "...", "summary": "..."}]}',
        },
      ],
      { signal, temperature: 0.7, maxTokens: 200 + request.chapterCount * 120 },
    );
    const outline = outlineSchema.safeParse(outlineReply);
    const planned = outline.success ? (outline.data.chapters ?? []) : [];
    const title = (outline.success && outline.data.title?.trim()) || request.title;
    const chapters: ExtractedBook['chapters'] = [];
    for (let i = 0; i < request.chapterCount; i += 1) {
      throwIfCancelled(signal);
      const plan = planned[i];
      const chapterTitle =
        (typeof plan === 'string' ? plan : plan?.title)?.trim() || `Chapter ${i + 1}`;
      const summary = typeof plan === 'string' ? '' : (plan?.summary?.trim() ?? '');
      const text = await this.chat.complete(
        [
          { role: 'system', content: SYSTEM },
          {
            role: 'user',
            content:
              `${brief}\nBook title: ${title}\n\nWrite chapter ${i + 1} of ${request.chapterCount}, ` +
              `"${chapterTitle}"${summary ? ` (${summary})` : ''}, in about ` +
              `${request.wordsPerChapter} words. Plain paragraphs separated by blank lines; do ` +
              'not repeat the chapter title.',
          },
        ],
        { signal, temperature: 0.8, maxTokens: Math.ceil(request.wordsPerChapter * 2.5) + 200 },
      );
      const paragraphs = proseParagraphs(text);
      if (paragraphs.length === 0) {
        throw new AppError(
          'service_unavailable',
          `The language model endpoint answered an empty chapter ${i + 1}; try again.`,
        );
      }
      chapters.push({ title: chapterTitle, kind: 'chapter', paragraphs });
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
