/**
 * Wire types of the narration routes (document 2, "Narration"; docs/api/narration.md), named
 * from the engine's contract (../../api/contract.gen.ts, generated from the route table).
 */
import type { BodyOf, ResponseOf } from '../../api/contract.ts';

type Book = '/audiobook/projects/{project_id}';
type Line = '/audiobook/projects/{project_id}/paragraphs/{paragraph_id}';

export type BatchRequest = BodyOf<'post', `${Book}/narration/batch`>;
export type BatchStarted = ResponseOf<'post', `${Book}/narration/batch`>;
export type NarrateRequest = BodyOf<'post', `${Line}/narrate`>;
export type NarrateStarted = ResponseOf<'post', `${Line}/narrate`>;
export type NarrationService = NarrateStarted['service'];
export type NarrationProgress = ResponseOf<'get', `${Book}/narration/progress`>;
export type ChapterProgress = NarrationProgress['chapters'][number];
export type CancelResult = ResponseOf<'post', `${Book}/narration/cancel`>;
export type TakeList = ResponseOf<'get', `${Line}/takes`>;
export type Take = TakeList['takes'][number];
export type TakeTiming = Take['timings'][number];
export type ActivatedTake = ResponseOf<'post', `${Line}/takes/{take_id}/activate`>;
