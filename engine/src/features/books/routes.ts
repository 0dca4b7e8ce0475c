/**
 * Every audiobook route of this issue (document 2): projects, manuscripts, chapters and
 * paragraphs, the cast and screenplay, pronunciations, production settings and media.
 */
import { exportRoutes } from './export/routes.ts';
import { narrationRoutes } from './narration/routes.ts';
import { chapterRecordingRoutes } from './narration/chapter-recording.ts';
import { autoCastRoutes, castRoutes } from './cast/cast-routes.ts';
import { directionRoutes } from './direction/direction-routes.ts';
import { chapterRoutes } from './chapters/chapter-routes.ts';
import { manuscriptRoutes } from './manuscript/manuscript-routes.ts';
import { productionRoutes } from './production/production-routes.ts';
import { projectRoutes } from './projects/project-routes.ts';

export const audiobookRoutes = [
  ...projectRoutes,
  ...manuscriptRoutes,
  ...chapterRoutes,
  ...castRoutes,
  ...autoCastRoutes,
  ...directionRoutes,
  ...productionRoutes,
  ...narrationRoutes,
  ...chapterRecordingRoutes,
  ...exportRoutes,
];
