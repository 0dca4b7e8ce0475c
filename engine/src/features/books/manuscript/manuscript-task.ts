/**
 * Worker-thread task (jobs/worker-pool.ts): reads a manuscript off the HTTP thread. PDF layout
 * analysis and zip inflation of a long novel take seconds of CPU; on the engine's event loop they
 * would stall every request meanwhile.
 */
import type { WorkerTask } from '../../../jobs/worker-protocol.ts';
import {
  extractManuscript,
  extractPlainText,
  type ExtractedBook,
} from '../../../libraries/manuscript/index.ts';

export const MANUSCRIPT_TASK = new URL(import.meta.url);

export type ManuscriptTaskInput =
  | { kind: 'file'; path: string; filename: string }
  | { kind: 'text'; text: string; title?: string | undefined };

export const run: WorkerTask<ManuscriptTaskInput, ExtractedBook> = async (input, ctx) => {
  ctx.progress(5, 'reading');
  const book =
    input.kind === 'file'
      ? await extractManuscript(input.path, { filename: input.filename, signal: ctx.signal })
      : extractPlainText(input.text, input.title === undefined ? {} : { title: input.title });
  ctx.progress(100, 'read');
  return book;
};
