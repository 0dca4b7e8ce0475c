/**
 * What noise reduction is given: its part of the engine's infrastructure, platform's files and
 * signed URLs and offload seam, and billing's pricing.
 */
import type { Core } from '../../core.ts';
import type { Pricing } from '../billing/index.ts';
import type { FileStore, OffloadSeam, UrlSigner } from '../platform/index.ts';

export interface CleanupDeps extends Pick<
  Core,
  'config' | 'jobs' | 'jobRepo' | 'workers' | 'models' | 'ffmpeg'
> {
  files: FileStore;
  urls: UrlSigner;
  pricing: Pricing;
  /** Where a missing model pack's work may go instead (the hosted service, when allowed). */
  offload: OffloadSeam;
}
