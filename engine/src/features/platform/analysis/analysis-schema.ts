/** An audio_analysis job's result. Imports only zod: the studio derives its types from it. */
import { z } from 'zod';

export const analysisResultSchema = z
  .object({
    duration_seconds: z.number(),
    sample_rate: z.number().int(),
    channels: z.number().int(),
    rms_db: z.number().nullable(),
    peak_db: z.number().nullable(),
    true_peak_db: z.number().nullable(),
    noise_floor_db: z.number().nullable(),
    integrated_lufs: z.number().nullable(),
    loudness_range_lu: z.number().nullable(),
    /** Peak magnitude per bucket, 0..1, for drawing. */
    waveform: z.array(z.number()),
  })
  .meta({ id: 'AudioAnalysis' });
