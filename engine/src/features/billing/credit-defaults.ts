/**
 * Every number of the credits feature that a machine owner may want to change, in one file
 * (docs/api/credits.md). The owner overrides the cost table with `creditMultipliers` and the
 * Local plan with `localPlan` in settings.json (or PUT /local/plan); the pay-as-you-go figures
 * are the contract's own (document 1, "Pay-as-you-go info").
 */

/** Document 1, "Credit multipliers": exactly these keys, each an integer credit cost. */
export const MULTIPLIER_KEYS = [
  'voice_cloning_generation',
  'voice_conversion',
  'speech_translation',
  'translation',
  'speaker_diarization',
  'speaker_extraction',
  'denoise_audio',
  'spectral_denoise',
  'stem_extraction',
  'music_generation',
  'transcription',
  'video_download',
] as const;
export type MultiplierKey = (typeof MULTIPLIER_KEYS)[number];

/**
 * Credits per started minute of input audio (voice_cloning_generation: per generated preview,
 * as document 3 prices voice design). The contract says costs change over time and must be read
 * from GET /credits/multipliers, so clients never hard-code these.
 */
export const DEFAULT_MULTIPLIERS: Record<MultiplierKey, number> = {
  voice_cloning_generation: 250,
  voice_conversion: 60,
  speech_translation: 40,
  translation: 10,
  speaker_diarization: 30,
  speaker_extraction: 40,
  denoise_audio: 20,
  spectral_denoise: 10,
  stem_extraction: 660,
  music_generation: 300,
  transcription: 20,
  video_download: 5,
};

/**
 * Costs of the engine's own job types, which the contract's table does not list (native
 * extension; not part of GET /credits/multipliers). Credits per started minute of audio.
 */
export const NATIVE_COST_KEYS = ['audio_analysis', 'midi_transcription'] as const;
export type NativeCostKey = (typeof NATIVE_COST_KEYS)[number];

export const DEFAULT_NATIVE_COSTS: Record<NativeCostKey, number> = {
  audio_analysis: 1,
  /**
   * Audio to MIDI, the add-on rate per started minute (the contract's "add-on rate"; its amount
   * is not shown: 0.025 USD at the stem pricing's 6600 credits per USD). A job that also splits
   * the mix adds the stem_extraction base rate (docs/api/midi.md).
   */
  midi_transcription: 165,
};

/** The "Local" plan every account on this machine is on, until its owner changes it. */
export const LOCAL_PLAN_ID = 'local';
export const LOCAL_PLAN_NAME = 'Local';
export const LOCAL_PLAN_DEFAULTS = { creditsPerMonth: 1_000_000, dailyLimit: 250_000 };

/** Document 1, "Pay-as-you-go info" and "Limits". */
export const PAYG_INFO = {
  credits_per_dollar: 7500,
  min_amount_usd: 1,
  max_amount_usd: 1000,
  currency: 'USD',
} as const;
