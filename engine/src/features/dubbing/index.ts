/**
 * The dubbing area's public surface: speech translation (document 3's translation jobs;
 * docs/api/speech-translation.md) — its routes, its builder and its job handlers.
 */
export { createDubbing, type Dubbing } from './dubbing-area.ts';
export type { DubbingDeps, DubbingVoices } from './dubbing-deps.ts';
export { SPEECH_TRANSLATION_JOB } from './dubbing-job.ts';
export { dubbingRoutes } from './dubbing-routes.ts';
