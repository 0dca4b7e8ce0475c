/**
 * yt-dlp as the engine runs it: the owner's preference (settings.json `ytDlp`, default `auto`),
 * the installed tool pack, the system binary, and the binary an extraction uses now. The studio
 * reads `status()`, installs or updates through the `tool_install` job, and switches preference.
 */
import path from 'node:path';
import type { EngineConfig } from '../../../../config.ts';
import { findOnPath } from '../../../../audio/index.ts';
import { AppError } from '../../../../errors.ts';
import { updateSettingsFile } from '../../../../settings-file.ts';
import { loadToolManifest, type ToolManifest } from './tool-manifest.ts';
import {
  chooseBinary,
  versionOf,
  YtDlpPack,
  type InstalledTool,
  type ToolBinary,
} from './tool-pack.ts';

export const YTDLP_PREFERENCES = ['auto', 'pack', 'system'] as const;

export interface ToolStatus {
  preference: string;
  pinned_version: string;
  installed: InstalledTool | null;
  system: { path: string; version: string | null } | null;
  /** What an extraction runs now; null when nothing usable is found (see `problem`). */
  active: ToolBinary | null;
  problem: string | null;
}

export class YtDlpTool {
  readonly manifest: ToolManifest;
  readonly pack: YtDlpPack;
  private preference: string;

  constructor(private readonly config: Pick<EngineConfig, 'home' | 'ytDlp' | 'ytDlpReleasesUrl'>) {
    this.manifest = loadToolManifest();
    this.pack = new YtDlpPack({
      home: config.home,
      manifest: this.manifest,
      releases: config.ytDlpReleasesUrl,
    });
    this.preference = config.ytDlp;
  }

  binary(): Promise<ToolBinary> {
    return chooseBinary(this.preference, this.pack);
  }

  async status(): Promise<ToolStatus> {
    const systemPath = findOnPath('yt-dlp');
    let system: ToolStatus['system'] = null;
    if (systemPath) {
      system = { path: systemPath, version: await versionOf(systemPath).catch(() => null) };
    }
    let active: ToolBinary | null = null;
    let problem: string | null = null;
    try {
      active = await this.binary();
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    return {
      preference: this.preference,
      pinned_version: this.manifest.version,
      installed: this.pack.installed(),
      system,
      active,
      problem,
    };
  }

  /** Saves the owner's choice in settings.json (kept over restarts) and uses it at once. */
  setPreference(preference: string): void {
    if (
      !(YTDLP_PREFERENCES as readonly string[]).includes(preference) &&
      !path.isAbsolute(preference)
    )
      throw new AppError(
        'validation_error',
        'preference must be auto, pack, system or an absolute path.',
      );
    updateSettingsFile(this.config.home, { ytDlp: preference });
    this.preference = preference;
  }
}
