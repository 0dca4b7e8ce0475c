/**
 * OpenVoice V2's converter config (`converter/config.json` at myshell-ai/OpenVoiceV2) and the
 * sizes its code fixes (openvoice/models.py at myshell-ai/OpenVoice: the posterior encoder's 16
 * WaveNet layers of kernel 5, four mean-only coupling layers of 4 WaveNet layers, the reference
 * encoder's six 3×3 stride-2 convolutions of 32, 32, 64, 64, 128, 128 filters and its GRU of 128).
 */
import { z } from 'zod';
import { AppError } from '../../../errors.ts';

export const openVoiceConfigSchema = z.object({
  data: z.object({
    sampling_rate: z.number().int().positive(),
    filter_length: z.number().int().positive(),
    hop_length: z.number().int().positive(),
    win_length: z.number().int().positive(),
  }),
  model: z.object({
    zero_g: z.boolean().default(false),
    inter_channels: z.number().int().positive(),
    hidden_channels: z.number().int().positive(),
    resblock: z.enum(['1', '2']),
    resblock_kernel_sizes: z.array(z.number().int().positive()).min(1),
    resblock_dilation_sizes: z.array(z.array(z.number().int().positive()).min(1)).min(1),
    upsample_rates: z.array(z.number().int().positive()).min(1),
    upsample_initial_channel: z.number().int().positive(),
    upsample_kernel_sizes: z.array(z.number().int().positive()).min(1),
    gin_channels: z.number().int().positive(),
  }),
});

export type OpenVoiceConfig = z.infer<typeof openVoiceConfigSchema>;

/** Fixed by OpenVoice's code, not its config. */
export const ARCH = {
  posterior: { kernel: 5, dilationRate: 1, layers: 16 },
  flow: { couplings: 4, kernel: 5, dilationRate: 1, layers: 4 },
  refFilters: [32, 32, 64, 64, 128, 128],
  refGru: 128,
  leakySlope: 0.1,
} as const;

export function parseOpenVoiceConfig(raw: unknown): OpenVoiceConfig {
  const parsed = openVoiceConfigSchema.safeParse(raw);
  if (!parsed.success)
    throw new AppError(
      'validation_error',
      `not an OpenVoice converter config: ${parsed.error.message}`,
    );
  const m = parsed.data.model;
  if (m.upsample_rates.length !== m.upsample_kernel_sizes.length)
    throw new AppError(
      'validation_error',
      'OpenVoice config: upsample rates and kernels differ in number',
    );
  if (m.upsample_rates.reduce((a, b) => a * b, 1) !== parsed.data.data.hop_length)
    throw new AppError(
      'validation_error',
      'OpenVoice config: the upsampling does not make one hop per frame',
    );
  return parsed.data;
}

/** Linear-spectrogram bins: n_fft / 2 + 1. */
export function specChannels(config: OpenVoiceConfig): number {
  return config.data.filter_length / 2 + 1;
}
