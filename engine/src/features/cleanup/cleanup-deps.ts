/**
 * What noise reduction is given: its part of the engine's infrastructure, platform's files and
 * signed URLs, and billing's pricing.
 */
import type { Core } from '../../core.ts';
import type { Pricing } from '../billing/index.ts';
import type { FileStore, UrlSigner } from '../platform/index.ts';

export interface CleanupDeps extends Pick<
  Core,
  'config' | 'jobs' | 'jobRepo' | 'workers' | 'models' | 'ffmpeg'
> {
  files: FileStore;
  urls: UrlSigner;
  pricing: Pricing;
}
