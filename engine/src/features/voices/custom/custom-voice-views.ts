/**
 * A custom voice row as the catalog speaks it (SpeakableVoice) and as the routes show it: the
 * contract's "Created voice" (document 3) and "Voice (list entry)" with the custom fields
 * filled (docs/api/voices-custom.md).
 */
import type { CustomVoiceRow } from './custom-voice-repo.ts';
import type { SpeakableVoice, VoiceEngineName } from '../catalog/voice-catalog.ts';
import { toVoiceEntry, type VoiceEntry } from '../catalog/voice-views.ts';
import type { SampleReport } from '../samples/sample-analyzer.ts';

export function customSlug(row: Pick<CustomVoiceRow, 'id'>): string {
  return `custom-${row.id}`;
}

export function speakableCustomVoice(row: CustomVoiceRow): SpeakableVoice {
  return {
    id: row.id,
    name: customSlug(row),
    displayName: row.name,
    language: row.language,
    supportedLanguages: [],
    gender: row.gender ?? null,
    age: row.age ?? null,
    engine: row.engine as VoiceEngineName,
    engineVoice: row.engineVoice,
    tier: 'custom',
    packId: row.packId,
    ...(row.pitch !== null &&
      row.rate !== null && {
        prosody: {
          pitch: row.pitch,
          rate: row.rate,
          ...(typeof row.design?.energy === 'number' && { energy: row.design.energy }),
        },
      }),
    owner: { userId: row.ownerId, isPublic: row.isPublic, uuid: row.uuid },
  };
}

/** The contract's "Created voice", plus what this engine adds (docs/api/voices-custom.md). */
export function createdVoice(row: CustomVoiceRow) {
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    description: row.description,
    voice_type: 'CUSTOM' as const,
    status: row.status,
    created_at: row.createdAt,
    processed_at: row.processedAt,
    is_public: row.isPublic,
    file_path: row.audioPath,
    kind: row.kind,
    language: row.language,
    gender: row.gender ?? 'unknown',
    age_range: row.age ?? 'unknown',
    engine: row.engine,
    clone_job_id: row.jobId,
    quality: (row.report as SampleReport | null) ?? null,
    error: row.error,
  };
}

export type CreatedVoice = ReturnType<typeof createdVoice>;

const KIND_STYLE: Record<CustomVoiceRow['kind'], string> = {
  sample: 'cloned',
  multi_sample: 'cloned',
  clone: 'cloned',
  design: 'designed',
};

/** A custom voice as a list entry (the library, status and preview routes). */
export function customVoiceEntry(row: CustomVoiceRow, generations: number): VoiceEntry {
  const base = toVoiceEntry(speakableCustomVoice(row), generations);
  return {
    ...base,
    category: 'custom',
    voice_type: 'CUSTOM',
    style: KIND_STYLE[row.kind],
    description: row.description,
    is_custom: true,
    is_public: row.isPublic,
    created_by: row.ownerId,
    created_at: row.createdAt,
    tags: ['custom', row.kind, row.engine, row.language.toLowerCase()],
    clone_job_id: row.jobId,
    training_status: row.status,
    supported_features: { speed_control: true, pitch_control: row.engine === 'espeak' },
  };
}
