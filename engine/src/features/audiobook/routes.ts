/**
 * Every audiobook route of this issue (document 2): projects, manuscripts, chapters and
 * paragraphs, the cast and screenplay, pronunciations, production settings and media.
 */
import { exportRoutes } from '../export/routes.ts';
import { narrationRoutes } from '../narration/routes.ts';
import { castRoutes } from './cast-routes.ts';
import { chapterRoutes } from './chapter-routes.ts';
import { manuscriptRoutes } from './manuscript-routes.ts';
import { productionRoutes } from './production-routes.ts';
import { projectRoutes } from './project-routes.ts';

export const audiobookRoutes = [
  ...projectRoutes,
  ...manuscriptRoutes,
  ...chapterRoutes,
  ...castRoutes,
  ...productionRoutes,
  ...narrationRoutes,
  ...exportRoutes,
];
