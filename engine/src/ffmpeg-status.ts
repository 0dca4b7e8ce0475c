/**
 * ffmpeg as the engine sees it: resolved once at startup (a clear report in health and in the
 * startup log when none works), re-resolved on demand so a user who installs ffmpeg while the
 * engine runs does not need a restart.
 */
import { resolveFfmpeg, type FfmpegInfo } from './audio/ffmpeg-locate.ts';
import { AppError } from './errors.ts';

export interface FfmpegHealth {
  status: 'ok' | 'missing';
  path: string | null;
  version: string | null;
  source: string | null;
  error: string | null;
  /** The user's ffmpeg setting failed and a fallback is in use: say so rather than hide it. */
  setting_error: string | null;
}

export class FfmpegStatus {
  private info: FfmpegInfo | null = null;
  private lastError: string | null = null;

  constructor(private readonly setting: string | null) {}

  /** Startup check; never throws, the report says what failed. */
  async check(): Promise<FfmpegHealth> {
    try {
      this.info = await resolveFfmpeg({ setting: this.setting });
      this.lastError = null;
    } catch (error) {
      this.info = null;
      this.lastError = error instanceof Error ? error.message : String(error);
    }
    return this.health();
  }

  health(): FfmpegHealth {
    return {
      status: this.info ? 'ok' : 'missing',
      path: this.info?.path ?? null,
      version: this.info?.version ?? null,
      source: this.info?.source ?? null,
      error: this.lastError,
      setting_error: this.info?.setting_error ?? null,
    };
  }

  /** The ffmpeg to run, or AppError('ffmpeg_unavailable') naming what was tried. */
  async require(): Promise<FfmpegInfo> {
    if (this.info) return this.info;
    await this.check();
    if (this.info) return this.info;
    throw new AppError('ffmpeg_unavailable', this.lastError ?? 'ffmpeg was not found.');
  }
}
