/**
 * Platform: what every other area stands on — stored files (uploads, content-addressed), signed
 * download URLs, the one guarded fetcher for URL inputs (public addresses only, DNS pinned), the
 * jobs routes and their event stream, health, and the `audio_analysis` tool.
 */
import type { Core } from '../../core.ts';
import type { JobHandler } from '../../jobs/job-types.ts';
import type { Pricing } from '../billing/index.ts';
import { makeAnalysisJob } from './analysis/analysis-job.ts';
import { analysisRoutes } from './analysis/routes.ts';
import { UrlSigner } from './downloads/url-signer.ts';
import { downloadRoutes } from './downloads/routes.ts';
import { FileStore } from './files/file-store.ts';
import { fileRoutes } from './files/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { jobRoutes } from './jobs/routes.ts';
import { OffloadSeam } from './offload/offload-seam.ts';
import { describeInference } from '../../inference/execution-providers.ts';
import { thisMachine } from '../../inference/pack-recommendations.ts';
import { makeModelInstallJob, makeModelVerifyJob, MODEL_INSTALL_JOB } from './models/model-jobs.ts';
import { ModelManager } from './models/model-manager.ts';
import { modelRoutes } from './models/routes.ts';
import { studioRoutes } from './studio/routes.ts';

export { ModelManager } from './models/model-manager.ts';
export type { PackView } from './models/model-schema.ts';
export { FileStore, toStoredFile, type StoredFile } from './files/file-store.ts';
export { storeMultipartFiles, storeMultipartUpload } from './files/multipart-upload.ts';
export { probedSeconds, type ProbeDeps } from './files/probe-duration.ts';
export { UrlSigner, MAX_URL_TTL_SECONDS } from './downloads/url-signer.ts';
export { fetchUrlInput, filenameFrom } from './net/url-input.ts';
export { Fetcher, type FetchOptions, type OpenedFetch } from './net/guarded-fetch.ts';
export { FetchProxy, type ProxyLimits } from './net/fetch-proxy.ts';
export { fetchPolicy, type FetchPolicy } from './net/fetch-policy.ts';
export {
  OffloadSeam,
  type Offloader,
  type RemoteContext,
  type RemoteOutput,
  type RemoteResult,
  type RemoteRun,
  type RemoteState,
} from './offload/offload-seam.ts';
export {
  AddressGuard,
  systemLookup,
  type DeliveryTarget,
  type WebhookLookup,
} from './net/address-guard.ts';

export const platformRoutes = [
  ...healthRoutes,
  ...jobRoutes,
  ...fileRoutes,
  ...downloadRoutes,
  ...analysisRoutes,
  ...modelRoutes,
  ...studioRoutes,
];

/** Platform's services: every area may be handed these. */
export interface Platform {
  files: FileStore;
  urls: UrlSigner;
  /** Work this machine cannot run, sent to the hosted service when allowed (sync plugs in). */
  offload: OffloadSeam;
  /** The in-app model manager (list, install, verify, remove packs). */
  modelManager: ModelManager;
}

export function createPlatform(
  core: Pick<Core, 'db' | 'config' | 'clock' | 'models' | 'jobRepo'>,
): Platform {
  const files = new FileStore(core.db, core.config.home);
  // Temporary uploads a crash left half-written are removed before anything reads the store.
  files.sweepTemp();
  // Likewise model-pack installs a crash left half copied in models/.staging.
  core.models.sweepStaging();
  return {
    files,
    urls: new UrlSigner(core.config.home, core.clock),
    offload: new OffloadSeam(),
    modelManager: new ModelManager({
      registry: core.models,
      settings: core.config.modelInstall,
      machine: () => thisMachine(describeInference(core.config).available_providers),
      activeInstall: (packId) =>
        core.jobRepo.activeFor('pack_id', packId, [MODEL_INSTALL_JOB])[0]?.id ?? null,
    }),
  };
}

export function platformJobs(
  platform: Platform,
  deps: Pick<Core, 'ffmpeg'> & { pricing: Pricing },
): JobHandler[] {
  return [
    makeAnalysisJob({ files: platform.files, ffmpeg: deps.ffmpeg, pricing: deps.pricing }),
    makeModelInstallJob(platform.modelManager),
    makeModelVerifyJob(platform.modelManager),
  ];
}
