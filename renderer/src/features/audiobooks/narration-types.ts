/**
 * Wire types of the narration routes (document 2, "Narration"; engine/src/features/books/narration/
 * routes.ts, docs/api/narration.md), inferred from the engine's own zod schemas with type-only
 * imports, so nothing of the engine is bundled into the studio.
 */
import type { z } from 'zod';
import type {
  activateResponse,
  batchBody,
  batchResponse,
  cancelResponse,
  narrateBody,
  narrateResponse,
  progressSchema,
  takeListSchema,
  takeSchema,
} from '../../../../engine/src/features/books/narration/narration-schemas.ts';

export type BatchRequest = z.input<typeof batchBody>;
export type BatchStarted = z.output<typeof batchResponse>;
export type NarrateRequest = z.input<typeof narrateBody>;
export type NarrateStarted = z.output<typeof narrateResponse>;
export type NarrationService = NarrateStarted['service'];
export type NarrationProgress = z.output<typeof progressSchema>;
export type ChapterProgress = NarrationProgress['chapters'][number];
export type CancelResult = z.output<typeof cancelResponse>;
export type Take = z.output<typeof takeSchema>;
export type TakeTiming = Take['timings'][number];
export type TakeList = z.output<typeof takeListSchema>;
export type ActivatedTake = z.output<typeof activateResponse>;
