/**
 * Wire types of document 3's "Stem separation" routes, named from the engine's contract
 * (../../api/contract.gen.ts, generated from the route table).
 */
import type { ResponseOf } from '../../api/contract.ts';

export type StemCatalogEntry = ResponseOf<'get', '/stem-extraction/catalog'>[number];
export type StemPackages = ResponseOf<'get', '/stem-extraction/packages/available'>;
export type StemModeInfo = StemPackages['modes'][number];
export type StemQuote = ResponseOf<'post', '/stem-extraction/quote'>;
export type StemJob = ResponseOf<'get', '/stem-extraction/status/{stem_job_id}'>;
export type StemJobCreated = ResponseOf<'post', '/stem-extraction/api/extract'>;

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
