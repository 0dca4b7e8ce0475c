/**
 * A translation in the contract's Translation job shape (document 3; docs/api/
 * speech-translation.md, "The translation job"), with freshly signed download URLs — calling the
 * route again mints new ones — and our additions: progress, the stages and which attempt
 * finished each, the separator used, each speaker's voice, subtitles in both languages.
 */
import path from 'node:path';
import type { JobRow } from '../../jobs/job-repo.ts';
import type { FileStore, UrlSigner } from '../platform/index.ts';
import { languageName } from './dub-languages.ts';
import type { SpeechTranslationRow } from './dubbing-repo.ts';
import { DUB_STAGES, type TranslationJobJson } from './dubbing-schemas.ts';
import { outputBase } from './pipeline/mux-stage.ts';
import { outputsData, separateData } from './pipeline/stage-data.ts';
import { SUBTITLE_FILES } from './pipeline/transcript-stage.ts';
import { WorkFolder } from './pipeline/work-folder.ts';
import { transcriptSchema } from './dubbing-schemas.ts';

const STATUS: Record<JobRow['status'], TranslationJobJson['status']> = {
  queued: 'PENDING',
  running: 'PROCESSING',
  completed: 'COMPLETED',
  failed: 'FAILED',
  cancelled: 'FAILED',
};

export interface ViewDeps {
  home: string;
  files: FileStore;
  urls: UrlSigner;
}

function stagesOf(row: SpeechTranslationRow, job: JobRow | null): TranslationJobJson['stages'] {
  return DUB_STAGES.map((name) => {
    const record = row.stages.find((r) => r.name === name);
    const current = job?.stage === name;
    const status =
      current && job?.status === 'running'
        ? 'running'
        : current && (job?.status === 'failed' || job?.status === 'cancelled')
          ? 'failed'
          : record
            ? 'done'
            : 'waiting';
    return {
      name,
      status,
      task_id: record?.task_id ?? null,
      finished_at: record?.finished_at ?? null,
      seconds: record?.seconds ?? null,
    };
  });
}

export function translationView(
  deps: ViewDeps,
  row: SpeechTranslationRow,
  job: JobRow | null,
  origin: string,
): TranslationJobJson {
  const folder = WorkFolder.of(deps.home, row.id);
  const status = job ? STATUS[job.status] : 'PENDING';
  const complete = status === 'COMPLETED';
  let expires: string | null = null;
  const sign = (file: string, filename: string, contentType: string): string => {
    const signed = deps.urls.sign({ path: file, filename, contentType });
    expires = signed.expiresAt;
    return `${origin}${signed.url}`;
  };
  const local = (name: string): string | null =>
    folder.exists(name) ? path.join(folder.dir, name) : null;
  const base = outputBase(row.originalFilename);
  const tag = `${base} (${languageName(row.targetLanguage)})`;
  const outputs = complete ? folder.read('outputs.json', outputsData) : null;
  const audioPath = outputs ? local(outputs.audio) : null;
  const videoPath = outputs?.video ? local(outputs.video) : null;
  const transcriptPath = complete ? local('transcript.json') : null;
  const sourceAudio = local('source.wav');
  let inputPath: string | null = null;
  let originalUrl: string | null = null;
  try {
    const upload = deps.files.get(row.ownerId, row.fileKey);
    inputPath = deps.files.pathOf(upload);
    originalUrl = sign(inputPath, upload.filename, upload.contentType);
  } catch {
    // The upload is gone (deleted with its translation).
  }
  const subtitles =
    complete && Object.values(SUBTITLE_FILES).every((f) => folder.exists(f))
      ? {
          source_srt: sign(
            path.join(folder.dir, SUBTITLE_FILES.source_srt),
            `${base}.srt`,
            'application/x-subrip',
          ),
          source_vtt: sign(
            path.join(folder.dir, SUBTITLE_FILES.source_vtt),
            `${base}.vtt`,
            'text/vtt',
          ),
          target_srt: sign(
            path.join(folder.dir, SUBTITLE_FILES.target_srt),
            `${tag}.srt`,
            'application/x-subrip',
          ),
          target_vtt: sign(
            path.join(folder.dir, SUBTITLE_FILES.target_vtt),
            `${tag}.vtt`,
            'text/vtt',
          ),
        }
      : null;
  const separation = folder.read('separate.json', separateData);
  const transcript = complete ? folder.read('transcript.json', transcriptSchema) : null;
  return {
    id: row.id,
    status,
    source_language: row.sourceLanguage ?? row.detectedLanguage,
    target_language: row.targetLanguage,
    input_path: inputPath,
    input_source: row.inputSource,
    created_at: row.createdAt,
    original_filename: row.originalFilename,
    display_name: row.displayName,
    task_id: String(row.jobId),
    parameters: {
      source_type: row.isVideo ? 'video' : 'audio',
      is_video: row.isVideo,
      duration: row.durationSeconds,
      is_speech_translation: true,
    },
    audio_output_path: audioPath,
    video_output_path: videoPath,
    transcript_path: transcriptPath,
    translated_audio_url:
      audioPath && outputs
        ? sign(audioPath, `${tag}${path.extname(audioPath)}`, outputs.audioType)
        : null,
    video_output_url:
      videoPath && outputs?.videoType
        ? sign(videoPath, `${tag}${path.extname(videoPath)}`, outputs.videoType)
        : null,
    transcript_urls: complete
      ? {
          json: transcriptPath ? sign(transcriptPath, `${tag}.json`, 'application/json') : null,
          source_audio: sourceAudio
            ? sign(sourceAudio, `${base} (original audio).wav`, 'audio/wav')
            : null,
        }
      : null,
    progress: job ? Math.round(job.progress * 10) / 10 : 0,
    stage: job?.stage ?? null,
    stages: stagesOf(row, job),
    source_language_detected: row.sourceLanguage === null,
    source_url: row.sourceUrl,
    original_url: originalUrl,
    subtitle_urls: subtitles,
    separation,
    speakers: transcript?.speakers ?? [],
    attempts: row.attempts,
    credits_reserved: job?.creditsReserved ?? 0,
    urls_expire_at: expires,
    error_message:
      job?.status === 'cancelled'
        ? 'Cancelled.'
        : job?.status === 'failed'
          ? (job.errorMessage ?? 'The translation failed.')
          : null,
    completed_at: complete ? (row.completedAt ?? job?.finishedAt ?? null) : null,
    updated_at: row.updatedAt,
  };
}
