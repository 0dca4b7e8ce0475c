/**
 * What the music tools (audio-to-MIDI, stem separation) are given: their part of the engine's
 * infrastructure, platform's files and signed URLs, and billing's pricing. Nothing else.
 */
import type { Core } from '../../core.ts';
import type { Pricing } from '../billing/index.ts';
import type { FileStore, UrlSigner } from '../platform/index.ts';

export interface MusicDeps extends Pick<
  Core,
  'config' | 'jobs' | 'jobRepo' | 'workers' | 'models' | 'ffmpeg' | 'clock'
> {
  files: FileStore;
  urls: UrlSigner;
  pricing: Pricing;
}
