/**
 * The export job's input (stored on the job row): the request's options plus what was resolved
 * when it was made, so a re-run after a crash makes the same package. zod-only.
 */
import { z } from 'zod';
import { exportBody } from './export-schemas.ts';

export const exportInput = exportBody.extend({
  project_id: z.string(),
  /** Resolved at POST time so a re-run makes the same package. */
  credits: z.object({ opening: z.string(), closing: z.string() }).nullable(),
  narrator_name: z.string(),
  subtitle_text: z.string(),
  cover_media_id: z.string().nullable(),
});
export type ExportInput = z.output<typeof exportInput>;
