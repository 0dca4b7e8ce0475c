/** What the translation area is built from: a slice of the core plus billing and speech. */
import type { Core } from '../../core.ts';
import type { Pricing } from '../billing/index.ts';
import type { TranscriptSegments } from '../speech/index.ts';

export interface TranscriptSource {
  /** The finished transcript's segments (404 another user's, 409 unfinished). */
  segments(ownerId: string, transcriptionJobId: number): TranscriptSegments;
}

export interface TranslationDeps extends Pick<
  Core,
  'config' | 'models' | 'workers' | 'jobs' | 'jobRepo' | 'jobEvents'
> {
  pricing: Pricing;
  transcripts: TranscriptSource;
}
