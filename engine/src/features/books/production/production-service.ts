/**
 * A book's pronunciation dictionary, production settings (opening and closing announcements,
 * music, cover) and media uploads (document 2, "Pronunciation dictionary, production, export";
 * bodies in docs/api/audiobook.md). The export feature reads these; nothing here renders audio.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type {
  MediaKind,
  MediaRow,
  ProductionSettingsRow,
  PronunciationRow,
} from '../../../db/schema/audiobook.ts';
import { AppError } from '../../../errors.ts';
import { isMultipart } from '../../../api/multipart.ts';
import { storeMultipartUpload } from '../../platform/index.ts';
import { type FileStore } from '../../platform/index.ts';
import { probeMedia, requireAudio, type Ffmpeg } from '../../../audio/index.ts';
import { checkCover } from '../export/cover-check.ts';
import { readHead } from '../manuscript/file-head.ts';
import { AUDIO_TYPES, IMAGE_TYPES, sniffAudio, sniffImage } from './media-sniff.ts';
import type { ProductionRepo } from './production-repo.ts';
import { MAX_PRONUNCIATIONS, type UpdateProductionSettingsBody } from './production-schemas.ts';
import type { ProjectService } from '../projects/project-service.ts';

export const MAX_COVER_BYTES = 20 * 1024 * 1024;
export const MAX_MUSIC_BYTES = 200 * 1024 * 1024;
/** Intro and outro music is a bed under the credits: ten minutes is more than any needs. */
export const MAX_MUSIC_SECONDS = 10 * 60;

function pronunciationView(row: PronunciationRow) {
  return {
    id: row.id,
    project_id: row.projectId,
    grapheme: row.grapheme,
    replacement: row.replacement,
    kind: row.kind,
    case_sensitive: row.caseSensitive,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

function mediaView(row: MediaRow, host: string) {
  return {
    id: row.id,
    project_id: row.projectId,
    kind: row.kind,
    file_key: row.fileKey,
    file_url: `http://${host}/api/v1/files/${row.fileKey}`,
    filename: row.filename,
    content_type: row.contentType,
    format: row.format,
    bytes: row.bytes,
    created_at: row.createdAt,
  };
}

export class ProductionService {
  constructor(
    private readonly projects: ProjectService,
    private readonly repo: ProductionRepo,
    private readonly files: FileStore,
    private readonly ffmpeg: () => Promise<Ffmpeg>,
  ) {}

  // ---- pronunciations ---------------------------------------------------------------------

  listPronunciations(ownerId: string, projectId: string) {
    const project = this.projects.require(ownerId, projectId);
    const rows = this.repo.pronunciations(project.id);
    return { pronunciations: rows.map(pronunciationView), total: rows.length };
  }

  private requirePronunciation(ownerId: string, projectId: string, id: string): PronunciationRow {
    const project = this.projects.require(ownerId, projectId);
    const row = this.repo.pronunciation(project.id, id);
    if (!row) throw new AppError('not_found', `Pronunciation ${id} not found.`);
    return row;
  }

  private refuseDuplicate(projectId: string, grapheme: string, except?: string): void {
    const existing = this.repo.pronunciationByGrapheme(projectId, grapheme);
    if (existing && existing.id !== except) {
      throw new AppError(
        'conflict',
        `"${grapheme}" already has a pronunciation (${existing.id}).`,
        {
          details: { reason: 'duplicate', pronunciation_id: existing.id },
        },
      );
    }
  }

  createPronunciation(
    ownerId: string,
    projectId: string,
    body: {
      grapheme: string;
      replacement: string;
      kind: 'respelling' | 'ipa';
      case_sensitive: boolean;
    },
  ) {
    const project = this.projects.require(ownerId, projectId);
    if (this.repo.countPronunciations(project.id) >= MAX_PRONUNCIATIONS) {
      throw new AppError(
        'bad_request',
        `A book may have at most ${MAX_PRONUNCIATIONS} pronunciations.`,
      );
    }
    this.refuseDuplicate(project.id, body.grapheme);
    const at = new Date().toISOString();
    return pronunciationView(
      this.repo.insertPronunciation({
        id: randomUUID(),
        projectId: project.id,
        grapheme: body.grapheme,
        replacement: body.replacement,
        kind: body.kind,
        caseSensitive: body.case_sensitive,
        createdAt: at,
        updatedAt: at,
      }),
    );
  }

  updatePronunciation(
    ownerId: string,
    projectId: string,
    id: string,
    body: {
      grapheme?: string | undefined;
      replacement?: string | undefined;
      kind?: 'respelling' | 'ipa' | undefined;
      case_sensitive?: boolean | undefined;
    },
  ) {
    const row = this.requirePronunciation(ownerId, projectId, id);
    if (body.grapheme !== undefined) this.refuseDuplicate(row.projectId, body.grapheme, row.id);
    const updated = this.repo.updatePronunciation(row.id, {
      ...(body.grapheme !== undefined && { grapheme: body.grapheme }),
      ...(body.replacement !== undefined && { replacement: body.replacement }),
      ...(body.kind !== undefined && { kind: body.kind }),
      ...(body.case_sensitive !== undefined && { caseSensitive: body.case_sensitive }),
    });
    return pronunciationView(updated ?? row);
  }

  deletePronunciation(ownerId: string, projectId: string, id: string): void {
    const row = this.requirePronunciation(ownerId, projectId, id);
    this.repo.deletePronunciation(row.id);
  }

  // ---- production settings ----------------------------------------------------------------

  private settingsView(row: ProductionSettingsRow, host: string) {
    return {
      project_id: row.projectId,
      opening_announcement: row.openingAnnouncement,
      closing_announcement: row.closingAnnouncement,
      narrate_credits: row.narrateCredits,
      intro_music_id: row.introMusicId,
      outro_music_id: row.outroMusicId,
      music_volume_db: row.musicVolumeDb,
      cover_image_id: row.coverImageId,
      media: this.repo.mediaList(row.projectId).map((m) => mediaView(m, host)),
      updated_at: row.updatedAt,
    };
  }

  settings(ownerId: string, projectId: string, host: string) {
    const project = this.projects.require(ownerId, projectId);
    return this.settingsView(this.repo.settings(project.id), host);
  }

  /** A media id must be this book's upload of the right kind. */
  private checkMedia(
    projectId: string,
    id: string | null | undefined,
    kind: MediaKind,
    field: string,
  ): void {
    if (id === null || id === undefined) return;
    const media = this.repo.media(projectId, id);
    if (!media || media.kind !== kind) {
      throw new AppError(
        'validation_error',
        `${field} must name a ${kind} uploaded to this project.`,
        {
          details: { fields: [{ loc: ['body', field], msg: `no ${kind} ${id} in this project` }] },
        },
      );
    }
  }

  updateSettings(
    ownerId: string,
    projectId: string,
    body: UpdateProductionSettingsBody,
    host: string,
  ) {
    const project = this.projects.require(ownerId, projectId);
    this.checkMedia(project.id, body.intro_music_id, 'music', 'intro_music_id');
    this.checkMedia(project.id, body.outro_music_id, 'music', 'outro_music_id');
    this.checkMedia(project.id, body.cover_image_id, 'cover', 'cover_image_id');
    const row = this.repo.updateSettings(project.id, {
      ...(body.opening_announcement !== undefined && {
        openingAnnouncement: body.opening_announcement === '' ? null : body.opening_announcement,
      }),
      ...(body.closing_announcement !== undefined && {
        closingAnnouncement: body.closing_announcement === '' ? null : body.closing_announcement,
      }),
      ...(body.narrate_credits !== undefined && { narrateCredits: body.narrate_credits }),
      ...(body.intro_music_id !== undefined && { introMusicId: body.intro_music_id }),
      ...(body.outro_music_id !== undefined && { outroMusicId: body.outro_music_id }),
      ...(body.music_volume_db !== undefined && { musicVolumeDb: body.music_volume_db }),
      ...(body.cover_image_id !== undefined && { coverImageId: body.cover_image_id }),
    });
    return this.settingsView(row, host);
  }

  // ---- media ------------------------------------------------------------------------------

  /**
   * POST .../media/upload: multipart `file` and `kind` (cover or music). The content decides:
   * a cover must be a PNG, JPEG or WebP image, music one of the audio formats of
   * media-sniff.ts. A book's first cover becomes its cover_image_id.
   */
  async uploadMedia(
    ownerId: string,
    projectId: string,
    request: {
      stream: Readable | null;
      headers: Record<string, string | undefined>;
      signal: AbortSignal;
    },
  ) {
    const project = this.projects.require(ownerId, projectId);
    const { stream, headers, signal } = request;
    if (!stream || !isMultipart(headers['content-type'])) {
      throw new AppError(
        'unsupported_media_type',
        'Upload media as multipart/form-data with the file in "file" and "kind" (cover or music).',
      );
    }
    if (Number(headers['content-length'] ?? '0') > MAX_MUSIC_BYTES + 1024 * 1024) {
      throw new AppError(
        'payload_too_large',
        `Media uploads are limited to ${MAX_MUSIC_BYTES} bytes.`,
        {
          details: { max_bytes: MAX_MUSIC_BYTES },
        },
      );
    }
    const upload = await storeMultipartUpload(this.files, ownerId, stream, headers, {
      maxFileBytes: MAX_MUSIC_BYTES,
      what: 'A media upload',
      signal,
    });
    if (!upload.file) {
      throw new AppError('validation_error', 'The multipart body has no "file" field.', {
        details: { fields: [{ loc: ['body', 'file'], msg: 'required' }] },
      });
    }
    const stored = upload.file;
    try {
      const kind = upload.fields.kind;
      if (kind !== 'cover' && kind !== 'music') {
        throw new AppError('validation_error', 'kind must be "cover" or "music".', {
          details: { fields: [{ loc: ['body', 'kind'], msg: 'cover or music' }] },
        });
      }
      const head = await readHead(this.files.pathOf(this.files.get(ownerId, stored.file_key)), 64);
      let format: string;
      let contentType: string;
      if (kind === 'cover') {
        const image = sniffImage(head);
        if (!image) {
          throw new AppError('unsupported_media', 'A cover must be a PNG, JPEG or WebP image.', {
            details: { filename: stored.filename },
          });
        }
        if (stored.bytes > MAX_COVER_BYTES) {
          throw new AppError(
            'payload_too_large',
            `Covers are limited to ${MAX_COVER_BYTES} bytes.`,
            {
              details: { max_bytes: MAX_COVER_BYTES },
            },
          );
        }
        // ACX's cover rules at upload, not only at export: square, ≥ 2400², JPG or PNG.
        const file = this.files.pathOf(this.files.get(ownerId, stored.file_key));
        const report = await checkCover(await this.ffmpeg(), file, signal);
        if (!report.passed) {
          throw new AppError(
            'acx_noncompliant',
            `The cover does not meet ACX's rules: ${report.problems.join('; ')}.`,
            {
              details: {
                width: report.width,
                height: report.height,
                format: report.format,
                problems: report.problems,
              },
            },
          );
        }
        format = image;
        contentType = IMAGE_TYPES[image];
      } else {
        const audio = sniffAudio(head);
        if (!audio) {
          throw new AppError(
            'unsupported_media',
            'Music must be audio: MP3, WAV, FLAC, Ogg, M4A or AIFF.',
            { details: { filename: stored.filename } },
          );
        }
        // A header a decoder takes (not 65,535 channels), and a bed's length: refused now.
        const file = this.files.pathOf(this.files.get(ownerId, stored.file_key));
        const info = await probeMedia(await this.ffmpeg(), file, { signal });
        requireAudio(info, file);
        const seconds = info.duration_seconds ?? 0;
        if (seconds > MAX_MUSIC_SECONDS)
          throw new AppError(
            'invalid_audio',
            `The music is ${(seconds / 60).toFixed(1)} minutes long; intro and outro music is limited to ${MAX_MUSIC_SECONDS / 60} minutes.`,
            {
              details: {
                reason: 'too_long',
                duration_seconds: seconds,
                max_seconds: MAX_MUSIC_SECONDS,
              },
            },
          );
        format = audio;
        contentType = AUDIO_TYPES[audio];
      }
      const row = this.repo.insertMedia({
        id: randomUUID(),
        projectId: project.id,
        kind,
        fileKey: stored.file_key,
        filename: stored.filename,
        contentType,
        format,
        bytes: stored.bytes,
        createdAt: new Date().toISOString(),
      });
      if (kind === 'cover' && this.repo.settings(project.id).coverImageId === null) {
        this.repo.updateSettings(project.id, { coverImageId: row.id });
      }
      return mediaView(row, headers.host ?? '127.0.0.1');
    } catch (error) {
      this.files.discard(ownerId, stored.file_key);
      throw error;
    }
  }
}
