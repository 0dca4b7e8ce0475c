/**
 * Wire types of document 3's "Stem separation" routes as the engine answers them, inferred from
 * the engine's zod schemas (engine/src/features/music/stems/stem-schemas.ts; type-only imports).
 */
import type { z } from 'zod';
import type {
  catalogEntrySchema,
  packagesSchema,
  quoteSchema,
  stemJobCreatedSchema,
  stemJobSchema,
} from '../../../../engine/src/features/music/stems/stem-schemas.ts';

export type StemCatalogEntry = z.output<typeof catalogEntrySchema>;
export type StemPackages = z.output<typeof packagesSchema>;
export type StemModeInfo = StemPackages['modes'][number];
export type StemQuote = z.output<typeof quoteSchema>;
export type StemJob = z.output<typeof stemJobSchema>;
export type StemJobCreated = z.output<typeof stemJobCreatedSchema>;

/** What the form sends besides the file: a mode, or the advanced catalog form. */
export type StemChoice =
  | {
      mode: StemModeInfo['mode'];
      /** For mode single. */
      stem?: string;
    }
  | {
      mode: 'catalog';
      /** A catalog id to isolate, and/or one to remove from the mix. */
      single_stem?: string;
      exclude_stems?: string[];
    };
