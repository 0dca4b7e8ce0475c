/**
 * Builds the voices area for one engine: the catalog (embedded voices and presets, installed
 * packs, users' custom voices), the engines that speak them, the library and speech services,
 * custom voices (samples, clones), and the two sherpa children: sample checks (VAD, speaker
 * embeddings) and cloned voices' synthesis (ZipVoice, PocketTTS).
 */
import type { Core } from '../../core.ts';
import type { JobHandler } from '../../jobs/job-types.ts';
import type { Charges, Pricing } from '../billing/index.ts';
import type { FileStore, UrlSigner } from '../platform/index.ts';
import { pickDistinctVoices, type DistinctVoiceOptions } from './catalog/distinct-voices.ts';
import { LocalVoiceCatalog } from './catalog/local-catalog.ts';
import type { SpeakableVoice } from './catalog/voice-catalog.ts';
import { VoicePreviews } from './catalog/voice-preview.ts';
import { VoicesService } from './catalog/voices-service.ts';
import { SherpaVoiceHost } from './cloning/sherpa-voice-host.ts';
import type { CustomVoiceDeps } from './custom/custom-deps.ts';
import { CustomVoiceRepo } from './custom/custom-voice-repo.ts';
import { CustomVoiceService } from './custom/custom-voice-service.ts';
import { makeVoiceCloningJob } from './custom/voice-cloning-job.ts';
import { VoiceFolders } from './custom/voice-folders.ts';
import { EspeakEngine } from './engines/espeak/espeak-engine.ts';
import { createNeuralEngines, installedNeuralVoices } from './engines/neural-voices.ts';
import { VoiceSynthesizer } from './engines/voice-synth.ts';
import { ClonedVoiceEngine } from './engines/cloned/cloned-engine.ts';
import { clonePackById } from './cloning/clone-packs.ts';
import { SherpaTtsHost } from './cloning/sherpa-tts-host.ts';
import { readPromptText } from './custom/voice-prompt.ts';
import { SampleAnalyzer } from './samples/sample-analyzer.ts';
import { ConversionService } from './conversion/conversion-service.ts';
import { makeConversionJob } from './conversion/conversion-job.ts';
import { DesignService } from './design/design-service.ts';
import { SpeechService } from './speech/speech-service.ts';
import { PromptCloning } from './cloning/prompt-cloning.ts';
import { TimbreConverter } from './conversion/timbre-converter.ts';
import { AppError } from '../../errors.ts';

export interface Voices {
  /** Every voice a caller may speak with. */
  catalog: LocalVoiceCatalog;
  /** Speaks a catalog voice with its engine. */
  synth: VoiceSynthesizer;
  /** The voice routes: catalog views, previews, languages. */
  library: VoicesService;
  /** OpenAI-compatible text to speech. */
  speech: SpeechService;
  /** Users' own voices: from samples, instant clones; rename, share, delete. */
  custom: CustomVoiceService;
  /** Voice design: description → previews → a published custom voice. */
  design: DesignService;
  /** Voice conversion: re-voice a recording to a custom voice. */
  conversion: ConversionService;
  /** Cloned speech from any prompt clip (speech translation's speakers). */
  prompts: PromptCloning;
  /** Conversion to any reference clip's timbre (speech translation's catalog voices). */
  timbre: TimbreConverter;
  /**
   * Up to `count` catalog voices for `language` that sound unlike each other and unlike the
   * `exclude`d ones (the narrator, voices already cast), ranked best first: installed neural
   * voices, then the embedded voices in their character presets (docs/api/voices-engines.md).
   */
  distinctVoices(language: string, options: DistinctVoiceOptions): SpeakableVoice[];
  /** Job handlers of the area (registered by the engine). */
  jobs: JobHandler[];
  /** Stops the area's child processes. */
  close(): Promise<void>;
}

export interface VoicesDeps extends Pick<
  Core,
  'config' | 'db' | 'workers' | 'models' | 'ffmpeg' | 'log' | 'jobs' | 'jobRepo'
> {
  urls: UrlSigner;
  files: FileStore;
  charges: Charges;
  pricing: Pricing;
}

export function createVoices(deps: VoicesDeps): Voices {
  const providers = deps.config.executionProviders;
  const neural = createNeuralEngines(deps.workers, deps.models, providers);
  const catalog = new LocalVoiceCatalog(undefined, () =>
    installedNeuralVoices(deps.models, deps.log),
  );
  const folders = new VoiceFolders(deps.config.home);
  const repo = new CustomVoiceRepo(deps.db);
  const ffmpeg = () => deps.ffmpeg.require();
  const cloningHost = new SherpaTtsHost(deps.log);
  const cloned = new ClonedVoiceEngine(
    cloningHost,
    (pack, uuid) => {
      const row = repo.byUuid(uuid);
      if (!row) throw new AppError('voice_not_found', 'This cloned voice no longer exists.');
      const dir = folders.absolute(row.folder);
      return {
        pack: clonePackById(deps.models, pack),
        promptPath: folders.promptPath(uuid),
        promptText: readPromptText(dir),
        language: row.language,
      };
    },
    ffmpeg,
  );
  const espeak = new EspeakEngine(deps.workers);
  const synth = new VoiceSynthesizer({
    espeak,
    piper: neural.piper,
    kokoro: neural.kokoro,
    zipvoice: cloned,
    pocket: cloned,
  });
  const previews = new VoicePreviews(deps.config.home, synth, ffmpeg);
  const library = new VoicesService(catalog, previews, deps.urls);
  const sherpa = new SherpaVoiceHost(deps.log);
  const customDeps: CustomVoiceDeps = {
    config: deps.config,
    models: deps.models,
    workers: deps.workers,
    ffmpeg,
    jobs: deps.jobs,
    jobRepo: deps.jobRepo,
    pricing: deps.pricing,
    charges: deps.charges,
    urls: deps.urls,
    catalog,
    synth,
    previews,
    analyzer: new SampleAnalyzer({
      ffmpeg,
      workers: deps.workers,
      models: deps.models,
      sherpa,
      executionProviders: providers,
    }),
    sherpa,
    hearing: { transcriber: null },
    repo,
    folders,
    log: deps.log,
  };
  const custom = new CustomVoiceService(customDeps);
  library.useCustomLibrary(custom);
  const conversionDeps = { ...customDeps, files: deps.files };
  return {
    catalog,
    synth,
    library,
    speech: new SpeechService({ voices: catalog, synth, ledger: deps.charges, ffmpeg }),
    custom,
    design: new DesignService(customDeps, espeak, custom),
    conversion: new ConversionService(conversionDeps),
    prompts: new PromptCloning(deps.models, cloned),
    timbre: new TimbreConverter(deps),
    distinctVoices: (language, options) => pickDistinctVoices(catalog.list(), language, options),
    jobs: [makeVoiceCloningJob(customDeps), makeConversionJob(conversionDeps)],
    close: async () => {
      await Promise.all([sherpa.close(), cloningHost.close()]);
    },
  };
}

/** The area's job handlers, for the engine's registry. */
export function voicesJobs(voices: Voices): JobHandler[] {
  return voices.jobs;
}
