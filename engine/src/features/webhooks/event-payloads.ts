/**
 * Webhook event payloads (document 1, "Webhook event payload", "Events"; document 2, "Events";
 * docs/api/webhooks.md). Built from the engine's one job event source (jobs/job-events.ts).
 * Field names are the contract's; the few the contract does not show are documented.
 */
import type { JobEvent, JobView } from '../../jobs/job-types.ts';

export const JOB_EVENT_TYPES = ['job.completed', 'job.failed', 'job.cancelled'] as const;
export const CAST_DETECTED = 'audiobook.cast.detected';
export const TEST_EVENT = 'webhook.test';
/** What an endpoint may subscribe to. `webhook.test` is sent on request, whatever the list. */
export const SUBSCRIBABLE_EVENTS = [...JOB_EVENT_TYPES, CAST_DETECTED, TEST_EVENT] as const;
export type WebhookEventType = (typeof SUBSCRIBABLE_EVENTS)[number];

/** Document 1, "Events": the job_type values shown. */
export const CONTRACT_JOB_TYPES = [
  'transcription',
  'text_to_speech',
  'voice_cloning',
  'voice_conversion',
  'music_generation',
  'stem_extraction',
  'speaker_diarization',
  'denoise',
  'reader',
  'podcast',
  'media_converter',
  'audiobook',
  'export_acx',
] as const;

/**
 * Internal job types → the contract's job_type vocabulary. THE one mapping; a feature adding a
 * job type adds its row. `audio_analysis` (native: loudness and waveform of a media file) is
 * reported as `media_converter`, the contract's tool for media files, so receivers written
 * against the contract's list never meet an unknown value.
 */
const JOB_TYPE_MAP: Record<string, (typeof CONTRACT_JOB_TYPES)[number]> = {
  audio_analysis: 'media_converter',
  audiobook_cast_detection: 'audiobook',
  audiobook_narration: 'audiobook',
  audiobook_parse: 'audiobook',
  audiobook_retry_failed: 'audiobook',
  audiobook_screenplay_annotation: 'audiobook',
  audiobook_auto_direction: 'audiobook',
  audiobook_auto_cast: 'audiobook',
  audiobook_export: 'export_acx',
  // "Master my files" produces ACX-ready audio: the export family for receivers.
  audiobook_acx_master: 'export_acx',
};

/** Contract names pass through; an unmapped native type is sent as is (documented extension). */
export function contractJobType(internalType: string): string {
  return JOB_TYPE_MAP[internalType] ?? internalType;
}

/** Job types whose end also fires audiobook.cast.detected (document 2, "Events"). */
export const CAST_DETECTION_JOB_TYPES: ReadonlySet<string> = new Set(['audiobook_cast_detection']);

/** The credits side of a job's end, from the ledger's reservation. */
export interface JobCreditsOutcome {
  reserved: number;
  used: number;
  refunded: number;
}

export interface WebhookEvent {
  eventType: WebhookEventType;
  eventId: string;
  ownerId: string;
  payload: Record<string, unknown>;
}

function jobPayload(
  eventType: string,
  eventId: string,
  createdAt: string,
  job: JobView,
  credits: JobCreditsOutcome,
): Record<string, unknown> {
  return {
    event_type: eventType,
    event_id: eventId,
    created_at: createdAt,
    job_id: job.id,
    job_type: contractJobType(job.type),
    status: job.status,
    ...(job.status === 'failed' && {
      error_message: job.error_message ?? 'The job failed.',
      failure_reason: job.failure_reason ?? 'error',
    }),
    credits_reserved: credits.reserved,
    credits_used: credits.used,
    credits_refunded: credits.refunded,
  };
}

/**
 * The webhook events one job event fires: job.completed / job.failed / job.cancelled, plus
 * audiobook.cast.detected when a speaker-detection job ends. Progress and creation fire none.
 */
export function eventsForJob(
  event: JobEvent,
  credits: JobCreditsOutcome,
  createdAt: string,
  newId: () => string,
): WebhookEvent[] {
  if (!(JOB_EVENT_TYPES as readonly string[]).includes(event.event)) return [];
  const eventType = event.event as WebhookEventType;
  const out: WebhookEvent[] = [];
  const id = newId();
  out.push({
    eventType,
    eventId: id,
    ownerId: event.ownerId,
    payload: jobPayload(eventType, id, createdAt, event.job, credits),
  });
  if (CAST_DETECTION_JOB_TYPES.has(event.job.type) && event.event !== 'job.cancelled') {
    const castId = newId();
    out.push({
      eventType: CAST_DETECTED,
      eventId: castId,
      ownerId: event.ownerId,
      payload: castDetectedPayload(castId, createdAt, event.job),
    });
  }
  return out;
}

/**
 * audiobook.cast.detected (document 2 leaves the payload "not shown"): the job fields of any job
 * event, plus the project and the detection result as GET .../cast/detect/{job_id}/status
 * reports it (paragraphs_attributed, characters, aliases_added, voices_picked).
 */
export function castDetectedPayload(
  eventId: string,
  createdAt: string,
  job: JobView,
): Record<string, unknown> {
  const input = (job.input ?? {}) as Record<string, unknown>;
  const result = (job.result ?? {}) as Record<string, unknown>;
  const list = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  const int = (value: unknown): number => (typeof value === 'number' ? Math.round(value) : 0);
  return {
    event_type: CAST_DETECTED,
    event_id: eventId,
    created_at: createdAt,
    job_id: job.id,
    job_type: contractJobType(job.type),
    status: job.status,
    project_id: input.project_id ?? null,
    method: typeof input.method === 'string' ? input.method : 'llm',
    ...(job.status === 'failed'
      ? {
          error_message: job.error_message ?? 'Speaker detection failed.',
          failure_reason: job.failure_reason ?? 'error',
        }
      : {}),
    result: {
      paragraphs_attributed: int(result.paragraphs_attributed),
      characters: list(result.characters),
      aliases_added: int(result.aliases_added),
      voices_picked: int(result.voices_picked),
    },
  };
}

/** webhook.test (document 1 leaves the payload "not shown"). */
export function testPayload(
  eventId: string,
  createdAt: string,
  endpointId: string,
): Record<string, unknown> {
  return {
    event_type: TEST_EVENT,
    event_id: eventId,
    created_at: createdAt,
    endpoint_id: endpointId,
    status: 'test',
    message: 'This is a test delivery from Tapehouse. Verify its signature and answer 2xx.',
  };
}
