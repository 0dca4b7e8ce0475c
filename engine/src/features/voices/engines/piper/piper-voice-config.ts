/**
 * A Piper voice's `<voice>.onnx.json` (rhasspy/piper, OHF-Voice/piper1-gpl): what the model was
 * trained with. Only the fields synthesis and the catalog need are read; the rest passes
 * through. Older exports call noise_w `noise_scale_w`; both are accepted.
 */
import fs from 'node:fs';
import { z } from 'zod';
import { AppError } from '../../../../errors.ts';

const inferenceSchema = z
  .object({
    noise_scale: z.number().nonnegative().default(0.667),
    length_scale: z.number().positive().default(1),
    noise_w: z.number().nonnegative().optional(),
    noise_scale_w: z.number().nonnegative().optional(),
  })
  .transform((raw) => ({
    noiseScale: raw.noise_scale,
    lengthScale: raw.length_scale,
    noiseW: raw.noise_w ?? raw.noise_scale_w ?? 0.8,
  }));

export const piperVoiceConfigSchema = z.object({
  audio: z.object({
    sample_rate: z.number().int().min(8000).max(192_000),
    quality: z.string().optional(),
  }),
  espeak: z.object({ voice: z.string().min(1) }).optional(),
  inference: inferenceSchema.default({ noiseScale: 0.667, lengthScale: 1, noiseW: 0.8 }),
  phoneme_type: z.string().default('espeak'),
  phoneme_map: z.record(z.string(), z.array(z.string())).default({}),
  phoneme_id_map: z
    .record(z.string(), z.array(z.number().int().nonnegative()))
    .refine((map) => ['_', '^', '$'].every((key) => (map[key]?.length ?? 0) > 0), {
      message: 'phoneme_id_map must map the pad "_", start "^" and end "$" symbols',
    }),
  num_speakers: z.number().int().positive().default(1),
  speaker_id_map: z.record(z.string(), z.number().int().nonnegative()).default({}),
  language: z
    .object({
      code: z.string().min(2),
      family: z.string().optional(),
      region: z.string().optional(),
      name_native: z.string().optional(),
      name_english: z.string().optional(),
      country_english: z.string().optional(),
    })
    .optional(),
  dataset: z.string().optional(),
});

export type PiperVoiceConfig = z.infer<typeof piperVoiceConfigSchema>;

export function parsePiperVoiceConfig(raw: unknown, source: string): PiperVoiceConfig {
  const parsed = piperVoiceConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    throw new AppError('validation_error', `${source} is not a Piper voice config: ${issues}`, {
      details: { file: source },
    });
  }
  if (parsed.data.phoneme_type !== 'espeak') {
    throw new AppError(
      'validation_error',
      `${source}: phoneme_type "${parsed.data.phoneme_type}" is not supported (only espeak)`,
      { details: { file: source, phoneme_type: parsed.data.phoneme_type } },
    );
  }
  return parsed.data;
}

export function readPiperVoiceConfig(file: string): PiperVoiceConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new AppError('validation_error', `cannot read Piper voice config ${file}`, {
      details: { file },
      cause: error,
    });
  }
  return parsePiperVoiceConfig(raw, file);
}

/** The eSpeak voice to phonemize with: the config's, else the language code (en_US → en-us). */
export function espeakVoiceOf(config: PiperVoiceConfig): string {
  if (config.espeak?.voice) return config.espeak.voice;
  return (config.language?.code ?? 'en-us').replace('_', '-').toLowerCase();
}

/** BCP 47 tag of the voice (en_US → en-US). */
export function bcp47Of(config: PiperVoiceConfig): string | null {
  const code = config.language?.code;
  if (!code) return null;
  const [lang, region] = code.split(/[_-]/);
  return region ? `${lang?.toLowerCase()}-${region.toUpperCase()}` : (lang ?? code).toLowerCase();
}

/** Speaker names by id (the inverse of speaker_id_map); unnamed ids are left out. */
export function speakerNames(config: PiperVoiceConfig): Map<number, string> {
  return new Map(Object.entries(config.speaker_id_map).map(([name, id]) => [id, name]));
}
