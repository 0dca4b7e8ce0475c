/**
 * What the custom-voice part of the voices area works with: its share of the engine's
 * infrastructure, billing's pricing and charges, the catalog and synthesizer of the area, the
 * sample analyzer and the sherpa child, the transcriber the speech area lends it, its own table
 * and folders.
 */
import type { Ffmpeg } from '../../../audio/index.ts';
import type { EngineConfig } from '../../../config.ts';
import type { ModelRegistry } from '../../../inference/model-registry.ts';
import type { JobRepo } from '../../../jobs/job-repo.ts';
import type { JobRunner } from '../../../jobs/job-runner.ts';
import type { WorkerPool } from '../../../jobs/worker-pool.ts';
import type { Charges, Pricing } from '../../billing/index.ts';
import type { UrlSigner } from '../../platform/index.ts';
import type { LocalVoiceCatalog } from '../catalog/local-catalog.ts';
import type { VoicePreviews } from '../catalog/voice-preview.ts';
import type { SherpaVoiceHost } from '../cloning/sherpa-voice-host.ts';
import type { VoiceSynthesizer } from '../engines/voice-synth.ts';
import type { SampleAnalyzer } from '../samples/sample-analyzer.ts';
import type { CustomVoiceRepo } from './custom-voice-repo.ts';
import type { VoiceFolders } from './voice-folders.ts';
import type { ClipTranscriber } from './voice-prompt.ts';

export interface CustomVoiceDeps {
  config: EngineConfig;
  models: ModelRegistry;
  workers: WorkerPool;
  ffmpeg: () => Promise<Ffmpeg>;
  jobs: JobRunner;
  jobRepo: JobRepo;
  pricing: Pricing;
  charges: Charges;
  urls: UrlSigner;
  catalog: LocalVoiceCatalog;
  synth: VoiceSynthesizer;
  previews: VoicePreviews;
  analyzer: SampleAnalyzer;
  sherpa: SherpaVoiceHost;
  /** Hears a ZipVoice prompt's words; set once the speech area exists (engine.ts). */
  hearing: { transcriber: ClipTranscriber | null };
  repo: CustomVoiceRepo;
  folders: VoiceFolders;
  log(line: string): void;
}
