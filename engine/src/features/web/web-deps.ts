/**
 * What the web area is given: its part of the engine's infrastructure, platform's files, signed
 * URLs and THE fetcher, billing's pricing, and the voices area's catalog and synthesizer.
 */
import type { Core } from '../../core.ts';
import type { Pricing } from '../billing/index.ts';
import type { Fetcher, FileStore, UrlSigner } from '../platform/index.ts';
import type { Voices } from '../voices/index.ts';
import type { ReaderPublicLinks } from './reader/public-links.ts';

export interface WebDeps extends Pick<
  Core,
  'config' | 'db' | 'clock' | 'log' | 'jobs' | 'jobRepo' | 'jobEvents' | 'ffmpeg'
> {
  files: FileStore;
  urls: UrlSigner;
  pricing: Pricing;
  voices: Pick<Voices, 'catalog' | 'synth'>;
}

/** The deps plus what the area builds from them once. */
export interface WebContext extends WebDeps {
  fetcher: Fetcher;
  /** Reader jobs' unguessable public ids (reader/public-links.ts). */
  publicLinks: ReaderPublicLinks;
}
