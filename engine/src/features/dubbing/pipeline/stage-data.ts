/**
 * What each stage of a dub leaves in the translation's folder (work-folder.ts), as zod schemas:
 * a resumed run reads them back checked, and the transcript and studio views are built from
 * them. docs/api/speech-translation.md, "Stages".
 */
import { z } from 'zod';

/** `source.wav`: the recording's audio, at its own rate (16–48 kHz), mono or stereo. */
export const extractData = z.object({
  duration: z.number(),
  sampleRate: z.number().int(),
  channels: z.number().int(),
  isVideo: z.boolean(),
  /** ffmpeg's demuxer name of the input (`mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`, `mp3`…). */
  format: z.string(),
  extension: z.string(),
});
export type ExtractData = z.infer<typeof extractData>;

/** `speech.wav` and `background.wav`, and which separator made them. */
export const separateData = z.object({
  engine: z.string(),
  tier: z.enum(['neural', 'dsp']),
  title: z.string(),
});
export type SeparateData = z.infer<typeof separateData>;

export const dubWord = z.object({ word: z.string(), start: z.number(), end: z.number() });

/** One line of the dub: a stretch of one speaker's talk, as heard. */
export const dubSegment = z.object({
  id: z.number().int(),
  speaker: z.string(),
  start: z.number(),
  end: z.number(),
  text: z.string(),
  words: z.array(dubWord),
});
export type DubSegment = z.infer<typeof dubSegment>;

export const recognizeData = z.object({
  /** Our code (`zh-cn`) of the language heard or given. */
  language: z.string(),
  detected: z.boolean(),
  pack: z.string(),
  speakers: z.array(z.string()),
  segments: z.array(dubSegment),
});
export type RecognizeData = z.infer<typeof recognizeData>;

export const translatedLine = z.object({
  /** What is spoken: the machine's translation, or the user's edit. */
  text: z.string(),
  machine: z.string(),
  edited: z.boolean(),
});
export type TranslatedLine = z.infer<typeof translatedLine>;

export const translateData = z.object({
  engine: z.string(),
  packs: z.array(z.string()),
  /** By segment id. */
  lines: z.record(z.string(), translatedLine),
});
export type TranslateData = z.infer<typeof translateData>;

export const speakerVoice = z.object({
  label: z.string(),
  /** Median F0 of the speaker's segments (Hz; 0 when none was voiced). */
  f0: z.number(),
  gender: z.enum(['male', 'female']).nullable(),
  age: z.enum(['child', 'adult']),
  method: z.enum(['clone', 'catalog']),
  /** The cloning pack (clone), or the catalog voice and conversion pack (catalog). */
  pack: z.string().nullable(),
  voiceId: z.number().int().nullable(),
  voiceName: z.string().nullable(),
  conversion: z.string().nullable(),
  /** `prompts/<label>.wav`: the speaker's own voice, a few seconds of it. */
  prompt: z.string(),
  promptText: z.string(),
  promptSeconds: z.number(),
  seed: z.number().int(),
});
export type SpeakerVoice = z.infer<typeof speakerVoice>;

export const voicesData = z.object({ speakers: z.array(speakerVoice) });
export type VoicesData = z.infer<typeof voicesData>;

/** `speech/<id>.wav` (mono, the voice's own rate, silence trimmed) and what it says. */
export const spokenLine = z.object({
  text: z.string(),
  seconds: z.number(),
  sampleRate: z.number().int(),
});
export const speakData = z.object({ lines: z.record(z.string(), spokenLine) });
export type SpeakData = z.infer<typeof speakData>;

/** Where a line sits in the dub (`fitted/<id>.wav`, at the mix rate, already sped up). */
export const placement = z.object({
  start: z.number(),
  end: z.number(),
  speed: z.number(),
  /** Seconds taken from the silence after the source line. */
  borrowed: z.number(),
  /** The shorter wording spoken instead of the translation, or null. */
  shortened: z.string().nullable(),
  /** Seconds cut from the end because even the shortest wording at 1.35× did not fit. */
  cut: z.number(),
  /** Gain applied in the mix to match the source line's level, dB. */
  gainDb: z.number(),
});
export type Placement = z.infer<typeof placement>;
export const fitData = z.object({ placements: z.record(z.string(), placement) });
export type FitData = z.infer<typeof fitData>;

export const outputsData = z.object({
  audio: z.string(),
  audioType: z.string(),
  video: z.string().nullable(),
  videoType: z.string().nullable(),
});
export type OutputsData = z.infer<typeof outputsData>;
